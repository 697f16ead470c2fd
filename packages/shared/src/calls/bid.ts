import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { BID_STATUSES, type BidDetail, type BidListItem, type BidOutlineResult, type BidPageText } from '../api/bid.js';
import type { Page } from '../api/envelope.js';

/**
 * The bid calls (docs/api.md "Bids"): ids in the query string, content as a JSON body, files as multipart/form-data
 * (read by the route itself, so those calls have no body schema).
 */

export const bidId = z.string().trim().min(1).max(40);
const byId = z.object({ id: bidId });
export const BID_LABELS = {
  id: '标书 ID',
  fileId: '文件 ID',
  nodeId: '目录节点 ID',
  page: '页码',
  name: '标书名称',
  lot: '标段',
  status: '状态',
  current: '页码',
  size: '每页条数',
};
const labels = BID_LABELS;

export const bidCalls = {
  /** multipart: file, bidType, name */
  uploadTender: defineCall({ path: '/btz/bid/upload-tender', auth: true, response: z.custom<{ bidId: string }>() }),
  /** multipart: file, role */
  addFile: defineCall({ path: '/btz/bid/add-file', auth: true, query: byId, labels, response: z.custom<{ fileId: string }>() }),
  deleteFile: defineCall({
    path: '/btz/bid/delete-file',
    auth: true,
    query: z.object({ id: bidId, fileId: bidId }),
    labels,
    response: z.custom<void>(),
  }),
  detail: defineCall({ path: '/btz/bid/detail', auth: true, query: byId, labels, response: z.custom<BidDetail>() }),
  list: defineCall({
    path: '/btz/bid/list',
    auth: true,
    query: z.object({
      current: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(10),
      status: z.enum(BID_STATUSES as [string, ...string[]]).optional(),
    }),
    labels,
    response: z.custom<Page<BidListItem>>(),
  }),
  retryParse: defineCall({ path: '/btz/bid/retry-parse', auth: true, query: byId, labels, response: z.custom<void>() }),
  selectLot: defineCall({
    path: '/btz/bid/select-lot',
    auth: true,
    query: z.object({ id: bidId, lot: z.string().trim().min(1).max(50) }),
    labels,
    response: z.custom<void>(),
  }),
  rename: defineCall({
    path: '/btz/bid/rename',
    auth: true,
    query: z.object({ id: bidId, name: z.string().max(500) }),
    labels,
    response: z.custom<void>(),
  }),
  delete: defineCall({ path: '/btz/bid/delete', auth: true, query: byId, labels, response: z.custom<void>() }),
  page: defineCall({
    path: '/btz/bid/page',
    auth: true,
    query: z.object({
      id: bidId,
      fileId: bidId.optional(),
      file: z.string().max(300).optional(),
      page: z.coerce.number().int().min(1).max(100_000),
    }),
    labels: { ...labels, file: '文件名' },
    response: z.custom<BidPageText>(),
  }),
  /** the tender file's bytes (a download) */
  file: defineCall({
    path: '/btz/bid/file',
    auth: true,
    query: z.object({ id: bidId, fileId: bidId }),
    labels,
    response: z.custom<Blob>(),
  }),
  generateOutline: defineCall({
    path: '/btz/bid/outline/generate',
    auth: true,
    query: byId,
    labels,
    response: z.custom<BidOutlineResult>(),
  }),
  saveOutline: defineCall({
    path: '/btz/bid/outline/save',
    auth: true,
    query: byId,
    // the nodes are checked by the outline rules (rules/outline.ts), which give their own Chinese messages
    body: z.object({ nodes: z.unknown() }, { error: '请提交目录节点 nodes' }),
    labels: { ...labels, nodes: '目录节点' },
    response: z.custom<BidOutlineResult>(),
  }),
  regenerateBranch: defineCall({
    path: '/btz/bid/outline/regenerate',
    auth: true,
    query: z.object({ id: bidId, nodeId: z.string().trim().min(1).max(100) }),
    labels,
    response: z.custom<BidOutlineResult>(),
  }),
};
