import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import type { Page } from '../api/envelope.js';
import type { AnonymityFixResult, BidCheckDetail, BidCheckSummary, BidCheckTender } from '../api/bidcheck.js';

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


export const bidCheckCalls = {
  /** multipart: file (DOCX/PDF/DOC), kind (anonymity | reject), bidId (the tender; required for reject) → the check, run as a job */
  upload: defineCall({ path: '/btz/bidcheck/upload', auth: true, response: z.custom<{ id: string }>() }),
  /** the 暗标 check of a bid written here (its sections, export settings and its tender's rules) */
  checkBid: defineCall({ path: '/btz/bidcheck/bid', auth: true, query: z.object({ bidId: id }), labels, response: z.custom<{ id: string }>() }),
  /** the caller's tenders with a card, newest first, for the picker */
  tenders: defineCall({ path: '/btz/bidcheck/tenders', auth: true, response: z.custom<BidCheckTender[]>() }),
  list: defineCall({
    path: '/btz/bidcheck/list',
    auth: true,
    query: z.object({
      current: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(50).default(10),
      kind: kind.optional(),
    }),
    labels,
    response: z.custom<Page<BidCheckSummary>>(),
  }),
  detail: defineCall({ path: '/btz/bidcheck/detail', auth: true, query: z.object({ id }), labels, response: z.custom<BidCheckDetail>() }),
  retry: defineCall({ path: '/btz/bidcheck/retry', auth: true, query: z.object({ id }), labels, response: z.custom<void>() }),
  delete: defineCall({ path: '/btz/bidcheck/delete', auth: true, query: z.object({ id }), labels, response: z.custom<void>() }),
  /** the report as an Excel workbook */
  export: defineCall({ path: '/btz/bidcheck/export', auth: true, query: z.object({ id }), labels, response: z.custom<Blob>() }),
  /** 一键修复 of a 暗标 check of a bid written here: sections saved with a new revision, export font/size set to the rules */
  fix: defineCall({ path: '/btz/bidcheck/fix', auth: true, query: z.object({ id }), labels, response: z.custom<AnonymityFixResult>() }),
};
