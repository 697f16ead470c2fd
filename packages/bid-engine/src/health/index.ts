export { computeHealth } from './health.js';
export type { HealthInput, DocumentHealthInput } from './health.js';
export {
  verifyFindingExcerpt,
  scoreFindings,
  scoreHealth,
  placeholderDensity,
  placeholderDeduction,
  SEVERITY_WEIGHTS,
  KIND_CAPS,
  KIND_SEVERITY,
  BLOCKERS,
  type ScoreResult,
} from './score.js';
export { clauseTerms, answersClause } from './clause-terms.js';
export { documentBid, type ReadBid, type DocumentBid } from './document.js';
export { scoringCoverage, scoringTerms, rowResponse, unknownScoring, termIn, SCORING_TERM_SHARE, SCORING_MIN_CHARS } from './coverage.js';
export { extractFacts, buildFactSheet } from './facts.js';
export { TYPO_RULES, findTypos } from './typos.js';
export { findCardConflicts, cardValues, statedFacts } from './card-conflicts.js';
export { databankFindings, usedDocs, type DatabankHealthInput } from './checks/databank.js';
