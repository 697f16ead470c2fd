/**
 * The LLM layer as the rest of the server sees it. Two implementations: `OpenAiCompatibleLlm` (any OpenAI-compatible
 * chat-completions endpoint: DeepSeek, Qwen/DashScope, Moonshot, Zhipu, Ollama, vLLM…) and `OfflineLlm` (no model
 * configured; deterministic template text, never pretending to be a model). `createLlm` (index.ts) picks one.
 */

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/**
 * Why a completion ended. `stop`: the model finished; `length`: it hit max_tokens (see `chatUntilDone`);
 * `content_filter`: the vendor's filter cut it; `cancelled`: the caller's AbortSignal fired (the partial text is returned).
 */
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls' | 'cancelled';

export interface Usage {
  /** input tokens, cached ones included */
  prompt: number;
  /** output tokens */
  completion: number;
  /** input tokens served from the vendor's prefix cache (OpenAI `prompt_tokens_details.cached_tokens`, DeepSeek `prompt_cache_hit_tokens`) */
  cached: number;
  /** true when the endpoint reported no usage and the figures are our own estimate (≈1 token per CJK char, 4 ASCII chars) */
  estimated?: boolean;
}

export interface RestartInfo {
  /** attempt number that is about to start (2 = first retry) */
  attempt: number;
  /** why the previous attempt failed (Chinese, for logs) */
  reason: string;
  /**
   * How many characters of the text already passed to `onDelta` by this call stay valid: keep that prefix, discard the
   * rest. Always 0 for `chat()`; `chatUntilDone` keeps the rounds that were already complete.
   */
  validLength: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
  /** ask for a JSON object (`response_format: json_object` where the endpoint supports it); see json.ts for the full helper */
  json?: boolean;
  /** cancels the call whether it is still queued for a concurrency slot or already streaming */
  signal?: AbortSignal;
  /** each piece of text as it streams in (thinking blocks stripped) */
  onDelta?(text: string): void;
  /**
   * Opt-in restart semantics. Without it, a call whose stream fails after text was already passed to `onDelta` is not
   * retried (the caller would see duplicated text) and rejects with `LlmError` (`partialText` set). With it, such a call
   * is retried from scratch: `onRestart` is called first and the caller must drop its text after `validLength`.
   * Calls without `onDelta` are always retried transparently (nothing was shown to anyone).
   */
  onRestart?(info: RestartInfo): void;
  /** accounting tag passed to usage listeners, e.g. `bid:123` */
  tag?: string;
  /** override the configured model for this call */
  model?: string;
}

export interface ChatResult {
  /** the full answer (for `cancelled`: what arrived before the cancel) */
  text: string;
  finishReason: FinishReason;
  /** tokens of this call, summed over retried attempts that reported usage */
  usage: Usage;
  model: string;
  /** HTTP attempts made (1 = no retry) */
  attempts: number;
}

export interface UsageEvent {
  tag: string | undefined;
  usage: Usage;
  model: string;
  finishReason: FinishReason | 'error';
  attempts: number;
  durationMs: number;
}

/** Called once per `chat()` call that reached the endpoint, including failed and cancelled ones. */
export type UsageListener = (event: UsageEvent) => void;

export interface LlmProvider {
  /** `openai-compatible` or `offline` */
  readonly name: string;
  /** true when no model is configured: callers use their rule-based writer and label the UI 离线模式 */
  readonly offline: boolean;
  readonly model: string;
  chat(req: ChatRequest): Promise<ChatResult>;
  /** subscribe to token accounting (per-bid totals); returns the unsubscribe function */
  onUsage(listener: UsageListener): () => void;
  /** calls running / waiting for a concurrency slot */
  stats(): { active: number; queued: number; limit: number };
}

export type LlmErrorCode =
  | 'auth' // 401/403
  | 'quota' // 402 (e.g. DeepSeek: insufficient balance)
  | 'not_found' // 404: wrong base URL or model
  | 'bad_request' // 400/413/422: the endpoint refused the request (context too long…)
  | 'rate_limited' // 429 after every retry
  | 'server' // 5xx or an error event in the stream, after every retry
  | 'network' // connection refused/reset, dropped mid-stream
  | 'timeout' // nothing arrived within firstTokenTimeoutMs / totalTimeoutMs
  | 'stalled' // the stream stopped for longer than idleTimeoutMs
  | 'invalid_response' // not a chat completion
  | 'json_invalid'; // extractJson: no valid JSON even after the repair round

/** Every failure of the layer. `message` is Chinese and fit to show a user; `detail` carries the vendor's own words. */
export class LlmError extends Error {
  readonly code: LlmErrorCode;
  readonly status?: number;
  readonly attempts: number;
  readonly retryable: boolean;
  /** text that had already streamed to `onDelta` when the call failed */
  readonly partialText?: string;
  readonly detail?: string;
  constructor(
    message: string,
    opts: { code: LlmErrorCode; status?: number; attempts?: number; retryable?: boolean; partialText?: string; detail?: string },
  ) {
    super(message);
    this.name = 'LlmError';
    this.code = opts.code;
    this.status = opts.status;
    this.attempts = opts.attempts ?? 1;
    this.retryable = opts.retryable ?? false;
    this.partialText = opts.partialText;
    this.detail = opts.detail;
  }
}

/** The logger the layer writes to (pino / Fastify's logger fits). */
export interface LlmLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const SILENT_LOGGER: LlmLogger = { debug() {}, info() {}, warn() {}, error() {} };

export const ZERO_USAGE: Usage = Object.freeze({ prompt: 0, completion: 0, cached: 0 }) as Usage;

export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = { prompt: a.prompt + b.prompt, completion: a.completion + b.completion, cached: a.cached + b.cached };
  if (a.estimated || b.estimated) sum.estimated = true;
  return sum;
}
