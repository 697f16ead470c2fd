import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerCouponRoutes } from '../coupon/routes.js';
import { startOrderJanitor } from './janitor.js';
import { registerNotifyRoutes } from './notify.js';
import { registerOrderRoutes } from './routes.js';
import { registerSandboxPayPages } from './sandbox-pages.js';

export { applyPayment } from './commands/apply-payment.js';

/**
 * Commerce in one call from app.ts: order and coupon calls, provider notifies, the sandbox payment page, and the
 * order job (stopped when Fastify closes).
 */
export function registerCommerce(fastify: FastifyInstance, app: AppContext): void {
  registerOrderRoutes(fastify, app);
  registerCouponRoutes(fastify, app);
  registerNotifyRoutes(fastify, app);
  registerSandboxPayPages(fastify, app);
  const janitor = startOrderJanitor(app);
  fastify.addHook('onClose', async () => {
    await janitor.stop();
  });
}
