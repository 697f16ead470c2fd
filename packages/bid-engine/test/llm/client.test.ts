import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmError, OpenAiCompatibleLlm, type UsageEvent } from '../../src/llm/index.js';
import { fakeCountTokens, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';
import { LONG_TEXT, testClient } from './helpers.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ tokensPerSecond: 20_000 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.options = { tokensPerSecond: 20_000 };
});

describe('OpenAI-compatible client: streaming', () => {
  it('streams deltas that reassemble to the full text, with UTF-8 split across network chunks', async () => {
    Object.assign(fake.options, { reply: LONG_TEXT, fragmentBytes: 5, keepAliveComments: true, lineEnding: '\r\n', chunkTokens: 3 });
    const llm = testClient(fake);
    const deltas: string[] = [];
    const r = await llm.chat({ messages: [{ role: 'user', content: '写一段' }], onDelta: (d) => deltas.push(d) });
    expect(r.finishReason).toBe('stop');
    expect(r.text).toBe(LONG_TEXT);
    expect(deltas.join('')).toBe(LONG_TEXT);
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.every((d) => !d.includes('\uFFFD'))).toBe(true);
    expect(r.attempts).toBe(1);
    const body = fake.requests[0]!.body;
    expect(body).toMatchObject({ model: 'fake-model', stream: true, stream_options: { include_usage: true } });
  });

  it('sends Authorization: Bearer <key> and refuses a wrong key without retrying', async () => {
    const llm = testClient(fake);
    await llm.chat({ messages: [{ role: 'user', content: '你好' }] });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-test');

    fake.options.apiKey = 'sk-right';
    const err = await llm.chat({ messages: [{ role: 'user', content: '你好' }] }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('auth');
    expect(err.status).toBe(401);
    expect(err.message).toContain('LLM_API_KEY');
    expect(fake.requests).toHaveLength(2);
  });

  it('works with a base URL with or without /v1, or the full endpoint', async () => {
    for (const baseUrl of [fake.url, fake.baseUrl, `${fake.baseUrl}/`, `${fake.url}/chat/completions`]) {
      const r = await testClient(fake, { baseUrl }).chat({ messages: [{ role: 'user', content: '测试' }], maxTokens: 50 });
      expect(r.text.length).toBeGreaterThan(0);
    }
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/v1/chat/completions',
      '/v1/chat/completions',
      '/v1/chat/completions',
      '/chat/completions',
    ]);
  });

  it('passes max_tokens, temperature and json mode through', async () => {
    fake.options.reply = '{"ok":true}';
    await testClient(fake).chat({ messages: [{ role: 'user', content: '输出 JSON' }], maxTokens: 123, temperature: 0.3, json: true });
    expect(fake.requests[0]!.body).toMatchObject({ max_tokens: 123, temperature: 0.3, response_format: { type: 'json_object' } });
  });

  it('switches response_format off when the endpoint rejects it', async () => {
    Object.assign(fake.options, { reply: '{"ok":true}', rejectResponseFormat: true });
    const llm = testClient(fake);
    const r = await llm.chat({ messages: [{ role: 'user', content: '输出 JSON' }], json: true });
    expect(r.text).toBe('{"ok":true}');
    expect(fake.requests.map((q) => q.status)).toEqual([400, 200]);
    expect(fake.requests[1]!.responseFormat).toBeUndefined();
  });

  it('accepts a non-streaming JSON answer', async () => {
    Object.assign(fake.options, { reply: '一次性返回的答案。', ignoreStream: true });
    const deltas: string[] = [];
    const r = await testClient(fake).chat({ messages: [{ role: 'user', content: '你好' }], onDelta: (d) => deltas.push(d) });
    expect(r.text).toBe('一次性返回的答案。');
    expect(deltas.join('')).toBe(r.text);
    expect(r.usage.completion).toBe(9);
  });

  it('drops reasoning_content and a leading <think> block', async () => {
    fake.options.reply = { reasoning: '先分析评分标准……', text: '<think>内部推理</think>\n\n正式答案。' };
    const deltas: string[] = [];
    const r = await testClient(fake).chat({ messages: [{ role: 'user', content: '你好' }], onDelta: (d) => deltas.push(d) });
    expect(r.text).toBe('正式答案。');
    expect(deltas.join('')).toBe('正式答案。');
  });
});

describe('OpenAI-compatible client: token accounting', () => {
  const system = '你是资深投标文件撰写专家。以下是招标文件摘要与评分标准：' + '评分项说明。'.repeat(100);

  it('reports prompt, completion and cached tokens (OpenAI style) to the result and to usage listeners', async () => {
    const llm = testClient(fake);
    const events: UsageEvent[] = [];
    const off = llm.onUsage((e) => events.push(e));
    const a = await llm.chat({ messages: [{ role: 'system', content: system }, { role: 'user', content: '写第一节' }], tag: 'bid:1' });
    const b = await llm.chat({ messages: [{ role: 'system', content: system }, { role: 'user', content: '写第二节' }], tag: 'bid:1' });
    off();
    await llm.chat({ messages: [{ role: 'user', content: '不计入' }] });

    expect(a.usage).toEqual(fake.requests[0]!.usage);
    expect(a.usage.cached).toBe(0);
    expect(a.usage.completion).toBe(fakeCountTokens(a.text));
    expect(b.usage.cached).toBeGreaterThan(fakeCountTokens(system));
    expect(b.usage.cached).toBeLessThan(b.usage.prompt);
    expect(b.usage).toEqual(fake.requests[1]!.usage);
    expect(events.map((e) => [e.tag, e.finishReason, e.usage])).toEqual([
      ['bid:1', 'stop', a.usage],
      ['bid:1', 'stop', b.usage],
    ]);
  });

  it.each(['deepseek', 'moonshot'] as const)('reads cached tokens in %s style', async (style) => {
    fake.options.usageStyle = style;
    const llm = testClient(fake);
    await llm.chat({ messages: [{ role: 'system', content: system }, { role: 'user', content: '甲' }] });
    const b = await llm.chat({ messages: [{ role: 'system', content: system }, { role: 'user', content: '乙' }] });
    expect(b.usage).toEqual(fake.requests[1]!.usage);
    expect(b.usage.cached).toBeGreaterThan(0);
  });

  it('estimates usage when the endpoint reports none', async () => {
    Object.assign(fake.options, { usageStyle: 'none', reply: '十个字的回答内容。。' });
    const r = await testClient(fake).chat({ messages: [{ role: 'user', content: '你好' }] });
    expect(r.usage).toMatchObject({ completion: 10, cached: 0, estimated: true });
    expect(r.usage.prompt).toBeGreaterThan(0);
  });

  it('sums usage of a continuation-free retry and reports failed calls as errors', async () => {
    const llm = testClient(fake, { maxRetries: 0 });
    const events: UsageEvent[] = [];
    llm.onUsage((e) => events.push(e));
    fake.inject({ kind: 'status', status: 500 });
    await expect(llm.chat({ messages: [{ role: 'user', content: '你好' }], tag: 't' })).rejects.toBeInstanceOf(LlmError);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ tag: 't', finishReason: 'error', attempts: 1 });
  });

  it('is an OpenAiCompatibleLlm with the endpoint URL derived from the base', () => {
    const llm = testClient(fake);
    expect(llm).toBeInstanceOf(OpenAiCompatibleLlm);
    expect(llm.url).toBe(`${fake.url}/v1/chat/completions`);
    expect(llm.offline).toBe(false);
  });
});
