/**
 * The engine's text helpers, each written once: normal forms for comparing, character bigrams, set overlap measures,
 * Chinese numerals. (The section's 字数 is `countChars` in @btz/shared: the web editor counts with it too.)
 */
export { normalise, normaliseRuns, nfkcCompact, halfWidth } from './normalise.js';
export { bigramList, bigramSet, pairsFoundIn } from './ngrams.js';
export { sharedCount, dice, containment, jaccard } from './similarity.js';
export { CN_NUMERAL_CHARS, CN_DIGIT_VALUES, parseCnNumber, parseCnSmall, readCnDigits, chineseCounting } from './numerals.js';
