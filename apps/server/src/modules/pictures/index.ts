import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { extractPicturesJob } from './job.js';
import { registerPictureRoutes } from './routes.js';

/**
 * The picture library (issue 14, 图片库 — `/workbench/PictureLibrary`, `/workbench/picture/*`): pictures of the owner
 * (the user, or its enterprise in the enterprise role), uploaded or picked from the pictures a DOCX/PDF holds
 * (job kind `extract-pictures`), deduplicated by exact and perceptual hash, thumbnails made on the server.
 */
export function registerPictures(fastify: FastifyInstance, app: AppContext): void {
  app.jobs.register(extractPicturesJob(app));
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20 } });
    registerPictureRoutes(scope, app);
  });
}
export { libraryImagesOfBid } from './export.js';
