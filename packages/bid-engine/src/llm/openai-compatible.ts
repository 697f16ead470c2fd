/**
 * Streaming client for OpenAI-compatible chat completions on plain `fetch` + SSE (no SDK: `openai` 7 needs Node ≥ 22,
 * and this keeps us vendor-neutral). Works with DeepSeek, Qwen (DashScope compatible mode), Moonshot, Zhipu, Ollama, vLLM.
 *
 * Per call: wait for a slot of the shared semaphore (LLM_CONCURRENCY) → POST with `stream: true` and
 * `stream_options.include_usage` → stream deltas to `onDelta` → return text, finish reason and usage.
 *
 * Failures: 429, 408/409/425, 5xx, network errors, a dropped stream, an error event in the stream, no first token within
 * `firstTokenTimeoutMs`, or a stall longer than `idleTimeoutMs` are retried with exponential backoff and jitter
 * (Retry-After / retry-after-ms honoured), up to `maxRetries`. The slot is released during the backoff, and the retry
 * re-enters at the front of the queue. A call that has already passed text to `onDelta` is only retried when the caller
 * gave `onRestart` (restart-from-scratch semantics: see ChatRequest.onRestart); otherwise it rejects with the partial
 * text in `LlmError.partialText`. 400/401/402/404/422 are not retried. A 400 that names `response_format` or
 * `stream_options` switches that feature off for this client and retries at once (older Ollama/vLLM builds).
 *
 * Cancellation: the request's AbortSignal removes a queued call from the queue or aborts the running HTTP request; the call
 * then resolves with `finishReason: 'cancelled'` and the text received so far (it does not reject).
 */
import { abortError, Semaphore, type Limiter } from './semaphore.js';
import { SseParser, type SseEvent } from './sse.js';
import { estimatePromptTokens, estimateTokens, ThinkFilter } from './text.js';
import {
  addUsage,
  LlmError,
  SILENT_LOGGER,
  ZERO_USAGE,
  type ChatRequest,
  type ChatResult,
  type FinishReason,
  type LlmLogger,
  type LlmProvider,
  type Usage,
  type UsageEvent,
  type UsageListener,
} from './types.js';
import { chatCompletionsUrl, normalizeFinish, parseUsage, requestBody, requestHeaders } from './openai-request.js';
import { AttemptError, backoffDelay, errorCode, httpFailure, secs, sleep, vendorMessage, type Failure } from './openai-retry.js';

// request building and response fields in openai-request.ts, the retry policy in openai-retry.ts (names kept exported here)
export { chatCompletionsUrl, normalizeFinish, parseUsage } from './openai-request.js';
export { parseRetryAfter } from './openai-retry.js';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.deepseek.com, https://api.moonshot.cn/v1, http://localhost:11434/v1, or a full …/chat/completions URL */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** calls in flight at once (LLM_CONCURRENCY); ignored when `limiter` is given */
  concurrency?: number;
  /** share one limiter between several clients (or instances: see Limiter) */
  limiter?: Limiter;
  /** retries after the first attempt (default 4) */
  maxRetries?: number;
  /** first backoff (default 1000 ms), doubling, capped at backoffMaxMs (default 30 s); each delay is jittered to 50–100 % */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** longest Retry-After we wait for (default 60 s) */
  maxRetryAfterMs?: number;
  /** from sending the request to the first data event (default 60 s; queued requests at the vendor get keep-alives only) */
  firstTokenTimeoutMs?: number;
  /** longest gap between two data events once streaming (default 30 s); keep-alive comments do not count as progress */
  idleTimeoutMs?: number;
  /** hard limit of one attempt (default 10 min) */
  totalTimeoutMs?: number;
  /** drop a leading `<think>…</think>` block from the content (default true) */
  stripThinking?: boolean;
  /** extra request headers (e.g. an org or a gateway key) */
  headers?: Record<string, string>;
  log?: LlmLogger;
  fetch?: typeof fetch;
  random?: () => number;
}

interface AttemptOutcome {
  text: string;
  finishReason: FinishReason;
  usage?: Usage;
}

