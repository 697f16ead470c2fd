/**
 * The SQL of orders, options and the barrage: every statement the order calls and commands run, scoped by tenant (and by
 * user where the row is a user's). Functions taking `Executor` run inside the caller's transaction when it has one.
 */
import type { Insertable, Selectable, Transaction } from 'kysely';
import { newId } from '../../lib/ids.js';
import { ORDER_STATUS, type Page } from '@btz/shared';
import type { Database } from '../../db/connection.js';
import { paginate, type Paging } from '../../db/paging.js';
import type { OrdersTable, PaymentEventsTable, RechargeOptionsTable } from '../../db/schema-commerce.js';
import type { DB } from '../../db/schema.js';

type Executor = Database | Transaction<DB>;
export type OrderRow = Selectable<OrdersTable>;
export type OptionRow = Selectable<RechargeOptionsTable>;

/** The enabled options of a brand, in display order; `type` narrows to one kind. */
export function listEnabledOptions(db: Executor, tenantId: string, type?: number): Promise<OptionRow[]> {
  let q = db.selectFrom('recharge_options').selectAll().where('tenant_id', '=', tenantId).where('enabled', '=', true);
  if (type) q = q.where('type', '=', type);
  return q.orderBy('type').orderBy('unit_type').orderBy('sort').orderBy('id').execute();
}

export function findEnabledOption(db: Executor, tenantId: string, optionId: string): Promise<OptionRow | undefined> {
  return db
    .selectFrom('recharge_options')
    .selectAll()
    .where('id', '=', optionId)
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/**
 * Takes the buyer's row lock: every change to a user's orders and coupons (a new order, a payment applied) takes it
 * first, so they run one after another per user. Undefined when the user is not (or no longer) of this tenant.
 */
export function lockBuyer(trx: Transaction<DB>, tenantId: string, userId: string) {
  return trx.selectFrom('users').select('id').where('id', '=', userId).where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst();
}

/** Closes a user's unpaid orders (status 1 → 3) with a reason; returns what to close at the providers. */
export function closeUnpaidOrdersOf(trx: Transaction<DB>, tenantId: string, userId: string, reason: string, now: Date) {
  return trx
    .updateTable('orders')
    .set({ status: ORDER_STATUS.closed, closed_at: now, close_reason: reason, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('status', '=', ORDER_STATUS.unpaid)
    .returning(['order_no', 'provider'])
    .execute();
}

export async function insertOrder(trx: Transaction<DB>, order: Insertable<OrdersTable>): Promise<void> {
  await trx.insertInto('orders').values(order).execute();
}

export async function setCodeUrl(db: Executor, orderId: string, codeUrl: string): Promise<void> {
  await db.updateTable('orders').set({ code_url: codeUrl }).where('id', '=', orderId).execute();
}

/** A user's own order; another user's answers exactly like a missing one. */
export function findOrderOf(db: Executor, tenantId: string, userId: string, orderId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A user's orders, newest first, optionally of one status. */
export function listOrdersOf<R>(
  db: Executor,
  tenantId: string,
  userId: string,
  p: Paging & { status?: number; statusIn?: string },
  present: (o: OrderRow) => R,
): Promise<Page<R>> {
  let base = db.selectFrom('orders').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (p.status) base = base.where('status', '=', p.status);
  if (p.statusIn) base = base.where('status', 'in', p.statusIn.split(',').map(Number));
  return paginate(base, p, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), present);
}

/**
 * The brand's real purchases for 最新动态: paid orders (refunded ones are no purchase) of the last `days` days, newest
 * first, with the buyer's phone for masking. Buyers without a phone (WeChat-only) are left out rather than named.
 */
export function listRecentPurchases<R>(db: Executor, tenantId: string, p: Paging, since: Date, present: (r: RecentPurchaseRow) => R): Promise<Page<R>> {
  const base = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .where('orders.tenant_id', '=', tenantId)
    .where('orders.status', '=', ORDER_STATUS.paid)
    .where('orders.paid_at', '>=', since)
    .where('users.phone', 'is not', null);
  return paginate(
    base,
    p,
    (q) =>
      q
        .select(['orders.id', 'orders.title', 'orders.unit_type', 'orders.number', 'orders.paid_at', 'users.phone'])
        .orderBy('orders.paid_at', 'desc')
        .orderBy('orders.id', 'desc'),
    present,
  );
}
export interface RecentPurchaseRow {
  id: string;
  title: string;
  unit_type: number;
  number: number;
  paid_at: Date | null;
  phone: string | null;
}

/** Unpaid orders (of every tenant) expiring by `by`, soonest first: the order job's work list. */
export function unpaidOrdersDueBy(db: Executor, by: Date, limit: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('status', '=', ORDER_STATUS.unpaid).where('expires_at', '<=', by).orderBy('expires_at').limit(limit).execute();
}

/** An order by its number, of one provider (the sandbox payment page shows only the sandbox's). */
export function findOrderByNo(db: Executor, orderNo: string, provider: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).where('provider', '=', provider).executeTakeFirst();
}

/* ---- applying a payment (commands/apply-payment.ts) ---- */

export function findOrderOwner(trx: Transaction<DB>, orderNo: string) {
  return trx.selectFrom('orders').select('user_id').where('order_no', '=', orderNo).executeTakeFirst();
}

/** The buyer's row lock by id alone (a provider's confirmation names the order, not the tenant). */
export async function lockBuyerById(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export function lockOrderByNo(trx: Transaction<DB>, orderNo: string): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
}

/** Status 1 or 3 → 2 with the provider's transaction id; undefined when the order was not open or closed. */
export function markOrderPaid(trx: Transaction<DB>, orderNo: string, providerTxnId: string, now: Date): Promise<OrderRow | undefined> {
  return trx
    .updateTable('orders')
    .set({ status: ORDER_STATUS.paid, paid_at: now, provider_txn_id: providerTxnId, updated_at: now })
    .where('order_no', '=', orderNo)
    .where('status', 'in', [ORDER_STATUS.unpaid, ORDER_STATUS.closed])
    .returningAll()
    .executeTakeFirst();
}

export async function flagOrder(trx: Transaction<DB>, orderId: string, flag: string): Promise<void> {
  await trx.updateTable('orders').set({ flag }).where('id', '=', orderId).execute();
}

/** Closes one order if it is still unpaid; returns it (for closing at its provider) or nothing. */
export function closeUnpaidOrder(trx: Transaction<DB>, orderId: string, reason: string, now: Date) {
  return trx
    .updateTable('orders')
    .set({ status: ORDER_STATUS.closed, closed_at: now, close_reason: reason, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', ORDER_STATUS.unpaid)
    .returning(['order_no', 'provider'])
    .execute();
}

/** Closes the given orders that are still unpaid; returns those it closed. */
export function closeUnpaidOrders(db: Executor, orderIds: string[], reason: string, now: Date) {
  return db
    .updateTable('orders')
    .set({ status: ORDER_STATUS.closed, closed_at: now, close_reason: reason, updated_at: now })
    .where('id', 'in', orderIds)
    .where('status', '=', ORDER_STATUS.unpaid)
    .returning(['order_no', 'provider'])
    .execute();
}

/** One row of the payment event log an operator reads. */
export async function insertPaymentEvent(db: Executor, e: Omit<Insertable<PaymentEventsTable>, 'id'>): Promise<void> {
  await db.insertInto('payment_events').values({ id: newId(), ...e }).execute();
}
