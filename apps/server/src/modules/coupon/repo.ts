/**
 * The SQL of coupons and redeem codes. Functions taking `Executor` run inside the caller's transaction when it has one;
 * the `…ForUpdate` reads take the row lock that orders (pay-order, applyPayment) and redeems serialize on.
 */
import type { Selectable, Transaction } from 'kysely';
import { COUPON_STATUS, FLAGS, type Page } from '@btz/shared';
import type { Database } from '../../db/connection.js';
import { paginate, type Paging } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import type { CouponTemplatesTable, UserCouponsTable } from '../../db/schema-commerce.js';
import { newId } from '../../lib/ids.js';

type Executor = Database | Transaction<DB>;
export type UserCouponRow = Selectable<UserCouponsTable>;

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

/** Whether a template may be issued at `now`: enabled and inside its campaign window (starts_at inclusive, ends_at exclusive). */
export function issuableAt(t: { enabled: boolean; starts_at: Date | null; ends_at: Date | null }, now = new Date()): boolean {
  return t.enabled && (!t.starts_at || new Date(t.starts_at) <= now) && (!t.ends_at || new Date(t.ends_at) > now);
}

/** The brand's new-user pack: its enabled new-user templates whose campaign window holds `now`. */
export function newUserTemplates(db: Database | Transaction<DB>, tenantId: string, now = new Date()) {
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'new_user')
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A user's coupons: usable first, then the largest discount, the nearest deadline. */
export function listCouponsOf<R>(
  db: Executor,
  tenantId: string,
  userId: string,
  p: Paging & { status?: number },
  present: (c: UserCouponRow) => R,
): Promise<Page<R>> {
  let base = db.selectFrom('user_coupons').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (p.status) base = base.where('status', '=', p.status);
  return paginate(base, p, (q) => q.selectAll().orderBy('status').orderBy('discount_fen', 'desc').orderBy('deadline').orderBy('id'), present);
}

/** A user's own coupon under its row lock (undefined for another user's or a missing one). */
export function lockUserCoupon(trx: Transaction<DB>, tenantId: string, userId: string, couponId: string) {
  return trx
    .selectFrom('user_coupons')
    .selectAll()
    .where('id', '=', couponId)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Reserves a coupon for an open order (a coupon held by an earlier open order of the user moves here). */
export async function reserveCoupon(trx: Transaction<DB>, couponId: string, orderId: string): Promise<void> {
  await trx.updateTable('user_coupons').set({ order_id: orderId }).where('id', '=', couponId).execute();
}

/** A redeem code of the brand under its row lock (concurrent redeems of one code take turns). */
export function lockRedeemCode(trx: Transaction<DB>, tenantId: string, code: string) {
  return trx.selectFrom('redeem_codes').selectAll().where('tenant_id', '=', tenantId).where('code', '=', code).forUpdate().executeTakeFirst();
}

export async function hasRedeemed(trx: Transaction<DB>, redeemCodeId: string, userId: string): Promise<boolean> {
  const used = await trx
    .selectFrom('redeem_code_uses')
    .select('user_id')
    .where('redeem_code_id', '=', redeemCodeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!used;
}

export function findEnabledTemplate(db: Executor, tenantId: string, templateId: string) {
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('id', '=', templateId)
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/**
 * Records one user's use of a code and counts it, unless the count reached the code's maximum meanwhile: false then.
 * The use's primary key (code, user) refuses a second use by the same user (23505).
 */
export async function recordRedeem(trx: Transaction<DB>, rc: { id: string; max_uses: number }, userId: string, userCouponId: string): Promise<boolean> {
  await trx.insertInto('redeem_code_uses').values({ redeem_code_id: rc.id, user_id: userId, user_coupon_id: userCouponId }).execute();
  const bumped = await trx
    .updateTable('redeem_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', rc.id)
    .where('used_count', '<', rc.max_uses)
    .executeTakeFirst();
  return Number(bumped.numUpdatedRows) === 1;
}

/** The user under its row lock, for the one-time new-user gift. */
export function lockUserForGift(trx: Transaction<DB>, tenantId: string, userId: string) {
  return trx.selectFrom('users').selectAll().where('id', '=', userId).where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst();
}

/** Marks the new-user gift claimed; false when it already was (a concurrent claim won). */
export async function claimNewUserGift(trx: Transaction<DB>, userId: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('users')
    .set({ is_new_user: FLAGS.notNewUser, updated_at: new Date() })
    .where('id', '=', userId)
    .where('is_new_user', '=', FLAGS.newUser)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** A coupon under its row lock, by id alone (the paid order names it). */
export function lockCoupon(trx: Transaction<DB>, couponId: string) {
  return trx.selectFrom('user_coupons').select(['id', 'status', 'order_id']).where('id', '=', couponId).forUpdate().executeTakeFirst();
}

export async function markCouponUsed(trx: Transaction<DB>, couponId: string, orderId: string, now: Date): Promise<void> {
  await trx.updateTable('user_coupons').set({ status: COUPON_STATUS.used, order_id: orderId, used_at: now }).where('id', '=', couponId).execute();
}
