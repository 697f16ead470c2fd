import type { HealthFinding, TenderCard } from '@btz/shared';
import { clauseTerms, wordIn, type ClauseTerms } from '../clause-terms.js';
import { clip, type CheckedBid } from './bid.js';

/**
 * Qualification requirements the bid does not respond to (`qualification-missing`): each requirement needs a response (a
 * statement or its evidence) somewhere in the bid — the evidence of one requirement is often spread (营业执照 here,
 * 授权委托书 there), so the whole bid is read at once.
 */

/**
 * A section responds to a qualification requirement when it names ≥ 40 % of the requirement's key phrases (its numbers —
 * clause numbering, dates — are not asked for: the evidence is a certificate or a statement, not a restated figure).
 */
export function answersQualification(terms: ClauseTerms, text: string): boolean {
  if (!terms.words.length) return true;
  return terms.words.filter((w) => wordIn(w, text)).length / terms.words.length >= QUALIFICATION_SHARE;
}
export const QUALIFICATION_SHARE = 0.4;

export function qualificationMissing(card: TenderCard, bid: CheckedBid): HealthFinding[] {
  const { textOf, withText } = bid;
  const findings: HealthFinding[] = [];
  const wholeBid = card.qualifications.length ? withText.map((f) => `${f.node.title}\n${textOf(f.node.id)}`).join('\n') : '';
  for (const c of card.qualifications) {
    const terms = clauseTerms(c.text);
    if (terms.words.length === 0) continue;
    if (answersQualification(terms, wholeBid)) continue;
    findings.push({
      kind: 'qualification-missing',
      severity: 'high',
      nodeId: null,
      refId: c.id,
      message: `资格要求「${clip(c.text, 60)}」在投标文件中未见响应或证明材料，请补充（资格审查不通过将导致投标无效）。`,
    });
  }
  return findings;
}
