/**
 * The LLM tender card on the document model (issue 12 item 6), against the fake OpenAI-compatible server answering as a
 * faithful model reading a LABELLED tender (fixtures/tender-model.ts): the labels come from the fixture's own declaration,
 * not from the rule card, so these tests hold the merged card against the truth.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractCardWithLlmDetailed } from '../src/tender/llm/llm-card.js';
import { planContexts, promptFiles } from '../src/tender/llm/llm-context.js';
import { locate } from '../src/tender/llm/llm-verify.js';
import { taskIdOf } from '../src/tender/llm/llm-tasks.js';
import { verifyExcerpt } from '../src/tender/verify.js';
import { labelledAnswer } from './fakes/llm-oracle.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeRequest } from './fakes/openai-server.js';
import { MODEL_FILE, MODEL_LABELS } from './fixtures/tender-model.js';
import { testClient } from './llm/helpers.js';

const FILES = [MODEL_FILE];

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ tokensPerSecond: 20_000, chunkTokens: 8 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.options = { tokensPerSecond: 20_000, chunkTokens: 8 };
});

function labelled(o: Parameters<typeof labelledAnswer>[2] & { extra?: Record<string, (a: any) => void> } = {}) {
  return (req: FakeRequest) => {
    const id = taskIdOf(req.messages);
    if (!id) throw new Error('no task marker in the request');
    const a = labelledAnswer(id, MODEL_LABELS, { ...o, context: req.messages[0]!.content });
    o.extra?.[id]?.(a);
    return JSON.stringify(a);
  };
}

const key = (s: { item: string; points: number | null }) => `${s.item}|${s.points}`;

describe('LLM card on the document model', () => {
  it('the prompt carries the scoring table as one Markdown table with the page of each row, and no table-of-contents line', () => {
    const plan = planContexts(FILES);
    const text = plan.byGroup.scoring.join('\n');
    expect(text).toContain('| 页 | 类别 | 评分因素 | 评分标准 | 分值 |');
    // a row continued on page 5 names its page; the merged 类别 and factor cells are repeated in every row they cover
    expect(text).toContain('| 5 | 技术部分 | 质量保障措施 | 质量考核办法具体、可操作的得0~6分 | 0~6分 |');
    expect(text).toMatch(/\| 4 \| 技术部分 \| 服务方案 \| 应急预案：/);
    expect(text).not.toContain('2.1初步评审标准(37)');
    expect(text).not.toContain('........');
    // the table appears once (on the page where it starts), not as flattened lines again
    expect(text.match(/\| 页 \| 类别/g)).toHaveLength(1);
  });

  it('a faithful model reading the labelled tender: every labelled scoring row lands verified with its points, category and page', async () => {
    fake.options.reply = labelled();
    const r = await extractCardWithLlmDetailed(testClient(fake), FILES, {});
    expect(r.tasks.every((t) => t.ok)).toBe(true);
    const verified = r.card.scoring.filter((s) => s.verified);
    for (const l of MODEL_LABELS.scoring) {
      const got = verified.find((s) => s.item === l.item);
      expect(got, l.item).toBeDefined();
      expect(got!.points, l.item).toBe(l.points);
      expect(got!.category, l.item).toBe(l.category);
      expect(got!.source.page, l.item).toBe(l.page);
      expect(verifyExcerpt(MODEL_FILE.pages, got!.source.page, got!.source.excerpt)).toBe(true);
    }
    // nothing verified beyond the truth: no TOC line, no 合计 row, no range split into two rows
    const truth = new Set(MODEL_LABELS.scoring.map(key));
    const beyond = verified.filter((s) => !truth.has(key(s)) && !s.flags?.includes('llm-mismatch'));
    expect(beyond.map(key)).toEqual([]);
    const total = MODEL_LABELS.scoring.reduce((n, s) => n + s.points, 0);
    expect(total).toBe(MODEL_LABELS.scoringTotal);
    // facts and ★ clauses against the labels
    expect(r.card.projectNumber).toMatchObject({ value: MODEL_LABELS.projectNumber.text, verified: true });
    expect(r.card.purchaser).toMatchObject({ value: MODEL_LABELS.purchaser.text, verified: true });
    expect(r.card.agency).toMatchObject({ value: MODEL_LABELS.agency.text, verified: true });
    expect(r.card.budget).toMatchObject({ value: MODEL_LABELS.budget.amount, verified: true });
    expect(r.card.deadline).toMatchObject({ value: MODEL_LABELS.deadline.value, verified: true });
    for (const s of MODEL_LABELS.stars) expect(r.card.starClauses.some((c) => c.verified && c.text.includes(s.text.slice(0, 10))), s.text).toBe(true);
  });

  it('a model that copies whole Markdown table rows as excerpts: rows verify with the page’s own words, unless the row repeats a merged cell the page does not print there', () => {
    const files = promptFiles(FILES);
    // the first row of the price group prints its 类别 cell; the prompt's 页 column is not page text
    const price = locate(files, { page: 4, excerpt: '| 4 | 价格部分 | 投标报价 | 满足招标文件要求且投标价格最低的投标报价为评标基准价 |' });
    expect(price).toMatchObject({ found: true, page: 4 });
    expect(price.excerpt).not.toMatch(/[|｜]/);
    expect(verifyExcerpt(MODEL_FILE.pages, 4, price.excerpt)).toBe(true);
    // a row copied without the repeated group cell, cited on the wrong page of the two the table spans: found on its own page
    const perf = locate(files, { page: 4, excerpt: '| 类似业绩 | 近三年每提供一个类似项目业绩得5分 |' });
    expect(perf).toMatchObject({ found: true, page: 5, moved: true });
    // 技术部分 is printed once, on the group's first row: a later row quoted with it is not verbatim page text
    const repeated = locate(files, { page: 5, excerpt: '| 5 | 技术部分 | 项目负责人 | 具有物业管理师证书且从业8年以上的得4.5分 |' });
    expect(repeated.found).toBe(false);
  });

  it('a row the tender does not have (excerpt not on the page) stays flagged unverified, never a scoring row', async () => {
    fake.options.reply = labelled({
      extra: { scoringTechnical: (a) => a.items.push({ item: '节能环保措施', points: 5, criteria: '节能措施得力的得5分', page: 5, excerpt: '节能措施得力的得5分' }) },
    });
    const r = await extractCardWithLlmDetailed(testClient(fake), FILES, {});
    const bad = r.card.scoring.find((s) => s.item === '节能环保措施');
    expect(bad).toMatchObject({ verified: false, flags: ['unverified'] });
    expect(r.card.scoring.filter((s) => s.verified && s.item === '节能环保措施')).toHaveLength(0);
  });
});
