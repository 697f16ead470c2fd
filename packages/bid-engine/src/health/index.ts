export { computeHealth, verifyFindingExcerpt, scoreFindings, clauseTerms, answersClause, SEVERITY_WEIGHTS, KIND_CAPS } from './health.js';
export type { HealthInput } from './health.js';
export { extractFacts, buildFactSheet } from './facts.js';
export { TYPO_RULES, findTypos } from './typos.js';
export { findCardConflicts, cardValues, statedFacts } from './card-conflicts.js';
