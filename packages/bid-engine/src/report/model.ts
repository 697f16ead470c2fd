/**
 * The analysis report's content from the tender card and the enterprise facts (pure: no database, no clock but `now`).
 * The card's optional parts (terms, lots, a printed scoring total or warning a newer card may carry) are read when they
 * are there and left out when they are not.
 */
import {
  CARD_LABELS,
  CARD_TERM_LABELS,
  cardReview,
  REPORT_CHECK_LABELS,
  formatYuan,
  SCORING_CATEGORY_LABELS,
  shanghaiMinute,
  shanghaiToday,
  type CardFact,
  type CardFlag,
  type ReportCheckState,
  type ScoringCategory,
  type TenderCard,
} from '@btz/shared';
import { buildDecision } from './decision.js';
import { checkRequirement, deadlineDay, type ReportEnterprise } from './qualify.js';
import type { AnalysisReport, ReportClauseRow, ReportFactRow, ReportScoringGroup } from './types.js';

/** 30 → '30', 21.5 → '21.5', 0.1 + 0.2 → '0.3' */
export function formatPoints(n: number): string {
  return String(Math.round(n * 100) / 100);
}



const pageOf = (e: { source?: { page?: number } } | null | undefined) => (typeof e?.source?.page === 'number' ? e.source.page : null);
const fileOf = (e: { source?: { file?: string } } | null | undefined) => e?.source?.file ?? null;

function factNote(f: CardFact<unknown>): string {
  const flags: CardFlag[] = f.flags ?? [];
  const notes: string[] = [];
  const show = (v: unknown) => (typeof v === 'number' ? formatYuan(v) : String(v));
  if (!f.verified || flags.includes('unverified')) notes.push('未在原文中核实到，请对照页码核对');
  const last = f.overridden?.[f.overridden.length - 1];
  if (last) notes.push(`已由补遗变更，原为 ${show(last.value)}（${last.source.file} 第 ${last.source.page} 页）`);
  for (const c of f.conflicts ?? []) notes.push(`招标文件另有表述：${c.text}（第 ${c.source.page} 页）`);
  if (f.mismatch) notes.push(`两种提取结果不一致，另一结果为 ${show(f.mismatch.value)}`);
  if (f.doubt) notes.push(f.doubt);
  return notes.join('；');
}

function factRow(key: string, label: string, f: CardFact<unknown> | null | undefined, amount?: number | null): ReportFactRow | null {
  if (!f) return null;
  const money = typeof f.value === 'number' ? f.value : (amount ?? null);
  const value = typeof f.value === 'number' ? formatYuan(f.value) : String(f.value ?? f.text ?? '').trim() || String(f.text ?? '');
  return { key, label, value, amount: money, page: pageOf(f), file: fileOf(f), note: factNote(f) };
}

const clauseRows = (list: { text: string; source?: { page?: number; file?: string } }[] | undefined): ReportClauseRow[] =>
  (list ?? []).map((c, i) => ({ no: i + 1, text: c.text, page: pageOf(c), file: fileOf(c) }));

// ---------------------------------------------------------------------------------------------------------------- scoring

/** A printed scoring total and warnings, if the card carries them (fields a newer card may add; read loosely). */
function cardScoringExtras(card: TenderCard): { printed: number | null; warnings: string[] } {
  const c = card as unknown as Record<string, unknown>;
  const warnings: string[] = [];
  let printed: number | null = null;
  const takeNumber = (v: unknown) => {
    if (printed === null && typeof v === 'number' && Number.isFinite(v) && v > 0) printed = v;
  };
  const takeText = (v: unknown) => {
    if (typeof v === 'string' && v.trim()) warnings.push(v.trim());
    else if (Array.isArray(v)) v.forEach(takeText);
  };
  for (const key of ['scoringTotal', 'scoringCheck']) {
    const v = c[key];
    takeNumber(v);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      takeNumber(o.printed);
      takeNumber(o.total);
      takeNumber(o.value);
      takeText(o.warning);
      takeText(o.message);
    }
  }
  takeText(c.scoringWarning);
  takeText(c.scoringWarnings);
  return { printed, warnings: [...new Set(warnings)] };
}

const CATEGORY_ORDER: ScoringCategory[] = ['technical', 'commercial', 'price'];

