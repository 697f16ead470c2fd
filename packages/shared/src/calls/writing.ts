import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { REPORT_FORMATS, REPORT_TEXTS, type ReportFormat } from '../api/report.js';
import {
  AI_ACTION_LABELS,
  WRITE_TEXTS,
  type AiAction,
  type BidExport,
  type BidHealth,
  type EditorJson,
  type PageSettings,
  type SectionContent,
  type SectionHistoryEntry,
  type SectionRevisionContent,
  type SectionSaved,
  type WriteProgress,
} from '../api/writing.js';
import { bidDetail, bidId } from './bid.js';
import { download, editorDoc, model, time } from './answers.js';

/**
 * The writing calls (docs/api.md "Writing"): write/start|progress|cancel, section/get|save|ai, health, page-settings,
 * export, finish; and the analysis report (a download like the export).
 */

const byId = z.object({ id: bidId });
const byNode = z.object({ id: bidId, nodeId: z.string().trim().min(1).max(100) });
const labels = {
  id: '标书 ID',
  nodeId: '章节 ID',
  revision: '版本号',
  doc: '正文',
  html: '正文',
  action: 'AI 操作',
  text: '选中的文字',
  format: '导出格式',
};

/** The export's page settings (issue 6 item 5); volumes may name only level-1 chapters (checked by the server). */
export const pageSettingsSchema = z.object({
  font: z.string().trim().min(1).max(30),
  fontSize: z.number().min(8).max(28),
  headingStyle: z.enum(['chapter', 'numeric']),
  pageNumber: z.object({
    start: z.number().int().min(0).max(9999),
    format: z.enum(['plain', 'dash', 'page', 'pageOfTotal']),
    position: z.enum(['center', 'right', 'left']),
  }),
  volumes: z
    .array(z.object({ title: z.string().trim().min(1).max(30), nodeIds: z.array(z.string().min(1).max(100)).max(500) }))
    .max(5),
  inventFacts: z.boolean(),
});

export const PAGE_SETTINGS_LABELS = {
  font: '正文字体',
  fontSize: '字号',
  headingStyle: '标题编号',
  pageNumber: '页码',
  start: '起始页码',
  format: '页码格式',
  position: '页码位置',
  volumes: '分卷',
  title: '分卷名称',
  nodeIds: '分卷章节',
  inventFacts: '允许 AI 拟定未提供的企业信息',
};

/* ---- answers ---- */

const exportFormat = z.enum(['docx', 'pdf'], { error: WRITE_TEXTS.badFormat });
const bidExport: z.ZodType<BidExport> = z.strictObject({
  id: z.string(),
  bidId: z.string(),
  format: exportFormat,
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  name: z.string(),
  size: z.number().int().min(0).nullable(),
  createTime: time,
  finishTime: time.nullable(),
});
const exportId = z.string().trim().min(1, '请选择导出记录').max(40);

const sectionState = z.enum(['empty', 'queued', 'writing', 'written', 'edited', 'failed', 'cancelled']);
const writeProgress: z.ZodType<WriteProgress> = z.strictObject({
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  running: z.number().int().min(0),
  failed: z.number().int().min(0),
  cancelled: z.number().int().min(0),
  queued: z.number().int().min(0),
  status: z.enum(['draft', 'parsed', 'outlined', 'writing', 'written', 'finished']),
  sections: z.array(z.strictObject({ nodeId: z.string(), state: sectionState, chars: z.number().int().min(0) })),
});
const sectionContent: z.ZodType<SectionContent> = z.strictObject({
  nodeId: z.string(),
  title: z.string(),
  state: sectionState,
  doc: editorDoc.nullable(),
  text: z.string(),
  chars: z.number().int().min(0),
  targetChars: z.number().int().min(0),
  revision: z.number().int().min(0),
  error: z.string().nullable(),
  updateTime: time.nullable(),
});
const sectionSaved: z.ZodType<SectionSaved> = z.strictObject({
  revision: z.number().int().min(0),
  chars: z.number().int().min(0),
  doc: editorDoc,
  updateTime: time,
});
const historyEntry: z.ZodType<SectionHistoryEntry> = z.strictObject({
  id: z.string(),
  revision: z.number().int().min(0),
  source: z.enum(['writer', 'edit', 'restore']),
  author: z.string().nullable(),
  chars: z.number().int().min(0),
  restoredFrom: z.number().int().min(0).nullable(),
  createTime: time,
  updateTime: time,
});
const revisionContent: z.ZodType<SectionRevisionContent> = z.strictObject({
  entry: historyEntry,
  text: z.string(),
  diff: z.array(z.strictObject({ kind: z.enum(['same', 'add', 'del']), text: z.string() })),
  current: z.strictObject({ revision: z.number().int().min(0), chars: z.number().int().min(0) }),
});
const byRevision = byNode.extend({ revisionId: z.string().trim().min(1, '请选择历史版本').max(40) });
const bidHealth = model<BidHealth>(['score', 'findings', 'facts', 'time'], '健康度报告');
const pageSettings: z.ZodType<PageSettings> = z.strictObject({
  font: z.string(),
  fontSize: z.number(),
  headingStyle: z.enum(['chapter', 'numeric']),
  pageNumber: z.strictObject({
    start: z.number().int(),
    format: z.enum(['plain', 'dash', 'page', 'pageOfTotal']),
    position: z.enum(['center', 'right', 'left']),
  }),
  volumes: z.array(z.strictObject({ title: z.string(), nodeIds: z.array(z.string()) })),
  inventFacts: z.boolean(),
});

