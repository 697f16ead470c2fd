/**
 * The bid calls (docs/api.md "Bids"). Thin: validate, ask access.ts, call the service, present. Every call is a POST with
 * ids in the query string; content as a JSON body, files as multipart/form-data.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BID_STATUSES, BID_TEXTS, type BidDetail, type BidListItem, type BidPageText, type Page } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { sendFile } from '../../http/send-file.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { bidToChange, bidToRead, bidToReparse, ownerOf } from './access.js';
import { presentBid, presentListItem } from './present.js';
import { findFile, listBids, listFiles, readPage } from './repo.js';
import * as service from './service.js';
import { readUpload } from './upload.js';
import { outlineWithStatus, sectionRows } from './writing/sections.js';

const id = z.string().trim().min(1).max(40);
const byId = z.object({ id });
const LABELS = { id: '标书 ID', fileId: '文件 ID', nodeId: '目录节点 ID', page: '页码', name: '标书名称', lot: '标段', status: '状态', current: '页码', size: '每页条数' };

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain; charset=utf-8',
};

export function registerBidRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    path: '/btz/bid/upload-tender',
    auth: true,
    rateLimit: 'upload',
    handler: async ({ req, auth }) => service.uploadTender(app, auth, await readUpload(req, app.config.uploadMaxBytes)),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/add-file',
    auth: true,
    rateLimit: 'upload',
    query: byId,
    labels: LABELS,
    handler: async ({ req, auth, query }) => {
      const bid = await bidToReparse(app, auth, query.id);
      const upload = await readUpload(req, app.config.uploadMaxBytes);
      const role = upload.fields.role || 'amendment';
      if (role !== 'main' && role !== 'amendment' && role !== 'boq') throw badRequest(BID_TEXTS.badRole);
      return service.addFile(app, bid, upload, role);
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/delete-file',
    auth: true,
    rateLimit: 'parse',
    query: z.object({ id, fileId: id }),
    labels: LABELS,
    handler: async ({ auth, query }) => service.deleteFile(app, await bidToReparse(app, auth, query.id), query.fileId),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/detail',
    auth: true,
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }): Promise<BidDetail> => {
      const bid = await bidToRead(app, auth, query.id);
      const outline = outlineWithStatus(bid.outline, await sectionRows(app.db, bid.id));
      return presentBid({ ...bid, outline }, await listFiles(app.db, bid.id));
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/list',
    auth: true,
    query: z.object({
      current: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(10),
      status: z.enum(BID_STATUSES as [string, ...string[]]).optional(),
    }),
    labels: LABELS,
    handler: async ({ auth, query }): Promise<Page<BidListItem>> => {
      const page = await listBids(app.db, ownerOf(auth), {
        current: query.current,
        size: query.size,
        status: query.status as BidListItem['status'] | undefined,
      });
      return { ...page, records: page.records.map(presentListItem) };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/retry-parse',
    auth: true,
    rateLimit: 'parse',
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }) => service.retryParse(app, await bidToReparse(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/select-lot',
    auth: true,
    rateLimit: 'parse',
    query: z.object({ id, lot: z.string().trim().min(1).max(50) }),
    labels: LABELS,
    handler: async ({ auth, query }) => service.selectLot(app, auth, await bidToReparse(app, auth, query.id), query.lot),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/rename',
    auth: true,
    query: z.object({ id, name: z.string().max(500) }),
    labels: LABELS,
    handler: async ({ auth, query }) => service.renameBid(app, auth, await bidToChange(app, auth, query.id), query.name),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/delete',
    auth: true,
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }) => service.deleteBid(app, auth, await bidToChange(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/page',
    auth: true,
    query: z.object({ id, fileId: id.optional(), file: z.string().max(300).optional(), page: z.coerce.number().int().min(1).max(100_000) }),
    labels: { ...LABELS, file: '文件名' },
    handler: async ({ auth, query }): Promise<BidPageText> => {
      const bid = await bidToRead(app, auth, query.id);
      const files = query.fileId || query.file ? [await findFile(app.db, bid.id, { id: query.fileId, name: query.file })] : (await listFiles(app.db, bid.id)).slice(0, 1);
      const file = files[0];
      if (!file) throw badRequest(BID_TEXTS.fileNotFound);
      if (file.state !== 'parsed') throw badRequest(file.error ?? BID_TEXTS.fileNotParsed);
      const row = await readPage(app.db, file.id, query.page);
      if (!row) throw badRequest(BID_TEXTS.pageOutOfRange(file.page_count));
      return { fileId: file.id, fileName: file.name, page: row.page, pageCount: file.page_count, text: row.text, ocr: row.ocr };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/file',
    auth: true,
    raw: true,
    query: z.object({ id, fileId: id }),
    labels: LABELS,
    handler: async ({ auth, query, reply }) => {
      const bid = await bidToRead(app, auth, query.id);
      const file = await findFile(app.db, bid.id, { id: query.fileId });
      if (!file) throw badRequest(BID_TEXTS.fileNotFound);
      let data: Buffer;
      try {
        data = await app.storage.get(file.storage_key);
      } catch (e) {
        if (e instanceof StorageNotFoundError) throw badRequest('原始文件已丢失，请重新上传');
        throw e;
      }
      return sendFile(reply, { data, mime: MIME[file.type] ?? 'application/octet-stream', name: file.name });
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/outline/generate',
    auth: true,
    rateLimit: 'ai',
    query: byId,
    labels: LABELS,
    handler: async ({ auth, query }) => service.generateBidOutline(app, auth, await bidToChange(app, auth, query.id)),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/outline/save',
    auth: true,
    query: byId,
    body: z.object({ nodes: z.unknown() }, { error: '请提交目录节点 nodes' }),
    labels: { ...LABELS, nodes: '目录节点' },
    handler: async ({ auth, query, body }) => service.saveOutline(app, auth, await bidToChange(app, auth, query.id), body.nodes),
  });

  defineRoute(fastify, app, {
    path: '/btz/bid/outline/regenerate',
    auth: true,
    rateLimit: 'ai',
    query: z.object({ id, nodeId: z.string().trim().min(1).max(100) }),
    labels: LABELS,
    handler: async ({ auth, query }) => service.regenerateOutlineBranch(app, auth, await bidToChange(app, auth, query.id), query.nodeId),
  });
}
