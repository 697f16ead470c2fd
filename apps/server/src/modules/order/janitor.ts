import type { AppContext } from '../../context.js';
import { unpaidOrdersDueBy } from './repo.js';
import { syncOrder } from './sync-order.js';

/**
 * The order job of the server process: every ORDER_SWEEP_MS it
 * - closes unpaid orders past their expiry (ORDER_TTL_S), here and at the provider — after one last provider query,
 *   so money taken just before the deadline is applied instead;
 * - reconciles: queries the provider for unpaid orders within PAY_RECONCILE_WINDOW_S of expiry, applying payments
 *   whose notify never came.
 * Several instances may run it at once: every change is a guarded UPDATE or goes through applyPayment.
 */
export async function sweepOrders(app: AppContext, isStopped: () => boolean = () => false): Promise<void> {
  const now = Date.now();
  const due = await unpaidOrdersDueBy(app.db, new Date(now + app.config.payReconcileWindowS * 1000), 200);
  for (const o of due) {
    if (isStopped()) return;
    const expired = new Date(o.expires_at).getTime() <= now;
    // near expiry: only real providers have something to ask
    if (!expired && o.provider === 'sandbox') continue;
    await syncOrder(app, o, { source: 'janitor', throttle: !expired });
  }
}

export function startOrderJanitor(app: AppContext): { stop(): Promise<void>; tick(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => sweepOrders(app, () => stopped);

  const tick = () => {
    if (running || stopped) return running ?? Promise.resolve();
    running = sweep()
      .catch((err: unknown) => app.log.error({ err }, 'orders: sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void tick(), app.config.orderSweepMs);
  timer.unref();
  return {
    tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
