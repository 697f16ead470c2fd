/**
 * The go/no-go page of the analysis report (issue 25 item 3): should this bidder bid, and what does it lack? Built from
 * the report's own parts — the qualification checklist (held against the enterprise facts and the data bank), the scoring
 * table, the card's hard constraints and the reader's doubts — so the page and the sections after it never disagree.
 *
 * The verdict is a rule a bid manager can read back from the reasons printed under it:
 * - 不建议投标: a qualification the bidder lacks (资格审查 fails on it), or the deadline has passed;
 * - 谨慎投标: a certificate lapsing before the deadline, 10+ points the evidence cannot earn, fewer than 3 days left, no
 *   enterprise facts to hold the requirements against, or parts of the tender the reader was unsure of;
 * - 建议投标 otherwise.
 * Points are an estimate from the evidence the user entered, labelled so: a row asking for a certificate, a person or past
 * projects the facts show is 「可得」, one they lack 「难得」, one they cannot decide 「待确认」; plan rows depend on the
 * bid's writing and price rows on the price.
 */
import { formatYuan, type TenderCard } from '@btz/shared';
import { checkRequirement, namesCertificate, type CheckDates, type ReportEnterprise } from './qualify.js';
import type { AnalysisReport, BidDecision, DecisionConstraint, DecisionPointRow, PointState, Verdict } from './types.js';

export type { BidDecision, DecisionConstraint, DecisionPointRow, PointState, Verdict } from './types.js';

export const VERDICT_LABELS: Record<Verdict, string> = { go: '建议投标', caution: '谨慎投标', 'no-go': '不建议投标' };

export const POINT_STATE_LABELS: Record<PointState, string> = {
  earnable: '可得（证据已具备）',
  lost: '难得（缺少证据）',
  unknown: '待确认',
  writing: '取决于方案编写',
  price: '取决于报价',
};

const round = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;

/** Whole days from `today` to `day` (both `YYYY-MM-DD`). */
function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
}

/** Words of clauses that bind how the work is done or what failing costs. */
const ON_SITE = /驻场|常驻|现场(?:办公|服务|值守|驻守)|本地化?(?:服务|团队|机构)|内网|涉密|专网|不得远程/;
const PENALTY = /违约金|罚款|罚金|扣款|扣除.{0,6}(?:费用|款)|扣(?:减|罚).{0,4}(?:费|款)/;

function clauseHits(card: TenderCard, re: RegExp, max: number): { text: string; page: number | null }[] {
  const seen = new Set<string>();
  const out: { text: string; page: number | null }[] = [];
  const pools = [card.starClauses, card.importantClauses, card.invalidClauses, card.requirements ?? [], card.terms ?? []];
  for (const pool of pools) {
    for (const c of pool as { text: string; source?: { page?: number } }[]) {
      const t = c.text.replace(/\s+/g, ' ').trim();
      if (!re.test(t) || seen.has(t)) continue;
      seen.add(t);
      out.push({ text: t.length > 120 ? `${t.slice(0, 118)}…` : t, page: typeof c.source?.page === 'number' ? c.source.page : null });
      if (out.length >= max) return out;
    }
  }
  return out;
}

function pointRows(card: TenderCard, ent: ReportEnterprise, dates: CheckDates): DecisionPointRow[] {
  return (card.scoring ?? []).map((s) => {
    const page = typeof s.source?.page === 'number' ? s.source.page : null;
    const points = typeof s.points === 'number' && Number.isFinite(s.points) ? s.points : null;
    if (s.category === 'price') return { item: s.item, points, state: 'price' as const, basis: '按报价计算', page };
    // a row that grades several certificates (「每提供一个上述认证证书得5分」): those held, valid through the deadline, earn
    const text = `${s.item}：${s.criteria}`;
    const valid = (q: { expiry?: string }) => !q.expiry || !/^\d{4}-\d{2}-\d{2}$/.test(q.expiry) || q.expiry >= (dates.deadline ?? dates.today);
    const held = (ent.qualifications ?? []).filter((q) => valid(q) && namesCertificate(text, q.name));
    if (held.length) return { item: s.item, points, state: 'earnable' as const, basis: `已具备：${held.map((q) => q.name).join('、')}（按评分标准可能只得部分分）`, page };
    const r = checkRequirement(text, ent, dates);
    if (r.kind === 'other') return { item: s.item, points, state: 'writing' as const, basis: '按投标文件的方案与响应评审', page };
    const state: PointState = r.state === 'held' ? 'earnable' : r.state === 'missing' || r.state === 'expiring' ? 'lost' : 'unknown';
    return { item: s.item, points, state, basis: r.basis, page };
  });
}

