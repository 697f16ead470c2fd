/** Payment housekeeping around the providers: the operator's event log, and closing orders here and at their provider. */
import type { AppContext } from '../../context.js';
import { closeUnpaidOrders, insertPaymentEvent, type OrderRow } from './repo.js';

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
    await insertPaymentEvent(app.db, {
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
    });
  } catch (err) {
    app.log.error({ err, event: e.outcome }, 'payment: could not log a payment event');
  }
}

/** Closes unpaid orders locally (status 1 → 3), then at their provider (best effort, outside any transaction). */
export async function closeOrders(app: AppContext, orders: Pick<OrderRow, 'id' | 'order_no' | 'provider'>[], reason: string): Promise<void> {
  if (!orders.length) return;
  const now = new Date();
  const closed = await closeUnpaidOrders(app.db, orders.map((o) => o.id), reason, now);
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
