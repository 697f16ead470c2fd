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

export function starUnanswered(card: TenderCard, bid: CheckedBid): HealthFinding[] {
  const { flat, textOf, withText } = bid;
  const findings: HealthFinding[] = [];
  const starWordCount = new Map<string, number>();
  for (const c of card.starClauses) for (const w of new Set(clauseTerms(c.text).words)) starWordCount.set(w, (starWordCount.get(w) ?? 0) + 1);
  for (const c of card.starClauses) {
    // a ★ over a whole part (「★三、商务和其他要求」) marks the clauses under it substantive: they are answered, not its title
    if (STAR_TITLE.test(c.text.replace(/\s+/g, ''))) continue;
    // the clause's own words: a phrase two other ★ clauses print too (「承诺函格式见第六章」「加盖投标人公章」) answers none of them
    const all = clauseTerms(c.text);
    const own = all.words.filter((w) => starWordCount.get(w)! < 3);
    const terms = own.length ? { ...all, words: own } : all;
    if (terms.numbers.length === 0 && terms.words.length === 0) continue;
    // answered where the response is: a few lines that hold the clause's terms together — a long section holding them
    // scattered (the bigrams of a word in three different paragraphs) responds to nothing
    if (withText.some((f) => responseWindows(textOf(f.node.id)).some((w) => answersClause(terms, w)))) continue;
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
