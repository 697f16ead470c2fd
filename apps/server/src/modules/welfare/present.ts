import { ENTERPRISE_ESSENTIALS, fenToYuanString, type EnterpriseInfo, type WelfareTask, type WelfareTaskState } from '@btz/shared';
import { formatTime } from '../../lib/time.js';
import type { TaskRow } from './repo.js';

const yuan = (fen: number) => fenToYuanString(fen).replace(/\.00$/, '');

/** The reward as the user reads it: 「任务奖励券 ¥20（满99元可用）」, 「普通版标书 1 份」. */
export function rewardText(t: TaskRow): string {
  if (t.reward_kind === 'copies') return `${t.copy_field === 'flagship' ? '旗舰版' : '普通版'}标书 ${t.copy_number} 份`;
  if (t.discount_fen == null) return '优惠券';
  const min = t.min_fen ? `满${yuan(t.min_fen)}元可用` : '无门槛';
  return `${t.coupon_title} ¥${yuan(t.discount_fen)}（${min}）`;
}

export function presentTask(t: TaskRow, state: WelfareTaskState, claimedAt?: Date): WelfareTask {
  return {
    code: t.code,
    title: t.title,
    description: t.description,
    reward: rewardText(t),
    state,
    claimTime: claimedAt ? formatTime(claimedAt).slice(0, 16) : '',
  };
}

/** The profile task: nickname, real name, region and e-mail all filled. */
export function profileComplete(u: { nick_name: string; real_name: string; email: string; province: string } | undefined): boolean {
  return !!u && [u.nick_name, u.real_name, u.email, u.province].every((v) => v.trim() !== '');
}

/** The enterprise task: the essential facts (企业名称, 统一社会信用代码, 法定代表人) filled. */
export function enterpriseComplete(info: EnterpriseInfo): boolean {
  return ENTERPRISE_ESSENTIALS.every((k) => info[k].trim() !== '');
}
