import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm, OFFLINE_NOTICE, OfflineLlm, OpenAiCompatibleLlm, type UsageEvent } from './index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../../packages/bid-engine/test/fakes/openai-server.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ tokensPerSecond: Infinity });
});
afterAll(() => fake.close());

describe('createLlm', () => {
  it('is offline without LLM_BASE_URL: honest, deterministic, streamed in small deltas', async () => {
    const llm = createLlm({ llmConcurrency: 4 });
    expect(llm).toBeInstanceOf(OfflineLlm);
    expect(llm.offline).toBe(true);
    const events: UsageEvent[] = [];
    llm.onUsage((e) => events.push(e));
    const deltas: string[] = [];
    const req = { messages: [{ role: 'user' as const, content: '请撰写“售后服务方案”一节' }], tag: 'bid:9' };
    const a = await llm.chat({ ...req, onDelta: (d) => deltas.push(d) });
    const b = await llm.chat(req);
    expect(a.text).toBe(b.text);
    expect(a.text.startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(a.text).toContain('售后服务方案');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(a.text);
    expect(a.usage.estimated).toBe(true);
    expect(events).toHaveLength(2);
    expect(events[0]!.tag).toBe('bid:9');

    const j = await llm.chat({ ...req, json: true });
    expect(JSON.parse(j.text)).toMatchObject({ offline: true });
    const cut = await llm.chat({ ...req, maxTokens: 5 });
    expect(cut.finishReason).toBe('length');
    const stopped = await llm.chat({ ...req, signal: AbortSignal.abort() });
    expect(stopped).toMatchObject({ finishReason: 'cancelled', text: '' });
  });

  it('is the OpenAI-compatible client with LLM_BASE_URL, and needs LLM_MODEL', async () => {
    const llm = createLlm({ llmBaseUrl: fake.baseUrl, llmApiKey: 'sk-x', llmModel: 'deepseek-chat', llmConcurrency: 2 });
    expect(llm).toBeInstanceOf(OpenAiCompatibleLlm);
    expect(llm.stats().limit).toBe(2);
    const r = await llm.chat({ messages: [{ role: 'user', content: '你好' }], maxTokens: 40 });
    expect(r.finishReason).toBe('stop');
    expect(fake.requests.at(-1)!.model).toBe('deepseek-chat');
    expect(() => createLlm({ llmBaseUrl: fake.baseUrl, llmConcurrency: 1 })).toThrow(/LLM_MODEL/);
  });
});
