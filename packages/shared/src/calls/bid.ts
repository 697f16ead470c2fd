import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import {
  BID_STATUSES,
  BID_TEXTS,
  type BidDetail,
  type BidFileInfo,
  type BidListItem,
  type BidOutlineResult,
  type BidPageText,
  type OutlineImportResult,
  type PageViewBlock,
} from '../api/bid.js';
import type { BidOutlineNode, CoverageEntry, TenderCard, TenderLot } from '../bid.js';
import { download, model, nothing, pageOf, percent, time } from './answers.js';

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
  bidType: '标书版本',
  role: '文件类型',
  current: '页码',
  size: '每页条数',
};
const labels = BID_LABELS;

/* ---- answers ---- */

const bidStatus = z.enum(BID_STATUSES as [BidDetail['status'], ...BidDetail['status'][]]);
const parseState = z.enum(['queued', 'running', 'done', 'failed']);
const bidType = z.literal([1, 2]);
export const tenderLot: z.ZodType<TenderLot> = z.strictObject({ id: z.string(), name: z.string() });
export const outlineNode: z.ZodType<BidOutlineNode> = z.lazy(() =>
  // a node may carry more fields (DirectoryNode's index signature): the outline rules own its shape
  z.looseObject({
    id: z.string().min(1),
    title: z.string(),
    level: z.number().int(),
    isLeaf: z.boolean(),
    index: z.number(),
    status: z.number(),
    parentId: z.string(),
    readStatus: z.number(),
    number: z.string(),
    kind: z.enum(['商务', '资信', '技术', '价格', '其他']),
    mode: z.enum(['ai', 'form', 'table']),
    scoringIds: z.array(z.string()),
    clauseIds: z.array(z.string()).optional(),
    targetChars: z.number().optional(),
    children: z.array(outlineNode),
  }),
);
export const coverageEntry: z.ZodType<CoverageEntry> = z.strictObject({ scoringId: z.string(), item: z.string(), nodeIds: z.array(z.string()) });
export const tenderCard = model<TenderCard>(['projectName', 'deadline', 'scoring', 'composition', 'lots', 'lot', 'writer', 'files'], '招标要点');
const fileInfo: z.ZodType<BidFileInfo> = z.strictObject({
  id: z.string(),
  name: z.string(),
  role: z.enum(['main', 'amendment', 'boq']),
  type: z.enum(['pdf', 'docx', 'doc', 'txt']),
  size: z.number().int().min(0),
  pageCount: z.number().int().min(0),
  state: z.enum(['uploaded', 'parsing', 'parsed', 'failed']),
  error: z.string().nullable(),
  createTime: time,
});
export const bidDetail: z.ZodType<BidDetail> = z.strictObject({
  id: z.string(),
  name: z.string(),
  bidType,
  status: bidStatus,
  lot: z.string().nullable(),
  lots: z.array(tenderLot),
  writer: z.enum(['offline', 'llm']),
  parse: z.strictObject({ state: parseState, progress: percent, stage: z.string(), error: z.string().nullable() }),
  files: z.array(fileInfo),
  card: tenderCard.nullable(),
  outline: z.array(outlineNode).nullable(),
  coverage: z.array(coverageEntry).nullable(),
  usage: z.strictObject({ prompt: z.number(), completion: z.number(), cached: z.number() }),
  createTime: time,
  updateTime: time,
});
const listItem: z.ZodType<BidListItem> = z.strictObject({
  id: z.string(),
  name: z.string(),
  bidType,
  status: bidStatus,
  projectName: z.string(),
  projectNumber: z.string(),
  deadline: z.string(),
  parseState,
  createTime: time,
  updateTime: time,
});
const pageBlock: z.ZodType<PageViewBlock> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('heading'), level: z.number().int(), text: z.string() }),
  z.strictObject({ type: z.literal('paragraph'), text: z.string() }),
  z.strictObject({ type: z.literal('list-item'), level: z.number().int(), text: z.string() }),
  z.strictObject({
    type: z.literal('table'),
    columns: z.number().int(),
    rows: z.array(
      z.strictObject({
        header: z.boolean().optional(),
        cells: z.array(z.strictObject({ text: z.string(), col: z.number().int(), colSpan: z.number().int(), rowSpan: z.number().int() })),
      }),
    ),
    continued: z.boolean(),
    continues: z.boolean(),
  }),
]);
const pageText: z.ZodType<BidPageText> = z.strictObject({
  fileId: z.string(),
  fileName: z.string(),
  page: z.number().int(),
  pageCount: z.number().int(),
  text: z.string(),
  ocr: z.boolean(),
  blocks: z.array(pageBlock).optional(),
});
export const outlineResult: z.ZodType<BidOutlineResult> = z.strictObject({ outline: z.array(outlineNode), coverage: z.array(coverageEntry) });
const importResult: z.ZodType<OutlineImportResult> = z.strictObject({
  outline: z.array(outlineNode),
  coverage: z.array(coverageEntry),
  unmapped: z.array(
    z.strictObject({ id: z.string(), item: z.string(), points: z.number().nullable(), category: z.enum(['technical', 'commercial', 'price']) }),
  ),
});
/** The whole bid's length target of an imported outline: characters of its written sections. */
const totalChars = z.coerce.number().int().min(1000).max(2_000_000).optional();

