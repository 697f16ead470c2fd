/**
 * The LLM tender card against the fake OpenAI-compatible server (real HTTP, streaming, retries): each task is answered
 * from the oracle (the ideal model's JSON over the rule card), parsed from the task marker of the last user message, and
 * altered per test to play a model that hallucinates or misreads, or a vendor that fails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_FACT_KEYS, CARD_LIST_KEYS, type CardEntry, type TenderCard } from '@btz/shared';
import { extractCard } from '../src/tender/card.js';
import { extractCardWithLlm, extractCardWithLlmDetailed } from '../src/tender/llm/llm-card.js';
import { oracleAnswer } from './fakes/llm-oracle.js';
import { CARD_TASKS, taskIdOf } from '../src/tender/llm/llm-tasks.js';
import { verifyExcerpt } from '../src/tender/verify.js';
import type { TenderFileInput } from '../src/tender/types.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeRequest } from './fakes/openai-server.js';
import { testClient } from './llm/helpers.js';
import { AMENDMENT_FILE, MAIN_FILE } from './fixtures/tender-pages.js';

const FILES = [MAIN_FILE];
const RULE = extractCard(FILES);
const N = CARD_TASKS.length;

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ tokensPerSecond: 20_000, chunkTokens: 8 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.options = { tokensPerSecond: 20_000, chunkTokens: 8 };
});

/** Answers every task from the oracle; `patch[task]` alters one answer, `raw[task]` replaces it, `fail` throws (→ HTTP 500). */
function model(
  files: TenderFileInput[],
  o: { patch?: Record<string, (a: any) => void>; raw?: Record<string, string>; fail?: string[] } = {},
): (req: FakeRequest) => string {
  const rule = extractCard(files);
  return (req) => {
    const id = taskIdOf(req.messages);
    if (!id) throw new Error('no task marker in the request');
    if (o.fail?.includes(id)) throw new Error(`injected failure for ${id}`);
    if (o.raw?.[id] !== undefined) return o.raw[id];
    const a = oracleAnswer(id, rule, files);
    o.patch?.[id]?.(a);
    return JSON.stringify(a);
  };
}

const tasksOf = (reqs: FakeRequest[], id: string) => reqs.filter((r) => taskIdOf(r.messages) === id);