/** The decision page of a report built by buildAnalysisReport from the same card, enterprise and day. */
export function buildDecision(card: TenderCard, report: Omit<AnalysisReport, 'decision'>, ent: ReportEnterprise, dates: CheckDates): BidDecision {
  const reasons: { level: 0 | 1; text: string }[] = [];
  const lacking = report.checklist.filter((c) => c.state === 'missing').map((c) => `${c.requirement.slice(0, 60)}（${c.basis}）`);
  const lapsing = report.checklist.filter((c) => c.state === 'expiring').map((c) => `${c.requirement.slice(0, 60)}（${c.basis}）`);
  const counts = report.checkCounts;
  if (lacking.length) reasons.push({ level: 0, text: `资格要求中有 ${lacking.length} 项企业尚不具备，资格审查可能不通过：${lacking.join('；')}` });

  const constraints: DecisionConstraint[] = [];
  const pageOf = (e: { source?: { page?: number } } | null | undefined) => (typeof e?.source?.page === 'number' ? e.source.page : null);
  if (dates.deadline) {
    const left = daysBetween(dates.today, dates.deadline);
    const text = `${card.deadline!.value}${left >= 0 ? `（距今 ${left} 天）` : '（已截止）'}`;
    constraints.push({ label: '投标截止', text, page: pageOf(card.deadline), attention: left < 3 });
    if (left < 0) reasons.push({ level: 0, text: `投标截止时间 ${card.deadline!.value} 已过` });
    else if (left < 3) reasons.push({ level: 1, text: `距投标截止仅 ${left} 天，编制、盖章与递交时间紧张` });
  } else {
    constraints.push({ label: '投标截止', text: '未识别到投标截止时间，请查阅招标公告', page: null, attention: true });
  }
  if (card.bidBond) {
    const b = card.bidBond;
    const text =
      b.kind === 'none' ? '不收取投标保证金' : b.kind === 'percent' && b.percent ? `${b.percentOf ?? '报价'}的 ${b.percent}%${b.percentMax ? `（不超过 ${formatYuan(b.percentMax)}）` : ''}` : b.amount ? formatYuan(b.amount) : String(b.value ?? b.text ?? '');
    constraints.push({ label: '投标保证金', text, page: pageOf(b), attention: b.kind !== 'none' });
  }
  if (card.ceilingPrice) constraints.push({ label: '最高限价', text: `${formatYuan(card.ceilingPrice.value)}，报价超过即无效`, page: pageOf(card.ceilingPrice), attention: true });
  else if (card.budget) constraints.push({ label: '预算金额', text: formatYuan(card.budget.value), page: pageOf(card.budget), attention: false });
  for (const c of card.priceCaps ?? []) {
    constraints.push({ label: c.kind === 'unit' ? '单价上限' : '费率上限', text: `${c.item ? `${c.item}：` : ''}${c.text}`, page: pageOf(c), attention: true });
  }
  if ((card.lots ?? []).length > 1) {
    const chosen = card.lot ? card.lots.find((l) => l.id === card.lot)?.name ?? card.lot : null;
    constraints.push({ label: '标段', text: `共 ${card.lots.length} 个标段${chosen ? `，本报告针对：${chosen}` : '，尚未选择投哪个标段'}`, page: null, attention: !chosen });
  }
  for (const h of clauseHits(card, ON_SITE, 3)) constraints.push({ label: '驻场/本地化', text: h.text, page: h.page, attention: true });
  for (const h of clauseHits(card, PENALTY, 3)) constraints.push({ label: '违约与扣罚', text: h.text, page: h.page, attention: true });

  const rows = pointRows(card, ent, dates);
  const sum = (st: PointState) => round(rows.filter((r) => r.state === st).reduce((n, r) => n + (r.points ?? 0), 0));
  const points = { rows, earnable: sum('earnable'), lost: sum('lost'), unknown: sum('unknown'), writing: sum('writing'), price: sum('price') };
  if (points.lost >= 10) reasons.push({ level: 1, text: `评分表中约 ${points.lost} 分要求的证书、人员或业绩企业尚不具备` });
  if (lapsing.length) reasons.push({ level: 1, text: `${lapsing.length} 项资质在投标截止前到期，需先办理延续：${lapsing.join('；')}` });

  const noFacts = !ent.name && !(ent.qualifications ?? []).length && !(ent.staff ?? []).length && !(ent.projects ?? []).length;
  if (noFacts) reasons.push({ level: 1, text: '尚未填写企业信息或上传资料库，资格与得分无法核对' });
  if (report.review.length) reasons.push({ level: 1, text: `自动读取有 ${report.review.length} 处把握不足，见「需人工核对」` });

  const risks: string[] = [];
  if (report.stars.length) risks.push(`★ 实质性条款 ${report.stars.length} 条，任一条不满足即投标无效，须逐条响应`);
  if (report.invalid.length) risks.push(`废标（无效投标）条款 ${report.invalid.length} 条，递交前逐条自查`);
  if (counts.manual) risks.push(`${counts.manual} 项资格要求需人工确认（如信誉、纳税社保、无违法记录声明），请备齐证明材料`);
  if (points.unknown) risks.push(`约 ${points.unknown} 分的评分项需人工确认证据是否满足`);
  for (const w of report.scoring.warnings) risks.push(w);

  const verdict: Verdict = reasons.some((r) => r.level === 0) ? 'no-go' : reasons.length ? 'caution' : 'go';
  const ordered = reasons.sort((a, b) => a.level - b.level).map((r) => r.text);
  if (verdict === 'go') ordered.push(`资格要求未发现缺项${counts.held ? `（已具备 ${counts.held} 项）` : ''}，截止时间充裕，评分证据可得约 ${points.earnable} 分`);
  return {
    verdict,
    verdictLabel: VERDICT_LABELS[verdict],
    reasons: ordered,
    qualification: { held: counts.held, missing: counts.missing, expiring: counts.expiring, manual: counts.manual, lacking, lapsing },
    points,
    constraints,
    risks,
  };
}
