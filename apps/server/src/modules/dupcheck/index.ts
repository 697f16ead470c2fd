import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { dupcheckJob } from './job.js';
import { registerDupcheckRoutes } from './routes.js';

/**
 * 查重 (issue 15 — `/workbench/tools/BiddingCheck`, `ReportView`, `barChart`, `components/*TableData`): duplicate
 * checks between 2–10 bid files (and the tender, whose text does not count), run as the job `dupcheck`, their reports
 * kept for the owner (the user, or its enterprise in the enterprise role) and exported as Excel.
 */
export function registerDupcheck(fastify: FastifyInstance, app: AppContext): void {
  app.jobs.register(dupcheckJob(app));
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20 } });
    registerDupcheckRoutes(scope, app);
  });
}
