import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { download, idOnly, model, nothing, pageOf, percent, time } from './answers.js';
import { DUPCHECK_LIMITS as L, type DupCheckDetail, type DupCheckFile, type DupCheckSummary, type DupReport } from '../api/dupcheck.js';

/**
 * 查重 calls (docs/api.md "Duplicate check"): a check is created with a name, its files are uploaded one by one
 * (multipart, `role` bid or tender), then started as a job; its report is read with `detail` and exported as Excel.
 * Checks belong to the caller's owner — the user, or its enterprise in the enterprise role.
 */
const id = z.string().trim().min(1).max(40);

export const DUPCHECK_LABELS = { id: '查重任务 ID', name: '任务名称', index: '文件序号', role: '文件类别', current: '页码', size: '每页条数' };
const labels = DUPCHECK_LABELS;

/* ---- answers ---- */

const str = z.string();
const int = z.number().int();
const risk = z.enum(['high', 'medium', 'low', 'none']);
const summaryFields = {
  id: str,
  name: str,
  state: z.enum(['draft', 'queued', 'running', 'done', 'failed']),
  progress: percent,
  error: str.nullable(),
  bids: int.min(0),
  hasTender: z.boolean(),
  risk: risk.nullable(),
  score: z.number().nullable(),
  createTime: time,
};
const checkFile: z.ZodType<DupCheckFile> = z.strictObject({ index: int, name: str, role: z.enum(['bid', 'tender']), type: str, size: int.min(0) });
const summary: z.ZodType<DupCheckSummary> = z.strictObject(summaryFields);
// the report is the engine's model (version 1 reports are upgraded before they are answered)
const detail: z.ZodType<DupCheckDetail> = z.strictObject({
  ...summaryFields,
  files: z.array(checkFile),
  report: model<DupReport>(['version', 'files', 'pairs', 'risk', 'score', 'dimensions', 'rings'], '查重报告').nullable(),
});

export const dupcheckCalls = {
  create: defineCall({
    path: '/btz/dupcheck/create',
    auth: true,
    body: z.object({ name: z.string().trim().min(1).max(L.name) }),
    labels,
    response: idOnly,
  }),
  /** multipart: file (DOCX, PDF or DOC); query role=bid|tender */
  upload: defineCall({
    path: '/btz/dupcheck/upload',
    auth: true,
    ownedBy: 'holder',
    query: z.object({ id, role: z.enum(['bid', 'tender']).default('bid') }),
    fields: z.strictObject({}),
    labels,
    response: checkFile,
  }),
  removeFile: defineCall({
    path: '/btz/dupcheck/file/remove',
    auth: true,
    ownedBy: 'holder',
    query: z.object({ id, index: z.coerce.number().int().min(1).max(1000) }),
    labels,
    response: nothing,
  }),
  start: defineCall({ path: '/btz/dupcheck/start', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  retry: defineCall({ path: '/btz/dupcheck/retry', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  list: defineCall({
    path: '/btz/dupcheck/list',
    auth: true,
    query: z.object({ current: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(50).default(10) }),
    labels,
    response: pageOf(summary),
  }),
  detail: defineCall({ path: '/btz/dupcheck/detail', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: detail }),
  /** the report as an Excel workbook */
  exportXlsx: defineCall({ path: '/btz/dupcheck/export', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: download() }),
  delete: defineCall({ path: '/btz/dupcheck/delete', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
};
