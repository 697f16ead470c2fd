/**
 * The offline (rule-based) tender engine: the tender card from the pages of a bid's files, and the outline from the card.
 * The LLM path fills the same `TenderCard` and must pass its entries through `verifyCard` before they are shown.
 */
export { extractCard } from './card.js';
export {
  generateOutline,
  validateOutline,
  renumber,
  computeCoverage,
  coverageGaps,
  flattenOutline,
  newNodeId,
  classifyChapter,
  answerTitle,
  DEFAULT_SECTION_CHARS,
  DEFAULT_TOTAL_CHARS,
  FALLBACK_COMPOSITION,
  type OutlineOptions,
  type OutlineResult,
  type OutlineValidation,
} from './outline.js';
export { verifyExcerpt, verifyEntry, verifyCard } from './verify.js';
export { parseMoney, parseCnMoney, parseDateTime, parseCnInt } from './text.js';
export { lotMentions, resolveLot } from './rules/lots.js';
export { classifyItem } from './rules/scoring.js';
export type { TenderFileInput, TenderPage, TenderChapter, ExtractOptions } from './types.js';
export { extractCardWithLlm, extractCardWithLlmDetailed, type LlmCardOptions, type LlmCardResult, type LlmTaskReport } from './llm/llm-card.js';
export { CARD_TASKS, taskIdOf, taskHeader, TASK_MARKER } from './llm/llm-tasks.js';
export { anonymityRules, parseFormat, isAnonymityClause, isFormatSpecClause, CN_SIZES } from './rules/anonymity.js';
export { detectDomain, DOMAIN_LABELS, type TenderDomain } from './domain.js';
