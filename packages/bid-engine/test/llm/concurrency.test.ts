import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeParagraph, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';
import { sleep, testClient } from './helpers.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.options = { tokensPerSecond: 2000, reply: fakeParagraph(100) };
});

const ask = (n: number) => ({ messages: [{ role: 'user' as const, content: `第 ${n} 节` }] });

describe('OpenAI-compatible client: concurrency and cancellation', () => {
  it('holds the global concurrency bound: 10 parallel calls, limit 3', async () => {
    const llm = testClient(fake, { concurrency: 3 });
    let maxActive = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        llm.chat({
          ...ask(i),
          onDelta: () => {
            maxActive = Math.max(maxActive, llm.stats().active);
          },
        }),
      ),
    );
    expect(results.every((r) => r.finishReason === 'stop' && r.text === fakeParagraph(100))).toBe(true);
    expect(fake.stats.maxInFlight).toBe(3);
    expect(maxActive).toBe(3);
    expect(fake.requests).toHaveLength(10);
    expect(llm.stats()).toEqual({ active: 0, queued: 0, limit: 3 });
  });

  it('a retry waits outside the slot (others proceed) and the bound still holds', async () => {
    const llm = testClient(fake, { concurrency: 2, backoffBaseMs: 80, random: () => 1 });
    fake.inject({ kind: 'status', status: 503 }, 2);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => llm.chat(ask(i))));
    expect(results.every((r) => r.finishReason === 'stop')).toBe(true);
    expect(fake.stats.maxInFlight).toBeLessThanOrEqual(2);
    expect(fake.requests).toHaveLength(8);
  });

  it('cancels a queued call (never sent) and a running call (connection closed, partial text kept)', async () => {
    fake.options.reply = fakeParagraph(2000);
    fake.options.tokensPerSecond = 1000;
    const llm = testClient(fake, { concurrency: 1 });
    const running = new AbortController();
    const queued = new AbortController();
    let shown = '';
    const a = llm.chat({ ...ask(1), signal: running.signal, onDelta: (d) => (shown += d) });
    const b = llm.chat({ ...ask(2), signal: queued.signal });
    await sleep(100);
    expect(llm.stats()).toMatchObject({ active: 1, queued: 1 });
    queued.abort();
    const rb = await b;
    // the queued call ends at once: the running one (2,000 characters at 1,000 a second) is still streaming
    expect(llm.stats()).toMatchObject({ active: 1, queued: 0 });
    expect(rb).toMatchObject({ finishReason: 'cancelled', text: '', attempts: 0 });

    running.abort();
    const ra = await a;
    expect(ra.finishReason).toBe('cancelled');
    expect(ra.text.length).toBeGreaterThan(10);
    expect(ra.text).toBe(shown);
    expect(ra.usage.estimated).toBe(true);
    await sleep(50);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.aborted).toBe(true);
    expect(llm.stats()).toMatchObject({ active: 0, queued: 0 });

    // the slot is free again
    fake.options.reply = '好的。';
    expect((await llm.chat(ask(3))).text).toBe('好的。');
  });

  it('cancels a call waiting out a backoff, and an already-aborted signal does nothing', async () => {
    const llm = testClient(fake);
    fake.inject({ kind: 'status', status: 429, retryAfter: 30 });
    const ac = new AbortController();
    const p = llm.chat({ ...ask(1), signal: ac.signal });
    await sleep(100);
    ac.abort();
    expect((await p).finishReason).toBe('cancelled');
    expect(fake.requests).toHaveLength(1);

    const r = await llm.chat({ ...ask(2), signal: AbortSignal.abort() });
    expect(r.finishReason).toBe('cancelled');
    expect(fake.requests).toHaveLength(1);
  });
});
