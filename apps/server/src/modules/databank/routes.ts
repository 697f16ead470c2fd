/**
 * The data bank calls (docs/api.md "Data bank"; defined in @btz/shared/calls). Thin: the owner from enterprise/owner.ts
 * ownerOf (the same holder as the enterprise facts), then the service or the repo. A document of another owner answers
 * exactly like a missing one: 「资料不存在」.
 */
import type { FastifyInstance } from 'fastify';
import { DATA_LIMITS, DATA_TEXTS } from '@btz/shared';
import { databankCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { presentPage } from '../../db/paging.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { contentDisposition, sendBody } from '../../http/send-file.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { readStagedUpload, withStaged } from '../../http/upload.js';
import { ownerOf } from '../enterprise/owner.js';
import { MIME, presentDataDoc } from './present.js';
import { findDataDoc, listDataDocs, ownerDataTags, saveDataDoc } from './repo.js';
import { DATA_MAX_BYTES, presentDraft, removeDataDoc, sendExpiryNotices, stopReading, uploadDataDoc } from './service.js';

export function registerDatabankRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: databankCalls.upload,
    rateLimit: 'databank',
    handler: async ({ req, auth }) => {
      // stored while it streams in (the reading job takes the file from storage)
      const upload = await readStagedUpload(req, Math.min(DATA_MAX_BYTES, app.config.uploadMaxBytes), (s) => app.storage.stage(s));
      return withStaged(upload, async (u) => {
        uploadFields(databankCalls.upload, u.fields);
        return uploadDataDoc(app, await ownerOf(app.db, auth), auth.userId, u);
      });
    },
  });

  defineRoute(fastify, app, {
    call: databankCalls.draft,
    handler: async ({ auth, query }) => {
      const row = await findDataDoc(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(DATA_TEXTS.notFound);
      return presentDraft(row);
    },
  });

  defineRoute(fastify, app, {
    call: databankCalls.save,
    handler: async ({ auth, query, body }) => {
      const o = await ownerOf(app.db, auth);
      const before = await findDataDoc(app.db, o, query.id);
      if (!before) throw badRequest(DATA_TEXTS.notFound);
      await saveDataDoc(app.db, o, query.id, body);
      await stopReading(app, before);
      const row = (await findDataDoc(app.db, o, query.id))!;
      // a document that expires within the notice window is announced now, not at the next daily check
      if (row.expiry) await sendExpiryNotices(app, DATA_LIMITS.noticeDays).catch((err: unknown) => app.log.error({ err }, 'databank: notice failed'));
      return presentDataDoc(row);
    },
  });

  defineRoute(fastify, app, {
    call: databankCalls.list,
    handler: async ({ auth, query }) => presentPage(await listDataDocs(app.db, await ownerOf(app.db, auth), query), (row) => presentDataDoc(row)),
  });

  defineRoute(fastify, app, {
    call: databankCalls.detail,
    handler: async ({ auth, query }) => {
      const row = await findDataDoc(app.db, await ownerOf(app.db, auth), query.id);
      if (!row || row.state !== 'saved') throw badRequest(DATA_TEXTS.notFound);
      return presentDataDoc(row);
    },
  });

  defineRoute(fastify, app, {
    call: databankCalls.tags,
    handler: async ({ auth }) => ownerDataTags(app.db, await ownerOf(app.db, auth)),
  });

  defineRoute(fastify, app, {
    call: databankCalls.delete,
    handler: async ({ auth, query }) => {
      if (!(await removeDataDoc(app, await ownerOf(app.db, auth), query.id))) throw badRequest(DATA_TEXTS.notFound);
    },
  });

  defineRoute(fastify, app, {
    call: databankCalls.file,
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const row = await findDataDoc(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(DATA_TEXTS.notFound);
      let data;
      try {
        data = await app.storage.open(row.storage_key);
      } catch (e) {
        if (e instanceof StorageNotFoundError) throw badRequest(DATA_TEXTS.fileLost);
        throw e;
      }
      // pictures and PDF open in the browser (the preview); DOCX downloads
      const disposition = contentDisposition(row.file_name);
      reply.header('content-type', MIME[row.file_kind]);
      reply.header('content-disposition', row.file_kind === 'docx' ? disposition : disposition.replace(/^attachment/, 'inline'));
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      return sendBody(reply, data);
    },
  });
}
