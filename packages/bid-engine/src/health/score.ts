import { HEALTH_CAPS, type HealthFinding, type HealthFindingKind, type HealthSeverity } from '@btz/shared';

/**
 * The score of the content check (issue 6 item 4, reweighed in issue 13 item 3): what an evaluator weighs —
 * - 100 minus, for each finding, the weight of its severity; each kind's total deduction is capped so one noisy kind
 *   cannot zero the score alone (placeholders deduct by density instead, see `placeholderDeduction`);
 * - then capped below the passing line (`HEALTH_PASSING_SCORE`) by blockers — high findings of the kinds in `BLOCKERS`
 *   (an unanswered non-price scoring row, a ★ clause without a response, a contradiction with the tender, a missing
 *   qualification, an invalid-bid risk, a scoring table not fully found): the first caps at 59, each further one 5 lower,
 *   never below 20 (`HEALTH_CAPS`); and by placeholders: ≥ 10 blanks per 10,000 characters or ≥ 100 blanks in all cap at 59.
 * More findings never raise the score.
 *
 * Severities mean: high — costs points or gets the bid rejected; medium — an evaluator will notice; low — polish.
 */

/** Deduction per finding by severity. */
export const SEVERITY_WEIGHTS: Record<HealthSeverity, number> = { high: 10, medium: 4, low: 1 };

/**
 * Severity of each kind, and why (a kind may go lower for a lesser case, noted where it does):
 * - unanswered-scoring  high: the row's points are lost (medium when the text names only some of its key points);
 * - star-unanswered     high: a ★ clause without a response rejects the bid;
 * - invalid-risk        high: the tender lists it as a ground for rejection;
 * - card-conflict       high: a number that contradicts the tender is a deviation (rejected or marked down);
 * - qualification-missing high: a qualification without its evidence fails the 资格审查;
 * - certificate-expiry  high: a certificate invalid at the opening fails the 资格审查 (databank.ts);
 * - databank-missing    medium: the data bank lacks a document the tender requires (the bid may still carry it);
 * - fact-conflict       high: a commitment stated two ways is scored by the worse or questioned (medium for response times);
 * - foreign-name        high for a known other project / a wrong 项目名称 (a copied bid is rejected), medium for an unknown company;
 * - placeholder         high in a form (投标函, 授权书, 报价表: a blank form is incomplete), medium elsewhere (noticed);
 * - empty-heading       medium: an empty section is noticed (a scored one is also an unanswered row, high);
 * - repeated            medium: copy-paste is noticed (and may be read as 雷同);
 * - too-short           medium under a quarter of the target (thin), low otherwise (polish);
 * - typo                low: polish.
 */
export const KIND_SEVERITY: Record<HealthFindingKind, HealthSeverity> = {
  'unanswered-scoring': 'high',
  'star-unanswered': 'high',
  'invalid-risk': 'high',
  'card-conflict': 'high',
  'qualification-missing': 'high',
  'certificate-expiry': 'high',
  'databank-missing': 'medium',
  'fact-conflict': 'high',
  'absurd-figure': 'high',
  'foreign-name': 'high',
  placeholder: 'medium',
  'empty-heading': 'medium',
  repeated: 'medium',
  'too-short': 'low',
  typo: 'low',
};

/** Kinds whose high findings cap the score below passing. */
export const BLOCKERS: ReadonlySet<HealthFindingKind> = new Set([
  'unanswered-scoring',
  'star-unanswered',
  'card-conflict',
  'qualification-missing',
  'certificate-expiry',
  'invalid-risk',
  'absurd-figure',
]);

/** The most a kind may deduct in total. */
export const KIND_CAPS: Record<HealthFindingKind, number> = {
  'unanswered-scoring': 40,
  'star-unanswered': 40,
  'invalid-risk': 40,
  'card-conflict': 40,
  'qualification-missing': 30,
  'certificate-expiry': 30,
  'databank-missing': 12,
  'empty-heading': 20,
  'foreign-name': 20,
  'fact-conflict': 20,
  'absurd-figure': 30,
  // placeholder findings deduct nothing themselves: the density does (placeholderDeduction)
  placeholder: 0,
  repeated: 20,
  'too-short': 15,
  typo: 8,
};

