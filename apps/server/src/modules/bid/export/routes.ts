/**
 * The export calls (docs/api.md "Export"): export/start answers at once with the export queued (a job, service.ts);
 * export/get and export/list follow it; export/file downloads the file once done. A finished bid can still be exported.
 */
import type { FastifyInstance } from 'fastify';
import { WRITE_TEXTS } from '@btz/shared';
import { writingCalls } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { defineRoute } from '../../../http/route.js';
import { sendFile } from '../../../http/send-file.js';
import { StorageNotFoundError } from '../../../providers/storage/index.js';
import { bidToRead } from '../access.js';
import { exportedFile, exportOf, exportsOf, presentExport, startExport } from './service.js';

export function registerExportRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: writingCalls.exportStart,
    rateLimit: 'export',
    handler: async ({ req, auth, query }) => startExport(app, req, auth, await bidToRead(app, auth, query.id), query.format),
  });

  defineRoute(fastify, app, {
    call: writingCalls.exportGet,
    handler: async ({ auth, query }) => presentExport(await exportOf(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    call: writingCalls.exportList,
    handler: async ({ auth, query }) => exportsOf(app, auth, await bidToRead(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    call: writingCalls.exportFile,
    raw: true,
    handler: async ({ auth, query, reply }) => {
      try {
        return sendFile(reply, await exportedFile(app, auth, query.id));
      } catch (e) {
        if (e instanceof StorageNotFoundError) throw badRequest(WRITE_TEXTS.exportFailed);
        throw e;
      }
    },
  });
}
