import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { extractPicturesJob } from './job.js';
import { registerPictureRoutes } from './routes.js';
import { moveStoredDataImages } from './inline.js';

/**
 * The picture library (issue 14, 图片库 — `/workbench/PictureLibrary`, `/workbench/picture/*`): pictures of the owner
 * (the user, or its enterprise in the enterprise role), uploaded or picked from the pictures a DOCX/PDF holds
 * (job kind `extract-pictures`), deduplicated by exact and perceptual hash, thumbnails made on the server. Section images
 * are pictures too: data-URL images of sections stored before are moved into the library at start (inline.ts).
 */
export function registerPictures(fastify: FastifyInstance, app: AppContext): void {
  app.jobs.register(extractPicturesJob(app));
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 20 } });
    registerPictureRoutes(scope, app);
  });
  fastify.addHook('onReady', async () => {
    void moveStoredDataImages(app)
      .then((n) => n && app.log.info({ sections: n }, 'pictures: data-URL images of stored sections moved to files'))
      .catch((err: unknown) => app.log.error({ err }, 'pictures: moving data-URL images of stored sections failed'));
  });
}
export { libraryImagesOfBid } from './export.js';
export { moveDataImages, moveStoredDataImages, SECTION_PICTURE_TAG } from './inline.js';
