import { ORDER_STATUS } from '@btz/shared';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from '../../providers/payment/index.js';
import { applyPayment, type PaymentSource } from './commands/apply-payment.js';
import { closeOrders } from './payment.js';
import type { OrderRow } from './repo.js';

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
