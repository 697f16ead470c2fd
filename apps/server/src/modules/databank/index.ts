import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { DATA_LIMITS } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { registerDatabankRoutes } from './routes.js';
import { sendExpiryNotices } from './service.js';
import { readDataDocJob } from './job.js';

const DAY_MS = 86_400_000;

/**
 * The data bank (issue 14, 资料库 — `/workbench/DataBank`, `/workbench/data/BidDocuments`, `/workbench/data/upload`):
 * documents of the owner (the user, or its enterprise in the enterprise role) with their files and fields, the fields
 * proposed from the text on upload, the expiring list, and the 30-day realtime notice (checked at start and daily).
 */
export function registerDatabank(fastify: FastifyInstance, app: AppContext): void {
  app.jobs.register(readDataDocJob(app));
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20 } });
    registerDatabankRoutes(scope, app);
  });
  let timer: NodeJS.Timeout | null = null;
  const check = () => void sendExpiryNotices(app, DATA_LIMITS.noticeDays).catch((err: unknown) => app.log.error({ err }, 'databank: expiry check failed'));
  fastify.addHook('onReady', async () => {
    check();
    timer = setInterval(check, DAY_MS);
    timer.unref();
  });
  fastify.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
export { sendExpiryNotices } from './service.js';
