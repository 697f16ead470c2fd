/**
 * Rate limits (issue 10): each family of costly or abusable calls (RATE_LIMIT_<FAMILY> = `N/S`) allows N calls per S
 * seconds per client IP and, separately, per user — the account behind the call (the token's user, or the phone a login
 * names), so neither rotating addresses nor rotating accounts gets past it. Counted by @fastify/rate-limit: in Redis
 * (REDIS_URL, keys under REDIS_PREFIX) so every instance shares the counts, in process memory otherwise.
 *
 * Routes declare their family in `defineRoute({ rateLimit })` (http/route.ts); a refused call answers like any business
 * error — HTTP 200, body code 400, 「操作过于频繁，请 N 秒后再试」 — so the spec's client shows it and stays on the page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
// the plugin's own stores (CommonJS, no types): Redis shared by the instances, process memory as the fallback
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import { CODE, TEXT } from '@btz/shared';
import { RATE_FAMILIES, type Config, type RateFamily } from '../config.js';
import { AppError } from './errors.js';

export interface RateLimiter {
  /**
   * Counts one call of `family` for the request's IP (`ip`) and for `subject` (a user id, a phone) when given. Returns
   * the seconds to wait when one of them is over its limit, else null.
   */
  hit(req: FastifyRequest, family: RateFamily, who: { ip?: boolean; subject?: string | null }): Promise<number | null>;
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

type StoreCb = (err: Error | null, res: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: StoreCb, timeWindow: number, max: number): void;
  read(key: string, cb: StoreCb, timeWindow: number, max: number): void;
  child(routeOptions: Record<string, unknown>): Store;
}
type StoreCtor = new (...args: unknown[]) => Store;

/**
 * Counts in Redis while it is connected, in this process's memory while it is not (a count that fails in Redis is
 * counted locally instead): with Redis down the limits hold per instance rather than letting every call through.
 */
class FallbackStore implements Store {
  constructor(
    private readonly redis: Redis,
    private readonly remote: Store,
    private readonly local: Store,
    private readonly onFallback: (err: Error) => void,
  ) {}
  private use(method: 'incr' | 'read', key: string, cb: StoreCb, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') {
      this.local[method](key, cb, timeWindow, max);
      return;
    }
    this.remote[method](
      key,
      (err, res) => {
        if (!err) return cb(null, res);
        this.onFallback(err);
        this.local[method](key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }
  incr(key: string, cb: StoreCb, timeWindow: number, max: number): void {
    this.use('incr', key, cb, timeWindow, max);
  }
  read(key: string, cb: StoreCb, timeWindow: number, max: number): void {
    this.use('read', key, cb, timeWindow, max);
  }
  child(routeOptions: Record<string, unknown>): Store {
    return new FallbackStore(this.redis, this.remote.child(routeOptions), this.local.child(routeOptions), this.onFallback);
  }
}

/** The plugin's own IP key (IPv4-mapped → IPv4, IPv6 → its /64), exported by the module but missing from its types. */
const normalizeIP = (fastifyRateLimit as unknown as { normalizeIP(ip: string): string }).normalizeIP;

/** The key of the user-side count, handed to the plugin's key generator for the one call being counted. */
const SUBJECT = Symbol('rateLimitSubject');
type WithSubject = FastifyRequest & { [SUBJECT]?: string };

export async function registerRateLimits(fastify: FastifyInstance, config: Config): Promise<RateLimiter> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // A connection of its own: the realtime relay's are pub/sub (one of them cannot run commands). No offline queue:
    // while Redis is away a count fails at once and is counted in this process instead (FallbackStore) of waiting.
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false, connectionName: 'btz-rate-limit' });
    let lastWarn = 0;
    redis.on('error', (err: Error) => {
      if (Date.now() - lastWarn < 10_000) return;
      lastWarn = Date.now();
      fastify.log.warn({ err: err.message }, 'rate limit: redis error (each instance counts on its own while it lasts)');
    });
    const r = redis;
    fastify.addHook('onClose', async () => {
      await r.quit().catch(() => r.disconnect());
    });
    // the first calls after start-up are counted too (bounded: a Redis that is down does not hold the start)
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        r.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, 3000);
      r.once('ready', done);
    });
  }
  let store: FastifyRateLimitStoreCtor | undefined;
  if (redis) {
    const r = redis;
    let lastWarn = 0;
    const onFallback = (err: Error) => {
      if (Date.now() - lastWarn < 10_000) return;
      lastWarn = Date.now();
      fastify.log.warn({ err: err.message }, 'rate limit: redis unavailable, counting on this instance only');
    };
    store = class {
      constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
        const remote = new (RedisStore as StoreCtor)(params.continueExceeding, params.exponentialBackoff, r, `${config.redisPrefix}rate:`);
        const local = new (LocalStore as StoreCtor)(params.continueExceeding, params.exponentialBackoff, 50_000);
        return new FallbackStore(r, remote, local, onFallback);
      }
    } as unknown as FastifyRateLimitStoreCtor;
  }
  await fastify.register(fastifyRateLimit, { global: false, ...(store ? { store } : {}) });

  const checks = new Map<string, Check>();
  for (const family of RATE_FAMILIES) {
    const { max, windowS } = config.rateLimits[family];
    // (cache: the in-process store's LRU size per family and side, ample for the addresses one instance sees a minute)
    const common = { max, timeWindow: windowS * 1000, cache: 50_000 };
    // (the plugin's Redis store prefixes these keys with its own route fragment; the family in the key keeps them apart)
    checks.set(`${family}:ip`, fastify.createRateLimit({ ...common, keyGenerator: (req) => `${family}:ip:${normalizeIP(req.ip)}` }));
    checks.set(`${family}:user`, fastify.createRateLimit({ ...common, keyGenerator: (req) => `${family}:user:${(req as WithSubject)[SUBJECT]}` }));
  }

  const run = async (check: Check, req: FastifyRequest): Promise<number | null> => {
    const r = await check(req);
    return !r.isAllowed && r.isExceeded ? Math.max(1, r.ttlInSeconds) : null;
  };

  return {
    async hit(req, family, { ip, subject }) {
      const waits: (number | null)[] = [];
      if (ip) waits.push(await run(checks.get(`${family}:ip`)!, req));
      if (subject) {
        (req as WithSubject)[SUBJECT] = subject;
        waits.push(await run(checks.get(`${family}:user`)!, req));
      }
      const over = waits.filter((w): w is number => w !== null);
      return over.length ? Math.max(...over) : null;
    },
  };
}

/** The refusal of a call over its limit (HTTP 200, like every business error; Retry-After says the same in seconds). */
export function tooFrequent(retryAfterS: number): AppError {
  return new AppError(CODE.badRequest, TEXT.tooFrequent(retryAfterS), 200, { retryAfter: retryAfterS });
}
