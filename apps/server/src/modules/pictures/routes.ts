/**
 * The picture library calls (docs/api.md "Pictures"; defined in @btz/shared/calls). Thin: the owner from enterprise/owner.ts ownerOf,
 * then the service or the repo. A picture or extraction of another owner answers exactly like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { PICTURE_TEXTS } from '@btz/shared';
import { pictureCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { presentPage } from '../../db/paging.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { sendFile } from '../../http/send-file.js';
import { StorageNotFoundError, type OpenedFile } from '../../providers/storage/index.js';
import { readStagedUpload, withStaged } from '../../http/upload.js';
import { presentExtraction, presentExtractionSummary, presentPicture } from './present.js';
import { deletePicture, findExtraction, findPicture, listExtractions, listPictures, ownerHashes, ownerTags, updatePicture } from './repo.js';
import { ownerOf } from '../enterprise/owner.js';
import { PICTURE_MAX_BYTES, queueExtraction, savePicture, startExtraction, uploadPicture } from './service.js';

const isOn = (v: string | undefined) => v === '1' || v === 'true';

async function readStored(app: AppContext, key: string): Promise<OpenedFile> {
  try {
    return await app.storage.open(key);
  } catch (e) {
    if (e instanceof StorageNotFoundError) throw badRequest('图片文件已丢失，请重新上传');
    throw e;
  }
}

/** Stored pictures are immutable for their key: the browser may keep them a day. */
function sendPicture(reply: Parameters<typeof sendFile>[0], data: OpenedFile, mime: string, name: string) {
  sendFile(reply, { ...data, mime, name });
  reply.header('content-disposition', reply.getHeader('content-disposition')!.toString().replace(/^attachment/, 'inline'));
  reply.header('cache-control', 'private, max-age=86400');
  return reply;
}

