import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { download, nothing, pageOf, percent, time } from './answers.js';
import type { FileToolRun, IpRecordItem, IpWarning } from '../api/filetools.js';

/**
 * Bid-file tools (issue 15; docs/api.md "File tools"): 元数据清除 and 文件转换 run as jobs on uploaded files (multipart,
 * read by the route itself), their results downloadable and kept in a history; IP 记录 lists the account's own sign-ins,
 * uploads and exports. Runs belong to the caller's owner (the user, or its enterprise in the enterprise role); IP records
 * to the user alone.
 */
const id = z.string().trim().min(1).max(40);
export const fileToolName = z.enum(['clean', 'docx-pdf', 'pdf-docx', 'doc-docx', 'images-pdf', 'pdf-images'], { error: '不支持的处理方式' });
const paging = {
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
};

export const FILETOOL_LABELS = { id: '记录 ID', tool: '处理方式', tools: '处理方式', index: '文件序号', current: '页码', size: '每页条数' };
const labels = FILETOOL_LABELS;

/* ---- answers ---- */

const str = z.string();
const int = z.number().int();
const fileItem = z.strictObject({ index: int, name: str, mime: str, size: int.min(0) });
const fileToolRun: z.ZodType<FileToolRun> = z.strictObject({
  id: str,
  tool: fileToolName,
  toolName: str,
  inputs: z.array(fileItem),
  outputs: z.array(fileItem),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: percent,
  error: str.nullable(),
  removed: z.array(str),
  createTime: time,
});
const ipRecord: z.ZodType<IpRecordItem> = z.strictObject({
  id: str,
  kind: z.enum(['login', 'upload', 'export']),
  kindName: str,
  ip: str,
  device: str,
  detail: str,
  createTime: time,
});
const ipWarning: z.ZodType<IpWarning> = z.strictObject({ ip: str, bidders: z.array(str), lastTime: time, message: str });

export const filetoolCalls = {
  /** multipart: tool (fileToolName), file (one; images-pdf: up to 30 `file` parts) → a run, queued as a job */
  upload: defineCall({
    path: '/btz/filetools/upload',
    auth: true,
    fields: z.strictObject({ tool: z.enum(fileToolName.options, { error: '请选择处理方式' }) }),
    labels,
    response: fileToolRun,
  }),
  /** the owner's runs, newest first; `tools`: comma-separated filter (the clearing screen lists `clean`, the conversion screen the rest) */
  list: defineCall({
    path: '/btz/filetools/list',
    auth: true,
    query: z.object({ ...paging, tools: z.string().trim().max(100).optional() }),
    labels,
    response: pageOf(fileToolRun),
  }),
  detail: defineCall({ path: '/btz/filetools/detail', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: fileToolRun }),
  retry: defineCall({ path: '/btz/filetools/retry', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: fileToolRun }),
  /** one result file's bytes (attachment) */
  file: defineCall({
    path: '/btz/filetools/file',
    auth: true,
    ownedBy: 'holder',
    query: z.object({ id, index: z.coerce.number().int().min(1).max(10_000) }),
    labels,
    response: download(),
  }),
  /** every result of a run in one ZIP (PDF → images) */
  zip: defineCall({ path: '/btz/filetools/zip', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: download() }),
  delete: defineCall({ path: '/btz/filetools/delete', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),

  /** the caller's own sign-ins, uploads and exports, newest first */
  ipRecords: defineCall({
    path: '/btz/iprecord/list',
    auth: true,
    query: z.object({ ...paging, size: z.coerce.number().int().min(1).max(100).default(20), kind: z.enum(['login', 'upload', 'export']).optional() }),
    labels: { ...labels, kind: '记录类型' },
    response: pageOf(ipRecord),
  }),
  /** 警示: IPs the caller exported bids from that also exported bids of another bidder */
  ipWarnings: defineCall({ path: '/btz/iprecord/warnings', auth: true, response: z.array(ipWarning) }),
};
