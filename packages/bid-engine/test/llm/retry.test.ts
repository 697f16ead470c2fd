import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmError, type RestartInfo } from '../../src/llm/index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';
import { LONG_TEXT, testClient } from './helpers.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.options = { tokensPerSecond: 20_000, reply: LONG_TEXT };
});

const ask = { messages: [{ role: 'user' as const, content: '写一段技术方案' }] };
const gaps = () => fake.requests.slice(1).map((r, i) => r.receivedAt - fake.requests[i]!.receivedAt);

describe('OpenAI-compatible client: retries', () => {
  it('429 with Retry-After: waits as told, then succeeds', async () => {
    fake.inject({ kind: 'status', status: 429, retryAfter: 1 });
    const r = await testClient(fake).chat(ask);
    expect(r.text).toBe(LONG_TEXT);
    expect(r.attempts).toBe(2);
    expect(fake.requests.map((q) => q.status)).toEqual([429, 200]);
    expect(gaps()[0]).toBeGreaterThanOrEqual(1000);
    expect(gaps()[0]).toBeLessThan(1500);
  });

  it('429 without Retry-After and 500s: exponential backoff, then success', async () => {
    fake.inject({ kind: 'status', status: 429 });
    fake.inject({ kind: 'status', status: 500 });
    fake.inject({ kind: 'status', status: 503 });
    const r = await testClient(fake, { backoffBaseMs: 60, backoffMaxMs: 10_000, random: () => 1 }).chat(ask);
    expect(r.text).toBe(LONG_TEXT);
    expect(r.attempts).toBe(4);
    const [g1, g2, g3] = gaps();
    expect(g1).toBeGreaterThanOrEqual(60);
    expect(g2).toBeGreaterThanOrEqual(120);
    expect(g3).toBeGreaterThanOrEqual(240);
  });

  it('jitter keeps each delay within 50–100 % of the exponential step (capped)', async () => {
    const delays = async (random: number) => {
      fake.reset();
      fake.inject({ kind: 'status', status: 502 }, 4);
      const planned: number[] = [];
      const log = { debug() {}, info() {}, error() {}, warn: (o: any) => o.llm?.retryInMs !== undefined && planned.push(o.llm.retryInMs) };
      await testClient(fake, { backoffBaseMs: 20, backoffMaxMs: 100, random: () => random, log }).chat(ask);
      return planned;
    };
    expect(await delays(0)).toEqual([10, 20, 40, 50]);
    expect(await delays(1)).toEqual([20, 40, 80, 100]);
    expect(await delays(0.5)).toEqual([15, 30, 60, 75]);
  });

  it('no first token in time → timeout → retry → success', async () => {
    fake.inject({ kind: 'stall', afterTokens: 0 });
    const r = await testClient(fake, { firstTokenTimeoutMs: 200 }).chat({ ...ask, onDelta: () => {} });
    expect(r.text).toBe(LONG_TEXT);
    expect(r.attempts).toBe(2);
    expect(fake.requests[0]!.aborted).toBe(true);
  });

  it('a stall mid-stream → idle timeout → transparent retry when nothing was shown yet', async () => {
    fake.inject({ kind: 'stall', afterTokens: 10 });
    const r = await testClient(fake, { idleTimeoutMs: 150 }).chat(ask);
    expect(r.text).toBe(LONG_TEXT);
    expect(r.attempts).toBe(2);
  });

  it('a short stall below the idle timeout is no failure', async () => {
    fake.inject({ kind: 'stall', afterTokens: 10, ms: 100 });
    const r = await testClient(fake, { idleTimeoutMs: 400 }).chat(ask);
    expect(r.text).toBe(LONG_TEXT);
    expect(r.attempts).toBe(1);
  });

  it('a dropped connection → retry → success', async () => {
    fake.inject({ kind: 'drop', afterTokens: 15 });
    fake.inject({ kind: 'drop', afterTokens: 0 });
    const r = await testClient(fake).chat(ask);
    expect(r.text).toBe(LONG_TEXT);
    expect(r.attempts).toBe(3);
  });

  it('an error event in the stream → retry → success', async () => {
    fake.inject({ kind: 'error-event', afterTokens: 5 });
    const r = await testClient(fake).chat(ask);
    expect(r.text).toBe(LONG_TEXT);
    expect(r.attempts).toBe(2);
  });

  // (the idle timeout is long enough that a busy machine — the unit project runs files in parallel — does not time out
  // the first attempt before its first token: nothing shown would make the drop a silent retry, not a restart)
  it('after text was streamed: restarts from scratch only with onRestart, telling the caller to discard', async () => {
    // (the drop waits until the 20 tokens were surely read: they are shown, so the retry is a restart)
    fake.inject({ kind: 'drop', afterTokens: 20, afterMs: 300 });
    fake.inject({ kind: 'stall', afterTokens: 30 });
    let shown = '';
    const restarts: RestartInfo[] = [];
    const r = await testClient(fake, { idleTimeoutMs: 1000 }).chat({
      ...ask,
      onDelta: (d) => (shown += d),
      onRestart: (info) => {
        restarts.push(info);
        shown = shown.slice(0, info.validLength);
      },
    });
    expect(r.text).toBe(LONG_TEXT);
    expect(shown).toBe(LONG_TEXT);
    expect(restarts.map((x) => [x.attempt, x.validLength])).toEqual([
      [2, 0],
      [3, 0],
    ]);
    expect(restarts[1]!.reason).toContain('停顿');
  });

  it('after text was streamed and without onRestart: no retry, the partial text comes with the error', async () => {
    fake.inject({ kind: 'stall', afterTokens: 12 });
    let shown = '';
    const err = await testClient(fake, { idleTimeoutMs: 1000 })
      .chat({ ...ask, onDelta: (d) => (shown += d) })
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('stalled');
    expect(err.message).toMatch(/停顿.*无法续接/);
    expect(err.partialText).toBe(shown);
    expect(shown.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up after maxRetries with a clear Chinese message', async () => {
    fake.inject({ kind: 'status', status: 500 }, 10);
    const err = await testClient(fake, { maxRetries: 2 })
      .chat(ask)
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err).toMatchObject({ code: 'server', status: 500, attempts: 3 });
    expect(err.message).toBe('大模型调用失败：已尝试 3 次仍未成功（大模型服务暂时出错（HTTP 500）），请稍后重试');
    expect(err.detail).toContain('server had an error');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry 400/404', async () => {
    fake.inject({ kind: 'status', status: 400, body: { error: { message: 'context length exceeded' } } });
    const e400 = await testClient(fake).chat(ask).catch((e) => e);
    expect(e400).toMatchObject({ code: 'bad_request', status: 400 });
    expect(e400.message).toContain('context length exceeded');
    fake.inject({ kind: 'status', status: 404 });
    const e404 = await testClient(fake).chat(ask).catch((e) => e);
    expect(e404).toMatchObject({ code: 'not_found' });
    expect(fake.requests).toHaveLength(2);
  });

  it('a connection refused is a network error, retried, then reported in Chinese', async () => {
    const dead = await startFakeOpenAi();
    const url = dead.url;
    await dead.close();
    const err = await testClient(fake, { baseUrl: url, maxRetries: 1 }).chat(ask).catch((e) => e);
    expect(err).toMatchObject({ code: 'network', attempts: 2 });
    expect(err.message).toMatch(/^大模型调用失败：已尝试 2 次仍未成功（无法连接大模型服务（ECONNREFUSED））/);
  });
});
