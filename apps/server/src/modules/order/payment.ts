import type { Selectable, Transaction } from 'kysely';
import { COUPON_STATUS, ORDER_STATUS } from '@btz/shared';
import type { AppContext } from '../../context.js';
import type { OrdersTable } from '../../db/schema-commerce.js';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { PaymentProvider } from '../../providers/payment/index.js';
import { grantOrder } from '../entitlements/index.js';

export type OrderRow = Selectable<OrdersTable>;

export type PaymentSource = 'notify' | 'query' | 'sandbox' | 'janitor' | 'manual';

export type ApplyOutcome =
  | 'paid'
  | 'paid_after_close'
  | 'replay'
  | 'duplicate_payment'
  | 'refunded_order'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'provider_mismatch'
  | 'txn_conflict';

export interface ApplyResult {
  /** what to answer the provider: true = success (also for replays), false = refused */
  ok: boolean;
  /** true only for the one call that changed the order */
  applied: boolean;
  outcome: ApplyOutcome;
  orderId?: string;
}

/** The raw event log an operator reads (notifies, confirms, refusals, money for closed orders). */
export async function logPaymentEvent(
  app: Pick<AppContext, 'db' | 'log'>,
  e: {
    provider: string;
    source: string;
    outcome: string;
    orderNo?: string | null;
    order?: Pick<OrderRow, 'id' | 'tenant_id'> | null;
    txnId?: string | null;
    amountFen?: number | null;
    detail?: string;
    payload?: string;
  },
): Promise<void> {
  try {
    await app.db
      .insertInto('payment_events')
      .values({
        id: newId(),
        tenant_id: e.order?.tenant_id ?? null,
        order_id: e.order?.id ?? null,
        order_no: e.orderNo ?? null,
        provider: e.provider,
        source: e.source,
        outcome: e.outcome,
        txn_id: e.txnId ?? null,
        amount_fen: Number.isFinite(e.amountFen) ? (e.amountFen as number) : null,
        detail: (e.detail ?? '').slice(0, 1000),
        payload: (e.payload ?? '').slice(0, 8000),
      })
      .execute();
  } catch (err) {
    app.log.error({ err, event: e.outcome }, 'payment: could not log a payment event');
  }
}

/**
 * Applies a confirmed payment exactly once, in ONE transaction (TECH-NOTES.md Payments): the order row is locked,
 * `UPDATE … SET status = 2 WHERE order_no = $1 AND status IN (1, 3)` (money for an order closed locally is still
 * honoured, once, and logged), the provider transaction id is unique, the amount must equal the order's amount,
 * entitlements are granted and the coupon is marked used (settleCoupon: once, whichever order pays first; a later one
 * is flagged). After the commit the user hears `pay.success`.
 * Replays (same transaction) change nothing and still answer success; every path — notify, status poll, sandbox
 * confirm, the reconciliation job — comes through here.
 */
