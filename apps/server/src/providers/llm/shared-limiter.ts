/**
 * LLM_CONCURRENCY across instances (issue 29, faults): with REDIS_URL every instance of the server takes a slot of one
 * count per vendor (the chat-completions URL) before a model call, so N instances together never have more than
 * LLM_CONCURRENCY calls at the vendor — not N × LLM_CONCURRENCY. A 429 holds every instance off for the vendor's
 * Retry-After (or the backoff), not only the call that got it.
 *
 * In Redis: a sorted set of slot holders scored by Redis's own clock (a lease renewed while the call runs, so an instance
 * killed mid-call frees its slots after LEASE_MS), and a pause key with the hold-off's TTL. This process's Semaphore
 * (the same limit) still orders its own callers first in, first served; while Redis is away each instance falls back to
 * it alone (per-instance bound), and the shared count resumes when Redis answers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { abortError, Semaphore, type Limiter, type LlmLogger } from '@btz/bid-engine/llm';

const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
const POLL_MS = 50;

// 1: slot taken; 0: all slots held; -n: the vendor is paused for n more ms
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return -paused end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
  return 1
end
return 0`;
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return 1`;
// only ever lengthens a pause
const HOLD = `
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) end
return 1`;

type Scripted = Redis & {
  llmTake(slots: string, pause: string, limit: number, leaseMs: number, member: string): Promise<number>;
  llmRenew(slots: string, member: string, leaseMs: number): Promise<number>;
  llmHold(pause: string, ms: number): Promise<number>;
};

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(t);
      reject(abortError(signal));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class SharedLimiter implements Limiter {
  private readonly local: Semaphore;
  private readonly redis: Scripted;
  private readonly slots: string;
  private readonly pause: string;
  private readonly limit: number;
  private lastWarn = 0;

  constructor(
    opts: { redisUrl: string; prefix: string; vendorUrl: string; limit: number },
    private readonly log: LlmLogger,
  ) {
    this.local = new Semaphore(opts.limit);
    this.limit = opts.limit;
    const vendor = createHash('sha256').update(opts.vendorUrl).digest('hex').slice(0, 16);
    this.slots = `${opts.prefix}llm:${vendor}:slots`;
    this.pause = `${opts.prefix}llm:${vendor}:pause`;
    // no offline queue: while Redis is away a call goes on this instance's bound at once instead of waiting for it
    const r = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false, connectionName: 'btz-llm-limit' });
    r.on('error', (err: Error) => this.warn(err, 'LLM 并发：Redis 不可用，暂按本实例的 LLM_CONCURRENCY 限制'));
    r.defineCommand('llmTake', { numberOfKeys: 2, lua: TAKE });
    r.defineCommand('llmRenew', { numberOfKeys: 1, lua: RENEW });
    r.defineCommand('llmHold', { numberOfKeys: 1, lua: HOLD });
    this.redis = r as Scripted;
  }

  get running(): number {
    return this.local.running;
  }
  get waiting(): number {
    return this.local.waiting;
  }
  get size(): number {
    return this.limit;
  }

  private warn(err: unknown, msg: string): void {
    if (Date.now() - this.lastWarn < 10_000) return;
    this.lastWarn = Date.now();
    this.log.warn({ err: err instanceof Error ? err.message : String(err) }, msg);
  }

  async acquire(signal?: AbortSignal, opts: { front?: boolean } = {}): Promise<() => void> {
    const releaseLocal = await this.local.acquire(signal, opts);
    const member = `${process.pid}:${randomBytes(6).toString('hex')}`;
    try {
      for (;;) {
        if (signal?.aborted) throw abortError(signal);
        if (this.redis.status !== 'ready') return releaseLocal; // Redis away: this instance's bound only
        let got: number;
        try {
          got = await this.redis.llmTake(this.slots, this.pause, this.limit, LEASE_MS, member);
        } catch (err) {
          this.warn(err, 'LLM 并发：Redis 不可用，暂按本实例的 LLM_CONCURRENCY 限制');
          return releaseLocal;
        }
        if (got === 1) break;
        // all slots busy elsewhere, or the vendor paused: look again (a little jitter keeps instances from lockstep)
        await wait(got < 0 ? -got : POLL_MS + Math.floor(Math.random() * POLL_MS), signal);
      }
    } catch (err) {
      releaseLocal();
      throw err;
    }
    const renew = setInterval(() => {
      this.redis.llmRenew(this.slots, member, LEASE_MS).catch((err: unknown) => this.warn(err, 'LLM 并发：续租失败'));
    }, RENEW_MS);
    renew.unref();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      clearInterval(renew);
      // a slot that cannot be given back now ages out after LEASE_MS
      if (this.redis.status === 'ready') this.redis.zrem(this.slots, member).catch((err: unknown) => this.warn(err, 'LLM 并发：归还名额失败'));
      releaseLocal();
    };
  }

  holdOff(ms: number): void {
    if (!(ms > 0) || this.redis.status !== 'ready') return;
    this.redis.llmHold(this.pause, Math.ceil(ms)).catch((err: unknown) => this.warn(err, 'LLM 并发：Redis 不可用'));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
