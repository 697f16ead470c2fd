export {
  computeHealth,
  verifyFindingExcerpt,
  scoreFindings,
  scoreHealth,
  placeholderDensity,
  placeholderDeduction,
  clauseTerms,
  answersClause,
  SEVERITY_WEIGHTS,
  KIND_CAPS,
  KIND_SEVERITY,
  BLOCKERS,
  SCORING_MIN_CHARS,
} from './health.js';
export type { HealthInput, DocumentHealthInput, ScoreResult } from './health.js';
export { documentBid, type ReadBid, type DocumentBid } from './document.js';
export { scoringCoverage, scoringTerms, rowResponse, unknownScoring, termIn, SCORING_TERM_SHARE } from './coverage.js';
export { extractFacts, buildFactSheet } from './facts.js';
export { TYPO_RULES, findTypos } from './typos.js';
export { findCardConflicts, cardValues, statedFacts } from './card-conflicts.js';
export { databankFindings, usedDocs, type DatabankHealthInput } from './databank.js';