export async function applyPayment(
  app: AppContext,
  p: { orderNo: string; providerTxnId: string; amountFen: number; provider: string; source: PaymentSource; payload?: string },
): Promise<ApplyResult> {
  let order: OrderRow | undefined;
  let result: ApplyResult;
  /** the paid order whose use of this order's coupon came first (this one is flagged) */
  let couponReusedBy: string | null = null;
  /** open orders that held this order's coupon and were closed because it is used now */
  let displaced: { order_no: string; provider: string }[] = [];
  try {
    result = await app.db.transaction().execute(async (trx): Promise<ApplyResult> => {
      // Lock order: the buyer's row first, then the order — the order pay-order takes them in (no deadlock when a
      // notify for an earlier order meets a new pay-order of the same user on PostgreSQL).
      const owner = await trx.selectFrom('orders').select('user_id').where('order_no', '=', p.orderNo).executeTakeFirst();
      if (owner) await trx.selectFrom('users').select('id').where('id', '=', owner.user_id).forUpdate().executeTakeFirst();
      const o = await trx.selectFrom('orders').selectAll().where('order_no', '=', p.orderNo).forUpdate().executeTakeFirst();
      order = o;
      if (!o) return { ok: false, applied: false, outcome: 'unknown_order' };
      if (o.provider !== p.provider) return { ok: false, applied: false, outcome: 'provider_mismatch', orderId: o.id };
      if (o.status === ORDER_STATUS.paid) {
        return o.provider_txn_id === p.providerTxnId
          ? { ok: true, applied: false, outcome: 'replay', orderId: o.id }
          : { ok: true, applied: false, outcome: 'duplicate_payment', orderId: o.id };
      }
      if (o.status === ORDER_STATUS.refunded) return { ok: true, applied: false, outcome: 'refunded_order', orderId: o.id };
      if (p.amountFen !== o.amount_fen) return { ok: false, applied: false, outcome: 'amount_mismatch', orderId: o.id };
      const now = new Date();
      const paid = await trx
        .updateTable('orders')
        .set({ status: ORDER_STATUS.paid, paid_at: now, provider_txn_id: p.providerTxnId, updated_at: now })
        .where('order_no', '=', p.orderNo)
        .where('status', 'in', [ORDER_STATUS.unpaid, ORDER_STATUS.closed])
        .returningAll()
        .executeTakeFirst();
      if (!paid) return { ok: true, applied: false, outcome: 'replay', orderId: o.id };
      await grantOrder(trx, paid, now);
      const coupon = paid.user_coupon_id ? await settleCoupon(trx, paid, now) : null;
      if (coupon?.reusedBy) couponReusedBy = coupon.reusedBy;
      if (coupon?.displaced.length) displaced = coupon.displaced;
      const outcome = o.status === ORDER_STATUS.closed ? 'paid_after_close' : 'paid';
      await trx
        .insertInto('payment_events')
        .values({
          id: newId(),
          tenant_id: paid.tenant_id,
          order_id: paid.id,
          order_no: paid.order_no,
          provider: p.provider,
          source: p.source,
          outcome,
          txn_id: p.providerTxnId,
          amount_fen: p.amountFen,
          detail: [
            outcome === 'paid_after_close' ? `money arrived for an order closed locally (${o.close_reason ?? ''})` : '',
            couponReusedBy ? `coupon ${paid.user_coupon_id} already used by order ${couponReusedBy}: flagged coupon_reused` : '',
          ]
            .filter(Boolean)
            .join('; '),
          payload: (p.payload ?? '').slice(0, 8000),
        })
        .execute();
      return { ok: true, applied: true, outcome, orderId: paid.id };
    });
  } catch (e) {
    // the provider transaction id is already recorded on another order
    if ((e as { code?: string }).code !== '23505') throw e;
    result = { ok: false, applied: false, outcome: 'txn_conflict', orderId: order?.id };
  }
  if (!result.applied) {
    await logPaymentEvent(app, {
      provider: p.provider,
      source: p.source,
      outcome: result.outcome,
      orderNo: p.orderNo,
      order,
      txnId: p.providerTxnId,
      amountFen: p.amountFen,
      detail: order ? `order status ${order.status}, amount ${order.amount_fen}` : 'no such order',
      payload: p.payload,
    });
    if (!result.ok || result.outcome === 'duplicate_payment') {
      app.log.warn({ orderNo: p.orderNo, outcome: result.outcome, provider: p.provider, source: p.source }, 'payment: not applied');
    }
  } else if (order) {
    app.log.info({ orderNo: p.orderNo, outcome: result.outcome, source: p.source }, 'payment: applied');
    if (couponReusedBy) {
      app.log.warn(
        { orderNo: p.orderNo, orderId: order.id, couponId: order.user_coupon_id, usedByOrderId: couponReusedBy, flag: COUPON_REUSED },
        'payment: coupon already used by another paid order; money honoured, coupon not used twice, order flagged coupon_reused',
      );
    }
    if (displaced.length) await closeAtProviders(app, displaced, 'coupon_used');
    await app.realtime
      .publish(order.user_id, 'pay.success', { orderId: order.id, unitType: order.unit_type })
      .catch((err: unknown) => app.log.warn({ err }, 'payment: pay.success publish failed'));
  }
  return result;
}

export const COUPON_REUSED = 'coupon_reused';

/**
 * Marks a paid order's coupon used, under the coupon's row lock. The coupon may be reserved by another open order of
 * the user (the order that replaced this one): that order loses it and is closed, so its QR takes no discounted money.
 * When another paid order already used the coupon, this payment is still applied (the caller granted it) but the coupon
 * is not used a second time and this order is flagged for the operator.
 */
