/**
 * The LLM layer as the bid engine sees it: the provider interface, the offline provider, the OpenAI-compatible client
 * (an outbound HTTP client; no server inside) and the helpers every model call uses. The server's `createLlm` picks one
 * from its configuration (apps/server/src/providers/llm).
 */
export * from './types.js';
export { chatUntilDone, DEFAULT_CONTINUE_PROMPT, type UntilDoneOptions, type UntilDoneResult } from './continue.js';
export { extractJson, parseLooseJson, type ExtractJsonOptions, type ExtractJsonResult } from './json.js';
export { OfflineLlm, OFFLINE_NOTICE, type OfflineOptions } from './offline.js';
export { chatCompletionsUrl, OpenAiCompatibleLlm, type OpenAiCompatibleOptions } from './openai-compatible.js';
export { Semaphore, abortError, type Limiter } from './semaphore.js';
export { endsAtSentence, estimatePromptTokens, estimateTokens, trimToSentenceEnd, ThinkFilter, overlapLength } from './text.js';
