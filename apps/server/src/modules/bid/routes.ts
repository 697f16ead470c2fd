/**
 * The bid calls (docs/api.md "Bids"; defined in @btz/shared/calls). Thin: validate, ask access.ts, call the service, present. Every call is a POST with
 * ids in the query string; content as a JSON body, files as multipart/form-data.
 */
import type { FastifyInstance } from 'fastify';
import { BID_TEXTS, type BidDetail, type BidListItem, type BidPageText, type Page } from '@btz/shared';
import { bidCalls } from '@btz/shared/calls';
import { pageView } from '@btz/bid-engine/reading';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { uploadFields } from '../../http/validation.js';
import { sendFile } from '../../http/send-file.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { bidToChange, bidToRead, bidToReparse, listScopeOf } from './access.js';
import { presentBid, presentListItem } from './present.js';
import { findFile, listBids, listFiles, modelBlocksOnPage, readPage } from './repo.js';
import * as service from './service.js';
import { readStagedUpload, readUpload, withStaged } from '../../http/upload.js';
import { outlineWithStatus } from './writing/sections.js';
import { sectionRows } from './writing/repo.js';

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain; charset=utf-8',
};

export function registerBidRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: bidCalls.uploadTender,
    rateLimit: 'upload',
    handler: async ({ req, auth }) => {
      // stored while it streams in (the reader takes the file from storage later)
      const upload = await readStagedUpload(req, app.config.uploadMaxBytes, (s) => app.storage.stage(s));
      return withStaged(upload, (u) => service.uploadTender(app, auth, u, uploadFields(bidCalls.uploadTender, u.fields)));
    },
  });

  defineRoute(fastify, app, {
    call: bidCalls.addFile,
    rateLimit: 'upload',
    handler: async ({ req, auth, query }) => {
      const bid = await bidToReparse(app, auth, query.id);
      const upload = await readStagedUpload(req, app.config.uploadMaxBytes, (s) => app.storage.stage(s));
      return withStaged(upload, (u) => service.addFile(app, bid, u, uploadFields(bidCalls.addFile, u.fields).role));
    },
  });

  defineRoute(fastify, app, {
    call: bidCalls.deleteFile,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => service.deleteFile(app, await bidToReparse(app, auth, query.id), query.fileId),
  });

  defineRoute(fastify, app, {
    call: bidCalls.detail,
    handler: async ({ auth, query }): Promise<BidDetail> => {
      const bid = await bidToRead(app, auth, query.id);
      const outline = outlineWithStatus(bid.outline, await sectionRows(app.db, bid.id));
      return presentBid({ ...bid, outline }, await listFiles(app.db, bid.id));
    },
  });

  defineRoute(fastify, app, {
    call: bidCalls.list,
    handler: async ({ auth, query }): Promise<Page<BidListItem>> => {
      const page = await listBids(app.db, await listScopeOf(app, auth), {
        current: query.current,
        size: query.size,
        status: query.status as BidListItem['status'] | undefined,
      });
      return { ...page, records: page.records.map(presentListItem) };
    },
  });

  defineRoute(fastify, app, {
    call: bidCalls.retryParse,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => service.retryParse(app, await bidToReparse(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    call: bidCalls.selectLot,
    rateLimit: 'parse',
    handler: async ({ auth, query }) => service.selectLot(app, auth, await bidToReparse(app, auth, query.id), query.lot),
  });

  defineRoute(fastify, app, {
    call: bidCalls.rename,
    handler: async ({ auth, query }) => service.renameBid(app, auth, await bidToChange(app, auth, query.id), query.name),
  });

  defineRoute(fastify, app, {
    call: bidCalls.delete,
    handler: async ({ auth, query }) => service.deleteBid(app, auth, await bidToChange(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    call: bidCalls.page,
    handler: async ({ auth, query }): Promise<BidPageText> => {
      const bid = await bidToRead(app, auth, query.id);
      const files = query.fileId || query.file ? [await findFile(app.db, bid.id, { id: query.fileId, name: query.file })] : (await listFiles(app.db, bid.id)).slice(0, 1);
      const file = files[0];
      if (!file) throw badRequest(BID_TEXTS.fileNotFound);
      if (file.state !== 'parsed') throw badRequest(file.error ?? BID_TEXTS.fileNotParsed);
      const row = await readPage(app.db, file.id, query.page);
      if (!row) throw badRequest(BID_TEXTS.pageOutOfRange(file.page_count));
      const blocks = row.ocr ? undefined : await modelBlocksOnPage(app.db, file.id, row.page);
      return {
        fileId: file.id,
        fileName: file.name,
        page: row.page,
        pageCount: file.page_count,
        text: row.text,
        ocr: row.ocr,
        ...(blocks ? { blocks: pageView(blocks, row.page) } : {}),
      };
    },
  });

  defineRoute(fastify, app, {
    call: bidCalls.file,
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const bid = await bidToRead(app, auth, query.id);
      const file = await findFile(app.db, bid.id, { id: query.fileId });
      if (!file) throw badRequest(BID_TEXTS.fileNotFound);
      let opened;
      try {
        opened = await app.storage.open(file.storage_key);
      } catch (e) {
        if (e instanceof StorageNotFoundError) throw badRequest('原始文件已丢失，请重新上传');
        throw e;
      }
      return sendFile(reply, { ...opened, mime: MIME[file.type] ?? 'application/octet-stream', name: file.name });
    },
  });

  defineRoute(fastify, app, {
    call: bidCalls.generateOutline,
    rateLimit: 'ai',
    handler: async ({ auth, query }) => service.generateBidOutline(app, auth, await bidToChange(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    call: bidCalls.saveOutline,
    handler: async ({ auth, query, body }) => service.saveOutline(app, auth, await bidToChange(app, auth, query.id), body.nodes),
  });

  defineRoute(fastify, app, {
    call: bidCalls.importOutline,
    handler: async ({ auth, query, body }) =>
      service.importBidOutline(app, auth, await bidToChange(app, auth, query.id), { text: body.text }, body.totalChars),
  });

  defineRoute(fastify, app, {
    call: bidCalls.importOutlineFile,
    rateLimit: 'upload',
    handler: async ({ req, auth, query }) => {
      const bid = await bidToChange(app, auth, query.id);
      const upload = await readUpload(req, Math.min(service.MAX_OUTLINE_FILE_BYTES, app.config.uploadMaxBytes));
      const fields = uploadFields(bidCalls.importOutlineFile, upload.fields);
      return service.importBidOutline(app, auth, bid, { file: upload.data }, fields.totalChars);
    },
  });

  defineRoute(fastify, app, {
    call: bidCalls.regenerateBranch,
    rateLimit: 'ai',
    handler: async ({ auth, query }) => service.regenerateOutlineBranch(app, auth, await bidToChange(app, auth, query.id), query.nodeId),
  });
}