export class OpenAiCompatibleLlm implements LlmProvider {
  readonly name = 'openai-compatible';
  readonly offline = false;
  readonly model: string;
  readonly url: string;
  private readonly limiter: Limiter;
  private readonly listeners = new Set<UsageListener>();
  private readonly log: LlmLogger;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly o: Required<
    Pick<
      OpenAiCompatibleOptions,
      | 'maxRetries'
      | 'backoffBaseMs'
      | 'backoffMaxMs'
      | 'maxRetryAfterMs'
      | 'firstTokenTimeoutMs'
      | 'idleTimeoutMs'
      | 'totalTimeoutMs'
      | 'stripThinking'
    >
  >;
  private supportsResponseFormat = true;
  private supportsStreamOptions = true;

  constructor(private readonly opts: OpenAiCompatibleOptions) {
    if (!opts.model) throw new Error('OpenAiCompatibleLlm: model is required');
    this.model = opts.model;
    this.url = chatCompletionsUrl(opts.baseUrl);
    this.limiter = opts.limiter ?? new Semaphore(opts.concurrency ?? 4);
    this.log = opts.log ?? SILENT_LOGGER;
    this.fetchImpl = opts.fetch ?? fetch;
    this.random = opts.random ?? Math.random;
    this.o = {
      maxRetries: opts.maxRetries ?? 4,
      backoffBaseMs: opts.backoffBaseMs ?? 1000,
      backoffMaxMs: opts.backoffMaxMs ?? 30_000,
      maxRetryAfterMs: opts.maxRetryAfterMs ?? 60_000,
      firstTokenTimeoutMs: opts.firstTokenTimeoutMs ?? 60_000,
      idleTimeoutMs: opts.idleTimeoutMs ?? 30_000,
      totalTimeoutMs: opts.totalTimeoutMs ?? 600_000,
      stripThinking: opts.stripThinking ?? true,
    };
  }

