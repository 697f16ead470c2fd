import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { exportJob } from './export/job.js';
import { registerExportRoutes } from './export/routes.js';
import { parseTenderJob } from './parse-job.js';
import { addTokenUsage } from './repo.js';
import { registerBidRoutes } from './routes.js';
import { writeSectionJob } from './writing/job.js';
import { registerWritingRoutes } from './writing/routes.js';
import { registerSectionMaterialRoutes } from './writing/material-routes.js';
import { registerReportRoutes } from './report/routes.js';
import { registerBidTeamRoutes } from './team/routes.js';
import { registerReviewRoutes } from './review/routes.js';

/**
 * Bids in one call from app.ts: the calls (with multipart uploads in their own scope), the `parse-tender`,
 * `write-section` and `bid-export` job kinds, and token accounting — every model call tagged `bid:{id}` adds its usage to that bid.
 */
export function registerBids(fastify: FastifyInstance, app: AppContext): void {
  app.jobs.register(parseTenderJob(app));
  app.jobs.register(writeSectionJob(app));
  app.jobs.register(exportJob(app));
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20 } });
    registerBidRoutes(scope, app);
    registerWritingRoutes(scope, app);
    registerExportRoutes(scope, app);
    registerReportRoutes(scope, app);
    registerSectionMaterialRoutes(scope, app);
    registerBidTeamRoutes(scope, app);
    registerReviewRoutes(scope, app);
  });
  const off = app.llm.onUsage((e) => {
    const m = /^bid:(\d+)$/.exec(e.tag ?? '');
    if (!m) return;
    void addTokenUsage(app.db, m[1]!, e.usage).catch((err: unknown) => app.log.warn({ err }, 'bid usage not recorded'));
  });
  fastify.addHook('onClose', async () => off());
}
