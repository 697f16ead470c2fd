import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  chatUntilDone,
  DEFAULT_CONTINUE_PROMPT,
  endsAtSentence,
  extractJson,
  LlmError,
} from '../../src/llm/index.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeRequest } from '../fakes/openai-server.js';
import { testClient } from './helpers.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.options = { tokensPerSecond: 50_000 };
});

const FULL =
  '一、总体方案。我方针对本项目的建设目标，提出分层解耦的总体架构，确保系统稳定可靠。' +
  '二、实施计划。项目分为需求调研、系统部署、联调测试和试运行四个阶段，共计九十个日历天。' +
  '三、质量保障。我方建立三级质量检查制度，关键节点邀请采购人共同验收，问题整改闭环管理。' +
  '四、售后服务。提供三年免费质保，七乘二十四小时电话支持，两小时内响应，四小时内到场。';

/** Plays a model that writes FULL and, when asked to continue, goes on from where the assistant text ends (repeating a few characters, as models do). */
function continuingModel(req: FakeRequest): string {
  const prev = [...req.messages].reverse().find((m) => m.role === 'assistant')?.content ?? '';
  return FULL.slice(Math.max(0, prev.length - 8));
}

describe('chatUntilDone', () => {
  it('continues answers cut by max_tokens until complete, without duplicating the overlap', async () => {
    fake.options.reply = continuingModel;
    let shown = '';
    const r = await chatUntilDone(testClient(fake), {
      messages: [{ role: 'system', content: '你是投标专家。' }, { role: 'user', content: '写技术方案' }],
      maxTokens: 70,
      onDelta: (d) => (shown += d),
    });
    expect(r.text).toBe(FULL);
    expect(shown).toBe(FULL);
    expect(r).toMatchObject({ finishReason: 'stop', truncated: false, rounds: 3 });
    expect(fake.requests.map((q) => q.finishReason)).toEqual(['length', 'length', 'stop']);
    // the continuation keeps the stable prefix and asks to go on
    const second = fake.requests[1]!.messages;
    expect(second.slice(0, 2)).toEqual(fake.requests[0]!.messages);
    expect(second[2]).toMatchObject({ role: 'assistant' });
    expect(second[3]).toEqual({ role: 'user', content: DEFAULT_CONTINUE_PROMPT });
    expect(r.usage.completion).toBe(70 + 70 + fake.requests[2]!.usage!.completion);
    expect(r.usage.cached).toBeGreaterThan(0);
  });

  it('when rounds run out, ends at a sentence end, never mid-sentence', async () => {
    fake.options.reply = continuingModel;
    const r = await chatUntilDone(testClient(fake), { messages: [{ role: 'user', content: '写技术方案' }], maxTokens: 50 }, { maxRounds: 2 });
    expect(r).toMatchObject({ finishReason: 'length', truncated: true, rounds: 2 });
    expect(endsAtSentence(r.text)).toBe(true);
    expect(FULL.startsWith(r.text)).toBe(true);
    expect(r.text.length).toBeGreaterThan(60);
  });
});

const Card = z.object({
  projectName: z.string().min(1),
  budget: z.number().positive(),
  deadline: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
});

const messages = [
  { role: 'system' as const, content: '你是招标文件解析专家。' },
  { role: 'user' as const, content: '招标文件：……预算金额：人民币 1,250,000 元……' },
];

describe('extractJson', () => {
  it('parses an answer wrapped in a ```json fence with prose around it', async () => {
    fake.options.reply = '好的，提取结果如下：\n```json\n{"projectName":"政务云扩容","budget":1250000,"deadline":"2026-07-01 09:30"}\n```\n如有疑问请告知。';
    const r = await extractJson(testClient(fake), messages, Card, { tag: 'bid:7' });
    expect(r.data).toEqual({ projectName: '政务云扩容', budget: 1250000, deadline: '2026-07-01 09:30' });
    expect(r.repaired).toBe(false);
    const req = fake.requests[0]!;
    expect(req.responseFormat).toEqual({ type: 'json_object' });
    expect(req.messages[0]).toEqual(messages[0]); // stable prefix untouched
    const last = req.messages.at(-1)!.content;
    expect(last.startsWith(messages[1]!.content)).toBe(true);
    expect(last).toContain('JSON Schema');
    expect(last).toContain('"budget"');
  });

  it('repairs an invalid first answer by sending the validation errors back', async () => {
    fake.options.reply = (req) =>
      req.index === 0
        ? '{"projectName":"政务云扩容","budget":"一百二十五万","deadline":"2026-07-01"}'
        : '{"projectName":"政务云扩容","budget":1250000,"deadline":"2026-07-01"}';
    const r = await extractJson(testClient(fake), messages, Card);
    expect(r.data.budget).toBe(1250000);
    expect(r.repaired).toBe(true);
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.messages;
    expect(repair.at(-2)).toMatchObject({ role: 'assistant', content: expect.stringContaining('一百二十五万') });
    expect(repair.at(-1)!.content).toContain('budget');
    expect(r.usage.prompt).toBe(fake.requests[0]!.usage!.prompt + fake.requests[1]!.usage!.prompt);
  });

  it('fails clearly when the repair does not help', async () => {
    fake.options.reply = '抱歉，我无法从文件中找到这些信息。';
    const err = await extractJson(testClient(fake), messages, Card).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.code).toBe('json_invalid');
    expect(err.message).toMatch(/^大模型没有返回符合要求的 JSON（已要求修正 1 次）：不是有效的 JSON/);
    expect(err.detail).toContain('抱歉');
    expect(fake.requests).toHaveLength(2);
  });

  it('reports schema problems by path when the JSON is valid but wrong', async () => {
    fake.options.reply = '{"projectName":"","budget":-1}';
    const err = await extractJson(testClient(fake), messages, Card, { repair: false }).catch((e) => e);
    expect(err.message).toMatch(/^大模型没有返回符合要求的 JSON：projectName：.*；budget：.*；deadline：/);
    expect(fake.requests).toHaveLength(1);
  });
});
