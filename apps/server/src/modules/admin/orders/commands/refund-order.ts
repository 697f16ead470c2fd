/**
 * refundOrder — an operator refunds a paid order through its provider, exactly once (issue 28).
 *
 * 1. Claim (one transaction, the order's row lock): a paid order gets its refund number once (`refund_no`, kept for
 *    every retry) and `refund_state = 'pending'`. An order already refunded answers as it is (a double submission).
 * 2. Ask the provider (outside any transaction) with that number. The providers refund once per number (WeChat
 *    `out_refund_no`, Alipay `out_request_no`), so a second submission, a retry after a provider failure or two calls at
 *    once move the money once. A transport failure leaves the order paid and pending: submitting again continues it.
 * 3. Finalise (one transaction, the buyer's row lock then the order's, as applyPayment takes them): `status 2 → 4` only
 *    when still 2, the entitlement taken back (one 'revoke' ledger row per order, a unique index), the payment event and
 *    the audit row — all or nothing; the caller that finds it already 4 changes nothing.
 * After the commit the buyer hears `order.refunded` on its notice queue.
 */
import { ORDER_STATUS } from '@btz/shared';
import type { AppContext } from '../../../../context.js';
import { badRequest, notFound, serverError } from '../../../../http/errors.js';
import { revokeOrder, type Trx } from '../../../entitlements/index.js';
import { logPaymentEvent } from '../../../order/payment.js';
import { insertPaymentEvent, lockBuyerById } from '../../../order/repo.js';
import { writeAudit } from '../../audit/repo.js';
import type { OperatorAuth } from '../../route.js';
import { findScopedOrder, type AdminOrderRow } from '../repo.js';

export interface RefundOrderProps {
  op: OperatorAuth;
  /** the operator's tenant scope (null: the super-operator, any tenant) */
  tenantId: string | null;
  orderId: string;
  reason: string;
  ip: string;
}

const PROVIDER_NAMES: Record<string, string> = { wechat: '微信支付', alipay: '支付宝', sandbox: '沙箱支付' };

async function claim(trx: Trx, p: RefundOrderProps): Promise<AdminOrderRow> {
  const o = await findScopedOrder(trx, p.tenantId, p.orderId, true);
  if (!o) throw notFound('订单');
  if (o.status === ORDER_STATUS.refunded) return o;
  if (o.status !== ORDER_STATUS.paid) throw badRequest('只有已支付的订单可以退款');
  if (o.refund_no) return o;
  const refundNo = `R${o.order_no}`;
  await trx
    .updateTable('orders')
    .set({ refund_no: refundNo, refund_state: 'pending', refund_reason: p.reason, updated_at: new Date() })
    .where('id', '=', o.id)
    .where('refund_no', 'is', null)
    .execute();
  return { ...o, refund_no: refundNo, refund_state: 'pending', refund_reason: p.reason };
}

async function finalise(trx: Trx, p: RefundOrderProps, o: AdminOrderRow, refundId: string): Promise<boolean> {
  await lockBuyerById(trx, o.user_id);
  const now = new Date();
  const done = await trx
    .updateTable('orders')
    .set({ status: ORDER_STATUS.refunded, refund_state: 'done', refunded_at: now, updated_at: now })
    .where('id', '=', o.id)
    .where('status', '=', ORDER_STATUS.paid)
    .returningAll()
    .executeTakeFirst();
  if (!done) return false;
  const change = await revokeOrder(trx, done, now);
  await insertPaymentEvent(trx, {
    tenant_id: o.tenant_id,
    order_id: o.id,
    order_no: o.order_no,
    provider: o.provider,
    source: 'admin',
    outcome: 'refunded',
    txn_id: refundId || null,
    amount_fen: o.amount_fen,
    detail: `refund ${o.refund_no} by operator ${p.op.id}: ${o.refund_reason ?? p.reason}`.slice(0, 1000),
    payload: '',
  });
  await writeAudit(trx, {
    operatorId: p.op.id,
    tenantId: o.tenant_id,
    action: 'order.refund',
    targetType: 'order',
    targetId: o.id,
    before: { status: ORDER_STATUS.paid, orderNo: o.order_no, amountFen: o.amount_fen },
    after: {
      status: ORDER_STATUS.refunded,
      refundNo: o.refund_no,
      providerRefundId: refundId,
      revoked: { holder: change.holder, field: change.field, delta: change.delta, vipBefore: change.vipBefore, vipAfter: change.vipAfter },
    },
    reason: o.refund_reason ?? p.reason,
    ip: p.ip,
  });
  return true;
}

export async function refundOrder(app: AppContext, p: RefundOrderProps): Promise<AdminOrderRow> {
  const o = await app.db.transaction().execute((trx) => claim(trx, p));
  if (o.status === ORDER_STATUS.refunded) return o;
  const provider = app.payments.byName(o.provider);
  if (!provider) throw badRequest(`该订单的支付方式（${PROVIDER_NAMES[o.provider] ?? o.provider}）当前未启用，无法退款`);
  const request = { orderNo: o.order_no, refundNo: o.refund_no!, refundFen: o.amount_fen, totalFen: o.amount_fen, reason: o.refund_reason ?? p.reason };
  let result;
  try {
    result = await provider.refund(request);
  } catch (err) {
    await logPaymentEvent(app, { provider: o.provider, source: 'admin', outcome: 'refund_error', orderNo: o.order_no, order: o, detail: (err as Error).message });
    app.log.warn({ err: (err as Error).message, orderNo: o.order_no }, 'refund: provider call failed');
    throw serverError(`${PROVIDER_NAMES[o.provider] ?? o.provider}暂时无法受理退款，请稍后重试（再次提交将继续同一笔退款，不会重复退款）`);
  }
  if (result.state === 'refused') {
    await logPaymentEvent(app, { provider: o.provider, source: 'admin', outcome: 'refund_refused', orderNo: o.order_no, order: o, detail: result.detail });
    throw badRequest(`${PROVIDER_NAMES[o.provider] ?? o.provider}拒绝了退款：${result.detail}`);
  }
  const changed = await app.db.transaction().execute((trx) => finalise(trx, p, o, result.refundId));
  const after = (await findScopedOrder(app.db, p.tenantId, o.id))!;
  if (changed) {
    app.log.info({ orderNo: o.order_no, refundNo: o.refund_no }, 'refund: done');
    await app.realtime
      .publish(o.user_id, 'order.refunded', { orderId: o.id, orderNo: o.order_no, amount: after.amount_fen / 100, title: o.title })
      .catch((err: unknown) => app.log.warn({ err }, 'refund: order.refunded publish failed'));
  }
  return after;
}
