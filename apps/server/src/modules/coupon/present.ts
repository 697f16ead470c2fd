import type { Selectable } from 'kysely';
import { COUPON_STATUS, fenToYuan, type CouponRecord } from '@btz/shared';
import type { UserCouponsTable } from '../../db/schema-commerce.js';
import { formatTime } from '../../lib/time.js';

export const SOURCE_LABEL: Record<string, string> = {
  new_user: '新人礼包',
  redeem: '兑换码',
  task: '福利任务',
  grant: '平台赠送',
};

export function presentCoupon(c: Selectable<UserCouponsTable>, now = Date.now()): CouponRecord {
  const expired = c.status === COUPON_STATUS.usable && new Date(c.deadline).getTime() <= now;
  return {
    id: c.id,
    title: c.title,
    discountAmount: fenToYuan(c.discount_fen),
    minAmount: fenToYuan(c.min_fen),
    deadline: formatTime(c.deadline),
    status: expired ? COUPON_STATUS.expired : c.status,
    source: SOURCE_LABEL[c.source] ?? c.source,
    createTime: formatTime(c.created_at),
  };
}
