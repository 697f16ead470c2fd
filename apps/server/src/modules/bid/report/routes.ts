/**
 * `/btz/bid/analysis-report` (docs/api.md "Analysis report"): the tender analysis report (招标分析报告) of a bid as a
 * Word file or an Excel workbook, downloaded like the export (sendFile, Chinese file name). Any bid of the user's own
 * whose card exists — finished bids too; a bid being parsed, or whose last parse failed, is refused in Chinese.
 */
import type { FastifyInstance } from 'fastify';
import { REPORT_TEXTS, type EnterpriseInfo, type ReportFormat } from '@btz/shared';
import { writingCalls } from '@btz/shared/calls';
import { buildAnalysisReport, reportDocx, reportXlsx, withBankEvidence, type ReportEnterprise } from '@btz/bid-engine/report';
import { bankEvidence } from '../../databank/qualify.js';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { defineRoute } from '../../../http/route.js';
import { factsOwner, readInfo } from '../../enterprise/index.js';
import { bidToRead } from '../access.js';
import type { BidRow } from '../repo.js';
import { sendFile } from '../../../http/send-file.js';

const MIME: Record<ReportFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Everything the user entered, lapsed certificates included (the writer's facts leave those out; the checklist must
 * say 「已过期」 rather than 「缺少」 without a reason) and the staff's practising certificates.
 */
export function reportEnterprise(info: EnterpriseInfo): ReportEnterprise {
  return {
    name: info.name || undefined,
    creditCode: info.creditCode || undefined,
    qualifications: info.qualifications.map((q) => ({ name: q.name, number: q.number || undefined, expiry: q.expiry || undefined })),
    staff: info.staff.map((s) => ({ name: s.name, role: s.role || undefined, title: s.title || undefined, certificate: s.certificate || undefined })),
    projects: info.projects.map((p) => ({ name: p.name, client: p.client || undefined, year: p.year || undefined, amount: p.amount || undefined })),
  };
}

/** The card the report is made from, or the Chinese reason there is none to make it from yet. */
function cardOf(bid: BidRow) {
  if (bid.parse_state === 'queued' || bid.parse_state === 'running') throw badRequest(REPORT_TEXTS.parsing);
  if (bid.parse_state === 'failed') throw badRequest(REPORT_TEXTS.failed);
  if (!bid.card) throw badRequest(REPORT_TEXTS.noCard);
  return bid.card;
}

export function registerReportRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: writingCalls.analysisReport,
    raw: true,
    handler: async ({ auth, query, reply }) => {
      const bid = await bidToRead(app, auth, query.id);
      const card = cardOf(bid);
      // the bid owner's facts (its enterprise's in the enterprise role), as the writer reads them
      const ref = { tenantId: bid.tenant_id, userId: bid.user_id };
      const info = await readInfo(app.db, ref.tenantId, await factsOwner(app.db, ref));
      // …completed from the owner's data bank (certificates with their expiry, people, projects)
      const ent = withBankEvidence(reportEnterprise(info), await bankEvidence(app, bid));
      const report = buildAnalysisReport(card, ent, new Date());
      const data = query.format === 'xlsx' ? await reportXlsx(report) : await reportDocx(report);
      const project = (card.projectName?.value?.trim() || bid.name).replace(/[\\/:*?"<>|\r\n]/g, '_').slice(0, 100);
      return sendFile(reply, { data, mime: MIME[query.format], name: REPORT_TEXTS.fileName(project, query.format) });
    },
  });
}
