import { countChars, unknownScoring, type BidOutlineNode, type ScoringCoverage, type ScoringItem, type ScoringRowCoverage, type ScoringRowState, type TenderCard } from '@btz/shared';

export { unknownScoring };
import { keyPoints, rowPoints } from '../tender/key-points.js';
import { pairsFoundIn } from '../text/ngrams.js';
import { DEVIATION_TABLE_TITLE, isDeviationRow } from '../tender/deviation.js';

/**
 * Coverage by points (issue 13 item 3), defined once here for the health check and the coverage view: a scoring row is
 * answered when the text under its sections (the nodes whose `scoringIds` name it, and everything below them) is long
 * enough AND names the points an evaluator looks for — the sub-points its criteria list (「包括人员配置、服务流程、考核与
 * 应急」), else the key phrases of its criteria. A mapped title alone answers nothing. Price rows are scored from the
 * quote, not by text. Rows the reader could not find (the table did not add up, came to less than 100 points, or no
 * table at all) are reported as unknown and never counted as answered.
 */

/** Minimum characters (whitespace excluded) of text answering a scoring row. */
export const SCORING_MIN_CHARS = 200;
/** Share of a row's key points its text must name to count as answered. */
export const SCORING_TERM_SHARE = 0.5;

/** The key points of a scoring row (tender/key-points.ts, the one definition the writer uses too): its points, then its name parts. */
export function scoringTerms(row: Pick<ScoringItem, 'item' | 'criteria'>): string[] {
  return keyPoints(row);
}

/** Close wordings an evaluator accepts for one another. */
const ALIKE: [RegExp, string][] = [
  [/同类/g, '类似'],
  [/售后/g, '运维'],
  [/人员/g, '人'],
];

/** The text names the term: verbatim, or (for terms of 3+ characters) ≥ 70 % of its character pairs. */
export function termIn(term: string, text: string): boolean {
  if (text.includes(term)) return true;
  let alike = term;
  for (const [re, to] of ALIKE) alike = alike.replace(re, to);
  if (alike !== term && text.includes(alike)) return true;
  if (term.length < 3) return false;
  return pairsFoundIn(term, text) >= 0.7;
}

/** How a text answers a row (price rows aside): the state, the characters and the key points missing. */
export function rowResponse(
  row: Pick<ScoringItem, 'item' | 'criteria'>,
  body: string,
  titles = '',
): { state: Exclude<ScoringRowState, 'price' | 'unmapped'>; chars: number; terms: string[]; missing: string[] } {
  const chars = countChars(body);
  const { name, points } = rowPoints(row);
  const text = withoutCriteria(body, row.criteria ?? '');
  // the row's name may be in a title; its points must be in the text
  const missing = [...points.filter((t) => !termIn(t, text)), ...name.filter((t) => !termIn(t, `${titles}\n${text}`))];
  const terms = [...points, ...name];
  if (chars === 0) return { state: 'unwritten', chars, terms, missing: terms };
  let state: 'answered' | 'partial' | 'unanswered';
  if (points.length) {
    // the points, and the row's name parts said in the text itself (not only in a title)
    const named = terms.filter((t) => termIn(t, text)).length;
    if ((points.every((t) => !termIn(t, text)) && named < name.length) || named === 0) state = 'unanswered';
    else state = named / terms.length < SCORING_TERM_SHARE ? 'partial' : 'answered';
  } else {
    // criteria that name no points: the row's name, in a title or the text
    state = name.length && missing.length === name.length ? 'unanswered' : 'answered';
  }
  // too short to answer: a line or two (under half the minimum) answers nothing; a short text that says what the row asks
  // answers it in part (an evaluator scores what is said, thinly said)
  if (chars < SCORING_MIN_CHARS) state = state === 'answered' && chars >= SCORING_MIN_CHARS / 2 ? 'partial' : 'unanswered';
  return { state, chars, terms, missing };
}

export { isDeviationRow };

/**
 * A deviation row is scored from the deviation table (the outline maps it there; on a read bid file, the heading titled
 * for the table of its side): answered when the table holds its rows — a line of three or more cells (tab-separated as
 * written here, 「 | 」 as a read file's table) that states a requirement (a cell of words or figures beyond a placeholder: the form's
 * template rows 「*｜*-1｜【待填写】」 and a head of short labels are no rows); the offered values still to fill are the
 * placeholders' finding.
 */