export function registerPictureRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: pictureCalls.upload,
    rateLimit: 'picture',
    handler: async ({ req, auth }) => {
      // a picture is decoded in memory anyway: held whole up to its cap (not spilled), written to storage from there
      const max = Math.min(PICTURE_MAX_BYTES, app.config.uploadMaxBytes);
      const upload = await readStagedUpload(req, max, (s) => app.storage.stage(s, { memoryBytes: max }));
      return withStaged(upload, async (u) => uploadPicture(app, await ownerOf(app.db, auth), auth.userId, u, uploadFields(pictureCalls.upload, u.fields)));
    },
  });

  defineRoute(fastify, app, {
    call: pictureCalls.list,
    handler: async ({ auth, query }) => presentPage(await listPictures(app.db, await ownerOf(app.db, auth), query), presentPicture),
  });

  defineRoute(fastify, app, {
    call: pictureCalls.tags,
    handler: async ({ auth }) => ownerTags(app.db, await ownerOf(app.db, auth)),
  });

  defineRoute(fastify, app, {
    call: pictureCalls.update,
    handler: async ({ auth, query, body }) => {
      const o = await ownerOf(app.db, auth);
      if (!(await findPicture(app.db, o, query.id))) throw badRequest(PICTURE_TEXTS.notFound);
      await updatePicture(app.db, o, query.id, body);
      return presentPicture((await findPicture(app.db, o, query.id))!);
    },
  });

  defineRoute(fastify, app, {
    call: pictureCalls.delete,
    handler: async ({ auth, query }) => {
      if (!(await deletePicture(app.db, await ownerOf(app.db, auth), query.id))) throw badRequest(PICTURE_TEXTS.notFound);
      await app.storage.release([query.id]);
    },
  });

  defineRoute(fastify, app, {
    call: pictureCalls.file,
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const pic = await findPicture(app.db, await ownerOf(app.db, auth), query.id);
      if (!pic) throw badRequest(PICTURE_TEXTS.notFound);
      const thumb = isOn(query.thumb);
      const data = await readStored(app, thumb ? pic.thumb_key : pic.storage_key);
      const ext = pic.mime.split('/')[1] === 'jpeg' ? 'jpg' : pic.mime.split('/')[1];
      return sendPicture(reply, data, thumb ? 'image/jpeg' : pic.mime, thumb ? `${pic.name}-缩略图.jpg` : `${pic.name}.${ext}`);
    },
  });

  defineRoute(fastify, app, {
    call: pictureCalls.extractUpload,
    rateLimit: 'upload',
    handler: async ({ req, auth }) => {
      // stored while it streams in (the extraction job takes the file from storage)
      const upload = await readStagedUpload(req, app.config.uploadMaxBytes, (s) => app.storage.stage(s));
      return withStaged(upload, async (u) => {
        uploadFields(pictureCalls.extractUpload, u.fields);
        return startExtraction(app, await ownerOf(app.db, auth), auth.userId, u);
      });
    },
  });

  defineRoute(fastify, app, {
    call: pictureCalls.extractList,
    handler: async ({ auth, query }) => presentPage(await listExtractions(app.db, await ownerOf(app.db, auth), query), presentExtractionSummary),
  });

  defineRoute(fastify, app, {
    call: pictureCalls.extraction,
    handler: async ({ auth, query }) => {
      const row = await findExtraction(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(PICTURE_TEXTS.extractionNotFound);
      return presentExtraction(row);
    },
  });

  defineRoute(fastify, app, {
    call: pictureCalls.extractRetry,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => {
      const row = await findExtraction(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(PICTURE_TEXTS.extractionNotFound);
      if (row.state !== 'failed') throw badRequest(PICTURE_TEXTS.extractNotFailed);
      await queueExtraction(app, app.db, row);
      app.jobs.poke();
    },
  });

  defineRoute(fastify, app, {
    call: pictureCalls.extractFile,
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const row = await findExtraction(app.db, await ownerOf(app.db, auth), query.id);
      if (!row) throw badRequest(PICTURE_TEXTS.extractionNotFound);
      const item = row.items.find((i) => i.index === query.index);
      if (!item) throw badRequest(PICTURE_TEXTS.itemNotFound(query.index));
      const thumb = isOn(query.thumb);
      const data = await readStored(app, thumb ? item.thumbKey : item.key);
      return sendPicture(reply, data, thumb ? 'image/jpeg' : item.mime, item.name);
    },
  });

  defineRoute(fastify, app, {
    call: pictureCalls.extractSave,
    handler: async ({ auth, query, body }) => {
      const o = await ownerOf(app.db, auth);
      const row = await findExtraction(app.db, o, query.id);
      if (!row) throw badRequest(PICTURE_TEXTS.extractionNotFound);
      if (row.state !== 'done') throw badRequest(PICTURE_TEXTS.extractNotDone);
      const byIndex = new Map(row.items.map((i) => [i.index, i]));
      for (const n of body.indexes) if (!byIndex.has(n)) throw badRequest(PICTURE_TEXTS.itemNotFound(n));
      const stem = row.file_name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
      const out = [];
      const hashes = await ownerHashes(app.db, o);
      for (const n of [...new Set(body.indexes)]) {
        const item = byIndex.get(n)!;
        const result = await savePicture(
          app,
          o,
          auth.userId,
          {
            ...item,
            name: `${stem}-第${item.page}页-图${item.index}`.slice(0, 100),
            tags: body.tags ?? [],
            source: 'extract',
            sourceFile: row.file_name,
            sourcePage: item.page,
            put: async (id) => {
              // the extracted bytes are stored already; the library's copy counts against the saver like an upload
              await app.storage.record([{ key: item.key, bytes: item.size }, { key: item.thumbKey, bytes: 0 }], { tenantId: o.tenantId, userId: auth.userId, kind: 'picture', refId: id });
              return { key: item.key, thumbKey: item.thumbKey };
            },
          },
          PICTURE_TEXTS.saved,
          hashes,
        );
        out.push({ index: n, result });
      }
      return out;
    },
  });
}
