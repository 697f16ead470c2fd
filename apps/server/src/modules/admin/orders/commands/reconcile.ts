/**
 * Reconciliation (issue 28): our orders of one day against what the payment provider says about each, and the fix of
 * the one mismatch we can fix — money the provider took for an order still open (or closed) here. The fix goes through
 * `applyPayment`, the path the payment notify, the status poll and the reconciliation job take: one transaction, the
 * order's row lock, `status 1|3 → 2` once, the entitlement granted once; a second fix (or a late notify) is a replay
 * that changes nothing. Only the call that changed the order writes the audit row.
 */
import { ORDER_STATUS, fenToYuan } from '@btz/shared';
import type { ReconcileMismatch } from '@btz/shared/calls';
import type { AppContext } from '../../../../context.js';
import { badRequest, notFound } from '../../../../http/errors.js';
import type { QueryResult } from '../../../../providers/payment/index.js';
import { applyPayment } from '../../../order/index.js';
import { writeAudit } from '../../audit/repo.js';
import type { OperatorAuth } from '../../route.js';
import { presentAdminOrder } from '../present.js';
import { findScopedOrder, ordersMadeBetween, type AdminOrderRow } from '../repo.js';

export const PROVIDER_NAMES: Record<string, string> = { wechat: '微信支付', alipay: '支付宝', sandbox: '沙箱支付' };

const PROBLEM_NAMES: Record<ReconcileMismatch['problem'], string> = {
  paid_not_recorded: '渠道已收款，本地未到账',
  recorded_not_paid: '本地已支付，渠道未收款',
  refunded_not_recorded: '渠道已退款，本地未退款',
  amount_mismatch: '金额不一致',
  txn_mismatch: '交易号不一致',
  unknown: '渠道状态无法确认',
};

const isOpen = (o: AdminOrderRow) => o.status === ORDER_STATUS.unpaid || o.status === ORDER_STATUS.closed;

/** What is wrong between our order and the provider's answer (null: nothing). */
export function compare(o: AdminOrderRow, q: QueryResult): Omit<ReconcileMismatch, 'order' | 'problemName'> | null {
  const base = {
    providerState: q.state,
    providerTxnId: q.state === 'paid' ? q.txnId : '',
    providerAmount: q.state === 'paid' ? fenToYuan(q.amountFen) : null,
    detail: q.state === 'unknown' ? q.detail : '',
    fixable: false,
  };
  if (o.status === ORDER_STATUS.refunded) {
    // a whole refund: WeChat answers REFUND (refunded), Alipay TRADE_CLOSED (closed)
    return q.state === 'unpaid' ? { ...base, problem: 'recorded_not_paid' } : null;
  }
  if (q.state === 'refunded') return o.status === ORDER_STATUS.paid ? { ...base, problem: 'refunded_not_recorded' } : null;
  if (q.state === 'paid') {
    if (isOpen(o)) return { ...base, problem: 'paid_not_recorded', fixable: q.amountFen === o.amount_fen, detail: q.amountFen === o.amount_fen ? '' : '渠道金额与订单金额不一致，不能补单' };
    if (q.amountFen !== o.amount_fen) return { ...base, problem: 'amount_mismatch' };
    if (q.txnId !== o.provider_txn_id) return { ...base, problem: 'txn_mismatch' };
    return null;
  }
  if (q.state === 'unknown') return { ...base, problem: 'unknown' };
  return o.status === ORDER_STATUS.paid ? { ...base, problem: 'recorded_not_paid' } : null;
}

export async function reconcileDay(app: AppContext, tenantId: string | null, span: { start: Date; end: Date }) {
  const orders = await ordersMadeBetween(app.db, tenantId, span.start, span.end);
  const mismatches: ReconcileMismatch[] = [];
  let local = 0;
  let matched = 0;
  for (const o of orders) {
    const provider = app.payments.byName(o.provider);
    if (!provider || provider.name === 'sandbox') {
      local += 1;
      continue;
    }
    let q: QueryResult;
    try {
      q = await provider.query(o.order_no);
    } catch (err) {
      q = { state: 'unknown', detail: `查询失败：${(err as Error).message}` };
    }
    const m = compare(o, q);
    if (!m) matched += 1;
    else mismatches.push({ order: presentAdminOrder(o), problemName: PROBLEM_NAMES[m.problem], ...m });
  }
  return { checked: orders.length, local, matched, mismatches };
}

const NOT_APPLIED: Record<string, string> = {
  amount_mismatch: '渠道收款金额与订单金额不一致，不能补单',
  txn_conflict: '该渠道交易号已记在另一笔订单上，不能补单',
  provider_mismatch: '渠道与订单的支付方式不一致，不能补单',
  unknown_order: '订单不存在',
};

/** Applies the provider's payment to an order still open here; the order as it is after. */
export async function fixPaidOrder(app: AppContext, p: { op: OperatorAuth; tenantId: string | null; orderId: string; reason: string; ip: string }): Promise<AdminOrderRow> {
  const o = await findScopedOrder(app.db, p.tenantId, p.orderId);
  if (!o) throw notFound('订单');
  if (!isOpen(o)) return o;
  const provider = app.payments.byName(o.provider);
  const name = PROVIDER_NAMES[o.provider] ?? o.provider;
  if (!provider) throw badRequest(`该订单的支付方式（${name}）当前未启用，无法查询`);
  if (provider.name === 'sandbox') throw badRequest('沙箱支付没有远端记录，无法对账补单');
  let q: QueryResult;
  try {
    q = await provider.query(o.order_no);
  } catch (err) {
    throw badRequest(`${name}暂时无法查询，请稍后重试：${(err as Error).message}`);
  }
  if (q.state !== 'paid') throw badRequest(`${name}显示该订单${q.state === 'unknown' ? `状态无法确认（${q.detail}）` : q.state === 'refunded' ? '已退款' : '未支付'}，无需补单`);
  const r = await applyPayment(app, { orderNo: o.order_no, providerTxnId: q.txnId, amountFen: q.amountFen, provider: provider.name, source: 'manual' });
  if (!r.ok) throw badRequest(NOT_APPLIED[r.outcome] ?? '补单失败');
  const after = (await findScopedOrder(app.db, p.tenantId, o.id))!;
  if (r.applied) {
    await writeAudit(app.db, {
      operatorId: p.op.id,
      tenantId: o.tenant_id,
      action: 'order.reconcile_fix',
      targetType: 'order',
      targetId: o.id,
      before: { status: o.status, orderNo: o.order_no, providerTxnId: o.provider_txn_id },
      after: { status: after.status, providerTxnId: after.provider_txn_id, amountFen: q.amountFen, outcome: r.outcome },
      reason: p.reason,
      ip: p.ip,
    });
  }
  return after;
}
