import type { HealthFinding, TenderCard } from '@btz/shared';
import { answersClause, clauseTerms } from '../clause-terms.js';
import { clip, type CheckedBid } from './bid.js';

/** ★ clauses the bid does not respond to (`star-unanswered`): a ★ clause without a response rejects the bid. */

/** A ★ printed over a part's title, not a clause: 「★三、商务和其他要求」「★（二）技术参数」. */
const STAR_TITLE = /^[★*＊]?\s*(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|\d+(?:\.\d+)*[、.．]?)?[\u4e00-\u9fa5]{2,12}(?:要求|条款|部分|参数|条件|需求|指标)[：:]?$/;

/** Lines of a response read together: each run of RESPONSE_LINES consecutive lines (a clause restated, then 满足/承诺). */
export const RESPONSE_LINES = 3;
export function responseWindows(text: string): string[] {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length <= RESPONSE_LINES) return [lines.join('\n')];
  return Array.from({ length: lines.length - RESPONSE_LINES + 1 }, (_, i) => lines.slice(i, i + RESPONSE_LINES).join('\n'));
}

/** Share of a clause's distinctive pieces a response holds (at least one). */
export const DISTINCT_SHARE = 0.25;
const squeeze = (t: string) => t.replace(/[\s★▲*＊]/g, '');
/**
 * The three-character pieces of a clause that none of the other clauses (`all`, the clause itself among them) holds:
 * what tells it from its siblings (「投标文件载明的交货期不超过…」 and 「…免费保修期不低于…」 share all their other words).
 */
export function distinctivePieces(clause: string, all: readonly string[]): string[] {
  const body = squeeze(clause);
  const others = all.filter((t) => t !== clause).map(squeeze).join('\n');
  return [...new Set(Array.from({ length: Math.max(0, body.length - 2) }, (_, i) => body.slice(i, i + 3)))].filter((p) => !/^[\d\p{P}]+$/u.test(p) && !others.includes(p));
}
/** Share of a clause's three-character pieces another of the tender's texts holding them restates it (the same clause). */
export const RESTATES_SHARE = 0.9;
/**
 * The tender's other clauses a ★ clause is told apart from: its sibling ★ clauses, and the requirements and important
 * clauses that are not the clause itself restated (the 采购需求 list prints the ★ clause again, with its ★) — a row of
 * the bid's response table answering 「本项目投标报价包含…全部费用」 answers that requirement, not the ★ clause
 * 「承包方式为总价包干，包含…全部费用」 that repeats its list of costs.
 */
export function clauseSiblings(card: TenderCard, clause: string): string[] {
  const body = squeeze(clause);
  const pieces = [...new Set(Array.from({ length: Math.max(0, body.length - 2) }, (_, i) => body.slice(i, i + 3)))];
  const restates = (t: string) => {
    const x = squeeze(t);
    return pieces.length > 0 && pieces.filter((p) => x.includes(p)).length >= RESTATES_SHARE * pieces.length;
  };
  const more = [...(card.requirements ?? []), ...card.importantClauses].map((r) => r.text).filter((t) => !restates(t));
  return [...card.starClauses.map((c) => c.text), ...more];
}

/** Whether a response holds enough of a clause's distinctive pieces (DISTINCT_SHARE, at least one; none to hold passes). */
export function holdsPieces(pieces: readonly string[], text: string): boolean {
  if (!pieces.length) return true;
  const t = squeeze(text);
  return pieces.filter((p) => t.includes(p)).length >= Math.max(1, Math.ceil(pieces.length * DISTINCT_SHARE));
}

/** A ★ over a name alone (at most four characters, no figure): 「★数量」「★人员类别」 mark a column, not a clause. */
const STAR_NAME_ONLY = /^(?:\d+[、.．]|[（(]\d+[)）])?(?![^]*[一二两三四五六七八九十百千])[\u4e00-\u9fa5A-Za-z]{1,4}$/;

export function starUnanswered(card: TenderCard, bid: CheckedBid): HealthFinding[] {
  const { flat, textOf, withText } = bid;
  const findings: HealthFinding[] = [];
  const starWordCount = new Map<string, number>();
  for (const c of card.starClauses) for (const w of new Set(clauseTerms(c.text).words)) starWordCount.set(w, (starWordCount.get(w) ?? 0) + 1);
  for (const c of card.starClauses) {
    // a ★ over a whole part (「★三、商务和其他要求」) marks the clauses under it substantive: they are answered, not its title
    if (STAR_TITLE.test(c.text.replace(/\s+/g, ''))) continue;
    // nor is a ★ over a table's column or an item's name (「★数量」「★人员类别」): a word without a figure asks nothing
    if (STAR_NAME_ONLY.test(c.text.replace(/[\s★▲*＊:：。]/g, ''))) continue;
    // the clause's own words: a phrase two other ★ clauses print too (「承诺函格式见第六章」「加盖投标人公章」) answers none of them
    const all = clauseTerms(c.text);
    const own = all.words.filter((w) => starWordCount.get(w)! < 3);
    const terms = own.length ? { ...all, words: own } : all;
    if (terms.numbers.length === 0 && terms.words.length === 0) continue;
    // answered where the response is: a few lines that hold the clause's terms together — a long section holding them
    // scattered (the bigrams of a word in three different paragraphs) responds to nothing — and what sets it apart from
    // its sibling clauses (「交货期不超过…」 is not answered by the row of 「免费保修期不低于…」)
    const pieces = distinctivePieces(c.text, clauseSiblings(card, c.text));
    if (withText.some((f) => responseWindows(textOf(f.node.id)).some((w) => answersClause(terms, w) && holdsPieces(pieces, w)))) continue;
    const owner = flat.find((f) => f.node.clauseIds?.includes(c.id));
    findings.push({
      kind: 'star-unanswered',
      severity: 'high',
      nodeId: owner?.node.id ?? null,
      refId: c.id,
      message: `★ 实质性条款「${clip(c.text, 60)}」在投标文件中未见响应，请逐条明确承诺满足（不满足将导致废标）。`,
    });
  }
  return findings;
}