async function settleCoupon(
  trx: Transaction<DB>,
  paid: OrderRow,
  now: Date,
): Promise<{ reusedBy: string | null; displaced: { order_no: string; provider: string }[] }> {
  const c = await trx.selectFrom('user_coupons').select(['id', 'status', 'order_id']).where('id', '=', paid.user_coupon_id!).forUpdate().executeTakeFirst();
  if (!c) return { reusedBy: null, displaced: [] };
  if (c.status === COUPON_STATUS.used && c.order_id !== paid.id) {
    await trx.updateTable('orders').set({ flag: COUPON_REUSED }).where('id', '=', paid.id).execute();
    return { reusedBy: c.order_id ?? '', displaced: [] };
  }
  let displaced: { order_no: string; provider: string }[] = [];
  if (c.order_id && c.order_id !== paid.id) {
    displaced = await trx
      .updateTable('orders')
      .set({ status: ORDER_STATUS.closed, closed_at: now, close_reason: 'coupon_used', updated_at: now })
      .where('id', '=', c.order_id)
      .where('status', '=', ORDER_STATUS.unpaid)
      .returning(['order_no', 'provider'])
      .execute();
  }
  await trx.updateTable('user_coupons').set({ status: COUPON_STATUS.used, order_id: paid.id, used_at: now }).where('id', '=', c.id).execute();
  return { reusedBy: null, displaced };
}

/** Closes unpaid orders locally (status 1 → 3), then at their provider (best effort, outside any transaction). */
export async function closeOrders(app: AppContext, orders: Pick<OrderRow, 'id' | 'order_no' | 'provider'>[], reason: string): Promise<void> {
  if (!orders.length) return;
  const now = new Date();
  const closed = await app.db
    .updateTable('orders')
    .set({ status: ORDER_STATUS.closed, closed_at: now, close_reason: reason, updated_at: now })
    .where('id', 'in', orders.map((o) => o.id))
    .where('status', '=', ORDER_STATUS.unpaid)
    .returning(['order_no', 'provider'])
    .execute();
  await closeAtProviders(app, closed, reason);
}

export async function closeAtProviders(app: AppContext, orders: { order_no: string; provider: string }[], reason: string): Promise<void> {
  const payments = app.payments;
  await Promise.allSettled(
    orders.map(async (o) => {
      const provider = payments.byName(o.provider);
      if (!provider || provider.name === 'sandbox') return;
      try {
        await provider.close(o.order_no);
      } catch (err) {
        app.log.warn({ err: (err as Error).message, orderNo: o.order_no, reason }, 'payment: close at the provider failed');
      }
    }),
  );
}

const lastQueried = new Map<string, number>();

/**
 * Brings an unpaid order up to date with its provider: a payment the provider confirms is applied (so polling alone
 * completes a payment whose notify was lost); an order past its expiry is closed (here and at the provider), unless
 * the provider says it was paid. `throttle`: at most one provider query per PAY_QUERY_INTERVAL_MS per order.
 */
export async function syncOrder(app: AppContext, o: OrderRow, opts: { source: PaymentSource; throttle: boolean }): Promise<void> {
  if (o.status !== ORDER_STATUS.unpaid) return;
  const provider: PaymentProvider | undefined = app.payments.byName(o.provider);
  const expired = new Date(o.expires_at).getTime() <= Date.now();
  if (provider && provider.name !== 'sandbox') {
    const last = lastQueried.get(o.order_no) ?? 0;
    if (expired || !opts.throttle || Date.now() - last >= app.config.payQueryIntervalMs) {
      lastQueried.set(o.order_no, Date.now());
      try {
        const q = await provider.query(o.order_no);
        if (q.state === 'paid') {
          await applyPayment(app, { orderNo: o.order_no, providerTxnId: q.txnId, amountFen: q.amountFen, provider: provider.name, source: opts.source });
          lastQueried.delete(o.order_no);
          return;
        }
        if (q.state === 'unknown') app.log.warn({ orderNo: o.order_no, detail: q.detail }, 'payment: provider query inconclusive');
      } catch (err) {
        app.log.warn({ err: (err as Error).message, orderNo: o.order_no }, 'payment: provider query failed');
      }
    }
  }
  if (expired) {
    lastQueried.delete(o.order_no);
    await closeOrders(app, [o], 'expired');
  }
}
