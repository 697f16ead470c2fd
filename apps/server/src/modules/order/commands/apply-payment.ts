/**
 * applyPayment — a payment a provider confirmed is applied exactly once, in ONE transaction (TECH-NOTES.md Payments).
 *
 * The buyer's row lock, then the order's (the order createOrder takes them in: no deadlock when a notify for an earlier
 * order meets a new pay-order of the same user on PostgreSQL); `UPDATE … SET status = 2 WHERE order_no = $1 AND status
 * IN (1, 3)` (money for an order closed locally is still honoured, once, and logged); the provider transaction id is
 * unique; the amount must equal the order's amount; entitlements are granted and the coupon is marked used (settleCoupon:
 * once, whichever order pays first; a later one is flagged). After the commit the user hears `pay.success`.
 * Replays (same transaction) change nothing and still answer success; every path — notify, status poll, sandbox
 * confirm, the reconciliation job — comes through here.
 */
import type { Transaction } from 'kysely';
import { COUPON_STATUS, ORDER_STATUS } from '@btz/shared';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { lockCoupon, markCouponUsed } from '../../coupon/repo.js';
import { grantOrder } from '../../entitlements/index.js';
import { closeAtProviders, logPaymentEvent } from '../payment.js';
import { closeUnpaidOrder, findOrderOwner, flagOrder, insertPaymentEvent, lockBuyerById, lockOrderByNo, markOrderPaid, type OrderRow } from '../repo.js';

export type PaymentSource = 'notify' | 'query' | 'sandbox' | 'janitor' | 'manual';

export interface ApplyPaymentProps {
  /** our order number, as the provider echoes it */
  orderNo: string;
  /** the provider's transaction id (unique across orders) */
  providerTxnId: string;
  /** what the provider says was paid, in fen; must equal the order's amount */
  amountFen: number;
  /** the provider that confirmed it; must be the order's */
  provider: string;
  /** which path brought the confirmation (logged with the event) */
  source: PaymentSource;
  /** the provider's raw message, kept in the event log (first 8000 characters) */
  payload?: string;
}

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

export const COUPON_REUSED = 'coupon_reused';

export async function applyPayment(app: AppContext, p: ApplyPaymentProps): Promise<ApplyResult> {
  let order: OrderRow | undefined;
  let result: ApplyResult;
  /** the paid order whose use of this order's coupon came first (this one is flagged) */
  let couponReusedBy: string | null = null;
  /** open orders that held this order's coupon and were closed because it is used now */
  let displaced: { order_no: string; provider: string }[] = [];
  try {
    result = await app.db.transaction().execute(async (trx): Promise<ApplyResult> => {
      // Lock order: the buyer's row first, then the order — the order pay-order takes them in.
      const owner = await findOrderOwner(trx, p.orderNo);
      if (owner) await lockBuyerById(trx, owner.user_id);
      const o = await lockOrderByNo(trx, p.orderNo);
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
      const paid = await markOrderPaid(trx, p.orderNo, p.providerTxnId, now);
      if (!paid) return { ok: true, applied: false, outcome: 'replay', orderId: o.id };
      await grantOrder(trx, paid, now);
      const coupon = paid.user_coupon_id ? await settleCoupon(trx, paid, now) : null;
      if (coupon?.reusedBy) couponReusedBy = coupon.reusedBy;
      if (coupon?.displaced.length) displaced = coupon.displaced;
      const outcome = o.status === ORDER_STATUS.closed ? 'paid_after_close' : 'paid';
      await insertPaymentEvent(trx, {
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
      });
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
  const c = await lockCoupon(trx, paid.user_coupon_id!);
  if (!c) return { reusedBy: null, displaced: [] };
  if (c.status === COUPON_STATUS.used && c.order_id !== paid.id) {
    await flagOrder(trx, paid.id, COUPON_REUSED);
    return { reusedBy: c.order_id ?? '', displaced: [] };
  }
  let displaced: { order_no: string; provider: string }[] = [];
  if (c.order_id && c.order_id !== paid.id) displaced = await closeUnpaidOrder(trx, c.order_id, 'coupon_used', now);
  await markCouponUsed(trx, c.id, paid.id, now);
  return { reusedBy: null, displaced };
}
