/**
 * The repository calls (docs/api.md "Repository"; defined in @btz/shared/calls). Thin: the owner from enterprise/owner.ts ownerOf,
 * then the service or the repo. A file of another owner answers exactly like a missing one; suggestions and picks ask
 * the bid's access first (bidToRead / bidToChange) and live with the bid (bid/writing/material-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { REPOSITORY_TEXTS } from '@btz/shared';
import { repositoryCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { presentPage } from '../../db/paging.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { readStagedUpload, withStaged } from '../../http/upload.js';
import { ownerOf } from '../enterprise/owner.js';
import { deleteFile, findFile, listFiles } from './repo.js';
import { presentFile } from './present.js';
import { queueReading, searchRepository, uploadPastBid } from './service.js';

export function registerRepositoryRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: repositoryCalls.upload,
    rateLimit: 'upload',
    handler: async ({ req, auth }) => {
      // stored while it streams in (the reading job takes the file from storage)
      const upload = await readStagedUpload(req, app.config.uploadMaxBytes, (s) => app.storage.stage(s));
      return withStaged(upload, async (u) => {
        uploadFields(repositoryCalls.upload, u.fields);
        return uploadPastBid(app, await ownerOf(app.db, auth), auth.userId, u);
      });
    },
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.list,
    handler: async ({ auth, query }) => presentPage(await listFiles(app.db, await ownerOf(app.db, auth), query), presentFile),
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.detail,
    handler: async ({ auth, query }) => {
      const row = await findFile(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(REPOSITORY_TEXTS.fileNotFound);
      return presentFile(row);
    },
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.retry,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => {
      const row = await findFile(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(REPOSITORY_TEXTS.fileNotFound);
      if (row.state !== 'failed') throw badRequest(REPOSITORY_TEXTS.notFailed);
      await queueReading(app, app.db, row);
      app.jobs.poke();
    },
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.delete,
    handler: async ({ auth, query }) => {
      if (!(await deleteFile(app.db, await ownerOf(app.db, auth), query.id))) throw badRequest(REPOSITORY_TEXTS.fileNotFound);
      await app.storage.release([query.id]);
    },
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.search,
    handler: async ({ auth, query }) => searchRepository(app, await ownerOf(app.db, auth), query.keyword, query.size),
  });
}
