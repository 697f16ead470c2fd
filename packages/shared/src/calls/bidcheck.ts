import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { download, idOnly, model, nothing, pageOf, percent, time } from './answers.js';
import type { AnonymityFixResult, BidCheckDetail, BidCheckReport, BidCheckSummary, BidCheckTender } from '../api/bidcheck.js';
import type { AnonymityRules } from '../bid.js';
import type { ScoringCoverage } from '../health.js';

/**
 * The bid checks of the tools hub (docs/api.md "Bid checks", issue 15): the 暗标 check and the 废标 check of an uploaded
 * bid file, the 暗标 check of a bid written here, and 一键修复 of such a bid. Checks run as jobs; their reports belong to
 * the caller's owner (the user, or its enterprise in the enterprise role).
 */
const id = z.string().trim().min(1).max(40);
const kind = z.enum(['anonymity', 'reject']);

export const BID_CHECK_LABELS = {
  id: '检查 ID',
  bidId: '招标项目',
  kind: '检查类型',
  current: '页码',
  size: '每页条数',
};
const labels = BID_CHECK_LABELS;


/* ---- answers ---- */

const str = z.string();
const int = z.number().int();
const severity = z.enum(['high', 'medium', 'low']);
const counts = z.strictObject({ high: int.min(0), medium: int.min(0), low: int.min(0) });
const finding = z.strictObject({
  id: str,
  rule: str,
  severity,
  page: int.nullable(),
  pages: z.array(int).optional(),
  excerpt: str.optional(),
  message: str,
  fix: str,
  nodeId: str.nullable().optional(),
  section: str.optional(),
  fixable: z.boolean().optional(),
});
const report: z.ZodType<BidCheckReport> = z.strictObject({
  kind: z.enum(['anonymity', 'reject']),
  fileName: str,
  tenderName: str.nullable(),
  pageCount: int.min(0),
  findings: z.array(finding),
  counts,
  passed: z.boolean(),
  // the tender's 暗标 rules and the scoring coverage are the engine's models, handed on as they are
  rules: model<AnonymityRules>([], '暗标规则').nullable().optional(),
  score: z.number().optional(),
  capped: z.strictObject({ max: z.number(), reasons: z.array(str) }).optional(),
  coverage: model<ScoringCoverage>(['rows', 'total', 'answered', 'percent'], '评分项覆盖').optional(),
  notes: z.array(str),
});
const summaryFields = {
  id: str,
  kind: z.enum(['anonymity', 'reject']),
  source: z.enum(['upload', 'bid']),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: percent,
  error: str.nullable(),
  fileName: str,
  bidId: str.nullable(),
  bidName: str.nullable(),
  counts: counts.nullable(),
  passed: z.boolean().nullable(),
  createTime: time,
};
const summary: z.ZodType<BidCheckSummary> = z.strictObject(summaryFields);
const detail: z.ZodType<BidCheckDetail> = z.strictObject({ ...summaryFields, report: report.nullable() });
const tender: z.ZodType<BidCheckTender> = z.strictObject({
  id: str,
  name: str,
  projectName: str.nullable(),
  anonymity: z.boolean(),
  written: z.boolean(),
  updateTime: time,
});
const fixResult: z.ZodType<AnonymityFixResult> = z.strictObject({
  sections: int.min(0),
  replacements: int.min(0),
  colours: int.min(0),
  settings: z.boolean(),
  message: str,
});

export const bidCheckCalls = {
  /** multipart: file (DOCX/PDF/DOC), kind (anonymity | reject), bidId (the tender; required for reject) → the check, run as a job */
  upload: defineCall({
    path: '/btz/bidcheck/upload',
    auth: true,
    fields: z.strictObject({
      kind: z.enum(['anonymity', 'reject'], { error: '检查类型只能是暗标检查或废标检查' }),
      bidId: id.optional(),
    }),
    labels,
    response: idOnly,
  }),
  /** the 暗标 check of a bid written here (its sections, export settings and its tender's rules) */
  checkBid: defineCall({ path: '/btz/bidcheck/bid', auth: true, bidAccess: 'read', query: z.object({ bidId: id }), labels, response: idOnly }),
  /** the caller's tenders with a card, newest first, for the picker */
  tenders: defineCall({ path: '/btz/bidcheck/tenders', auth: true, response: z.array(tender) }),
  list: defineCall({
    path: '/btz/bidcheck/list',
    auth: true,
    query: z.object({
      current: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(50).default(10),
      kind: kind.optional(),
    }),
    labels,
    response: pageOf(summary),
  }),
  detail: defineCall({ path: '/btz/bidcheck/detail', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: detail }),
  retry: defineCall({ path: '/btz/bidcheck/retry', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  delete: defineCall({ path: '/btz/bidcheck/delete', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  /** the report as an Excel workbook */
  export: defineCall({ path: '/btz/bidcheck/export', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: download() }),
  /** 一键修复 of a 暗标 check of a bid written here: sections saved with a new revision, export font/size set to the rules */
  fix: defineCall({ path: '/btz/bidcheck/fix', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: fixResult }),
};
