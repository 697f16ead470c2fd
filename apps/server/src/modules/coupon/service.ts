import type { Selectable, Transaction } from 'kysely';
import { COUPON_STATUS, fenToYuan, type CouponRecord } from '@btz/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { CouponTemplatesTable, UserCouponsTable } from '../../db/schema-commerce.js';
import { newId } from '../../lib/ids.js';
import { formatTime } from '../../lib/time.js';

const DAY_MS = 86_400_000;

/** Coupons past their deadline become status 3 (expired); done when a user's coupons are read. */
export async function expireCoupons(db: Database | Transaction<DB>, tenantId: string, userId: string, now = new Date()): Promise<void> {
  await db
    .updateTable('user_coupons')
    .set({ status: COUPON_STATUS.expired })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('status', '=', COUPON_STATUS.usable)
    .where('deadline', '<=', now)
    .execute();
}

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

/** Issues a coupon from a template to a user (deadline = now + the template's validity). */
export async function issueCoupon(
  trx: Transaction<DB>,
  o: { tenantId: string; userId: string; template: Selectable<CouponTemplatesTable>; source: string },
  now = new Date(),
): Promise<Selectable<UserCouponsTable>> {
  return trx
    .insertInto('user_coupons')
    .values({
      id: newId(),
      tenant_id: o.tenantId,
      user_id: o.userId,
      template_id: o.template.id,
      title: o.template.title,
      discount_fen: o.template.discount_fen,
      min_fen: o.template.min_fen,
      deadline: new Date(now.getTime() + o.template.valid_days * DAY_MS),
      source: o.source,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function newUserTemplates(db: Database | Transaction<DB>, tenantId: string) {
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'new_user')
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
