/**
 * The repository calls (docs/api.md "Repository"; defined in @btz/shared/calls). Thin: the owner from pictures ownerOf,
 * then the service or the repo. A file of another owner answers exactly like a missing one; suggestions and picks ask
 * the bid's access first (bidToRead / bidToChange).
 */
import type { FastifyInstance } from 'fastify';
import { REPOSITORY_TEXTS } from '@btz/shared';
import { repositoryCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { readUpload } from '../bid/upload.js';
import { bidToChange, bidToRead } from '../bid/access.js';
import { leavesOf } from '../bid/writing/sections.js';
import { ownerOf } from '../pictures/repo.js';
import { deleteFile, findFile, listFiles, passagesById, presentFile } from './repo.js';
import { queueReading, searchRepository, suggestForSection, uploadPastBid } from './service.js';

export function registerRepositoryRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: repositoryCalls.upload,
    rateLimit: 'upload',
    handler: async ({ req, auth }) => {
      const upload = await readUpload(req, app.config.uploadMaxBytes);
      uploadFields(repositoryCalls.upload, upload.fields);
      return uploadPastBid(app, await ownerOf(app.db, auth), auth.userId, upload);
    },
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.list,
    handler: async ({ auth, query }) => listFiles(app.db, await ownerOf(app.db, auth), query),
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

  defineRoute(fastify, app, {
    call: repositoryCalls.suggest,
    handler: async ({ auth, query }) => {
      const bid = await bidToRead(app, auth, query.id);
      const leaf = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).find((l) => l.node.id === query.nodeId);
      if (!leaf) throw badRequest(REPOSITORY_TEXTS.nodeNotFound);
      return suggestForSection(app, await ownerOf(app.db, auth), bid, leaf.node, leaf.parentTitles);
    },
  });

  defineRoute(fastify, app, {
    call: repositoryCalls.pick,
    handler: async ({ auth, query }) => {
      const bid = await bidToChange(app, auth, query.id);
      if (!leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).some((l) => l.node.id === query.nodeId)) throw badRequest(REPOSITORY_TEXTS.nodeNotFound);
      if (query.pick === 'none') {
        await app.db.deleteFrom('repository_picks').where('bid_id', '=', bid.id).where('node_id', '=', query.nodeId).where('passage_id', '=', query.passageId).execute();
        return;
      }
      const pick = query.pick;
      if (!(await passagesById(app.db, await ownerOf(app.db, auth), [query.passageId])).length) throw badRequest(REPOSITORY_TEXTS.passageNotFound);
      await app.db
        .insertInto('repository_picks')
        .values({ bid_id: bid.id, node_id: query.nodeId, passage_id: query.passageId, pick })
        .onConflict((oc) => oc.columns(['bid_id', 'node_id', 'passage_id']).doUpdateSet({ pick }))
        .execute();
    },
  });
}