/** The most placeholders may deduct. */
export const PLACEHOLDER_MAX_DEDUCTION = 45;

/** Blanks per 10,000 characters of text. */
export function placeholderDensity(count: number, chars: number): number {
  return chars > 0 ? Math.round((count / chars) * 10_000 * 10) / 10 : count > 0 ? Infinity : 0;
}

/** What blanks deduct: 3 for any, plus 2 per blank per 10,000 characters, at most PLACEHOLDER_MAX_DEDUCTION. */
export function placeholderDeduction(count: number, chars: number): number {
  if (count <= 0) return 0;
  return Math.min(PLACEHOLDER_MAX_DEDUCTION, 3 + 2 * placeholderDensity(count, chars));
}

export interface ScoreResult {
  score: number;
  capped?: { max: number; reasons: string[] };
}

const BLOCKER_REASON: Partial<Record<HealthFindingKind, string>> = {
  'unanswered-scoring': '个评分项未响应',
  'star-unanswered': '个★条款未响应',
  'card-conflict': '处与招标文件矛盾',
  'qualification-missing': '项资格要求未响应',
  'certificate-expiry': '份证书已过期或在投标截止前到期',
  'invalid-risk': '处废标风险',
  'absurd-figure': '处数值或日期不合常理',
};

/**
 * The score of a set of findings (and the bid's blanks): deductions by severity capped per kind, blanks by density, then
 * the blocker and blank caps (see the file's comment).
 */
export function scoreHealth(
  findings: readonly Pick<HealthFinding, 'kind' | 'severity'>[],
  blanks: { count: number; chars: number } = { count: 0, chars: 0 },
): ScoreResult {
  const byKind = new Map<HealthFindingKind, number>();
  for (const f of findings) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + SEVERITY_WEIGHTS[f.severity]);
  let deduction = placeholderDeduction(blanks.count, blanks.chars);
  for (const [kind, d] of byKind) deduction += Math.min(d, KIND_CAPS[kind]);
  let score = Math.max(0, Math.round(100 - deduction));

  const reasons: string[] = [];
  let max = 100;
  const blockers = new Map<HealthFindingKind, number>();
  for (const f of findings) if (f.severity === 'high' && BLOCKERS.has(f.kind)) blockers.set(f.kind, (blockers.get(f.kind) ?? 0) + 1);
  const n = [...blockers.values()].reduce((a, b) => a + b, 0);
  if (n > 0) {
    max = Math.max(HEALTH_CAPS.floor, HEALTH_CAPS.firstBlocker - HEALTH_CAPS.perBlocker * (n - 1));
    for (const [kind, k] of blockers) reasons.push(`${k} ${BLOCKER_REASON[kind] ?? '项严重问题'}`);
  }
  const density = placeholderDensity(blanks.count, blanks.chars);
  if (blanks.count >= HEALTH_CAPS.placeholderCount || (blanks.count > 0 && density >= HEALTH_CAPS.placeholderDensity)) {
    max = Math.min(max, HEALTH_CAPS.firstBlocker);
    reasons.push(`${blanks.count} 处【待填写】（每万字 ${Number.isFinite(density) ? density : blanks.count} 处），不可直接提交`);
  }
  if (score > max) score = max;
  return reasons.length ? { score, capped: { max, reasons } } : { score };
}

/** The score alone (see scoreHealth). */
export function scoreFindings(findings: readonly Pick<HealthFinding, 'kind' | 'severity'>[], blanks?: { count: number; chars: number }): number {
  return scoreHealth(findings, blanks).score;
}

/** A finding without an excerpt passes; one with an excerpt passes only when its section's text contains it verbatim. */
export function verifyFindingExcerpt(finding: HealthFinding, sections: Record<string, string>): boolean {
  if (finding.excerpt === undefined) return true;
  if (!finding.excerpt || finding.nodeId === null) return false;
  const text = sections[finding.nodeId];
  return typeof text === 'string' && text.includes(finding.excerpt);
}
