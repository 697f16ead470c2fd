import type { LlmErrorCode } from './types.js';

/**
 * Retry policy of the OpenAI-compatible client: what a failed attempt was (Failure), which HTTP answers are retried and
 * which are not (httpFailure), how long to wait (Retry-After, exponential backoff with jitter) and the cancellable wait.
 */

export interface Failure {
  code: LlmErrorCode;
  message: string;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
  detail?: string;
  /** a request feature to switch off before retrying */
  compat?: 'response_format' | 'stream_options';
}

export class AttemptError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

export interface BackoffPolicy {
  backoffBaseMs: number;
  backoffMaxMs: number;
  maxRetryAfterMs: number;
}

/** Exponential backoff with "equal jitter" (50–100 % of the step); a Retry-After is waited in full, plus a little jitter. */
export function backoffDelay(retry: number, retryAfterMs: number | undefined, o: BackoffPolicy, random: () => number): number {
  const step = Math.min(o.backoffMaxMs, o.backoffBaseMs * 2 ** (retry - 1));
  const jittered = step / 2 + (random() * step) / 2;
  if (retryAfterMs === undefined) return jittered;
  const ra = Math.min(retryAfterMs, o.maxRetryAfterMs);
  return Math.max(ra + random() * Math.min(1000, ra * 0.1), jittered);
}

export function secs(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

export function errorCode(err: unknown): string {
  let e: any = err;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause;
  }
  return err instanceof Error ? err.name : 'unknown';
}

export function vendorMessage(detail: unknown): string {
  let obj: any = detail;
  if (typeof detail === 'string') {
    try {
      obj = JSON.parse(detail);
    } catch {
      return detail.slice(0, 300);
    }
  }
  const m = obj?.error?.message ?? obj?.message ?? obj?.error ?? obj?.msg;
  return (typeof m === 'string' ? m : JSON.stringify(obj ?? '')).slice(0, 300);
}

export function parseRetryAfter(h: Headers): number | undefined {
  const ms = h.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = h.get('retry-after')?.trim();
  if (!ra) return undefined;
  if (/^\d+(\.\d+)?$/.test(ra)) return Number(ra) * 1000;
  const at = Date.parse(ra);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function httpFailure(status: number, headers: Headers, body: string, askedJson: boolean): Failure {
  const detail = vendorMessage(body);
  const base = { status, detail };
  if (status === 429) {
    return { ...base, code: 'rate_limited', retryable: true, retryAfterMs: parseRetryAfter(headers), message: '大模型服务限流（HTTP 429）' };
  }
  if (status >= 500 || status === 408 || status === 409 || status === 425) {
    return { ...base, code: 'server', retryable: true, retryAfterMs: parseRetryAfter(headers), message: `大模型服务暂时出错（HTTP ${status}）` };
  }
  if (status === 401 || status === 403) {
    return { ...base, code: 'auth', retryable: false, message: `大模型服务鉴权失败（HTTP ${status}），请检查 LLM_API_KEY` };
  }
  if (status === 402) return { ...base, code: 'quota', retryable: false, message: '大模型账户余额不足（HTTP 402）' };
  if (status === 404) {
    return { ...base, code: 'not_found', retryable: false, message: '大模型接口或模型不存在（HTTP 404），请检查 LLM_BASE_URL 和 LLM_MODEL' };
  }
  const f: Failure = { ...base, code: 'bad_request', retryable: false, message: `大模型拒绝了请求（HTTP ${status}）：${detail}` };
  if (status === 400 && askedJson && /response_format|json_object/i.test(body)) f.compat = 'response_format';
  else if (status === 400 && /stream_options|include_usage/i.test(body)) f.compat = 'stream_options';
  return f;
}

/** Waits `ms`; false when the signal aborted first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