export const bidCalls = {
  /** multipart: file, bidType, name (the file's name without its extension when absent; checked with it) */
  uploadTender: defineCall({
    path: '/btz/bid/upload-tender',
    auth: true,
    fields: z.strictObject({
      // as a number (「1」, 「 2」), as it always was read
      bidType: z.coerce.number({ error: BID_TEXTS.badBidType }).pipe(z.literal([1, 2], { error: BID_TEXTS.badBidType })),
      name: z.string().optional(),
    }),
    labels,
    response: z.strictObject({ bidId: z.string().min(1) }),
  }),
  /** multipart: file, role (amendment when absent) */
  addFile: defineCall({
    path: '/btz/bid/add-file',
    bidAccess: 'change',
    auth: true,
    query: byId,
    fields: z.strictObject({ role: z.enum(['main', 'amendment', 'boq'], { error: BID_TEXTS.badRole }).default('amendment') }),
    labels,
    response: z.strictObject({ fileId: z.string().min(1) }),
  }),
  deleteFile: defineCall({
    path: '/btz/bid/delete-file',
    bidAccess: 'change',
    auth: true,
    query: z.object({ id: bidId, fileId: bidId }),
    labels,
    response: nothing,
  }),
  detail: defineCall({ path: '/btz/bid/detail', auth: true, bidAccess: 'read', query: byId, labels, response: bidDetail }),
  list: defineCall({
    path: '/btz/bid/list',
    auth: true,
    query: z.object({
      current: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(10),
      status: z.enum(BID_STATUSES as [string, ...string[]]).optional(),
    }),
    labels,
    response: pageOf(listItem),
  }),
  retryParse: defineCall({ path: '/btz/bid/retry-parse', auth: true, bidAccess: 'change', query: byId, labels, response: nothing }),
  selectLot: defineCall({
    path: '/btz/bid/select-lot',
    bidAccess: 'change',
    auth: true,
    query: z.object({ id: bidId, lot: z.string().trim().min(1).max(50) }),
    labels,
    response: nothing,
  }),
  rename: defineCall({
    path: '/btz/bid/rename',
    bidAccess: 'change',
    auth: true,
    query: z.object({ id: bidId, name: z.string().max(500) }),
    labels,
    response: nothing,
  }),
  delete: defineCall({ path: '/btz/bid/delete', auth: true, bidAccess: 'change', query: byId, labels, response: nothing }),
  page: defineCall({
    path: '/btz/bid/page',
    bidAccess: 'read',
    auth: true,
    query: z.object({
      id: bidId,
      fileId: bidId.optional(),
      file: z.string().max(300).optional(),
      page: z.coerce.number().int().min(1).max(100_000),
    }),
    labels: { ...labels, file: '文件名' },
    response: pageText,
  }),
  /** the tender file's bytes (a download) */
  file: defineCall({
    path: '/btz/bid/file',
    bidAccess: 'read',
    auth: true,
    query: z.object({ id: bidId, fileId: bidId }),
    labels,
    response: download(),
  }),
  generateOutline: defineCall({
    path: '/btz/bid/outline/generate',
    bidAccess: 'change',
    auth: true,
    query: byId,
    labels,
    response: outlineResult,
  }),
  saveOutline: defineCall({
    path: '/btz/bid/outline/save',
    bidAccess: 'change',
    auth: true,
    query: byId,
    // the nodes are checked by the outline rules (rules/outline.ts), which give their own Chinese messages
    body: z.object({ nodes: z.unknown() }, { error: '请提交目录节点 nodes' }),
    labels: { ...labels, nodes: '目录节点' },
    response: outlineResult,
  }),
  /** a pasted numbered list (「1 项目理解\n1.1 …」) becomes the outline; the scoring rows no section names come back */
  importOutline: defineCall({
    path: '/btz/bid/outline/import',
    bidAccess: 'change',
    auth: true,
    query: byId,
    body: z.object({ text: z.string().max(50_000), totalChars }),
    labels: { ...labels, text: '目录文字', totalChars: '全文目标字数' },
    response: importResult,
  }),
  /** multipart: file (a DOCX whose headings are the outline, or a TXT list), totalChars */
  importOutlineFile: defineCall({
    path: '/btz/bid/outline/import-file',
    bidAccess: 'change',
    auth: true,
    query: byId,
    fields: z.strictObject({ totalChars }),
    labels: { ...labels, totalChars: '全文目标字数' },
    response: importResult,
  }),
  regenerateBranch: defineCall({
    path: '/btz/bid/outline/regenerate',
    bidAccess: 'change',
    auth: true,
    query: z.object({ id: bidId, nodeId: z.string().trim().min(1).max(100) }),
    labels,
    response: outlineResult,
  }),
};