function scoringOf(card: TenderCard): AnalysisReport['scoring'] {
  const rows = (card.scoring ?? []).map((s, i) => ({
    no: i + 1,
    category: s.category,
    categoryLabel: SCORING_CATEGORY_LABELS[s.category] ?? String(s.category),
    item: s.item,
    points: typeof s.points === 'number' && Number.isFinite(s.points) ? s.points : null,
    criteria: s.criteria ?? '',
    page: pageOf(s),
  }));
  const groups: ReportScoringGroup[] = [];
  for (const category of [...CATEGORY_ORDER, ...new Set(rows.map((r) => r.category).filter((c) => !CATEGORY_ORDER.includes(c)))]) {
    const of = rows.filter((r) => r.category === category);
    if (!of.length) continue;
    groups.push({ category, label: of[0]!.categoryLabel, count: of.length, points: round(of.reduce((n, r) => n + (r.points ?? 0), 0)) });
  }
  const withPoints = rows.filter((r) => r.points !== null);
  const total = withPoints.length ? round(withPoints.reduce((n, r) => n + r.points!, 0)) : null;
  const extras = cardScoringExtras(card);
  const warnings = [...extras.warnings];
  if (!extras.warnings.length && total !== null) {
    if (extras.printed !== null && Math.abs(extras.printed - total) > 0.001) {
      warnings.push(`评分项分值合计 ${formatPoints(total)} 分，与招标文件载明的总分 ${formatPoints(extras.printed)} 分不一致，请对照原文核对评分表`);
    } else if (extras.printed === null && Math.abs(total - 100) > 0.001) {
      warnings.push(`评分项分值合计 ${formatPoints(total)} 分，不是 100 分：可能有评分项未识别，或价格分另行折算，请对照原文核对评分表`);
    }
  }
  const blank = rows.length - withPoints.length;
  if (blank) warnings.push(`${blank} 个评分项未识别到分值，请对照原文补充`);
  return { rows, groups, total, printedTotal: extras.printed, warnings };
}

const round = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------- the report

/**
 * The report of one tender card for one enterprise at `now`: facts with pages, the qualification checklist (see
 * qualify.ts), the scoring table with totals, ★/▲/废标 lists and the composition in the tender's order.
 */
export function buildAnalysisReport(card: TenderCard, enterprise: ReportEnterprise | null | undefined, now: Date): AnalysisReport {
  const ent = enterprise ?? {};
  const projectName = card.projectName?.value?.trim() || '未命名项目';
  const overview = [
    factRow('projectName', CARD_LABELS.projectName, card.projectName),
    factRow('projectNumber', CARD_LABELS.projectNumber, card.projectNumber),
    factRow('purchaser', CARD_LABELS.purchaser, card.purchaser),
    factRow('agency', CARD_LABELS.agency, card.agency),
    factRow('budget', CARD_LABELS.budget, card.budget),
    factRow('ceilingPrice', CARD_LABELS.ceilingPrice, card.ceilingPrice),
    factRow('bidBond', CARD_LABELS.bidBond, card.bidBond, card.bidBond?.amount ?? null),
  ].filter((r): r is ReportFactRow => r !== null);
  const dates = [
    factRow('deadline', CARD_LABELS.deadline, card.deadline),
    factRow('openingTime', CARD_LABELS.openingTime, card.openingTime),
    factRow('openingPlace', CARD_LABELS.openingPlace, card.openingPlace),
  ].filter((r): r is ReportFactRow => r !== null);
  const terms: ReportFactRow[] = (card.terms ?? []).map((t) => ({
    key: t.key,
    label: CARD_TERM_LABELS[t.key] ?? t.key,
    value: t.text,
    amount: null,
    page: pageOf(t),
    file: fileOf(t),
    note: t.verified ? '' : '未在原文中核实到，请对照页码核对',
  }));

  const checkDates = { deadline: deadlineDay(card.deadline?.value), today: shanghaiToday(now) };
  const checklist = (card.qualifications ?? []).map((q, i) => {
    const r = checkRequirement(q.text, ent, checkDates);
    return { no: i + 1, requirement: q.text, kind: r.kind, state: r.state, stateLabel: REPORT_CHECK_LABELS[r.state], basis: r.basis, page: pageOf(q) };
  });
  const checkCounts = { held: 0, missing: 0, expiring: 0, manual: 0 } as Record<ReportCheckState, number>;
  for (const r of checklist) checkCounts[r.state]++;

  const lots = (card.lots ?? []).map((l) => ({ id: l.id, name: l.name }));
  const notes: string[] = [];
  if (card.writer === 'offline') notes.push('本报告的招标要点由规则引擎（离线模式）从原文中提取，请对照页码核对原文。');
  if (card.llm?.failed?.length) notes.push(`以下要点由规则引擎补充：${card.llm.failed.join('、')}。`);
  if (lots.length > 1 && !card.lot) notes.push(`招标文件包含 ${lots.length} 个标段，尚未选择标段，报告内容涵盖全部标段。`);
  if (!ent.name && !(ent.qualifications ?? []).length && !(ent.staff ?? []).length && !(ent.projects ?? []).length) {
    notes.push('尚未填写企业信息：资格审查各项均需人工确认，可在「企业信息」中填写资质、人员与业绩后重新导出。');
  }

  const report: Omit<AnalysisReport, 'decision'> = {
    title: `${projectName}招标分析报告`,
    projectName,
    generatedAt: shanghaiMinute(now),
    enterpriseName: ent.name?.trim() || null,
    overview,
    dates,
    terms,
    lots,
    lot: card.lot ? (lots.find((l) => l.id === card.lot)?.name ?? card.lot) : null,
    checklist,
    checkCounts,
    scoring: scoringOf(card),
    stars: clauseRows(card.starClauses),
    important: clauseRows(card.importantClauses),
    invalid: clauseRows(card.invalidClauses),
    composition: (card.composition ?? []).map((p, i) => ({ no: i + 1, title: p.title, note: p.note ?? '', page: pageOf(p) })),
    notes,
    review: cardReview(card).map((r) => r.text),
  };
  return { ...report, decision: buildDecision(card, report, ent, checkDates) };
}