  onUsage(listener: UsageListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stats(): { active: number; queued: number; limit: number } {
    return { active: this.limiter.running, queued: this.limiter.waiting, limit: this.limiter.size };
  }

  async chat(req: ChatRequest): Promise<ChatResult> {
    const started = Date.now();
    const model = req.model ?? this.model;
    let usage: Usage = { ...ZERO_USAGE };
    let usageReported = false;
    let attempts = 0;
    let retries = 0;
    let compatRetries = 0;
    let reachedEndpoint = false;

    const report = (finishReason: UsageEvent['finishReason']) => {
      if (!reachedEndpoint) return;
      const ev: UsageEvent = { tag: req.tag, usage, model, finishReason, attempts, durationMs: Date.now() - started };
      for (const l of this.listeners) {
        try {
          l(ev);
        } catch (err) {
          this.log.error({ err }, 'LLM usage listener failed');
        }
      }
    };
    const estimate = (text: string): Usage => ({
      prompt: estimatePromptTokens(req.messages),
      completion: estimateTokens(text),
      cached: 0,
      estimated: true,
    });
    const cancelled = (text: string): ChatResult => {
      if (reachedEndpoint && !usageReported) usage = estimate(text);
      report('cancelled');
      return { text, finishReason: 'cancelled', usage, model, attempts };
    };
    const fail = (err: LlmError): never => {
      report('error');
      this.log.warn({ llm: { code: err.code, status: err.status, attempts, tag: req.tag, detail: err.detail } }, err.message);
      throw err;
    };

    for (;;) {
      if (req.signal?.aborted) return cancelled('');
      let release: () => void;
      try {
        release = await this.limiter.acquire(req.signal, { front: attempts > 0 });
      } catch (err) {
        if (req.signal?.aborted) return cancelled('');
        throw err;
      }
      attempts++;
      reachedEndpoint = true;
      const partial = { text: '', emitted: false };
      let outcome: AttemptOutcome | undefined;
      let failure: Failure | undefined;
      try {
        outcome = await this.attempt(req, model, partial);
      } catch (err) {
        if (!(err instanceof AttemptError)) {
          report('error');
          throw err; // a bug or the caller's onDelta threw: not ours to retry
        }
        failure = err.failure;
      } finally {
        release();
      }

      if (outcome) {
        if (outcome.usage) {
          usage = addUsage(usage, outcome.usage);
          usageReported = true;
        }
        if (outcome.finishReason === 'cancelled') return cancelled(outcome.text);
        if (!usageReported) usage = estimate(outcome.text);
        report(outcome.finishReason);
        this.log.debug(
          { llm: { model, tag: req.tag, attempts, usage, finishReason: outcome.finishReason, ms: Date.now() - started } },
          'LLM call done',
        );
        return { text: outcome.text, finishReason: outcome.finishReason, usage, model, attempts };
      }

      const f = failure!;
      if (f.compat && compatRetries < 2) {
        compatRetries++;
        if (f.compat === 'response_format') this.supportsResponseFormat = false;
        else this.supportsStreamOptions = false;
        this.log.warn({ llm: { detail: f.detail } }, `大模型接口不支持 ${f.compat}，已关闭该参数后重试`);
        continue;
      }
      const base = { status: f.status, attempts, detail: f.detail };
      if (!f.retryable) fail(new LlmError(f.message, { ...base, code: f.code }));
      if (partial.emitted) {
        if (!req.onRestart) {
          fail(
            new LlmError(`${f.message}，已输出的部分内容无法续接，请重试`, {
              ...base,
              code: f.code,
              retryable: true,
              partialText: partial.text,
            }),
          );
        }
      }
      if (retries >= this.o.maxRetries) {
        fail(
          new LlmError(`大模型调用失败：已尝试 ${attempts} 次仍未成功（${f.message}），请稍后重试`, {
            ...base,
            code: f.code,
            retryable: true,
            partialText: partial.emitted ? partial.text : undefined,
          }),
        );
      }
      retries++;
      const delay = backoffDelay(retries, f.retryAfterMs, this.o, this.random);
      this.log.warn(
        { llm: { code: f.code, status: f.status, attempt: attempts, retryInMs: delay, tag: req.tag, detail: f.detail } },
        `${f.message}，${Math.round(delay)} 毫秒后重试`,
      );
      // the vendor is refusing the account, not this call: every call sharing the limiter waits out the same delay
      if (f.code === 'rate_limited') this.limiter.holdOff?.(delay);
      if (partial.emitted) req.onRestart?.({ attempt: attempts + 1, reason: f.message, validLength: 0 });
      if (!(await sleep(delay, req.signal))) return cancelled('');
    }
  }

  /** One HTTP attempt. Resolves with the outcome (also for a cancel), rejects with AttemptError for anything retryable or not. */
  private async attempt(req: ChatRequest, model: string, partial: { text: string; emitted: boolean }): Promise<AttemptOutcome> {
    const ac = new AbortController();
    let timedOut: 'first' | 'idle' | 'total' | undefined;
    const onUserAbort = () => ac.abort(abortError(req.signal));
    req.signal?.addEventListener('abort', onUserAbort, { once: true });
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const arm = (kind: 'first' | 'idle', ms: number) => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        timedOut = kind;
        ac.abort(new Error(`LLM ${kind} timeout`));
      }, ms);
    };
    const totalTimer = setTimeout(() => {
      timedOut = 'total';
      ac.abort(new Error('LLM total timeout'));
    }, this.o.totalTimeoutMs);
    arm('first', this.o.firstTokenTimeoutMs);

    const filter = this.o.stripThinking ? new ThinkFilter() : null;
    let finish: FinishReason | undefined;
    let usage: Usage | undefined;
    let sawData = false;
    let done = false;
    const emit = (s: string) => {
      const out = filter ? filter.push(s) : s;
      if (!out) return;
      partial.text += out;
      if (req.onDelta) {
        partial.emitted = true;
        req.onDelta(out);
      }
    };
    const transport = (err: unknown, phase: 'connect' | 'body'): AttemptError => {
      if (timedOut === 'first') {
        return new AttemptError({
          code: 'timeout',
          retryable: true,
          message: `大模型在 ${secs(this.o.firstTokenTimeoutMs)} 秒内没有开始输出`,
        });
      }
      if (timedOut === 'idle') {
        return new AttemptError({ code: 'stalled', retryable: true, message: `大模型输出停顿超过 ${secs(this.o.idleTimeoutMs)} 秒` });
      }
      if (timedOut === 'total') {
        return new AttemptError({ code: 'timeout', retryable: true, message: `单次大模型调用超过 ${secs(this.o.totalTimeoutMs)} 秒` });
      }
      const code = errorCode(err);
      return new AttemptError({
        code: 'network',
        retryable: true,
        message: phase === 'connect' ? `无法连接大模型服务（${code}）` : `大模型连接在输出中途断开（${code}）`,
        detail: err instanceof Error ? err.message : String(err),
      });
    };
    const handleData = (data: string) => {
      if (data.trim() === '[DONE]') {
        done = true;
        return;
      }
      if (done) return;
      let obj: any;
      try {
        obj = JSON.parse(data);
      } catch {
        throw new AttemptError({
          code: 'invalid_response',
          retryable: true,
          message: '大模型返回了无法解析的数据',
          detail: data.slice(0, 300),
        });
      }
      if (obj && typeof obj === 'object' && obj.error) {
        throw new AttemptError({ code: 'server', retryable: true, message: '大模型服务在输出中途报错', detail: vendorMessage(obj) });
      }
      sawData = true;
      arm('idle', this.o.idleTimeoutMs);
      const choice = Array.isArray(obj?.choices) ? obj.choices[0] : undefined;
      if (choice) {
        const content = (choice.delta ?? choice.message)?.content;
        if (typeof content === 'string' && content) emit(content);
        if (choice.finish_reason && choice.finish_reason !== 'null') {
          if (choice.finish_reason === 'network_error') {
            // Zhipu: the model failed mid-inference
            throw new AttemptError({ code: 'server', retryable: true, message: '大模型推理中途出错', detail: 'finish_reason=network_error' });
          }
          finish = normalizeFinish(choice.finish_reason);
        }
        if (choice.usage) usage = parseUsage(choice.usage); // Moonshot puts usage inside the last choice
      }
      if (obj?.usage) usage = parseUsage(obj.usage);
    };
    const complete = (): AttemptOutcome => {
      const rest = filter?.end();
      if (rest) emit(rest);
      return { text: partial.text, finishReason: finish ?? 'stop', usage };
    };

    try {
      let res: Response;
      try {
        res = await this.fetchImpl(this.url, {
          method: 'POST',
          headers: requestHeaders(this.opts),
          body: JSON.stringify(requestBody(req, model, { streamOptions: this.supportsStreamOptions, responseFormat: this.supportsResponseFormat })),
          signal: ac.signal,
        });
      } catch (err) {
        throw transport(err, 'connect');
      }
      if (!res.ok) {
        const detail = await res.text().catch(() => '');
        throw new AttemptError(httpFailure(res.status, res.headers, detail, req.json === true));
      }
      const ctype = res.headers.get('content-type') ?? '';
      if (ctype.includes('json')) {
        // The endpoint ignored `stream: true` and answered in one piece.
        let raw: string;
        try {
          raw = await res.text();
        } catch (err) {
          throw transport(err, 'body');
        }
        handleData(raw);
        if (!sawData) throw new AttemptError({ code: 'invalid_response', retryable: true, message: '大模型返回了空响应' });
        return complete();
      }
      // Anything else is read as an event stream (some gateways send SSE as text/plain).
      if (!res.body) throw new AttemptError({ code: 'invalid_response', retryable: true, message: '大模型返回了空响应' });
      const reader = res.body.getReader();
      const parser = new SseParser();
      const handle = (events: SseEvent[]) => {
        for (const ev of events) {
          if (ev.event === 'error') {
            throw new AttemptError({ code: 'server', retryable: true, message: '大模型服务在输出中途报错', detail: ev.data.slice(0, 300) });
          }
          handleData(ev.data);
        }
      };
      for (;;) {
        let r: Awaited<ReturnType<typeof reader.read>>;
        try {
          r = await reader.read();
        } catch (err) {
          throw transport(err, 'body');
        }
        if (r.done) {
          handle(parser.end());
          break;
        }
        handle(parser.push(r.value));
      }
      if (!finish && !done) {
        throw new AttemptError({
          code: 'network',
          retryable: true,
          message: sawData ? '大模型连接在输出中途断开' : '大模型返回了空响应',
        });
      }
      return complete();
    } catch (err) {
      if (req.signal?.aborted) return { text: partial.text, finishReason: 'cancelled', usage };
      // The answer was complete (finish_reason seen) and only the tail (usage chunk, [DONE]) went missing: keep it.
      if (err instanceof AttemptError && finish && ['network', 'stalled', 'timeout'].includes(err.failure.code)) {
        return complete();
      }
      throw err;
    } finally {
      clearTimeout(idleTimer);
      clearTimeout(totalTimer);
      req.signal?.removeEventListener('abort', onUserAbort);
      if (!ac.signal.aborted) ac.abort(); // releases the socket if we stopped reading early
    }
  }
}
