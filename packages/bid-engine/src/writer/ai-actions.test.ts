/** AI actions on a selection: the offline rule-based transforms and the model path on the fake OpenAI server. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiAction } from '@btz/shared';
import { DEFAULT_CONTINUE_PROMPT, endsAtSentence } from '../llm/index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.js';
import { testClient } from '../../test/llm/helpers.js';
import { actionTarget, offlineAction, runAiAction, type AiActionRequest } from './ai-actions.js';
import { countChars } from '@btz/shared';

const CTX = { title: '质量保证措施', projectName: '智慧园区综合管理平台建设项目' };
const TEXT =
  '我们将建立完善的质量管理体系，明确各岗位的质量责任。' +
  '项目实施过程中，我们会对关键工序进行检查（包括自检、互检和专检），发现问题立即整改。' +
  '同时，我们将定期组织质量分析会，总结经验并持续改进，从而不断提高工程质量。' +
  '验收前我们会提交完整的竣工资料，配合你们完成各项验收工作。';

async function run(action: AiAction, text = TEXT, ctx: AiActionRequest['context'] = CTX) {
  const deltas: string[] = [];
  const out = await runAiAction(null, { action, text, context: ctx, onDelta: (d) => deltas.push(d) });
  return { out, deltas };
}

describe('offline AI actions', () => {
  it('continue appends 1–3 whole sentences about the section, streamed in ~20-character pieces', async () => {
    const { out, deltas } = await run('continue');
    expect(deltas.join('')).toBe(out);
    expect(Math.max(...deltas.map((d) => d.length))).toBeLessThanOrEqual(20);
    const sentences = out.match(/[^。]+。/g)!;
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(3);
    expect(sentences.join('')).toBe(out);
    expect(out).toMatch(/质量|检查|评审/);
    expect(TEXT).not.toContain(out);
    expect((await run('continue')).out).toBe(out); // deterministic
    // a selection ending mid-sentence is closed first
    const open = await run('continue', '我方将组建专业的项目团队');
    expect(open.out.startsWith('。')).toBe(true);
    // the title drives the topic
    const sched = await run('continue', '本项目总工期为九十日历天。', { title: '进度计划' });
    expect(sched.out).toMatch(/进度|计划|里程碑|时限|赶工/);
  });

  it('expand adds elaboration to each sentence, about 1.6× the length, keeping the original content', async () => {
    const { out, deltas } = await run('expand');
    expect(deltas.join('')).toBe(out);
    const ratio = countChars(out) / countChars(TEXT);
    expect(ratio).toBeGreaterThanOrEqual(1.35);
    expect(ratio).toBeLessThanOrEqual(2.1);
    for (const s of TEXT.match(/[^。]+。/g)!) expect(out).toContain(s.slice(0, -1).split('，')[0]!);
    expect(endsAtSentence(out)).toBe(true);
    // a one-sentence selection grows too
    const one = (await run('expand', '我方将提供七乘二十四小时的技术支持服务。', { title: '售后服务' })).out;
    expect(countChars(one) / 20).toBeGreaterThan(1.4);
  });

  it('shorten drops parentheticals, filler and trailing sentences to about 60 %, keeping sentence ends', async () => {
    const { out } = await run('shorten');
    const ratio = countChars(out) / countChars(TEXT);
    expect(ratio).toBeLessThanOrEqual(0.62);
    expect(ratio).toBeGreaterThanOrEqual(0.25);
    expect(out).not.toContain('（');
    expect(out).not.toContain('同时，');
    expect(out.startsWith('我们将建立完善的质量管理体系')).toBe(true);
    expect(endsAtSentence(out)).toBe(true);
    const long = '为了保证项目按期完成，我方将合理安排人员和设备，加强各环节之间的协调配合，从而确保每一个里程碑节点都按计划完成。';
    const short = (await run('shorten', long)).out;
    expect(countChars(short)).toBeLessThanOrEqual(Math.round(countChars(long) * 0.6));
    expect(short.endsWith('。')).toBe(true);
  });

  it('polish replaces colloquial words and fixes half-width punctuation', async () => {
    const text = '我们有很多经验,马上就能搞好这个工作,把问题弄清楚,一定会让采购人满意!';
    const { out } = await run('polish', text);
    expect(out).toBe('我们有大量经验，立即就能做好这个工作，把问题明确，必将让采购人满意！');
    expect((await run('polish', '设备到货后马上弄好安装调试。')).out).toBe('设备到货后立即处理好安装调试。');
  });

  it('formal rewrites pronouns and colloquialisms in official style', async () => {
    const { out } = await run('formal');
    expect(out).not.toMatch(/我们|你们/);
    expect(out).toContain('我公司将建立完善的质量管理体系');
    expect(out).toContain('配合贵方完成各项验收工作');
    const t = (await run('formal', '如果你们单位需要的话，我们可以马上派人到现场，您放心。')).out;
    expect(t).toBe('如采购人需要，我公司可立即派人到现场，贵方放心。');
  });

  it('every action changes the text', async () => {
    for (const a of ['continue', 'expand', 'shorten', 'polish', 'formal'] as const) expect(offlineAction(a, TEXT, CTX), a).not.toBe(TEXT);
  });

  it('rejects when cancelled', async () => {
    const ac = new AbortController();
    ac.abort(new Error('取消了'));
    await expect(runAiAction(null, { action: 'expand', text: TEXT, context: CTX, signal: ac.signal })).rejects.toThrow('取消了');
  });
});

describe('AI actions with a model (fake OpenAI server)', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.options = { tokensPerSecond: Infinity, chunkTokens: 3 };
  });

  it('streams the rewrite; deltas add up to the trimmed plain text', async () => {
    const answer = '我公司将建立完善的质量管理体系，明确各岗位的质量责任，确保工程质量满足要求。';
    fake.options.reply = `\n\n${answer}\n`;
    const deltas: string[] = [];
    const out = await runAiAction(testClient(fake), { action: 'formal', text: TEXT, context: CTX, onDelta: (d) => deltas.push(d), tag: 'bid:1' });
    expect(out).toBe(answer);
    expect(deltas.join('')).toBe(answer);
    expect(deltas.length).toBeGreaterThan(5);
    const req = fake.requests[0]!;
    const user = req.messages[req.messages.length - 1]!.content;
    expect(user).toContain('正式的公文语体');
    expect(user).toContain('我公司');
    expect(user).toContain('所在章节：质量保证措施');
    expect(user).toContain('项目名称：智慧园区综合管理平台建设项目');
    expect(user).toContain(TEXT);
    expect(req.stream).toBe(true);
  });

  it('sizes each action: expand ≈1.6×, shorten ≈0.6×, continue a short addition', async () => {
    for (const a of ['continue', 'expand', 'shorten', 'polish'] as const) {
      fake.reset();
      fake.options.reply = '好。';
      await runAiAction(testClient(fake), { action: a, text: TEXT, context: CTX });
      const user = fake.requests[0]!.messages.at(-1)!.content;
      expect(user, a).toContain(a === 'polish' ? '润色' : `约 ${actionTarget(a, countChars(TEXT))} 字`);
      expect(fake.requests[0]!.maxTokens, a).toBe(Math.ceil(actionTarget(a, countChars(TEXT)) * 1.5) + 64);
    }
    expect(actionTarget('expand', 100)).toBe(160);
    expect(actionTarget('shorten', 100)).toBe(60);
  });

  it('continues an answer cut by finish_reason length', async () => {
    const FULL = '我公司将按照招标文件要求组织质量验收，验收合格后提交验收报告。验收中发现的问题，我公司将在规定时间内整改完毕。';
    fake.options.reply = (req) =>
      req.messages.at(-1)!.content === DEFAULT_CONTINUE_PROMPT
        ? FULL.slice(req.messages.at(-2)!.content.length - 8)
        : { text: FULL.slice(0, 30), finishReason: 'length' };
    const deltas: string[] = [];
    const out = await runAiAction(testClient(fake), { action: 'continue', text: TEXT, context: CTX, onDelta: (d) => deltas.push(d) });
    expect(out).toBe(FULL);
    expect(deltas.join('')).toBe(FULL);
    expect(fake.requests.map((r) => r.finishReason)).toEqual(['length', 'stop']);
  });
});
