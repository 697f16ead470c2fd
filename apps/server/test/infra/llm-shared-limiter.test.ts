/**
 * The LLM limiter shared by instances through Redis (providers/llm/shared-limiter.ts), on a Redis of the test's own:
 * two limiters (two instances) with LLM_CONCURRENCY 2 hand out 2 slots in all; while Redis is down each falls back to its
 * own bound instead of waiting; when Redis is back the shared count holds again. The storm over two real servers is in
 * fault-llm-storm.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedLimiter } from '../../src/providers/llm/shared-limiter.js';
import { startOwnRedis, type OwnRedis } from './own-services.js';
import { waitUntil } from '../wait.js';

describe('SharedLimiter over Redis', () => {
  let redis: OwnRedis;
  let a: SharedLimiter;
  let b: SharedLimiter;
  const ready = (l: SharedLimiter) => (l as unknown as { redis: { status: string } }).redis.status === 'ready';

  beforeAll(async () => {
    redis = await startOwnRedis();
    const opts = { redisUrl: redis.url, prefix: 'btz-limit-test:', vendorUrl: 'http://vendor.example/v1/chat/completions', limit: 2 };
    a = new SharedLimiter(opts, { info() {}, warn() {}, error() {}, debug() {} } as never);
    b = new SharedLimiter(opts, { info() {}, warn() {}, error() {}, debug() {} } as never);
    await waitUntil('both limiters connected', () => ready(a) && ready(b), { pollMs: 20 });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.destroy();
  });

  /** Takes a slot; `got` says whether it has been granted yet. */
  function take(l: SharedLimiter, signal?: AbortSignal) {
    const t = { got: false, release: undefined as undefined | (() => void), done: undefined as unknown as Promise<void> };
    t.done = l.acquire(signal).then((r) => {
      t.got = true;
      t.release = r;
    });
    return t;
  }

  it('two instances share the cap; a slot given back on one is taken by a waiter on the other', async () => {
    const x = take(a);
    const y = take(b);
    await Promise.all([x.done, y.done]);
    // both slots are held (one per instance): a third call on either waits although its own instance holds just one
    const ac = new AbortController();
    const z = take(b, ac.signal);
    const w = take(a);
    await new Promise((r) => setTimeout(r, 300));
    expect(z.got || w.got).toBe(false);
    x.release!();
    await waitUntil('a waiter got the freed slot', () => z.got || w.got, { pollMs: 10 });
    expect(z.got && w.got).toBe(false);
    // a waiter that gives up leaves the queue
    if (!z.got) ac.abort();
    await z.done.catch(() => undefined);
    y.release!();
    await w.done;
    w.release!();
    z.release?.();
  });

  it('while Redis is down each instance keeps its own bound at once; back up, the shared cap holds again', async () => {
    await redis.stop();
    await waitUntil('limiters see Redis gone', () => !ready(a) && !ready(b), { pollMs: 20 });
    const held = [take(a), take(a), take(b), take(b)];
    await Promise.all(held.map((h) => h.done));
    const third = take(a);
    await new Promise((r) => setTimeout(r, 200));
    expect(third.got).toBe(false); // the instance's own LLM_CONCURRENCY still holds
    for (const h of held) h.release!();
    await third.done;
    third.release!();

    await redis.start();
    await waitUntil('limiters reconnected', () => ready(a) && ready(b), { pollMs: 50, limitMs: 60_000 });
    const x = take(a);
    const y = take(b);
    await Promise.all([x.done, y.done]);
    const z = take(b);
    await new Promise((r) => setTimeout(r, 300));
    expect(z.got).toBe(false);
    x.release!();
    await z.done;
    y.release!();
    z.release!();
  });
});
