import { TENANTS } from '@btz/shared';
import type { Database } from '../connection.js';
import '../schema-welfare.js';
import type { WelfareTaskCode } from '../schema-welfare.js';

/**
 * The welfare centre's default tasks of every brand (issue 27): what each rewards — a coupon of the brand's `task-*`
 * templates (seed/commerce.ts) or bid copies. Inserted once; an operator's later edits are kept.
 */
export const WELFARE_SEEDS: {
  code: WelfareTaskCode;
  title: string;
  description: string;
  reward: { coupon: string } | { field: 'common' | 'flagship'; number: number };
}[] = [
  { code: 'profile', title: '完善个人资料', description: '填写昵称、真实姓名、所在地区和邮箱', reward: { coupon: 'task-20' } },
  { code: 'enterprise', title: '完善企业信息', description: '填写企业名称、统一社会信用代码和法定代表人', reward: { coupon: 'task-50' } },
  { code: 'tender', title: '上传第一份招标文件', description: '在新建标书中上传一份招标文件', reward: { coupon: 'task-20' } },
  { code: 'bid_finished', title: '完成第一份标书', description: '写完一份标书并点击完成', reward: { field: 'common', number: 1 } },
  { code: 'invite', title: '邀请好友注册', description: '好友通过您的邀请链接或二维码注册并首次登录', reward: { field: 'common', number: 1 } },
  { code: 'share', title: '分享邀请海报', description: '复制邀请链接或下载邀请海报分享给好友', reward: { coupon: 'task-20' } },
];

export async function seedWelfare(db: Database): Promise<void> {
  for (const tenantId of Object.values(TENANTS)) {
    for (const [i, t] of WELFARE_SEEDS.entries()) {
      const r = t.reward;
      await db
        .insertInto('welfare_tasks')
        .values({
          tenant_id: tenantId,
          code: t.code,
          title: t.title,
          description: t.description,
          reward_kind: 'coupon' in r ? 'coupon' : 'copies',
          coupon_template_id: 'coupon' in r ? `${tenantId}-${r.coupon}` : null,
          copy_field: 'coupon' in r ? null : r.field,
          copy_number: 'coupon' in r ? 0 : r.number,
          sort: i + 1,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'code']).doNothing())
        .execute();
    }
  }
}
