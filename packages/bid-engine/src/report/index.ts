/**
 * The tender analysis report (招标分析报告): what a user reads before deciding to bid — the go/no-go page, the project facts, key dates,
 * the qualification checklist against the enterprise facts, the scoring table with totals, ★/▲/废标 clauses and the
 * bid's composition — as a plain model, a Word file and an Excel workbook. Pure: no database, no HTTP server.
 */
export { buildAnalysisReport, formatPoints } from './model.js';
export { reportDocx } from './docx.js';
export { buildDecision, VERDICT_LABELS, POINT_STATE_LABELS, type BidDecision, type Verdict, type PointState, type DecisionPointRow, type DecisionConstraint } from './decision.js';
export { reportXlsx, MONEY_FORMAT } from './xlsx.js';
export { checkRequirement, withBankEvidence, type ReportBankDoc, namesCertificate, levelOf, deadlineDay, shanghaiDay, type ReportEnterprise, type CheckResult, type CheckDates, type RequirementKind } from './qualify.js';
export type { AnalysisReport, ReportFactRow, ReportCheckRow, ReportScoringRow, ReportScoringGroup, ReportClauseRow, ReportPartRow } from './types.js';
