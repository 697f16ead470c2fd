import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { FILETOOL_LIMITS } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { fileToolJob } from './job.js';
import { registerFileToolRoutes } from './routes.js';

/**
 * Bid-file tools (issue 15 — `/workbench/tools/MetadataClearing`, `/workbench/tools/FileConversion`): metadata clearing
 * and file conversion of uploaded files, each run a job (kind `file-tool`) in a worker process, its results kept as
 * files of the owner (the user, or its enterprise in the enterprise role) and listed in a history.
 */
export function registerFileTools(fastify: FastifyInstance, app: AppContext): void {
  app.jobs.register(fileToolJob(app));
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: Math.min(FILETOOL_LIMITS.fileBytes, app.config.uploadMaxBytes), files: FILETOOL_LIMITS.images, fields: 10 } });
    registerFileToolRoutes(scope, app);
  });
}