export const writingCalls = {
  start: defineCall({ path: '/btz/bid/write/start', auth: true, bidAccess: 'change', query: byId, labels, response: writeProgress }),
  progress: defineCall({ path: '/btz/bid/write/progress', auth: true, bidAccess: 'read', query: byId, labels, response: writeProgress }),
  cancel: defineCall({ path: '/btz/bid/write/cancel', auth: true, bidAccess: 'change', query: byId, labels, response: writeProgress }),
  sectionGet: defineCall({ path: '/btz/bid/section/get', auth: true, bidAccess: 'read', query: byNode, labels, response: sectionContent }),
  sectionSave: defineCall({
    path: '/btz/bid/section/save',
    bidAccess: 'section',
    auth: true,
    query: byNode,
    // the doc is checked against the editor schema by the server (html is sanitised and converted there)
    body: z
      .object({
        revision: z.number().int().min(0),
        doc: z.custom<EditorJson>().optional(),
        html: z.string().max(5_000_000).optional(),
      })
      .refine((b) => b.doc !== undefined || b.html !== undefined, { message: '请提交正文（doc 或 html）' }),
    labels,
    response: sectionSaved,
  }),
  /** the section's history, newest first (issue 27): the writer's text, each person's saves, restores */
  sectionHistory: defineCall({ path: '/btz/bid/section/history', auth: true, bidAccess: 'read', query: byNode, labels, response: z.array(historyEntry) }),
  /** one history entry's text and the diff from it to the section as it is now */
  sectionRevision: defineCall({
    path: '/btz/bid/section/revision',
    auth: true,
    bidAccess: 'read',
    query: byRevision,
    labels: { ...labels, revisionId: '历史版本' },
    response: revisionContent,
  }),
  /**
   * Brings an older entry back as the section's text: a new revision (and a new history entry), nothing lost; refused
   * when `revision` is not the section's current one (someone saved since) and on a finished bid.
   */
  sectionRestore: defineCall({
    path: '/btz/bid/section/restore',
    auth: true,
    // restoring is editing the section: its assignee (or the owner / admin) only
    bidAccess: 'section',
    query: byRevision,
    body: z.object({ revision: z.number().int().min(0) }),
    labels: { ...labels, revisionId: '历史版本' },
    response: sectionSaved,
  }),
  /** streamed `text/plain` (errors before the first byte as the JSON envelope) */
  sectionAi: defineCall({
    path: '/btz/bid/section/ai',
    bidAccess: 'section',
    auth: true,
    query: byNode,
    body: z.object({
      action: z.enum(Object.keys(AI_ACTION_LABELS) as [AiAction, ...AiAction[]], {
        error: 'AI 操作只能是续写、扩写、缩写、润色或正式化改写',
      }),
      text: z.string().trim().min(1, '请先选中要处理的文字').max(5000, '选中的文字不能超过 5000 字'),
    }),
    labels,
    response: download<ReadableStream<Uint8Array> | string | null>(),
  }),
  /** the stored health result (recomputed and stored when the bid changed since; `force=1` always recomputes) */
  health: defineCall({
    path: '/btz/bid/health',
    bidAccess: 'read',
    auth: true,
    query: z.object({ id: bidId, force: z.enum(['1'], { error: '重新检查参数只能是 1' }).optional() }),
    labels: { ...labels, force: '重新检查' },
    response: bidHealth,
  }),
  pageSettingsGet: defineCall({
    path: '/btz/bid/page-settings/get',
    bidAccess: 'read',
    auth: true,
    query: byId,
    labels,
    response: pageSettings,
  }),
  pageSettingsSave: defineCall({
    path: '/btz/bid/page-settings',
    bidAccess: 'change',
    auth: true,
    query: byId,
    body: pageSettingsSchema,
    labels: { ...labels, ...PAGE_SETTINGS_LABELS },
    response: pageSettings,
  }),
  /**
   * Starts an export of the bid as a Word or PDF file: a job (issue 26) — answers at once with the export queued; its
   * progress comes as realtime `bid.export` and from `exportGet`; the file from `exportFile` once done.
   */
  exportStart: defineCall({
    path: '/btz/bid/export/start',
    bidAccess: 'read',
    auth: true,
    query: z.object({ id: bidId, format: exportFormat.default('docx') }),
    labels,
    response: bidExport,
  }),
  /** one export of the caller's (its state, progress, error) */
  exportGet: defineCall({ path: '/btz/bid/export/get', auth: true, ownedBy: 'user', query: z.object({ id: exportId }), labels: { id: '导出记录 ID' }, response: bidExport }),
  /** the bid's latest exports of the caller, newest first (a page reloaded mid-export finds its export here) */
  exportList: defineCall({ path: '/btz/bid/export/list', auth: true, bidAccess: 'read', query: byId, labels, response: z.array(bidExport) }),
  /** the exported file (a download), once its export is done */
  exportFile: defineCall({ path: '/btz/bid/export/file', auth: true, ownedBy: 'user', query: z.object({ id: exportId }), labels: { id: '导出记录 ID' }, response: download() }),
  finish: defineCall({ path: '/btz/bid/finish', auth: true, bidAccess: 'change', query: byId, labels, response: bidDetail }),
  /** the tender analysis report (招标分析报告) as Word or Excel (a download) */
  analysisReport: defineCall({
    path: '/btz/bid/analysis-report',
    bidAccess: 'read',
    auth: true,
    query: z.object({
      id: z.string().trim().min(1).max(40),
      format: z.enum(REPORT_FORMATS as [ReportFormat, ...ReportFormat[]], { error: REPORT_TEXTS.badFormat }).default('docx'),
    }),
    labels: { id: '标书 ID', format: '报告格式' },
    response: download(),
  }),
};