describe('LLM tender card over HTTP (fake OpenAI server)', () => {
  it('happy path: the rule card fields where both found them, LLM-only items added, every entry verified', async () => {
    fake.options.reply = model(FILES, {
      patch: {
        qualifications: (a) => a.items.push({ text: '提供2025年度财务审计报告', page: 3, excerpt: '提供2025年度财务审计报告' }),
      },
    });
    const llm = testClient(fake);
    const usage: number[] = [];
    llm.onUsage((e) => e.tag === 'bid:42' && usage.push(e.usage.prompt));
    const r = await extractCardWithLlmDetailed(llm, FILES, { tag: 'bid:42' });
    const card = r.card;
    expect(fake.requests).toHaveLength(N);
    expect(r.tasks.every((t) => t.ok)).toBe(true);
    expect(card.writer).toBe('merged');
    for (const k of CARD_FACT_KEYS) expect(card[k]?.value, k).toEqual(RULE[k]?.value);
    for (const k of CARD_LIST_KEYS) {
      const ruleTexts = (RULE[k] as Array<{ id: string }>).map((x) => x.id);
      expect((card[k] as Array<{ id: string }>).map((x) => x.id).slice(0, ruleTexts.length), k).toEqual(ruleTexts);
    }
    // the "财务审计报告" item is part of q2 (same passage): confirmed, not duplicated
    expect(card.qualifications).toHaveLength(RULE.qualifications.length);
    // LLM-only items
    expect(card.terms!.length).toBeGreaterThanOrEqual(5);
    expect(card.terms!.find((t) => t.key === 'delivery')!.text).toContain('合同签订后90日内');
    expect(card.terms!.find((t) => t.key === 'contact')!.text).toContain('0571-88886666');
    const all: CardEntry[] = [
      ...CARD_FACT_KEYS.map((k) => card[k]).filter((x): x is NonNullable<typeof x> => !!x),
      ...CARD_LIST_KEYS.flatMap((k) => card[k] as CardEntry[]),
      ...card.terms!,
    ];
    for (const e of all) {
      expect(e.verified, e.source.excerpt).toBe(true);
      expect(verifyExcerpt(MAIN_FILE.pages, e.source.page, e.source.excerpt)).toBe(true);
    }
    expect(usage).toHaveLength(N);
    expect(r.usage.prompt).toBe(usage.reduce((a, b) => a + b, 0));
    expect(r.usage.completion).toBeGreaterThan(0);
    expect(fake.requests.every((q) => (q.responseFormat as { type: string }).type === 'json_object' && q.stream)).toBe(true);
  });

  it('an amendment: files are numbered in the prompt and the moved deadline comes from the 补遗 with its file', async () => {
    const files = [MAIN_FILE, AMENDMENT_FILE];
    fake.options.reply = model(files);
    const card = await extractCardWithLlm(testClient(fake), files, {});
    expect(fake.requests[0]!.messages[0]!.content).toContain('【文件2 第1页】');
    expect(card.deadline).toMatchObject({ value: '2026-12-25 09:30', verified: true, source: { file: AMENDMENT_FILE.name, page: 1 }, flags: ['overridden'] });
    expect(card.deadline!.overridden![0]).toMatchObject({ value: '2026-12-18 09:30' });
  });

  it('a hallucinated excerpt (not on the page) → the item is flagged unverified, never a fact', async () => {
    fake.options.reply = model(FILES, {
      patch: { starClauses: (a) => a.items.push({ text: '须提供原厂授权书及三年原厂质保承诺', page: 6, excerpt: '★投标人须提供原厂授权书及三年原厂质保承诺。' }) },
    });
    const card = await extractCardWithLlm(testClient(fake), FILES, {});
    const bad = card.starClauses.filter((c) => !c.verified);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ id: 'star4', flags: ['unverified'], origin: 'llm', source: { page: 6 } });
    expect(card.starClauses.filter((c) => c.verified)).toHaveLength(RULE.starClauses.length);
  });

  it('a wrong budget (400万元 where the tender says 386.5万元) → llm-mismatch, the verified value kept', async () => {
    fake.options.reply = model(FILES, {
      patch: { money: (a) => (a.budget = { text: '400万元', amount: 4_000_000, page: 3, excerpt: '预算金额：400万元' }) },
    });
    const card = await extractCardWithLlm(testClient(fake), FILES, {});
    expect(card.budget).toMatchObject({ value: 3_865_000, text: '386.5万元', verified: true, flags: ['llm-mismatch'], source: { page: 3 } });
    expect(card.budget!.mismatch).toMatchObject({ value: 4_000_000, verified: false, origin: 'llm' });
    expect(card.ceilingPrice).toMatchObject({ value: 3_800_000, verified: true });
    expect(card.ceilingPrice!.flags).toBeUndefined();
  });

  it('429 then success: the provider retries (Retry-After honoured), every task lands', async () => {
    fake.options.reply = model(FILES);
    fake.inject({ kind: 'status', status: 429, retryAfterMs: 30 }, 3);
    const r = await extractCardWithLlmDetailed(testClient(fake), FILES, {});
    expect(fake.requests.filter((q) => q.status === 429)).toHaveLength(3);
    expect(fake.requests).toHaveLength(N + 3);
    expect(r.tasks.every((t) => t.ok)).toBe(true);
    expect(r.card.llm!.failed).toEqual([]);
    expect(r.card.scoring).toHaveLength(RULE.scoring.length);
  });

  it('a 500 storm for one task → that task falls back to the rules after the retries, the card is still complete', async () => {
    fake.options.reply = model(FILES, { fail: ['scoringTechnical'] });
    const r = await extractCardWithLlmDetailed(testClient(fake, { maxRetries: 3 }), FILES, {});
    expect(tasksOf(fake.requests, 'scoringTechnical')).toHaveLength(4);
    expect(r.tasks.find((t) => t.task === 'scoringTechnical')).toMatchObject({ ok: false, code: 'server' });
    expect(r.tasks.filter((t) => t.ok)).toHaveLength(N - 1);
    const card: TenderCard = r.card;
    expect(card.scoring).toEqual(RULE.scoring);
    expect(card.scoring.filter((s) => s.category === 'technical')).toHaveLength(6);
    expect(card.llm!.failed).toEqual(['技术评分项']);
    expect(card.writer).toBe('merged');
    expect(card.budget).toMatchObject({ value: 3_865_000, origin: 'llm' });
  });

  it('invalid JSON twice (with the repair round) → that part from the rules', async () => {
    fake.options.reply = model(FILES, { raw: { money: '预算金额是386.5万元，最高限价380万元。' } });
    const r = await extractCardWithLlmDetailed(testClient(fake), FILES, {});
    const money = tasksOf(fake.requests, 'money');
    expect(money).toHaveLength(2);
    expect(money[1]!.messages.at(-1)!.content).toContain('不符合要求');
    expect(r.tasks.find((t) => t.task === 'money')).toMatchObject({ ok: false, code: 'json_invalid' });
    expect(r.card.budget).toEqual(RULE.budget);
  });

  it('prompt order: every request shares the prefix (system rules + tender text), the task instruction is last; the fake reports cached tokens', async () => {
    fake.options.reply = model(FILES);
    const r = await extractCardWithLlmDetailed(testClient(fake), FILES, { concurrency: 4 });
    const reqs = [...fake.requests].sort((a, b) => a.index - b.index);
    const prefix = JSON.stringify(reqs[0]!.messages.slice(0, -1));
    for (const q of reqs) {
      expect(JSON.stringify(q.messages.slice(0, -1))).toBe(prefix);
      const last = q.messages.at(-1)!;
      expect(last.role).toBe('user');
      expect(last.content).toMatch(/^【任务 [a-zA-Z]+】/);
      expect(last.content).not.toContain('【第1页】');
    }
    expect(reqs[0]!.messages[0]!.content).toContain('预算金额：386.5万元');
    // the first request fills the cache; every later one is served the shared prefix
    for (const q of reqs.slice(1)) expect(q.usage!.cached).toBeGreaterThan(1500);
    expect(r.usage.cached / r.usage.prompt).toBeGreaterThan(0.6);
  });

  it('cancellation aborts every running stream and rejects', async () => {
    fake.options.reply = model(FILES);
    fake.options.tokensPerSecond = 20;
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    await expect(extractCardWithLlm(testClient(fake, { idleTimeoutMs: 5000 }), FILES, { signal: ac.signal, concurrency: 4 })).rejects.toMatchObject({
      name: 'AbortError',
    });
    // rejected without waiting for the streams: every request's connection was closed before its reply ended
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests.length).toBeLessThanOrEqual(4);
    expect(fake.requests.every((q) => q.aborted)).toBe(true);
  });
});
