import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { bidCheckJob } from './job.js';
import { registerBidCheckRoutes } from './routes.js';

/**
 * The bid checks of the tools hub (issue 15, `/workbench/BiddingTool?tool=anonymity|reject`): the 暗标 compliance check
 * and the 废标 check of an uploaded bid file, and the 暗标 check (with 一键修复) of a bid written here. Each check is a job
 * (kind `bid-check`) whose report the owner (the user, or its enterprise in the enterprise role) can open, print and
 * export to Excel later.
 */
export function registerBidCheck(fastify: FastifyInstance, app: AppContext): void {
  app.jobs.register(bidCheckJob(app));
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20 } });
    registerBidCheckRoutes(scope, app);
  });
}