function deviationResponse(body: string): { state: Exclude<ScoringRowState, 'price' | 'unmapped'>; chars: number; terms: string[]; missing: string[] } {
  const chars = countChars(body);
  const rows = body
    .split('\n')
    .map((l) => l.split(/\t| \| /).map((cell) => cell.replace(/【[^】]*】/g, '').replace(/[\s*…．.、\-－—]/g, '')))
    .filter((cells) => cells.length >= 3 && cells.some((x) => x.length >= 4) && !cells.every((x) => x.length <= 8 && !/\d/.test(x))).length;
  if (chars === 0) return { state: 'unwritten', chars, terms: ['偏离表'], missing: ['偏离表'] };
  return rows >= 1 ? { state: 'answered', chars, terms: ['偏离表'], missing: [] } : { state: 'unanswered', chars, terms: ['偏离表'], missing: ['偏离表'] };
}

/** The text with the criteria's own clauses (≥ 8 characters) taken out: quoting the scoring standard answers nothing. */
export function withoutCriteria(text: string, criteria: string): string {
  let out = text;
  for (const clause of criteria.split(/[，,。；;：:\n]+/)) {
    const c = clause.trim();
    if (c.length >= 8) out = out.split(c).join(' ');
  }
  return out;
}

/** The text of a node and of all nodes under it. */
function subtreeText(n: BidOutlineNode, sections: Record<string, string>): string {
  const parts: string[] = [sections[n.id] ?? ''];
  for (const c of n.children ?? []) parts.push(subtreeText(c, sections));
  return parts.join('\n');
}

/** The titles of a node and of all nodes under it (a section titled 「售后服务方案」 names its row; it adds no length). */
function subtreeTitles(n: BidOutlineNode): string {
  return [n.title, ...(n.children ?? []).map(subtreeTitles)].join('\n');
}

function walk(nodes: readonly BidOutlineNode[], fn: (n: BidOutlineNode) => void): void {
  for (const n of nodes) {
    fn(n);
    walk(n.children ?? [], fn);
  }
}

/** Every scoring row of the card as the bid's text answers it, and the rows not found. */
export function scoringCoverage(card: Pick<TenderCard, 'scoring' | 'scoringCheck' | 'lots'>, outline: readonly BidOutlineNode[], sections: Record<string, string>): ScoringCoverage {
  const mapped = new Map<string, BidOutlineNode[]>();
  walk(outline, (n) => {
    for (const sid of n.scoringIds ?? []) mapped.set(sid, [...(mapped.get(sid) ?? []), n]);
  });
  const rows: ScoringRowCoverage[] = (card.scoring ?? []).map((s) => {
    const nodes = mapped.get(s.id) ?? [];
    const base = { scoringId: s.id, item: s.item, points: typeof s.points === 'number' ? s.points : null, category: s.category ?? null, nodeIds: nodes.map((n) => n.id) };
    if (s.category === 'price') return { ...base, state: 'price', chars: 0, terms: [], missing: [] };
    if (!nodes.length) {
      const terms = scoringTerms(s);
      return { ...base, state: 'unmapped', chars: 0, terms, missing: terms };
    }
    const body = nodes.map((n) => subtreeText(n, sections)).join('\n');
    if (isDeviationRow(s.item) && nodes.every((n) => n.mode === 'table' || (n.mode === 'form' && DEVIATION_TABLE_TITLE.test(n.title)))) return { ...base, ...deviationResponse(body) };
    return { ...base, ...rowResponse(s, body, nodes.map(subtreeTitles).join('\n')) };
  });
  const scored = rows.filter((r) => r.state !== 'price');
  const answered = scored.filter((r) => r.state === 'answered');
  const withPoints = scored.filter((r) => r.points !== null);
  const price = rows.filter((r) => r.state === 'price' && r.points !== null);
  const unknown = unknownScoring(card);
  const denominator = scored.length + (unknown ? 1 : 0);
  return {
    rows,
    total: scored.length,
    answered: answered.length,
    pointsTotal: withPoints.length ? withPoints.reduce((a, r) => a + r.points!, 0) : null,
    pointsAnswered: withPoints.length ? answered.reduce((a, r) => a + (r.points ?? 0), 0) : null,
    pricePoints: price.length ? price.reduce((a, r) => a + r.points!, 0) : null,
    unknown,
    percent: denominator ? Math.floor((answered.length / denominator) * 100) : 100,
  };
}
