import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { readRepositoryJob } from './job.js';
import { registerRepositoryRoutes } from './routes.js';

/**
 * The repository of past bids (issue 14, 知识库 — `/workbench/repository`, `/workbench/repositorys/*`): past bids of the
 * owner read into passages by heading (job kind `read-repository`), searched with Chinese word segmentation and the
 * database's full-text search, suggested per bid section (pinned / excluded per section).
 */
export function registerRepository(fastify: FastifyInstance, app: AppContext): void {
  app.jobs.register(readRepositoryJob(app));
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20 } });
    registerRepositoryRoutes(scope, app);
  });
}
export { referencesForSection } from './service.js';
