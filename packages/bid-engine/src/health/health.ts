import { countChars, type BidOutlineNode, type CardConflict, type HealthFinding, type HealthReport, type HealthSeverity, type TenderCard } from '@btz/shared';
import { findCardConflicts } from './card-conflicts.js';
import { scoringCoverage } from './coverage.js';
import { documentBid, type ReadBid } from './document.js';
import { buildFactSheet, extractFacts, type LocatedFact } from './facts.js';
import { placeholderDensity, scoreHealth, verifyFindingExcerpt } from './score.js';
import { checkedBid } from './checks/bid.js';
import { unansweredScoring } from './checks/unanswered-scoring.js';
import { starUnanswered } from './checks/star-unanswered.js';
import { qualificationMissing } from './checks/qualification-missing.js';
import { cardConflict } from './checks/card-conflict.js';
import { emptyHeading } from './checks/empty-heading.js';
import { tooShort } from './checks/too-short.js';
import { placeholders } from './checks/placeholder.js';
import { absurdFigure } from './checks/absurd-figure.js';
import { typo } from './checks/typo.js';
import { foreignNames } from './checks/foreign-name.js';
import { findRepeats, textPieces } from './checks/repeated.js';
import { formsText } from '../tender/rules/forms.js';
import { factConflict } from './checks/fact-conflict.js';
import { invalidRisks } from './checks/invalid-risk.js';
import { databankFindings, type DatabankHealthInput } from './checks/databank.js';

/**
 * The content-health check of a bid (issue 6 item 4, reweighed in issue 13 item 3). Pure: the card, the outline and each
 * section's plain text in, a score 0–100 (score.ts), findings linking to sections and the fact sheet out. Every finding
 * that quotes an excerpt is checked by `verifyFindingExcerpt` against its section's text and dropped when it is not there
 * verbatim.
 *
 * Each check is a file of checks/, named for the kind of finding it makes; this file runs them in a fixed order (the
 * order of findings of one severity in one section follows it): the whole-bid checks, then each section in reading
 * order, then the checks across sections.
 */

export interface HealthInput {
  card: TenderCard;
  outline: BidOutlineNode[];
  /** nodeId → plain text of the section. */
  sections: Record<string, string>;
  enterprise?: { name?: string };
  /** Known names of other projects / companies (e.g. from the user's past bids). */
  otherNames?: string[];
  /** The owner's data bank: certificates used and documents missing (checks/databank.ts); no findings of the kind without it. */
  databank?: DatabankHealthInput;
  /** Numbers of the bid that contradict the tender card; found here with findCardConflicts when not given. */
  cardConflicts?: CardConflict[];
}

/**
 * The same check on a bid file read elsewhere (issue 15, 废标检查): the read document (document model or pages) instead
 * of the outline and sections; its headings become the outline (health/document.ts) and every finding gets its `page`.
 */
export type DocumentHealthInput = Omit<HealthInput, 'outline' | 'sections'> & { document: ReadBid };

export function computeHealth(input: HealthInput | DocumentHealthInput): HealthReport {
  if ('document' in input) {
    const { document, ...rest } = input;
    const doc = documentBid(document, input.card);
    const report = computeHealth({ ...rest, outline: doc.outline, sections: doc.sections });
    for (const f of report.findings) {
      const page = doc.pageAt(f.nodeId, f.excerpt);
      if (page !== null) f.page = page;
    }
    return report;
  }
  const { card, outline, sections } = input;
  const bid = checkedBid(outline, sections);
  const { flat, textOf, withText } = bid;
  const findings: HealthFinding[] = [];

  // 1. scoring rows: answered by text that responds to them (coverage.ts), price rows aside
  const coverage = scoringCoverage(card, outline, sections);
  findings.push(...unansweredScoring(card, bid, coverage));
  // 2. ★ clauses
  findings.push(...starUnanswered(card, bid));
  // 3. qualifications
  findings.push(...qualificationMissing(card, bid));
  // 4. numbers that contradict the tender card
  findings.push(...cardConflict(input.cardConflicts ?? findCardConflicts(input.card, input.sections)));

  // per-section checks
  const foreignName = foreignNames(card, input.enterprise?.name, input.otherNames);
  const facts: LocatedFact[] = [];
  let blankCount = 0;
  let totalChars = 0;
  for (const f of flat) {
    const id = f.node.id;
    const text = textOf(id);
    const chars = countChars(text);
    totalChars += chars;

    if (f.leaf && chars === 0) {
      findings.push(emptyHeading(f.node));
      continue;
    }
    if (chars === 0) continue;

    findings.push(...tooShort(f, text, chars));
    const blanks = placeholders(f.node, text);
    blankCount += blanks.count;
    findings.push(...blanks.findings);
    findings.push(...absurdFigure(f.node, text, card.deadline?.value));
    findings.push(...typo(f.node, text));
    findings.push(...foreignName(f.node, text));

    for (const fact of extractFacts(text, { ownOnly: true })) facts.push({ ...fact, nodeId: id });
  }

  // repeated passages across sections (later section is reported); the tender's own words — its forms, and the
  // requirements and clauses a section quotes before answering them — are followed or quoted, not copied
  const tenderWords = [formsText(card.forms), ...(card.requirements ?? []), ...card.starClauses, ...card.importantClauses, ...card.qualifications].map((x) => (typeof x === 'string' ? x : x.text));
  findings.push(...findRepeats(withText.map((f) => f.node), sections, [card.projectName?.value, card.projectNumber?.value, card.purchaser?.value, card.agency?.value, input.enterprise?.name], textPieces(tenderWords.join('\n'))));

  // fact conflicts: per kind + qualifier, the first stated value is the reference
  findings.push(...factConflict(flat, facts));

  // invalid-bid risks
  findings.push(...invalidRisks(card, flat, sections, facts));

  // the data bank: certificates that expire before the deadline, required documents it lacks
  if (input.databank) findings.push(...databankFindings(card, outline, input.databank));

  const verified = findings.filter((f) => verifyFindingExcerpt(f, sections));
  const order = new Map(flat.map((f) => [f.node.id, f.order]));
  const rank: Record<HealthSeverity, number> = { high: 0, medium: 1, low: 2 };
  verified.sort((a, b) => rank[a.severity] - rank[b.severity] || (order.get(a.nodeId ?? '') ?? -1) - (order.get(b.nodeId ?? '') ?? -1));
  const { score, capped } = scoreHealth(verified, { count: blankCount, chars: totalChars });
  return {
    score,
    ...(capped ? { capped } : {}),
    findings: verified,
    facts: buildFactSheet(facts),
    placeholders: { count: blankCount, per10k: Number.isFinite(placeholderDensity(blankCount, totalChars)) ? placeholderDensity(blankCount, totalChars) : 0 },
    coverage,
  };
}
