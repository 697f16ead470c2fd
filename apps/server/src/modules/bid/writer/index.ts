/** The offline section writer (issue 6 item 2): fact sheet, section kinds and the writer itself. */
export { buildFactSheet, type Fact, type FactKey, type FactSheet, type Milestone } from './facts.js';
export { detectKind, scoringFor, type SectionKind } from './kinds.js';
export { writeSectionOffline, hash, type EnterpriseFacts, type WriteSectionInput, type WriteSectionResult } from './offline.js';
export { toDoc, toText, docText, countChars, inline, PLACEHOLDER_RE, type Block, type EditorDoc, type EditorNode, type EditorText, type EditorMark } from './doc.js';
