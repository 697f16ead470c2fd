/** The offline section writer (issue 6 item 2): fact sheet, section kinds and the writer itself. */
export { buildFactSheet, type Fact, type FactKey, type FactSheet, type Milestone } from './facts.js';
export { detectKind, scoringFor, type SectionKind } from './kinds.js';
export { writeSectionOffline, hash, type EnterpriseFacts, type WriteSectionInput, type WriteSectionResult } from './offline.js';
export { countChars } from '@btz/shared';
export { toDoc, toText, docText, inline, PLACEHOLDER_RE, type Block, type EditorDoc } from './doc.js';
export { markdownToBlocks, placeholdersOf } from './markdown.js';
export { buildSectionMessages, stablePrefixOf, extendPrompt, clausesForTable, KIND_LABELS, KIND_GUIDANCE, type SectionPromptInput, type ReferencePassage } from './prompts.js';
export { writeSectionLlm, maxTokensFor, markdownChars, trimMarkdown, LENGTH_MIN, LENGTH_MAX, type WriteSectionLlmOptions, type WriteSectionLlmResult } from './llm-section.js';
export { runAiAction, offlineAction, buildActionMessages, actionTarget, type AiActionRequest } from './ai-actions.js';
export { ANONYMITY_RULE, ANONYMOUS_MARK, ANONYMOUS_SELF, anonymousFacts, isAnonymousSection } from './anonymity.js';
