/**
 * 查重 calls (docs/api.md "Duplicate check"; defined in @btz/shared/calls). Thin: the owner from enterprise/owner.ts ownerOf, then the
 * service or the repo. A check of another owner answers exactly like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { DUPCHECK_TEXTS as T } from '@btz/shared';
import { dupcheckCalls } from '@btz/shared/calls';
import { dupReportXlsx } from '@btz/bid-engine/dupcheck';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { presentPage } from '../../db/paging.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { sendFile } from '../../http/send-file.js';
import { readStagedUpload, withStaged } from '../../http/upload.js';
import { presentDetail, presentSummary } from './present.js';
import { deleteCheck, findCheck, listChecks, removeFile } from './repo.js';
import { ownerOf } from '../enterprise/owner.js';
import { createCheck, dupFileRef, queueCheck, startCheck, uploadFile } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerDupcheckRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: dupcheckCalls.create,
    handler: async ({ auth, body }) => createCheck(app, await ownerOf(app.db, auth), auth.userId, body.name),
  });

  defineRoute(fastify, app, {
    call: dupcheckCalls.upload,
    rateLimit: 'upload',
    handler: async ({ req, auth, query }) => {
      const o = await ownerOf(app.db, auth);
      // the check first: an upload to a missing or started check is refused before its bytes are read
      const row = await findCheck(app.db, o, query.id);
      if (!row) throw badRequest(T.notFound);
      if (row.state !== 'draft') throw badRequest(T.notDraft);
      // stored while it streams in (the check's job takes the files from storage)
      const upload = await readStagedUpload(req, app.config.uploadMaxBytes, (s) => app.storage.stage(s));
      return withStaged(upload, (u) => {
        uploadFields(dupcheckCalls.upload, u.fields);
        return uploadFile(app, o, query.id, query.role, u);
      });
    },
  });

  defineRoute(fastify, app, {
    call: dupcheckCalls.removeFile,
    handler: async ({ auth, query }) => {
      const o = await ownerOf(app.db, auth);
      const row = await findCheck(app.db, o, query.id);
      if (!row) throw badRequest(T.notFound);
      if (row.state !== 'draft') throw badRequest(T.notDraft);
      if (!(await removeFile(app.db, o, query.id, query.index))) throw badRequest(T.fileNotFound);
      const file = row.files.find((f) => f.index === query.index);
      if (file) await app.storage.releaseOne(dupFileRef(row.id, file.key), file.key);
    },
  });

  defineRoute(fastify, app, {
    call: dupcheckCalls.start,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => {
      const row = await findCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(T.notFound);
      await startCheck(app, row);
    },
  });

  defineRoute(fastify, app, {
    call: dupcheckCalls.retry,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => {
      const row = await findCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(T.notFound);
      if (row.state !== 'failed') throw badRequest(T.notFailed);
      await queueCheck(app, app.db, row);
      app.jobs.poke();
    },
  });

  defineRoute(fastify, app, {
    call: dupcheckCalls.list,
    handler: async ({ auth, query }) => presentPage(await listChecks(app.db, await ownerOf(app.db, auth), query), presentSummary),
  });

  defineRoute(fastify, app, {
    call: dupcheckCalls.detail,
    handler: async ({ auth, query }) => {
      const row = await findCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(T.notFound);
      return presentDetail(row);
    },
  });

  defineRoute(fastify, app, {
    call: dupcheckCalls.exportXlsx,
    rateLimit: 'export',
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const row = await findCheck(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(T.notFound);
      if (row.state !== 'done' || !row.report) throw badRequest(T.notDone);
      const data = await dupReportXlsx(row.report, row.name, row.created_at);
      return sendFile(reply, { data, mime: XLSX, name: `查重报告-${row.name}.xlsx` });
    },
  });

  defineRoute(fastify, app, {
    call: dupcheckCalls.delete,
    handler: async ({ auth, query }) => {
      const o = await ownerOf(app.db, auth);
      const row = await findCheck(app.db, o, query.id);
      if (!row) throw badRequest(T.notFound);
      if (row.state === 'queued' || row.state === 'running') throw badRequest(T.running);
      if (await deleteCheck(app.db, o, query.id)) await app.storage.release(row.files.map((f) => dupFileRef(row.id, f.key)));
    },
  });
}
