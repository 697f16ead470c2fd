/**
 * The bid-file tool calls (docs/api.md "File tools"; defined in @btz/shared/calls). Thin: the owner from enterprise/owner.ts ownerOf,
 * then the service or the repo. A run of another owner answers exactly like a missing one.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { FILETOOL_LIMITS, FILETOOL_TEXTS } from '@btz/shared';
import { filetoolCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { presentPage } from '../../db/paging.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { sendFile } from '../../http/send-file.js';
import { StorageNotFoundError, type OpenedFile } from '../../providers/storage/index.js';
import { clientOf, recordIp } from '../iprecord/index.js';
import { presentRun } from './present.js';
import { findRun, listRuns } from './repo.js';
import { ownerOf } from '../enterprise/owner.js';
import { deleteToolRun, queueRun, startRun } from './service.js';
import { readToolUpload, withToolUpload } from './upload.js';

async function readStored(app: AppContext, key: string): Promise<OpenedFile> {
  try {
    return await app.storage.open(key);
  } catch (e) {
    if (e instanceof StorageNotFoundError) throw badRequest(FILETOOL_TEXTS.fileLost);
    throw e;
  }
}

export function registerFileToolRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: filetoolCalls.upload,
    rateLimit: 'upload',
    handler: async ({ req, auth }) => {
      const fileMax = Math.min(FILETOOL_LIMITS.fileBytes, app.config.uploadMaxBytes);
      // stored while they stream in (the tool's job takes the files from storage)
      const upload = await readToolUpload(req, fileMax, app.config.uploadMaxBytes, (s) => app.storage.stage(s));
      const run = await withToolUpload(upload, async (u) => startRun(app, await ownerOf(app.db, auth), auth.userId, u, uploadFields(filetoolCalls.upload, u.fields).tool));
      await recordIp(app, clientOf(req), auth, { kind: 'upload', detail: `${run.toolName}：${run.inputs.map((f) => f.name).join('、')}`.slice(0, 300) });
      return run;
    },
  });

  defineRoute(fastify, app, {
    call: filetoolCalls.list,
    handler: async ({ auth, query }) => {
      const tools = query.tools ? query.tools.split(',').map((t) => t.trim()).filter(Boolean) : null;
      return presentPage(await listRuns(app.db, await ownerOf(app.db, auth), query, tools), presentRun);
    },
  });

  defineRoute(fastify, app, {
    call: filetoolCalls.detail,
    handler: async ({ auth, query }) => {
      const row = await findRun(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(FILETOOL_TEXTS.notFound);
      return presentRun(row);
    },
  });

  defineRoute(fastify, app, {
    call: filetoolCalls.retry,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => {
      const o = await ownerOf(app.db, auth);
      const row = await findRun(app.db, o, query.id);
      if (!row) throw badRequest(FILETOOL_TEXTS.notFound);
      if (row.state !== 'failed') throw badRequest(FILETOOL_TEXTS.notFailed);
      await queueRun(app, app.db, row);
      app.jobs.poke();
      return presentRun((await findRun(app.db, o, query.id))!);
    },
  });

  defineRoute(fastify, app, {
    call: filetoolCalls.file,
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const row = await findRun(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(FILETOOL_TEXTS.notFound);
      const f = row.outputs.find((o) => o.index === query.index);
      if (!f) throw badRequest(FILETOOL_TEXTS.fileNotFound);
      return sendFile(reply, { ...(await readStored(app, f.key)), mime: f.mime, name: f.name });
    },
  });

  defineRoute(fastify, app, {
    call: filetoolCalls.zip,
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const row = await findRun(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(FILETOOL_TEXTS.notFound);
      if (!row.outputs.length) throw badRequest(FILETOOL_TEXTS.fileNotFound);
      const zip = new JSZip();
      // every result opened first (a lost one refused before any byte is sent), then zipped while it streams out:
      // results are PNG / PDF / DOCX, compressed already, stored as they are
      const opened: OpenedFile[] = [];
      try {
        for (const f of row.outputs) opened.push(await readStored(app, f.key));
      } catch (e) {
        for (const o of opened) o.stream.destroy();
        throw e;
      }
      row.outputs.forEach((f, i) => zip.file(f.name, opened[i]!.stream, { compression: 'STORE', binary: true }));
      const stream = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true }) as unknown as Readable;
      const stem = (row.inputs[0]?.name ?? '文件').replace(/\.[A-Za-z0-9]{1,5}$/, '');
      return sendFile(reply, { stream, mime: 'application/zip', name: `${stem}-${row.tool === 'pdf-images' ? '图片' : '结果'}.zip` });
    },
  });

  defineRoute(fastify, app, {
    call: filetoolCalls.delete,
    handler: async ({ auth, query }) => {
      if (!(await deleteToolRun(app, await ownerOf(app.db, auth), query.id))) throw badRequest(FILETOOL_TEXTS.notFound);
      await app.storage.release([query.id, `${query.id}:out`]);
    },
  });
}
