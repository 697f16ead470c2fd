import { describe, expect, it } from 'vitest';
import { CARD_FACT_KEYS, CARD_LIST_KEYS, type CardEntry, type TenderCard } from '@btz/shared';
import { LOTS_FILE, MAIN_FILE, MAIN_PAGES, pagesOf } from '../../../test/fixtures/tender-pages.js';
import { OfflineLlm } from '../../llm/offline.js';
import { LlmError, type ChatRequest, type ChatResult, type LlmProvider, type UsageListener } from '../../llm/types.js';
import { extractCard } from '../card.js';
import { extractCardWithLlm, extractCardWithLlmDetailed } from './llm-card.js';
import { planContexts, promptFiles } from './llm-context.js';
import { oracleAnswer } from '../../../test/fakes/llm-oracle.js';
import { CARD_TASKS, taskIdOf } from './llm-tasks.js';
import { cleanExcerpt, findOnPage, locate, supports } from './llm-verify.js';
import type { TenderFileInput } from '../types.js';
import { verifyExcerpt } from '../verify.js';

type Answer = string | Error | ((req: ChatRequest, n: number) => string | Error);

/** An in-memory provider: answers each task from a script (default: the oracle over the rule card). */
class ScriptedLlm implements LlmProvider {
  readonly name = 'scripted';
  readonly offline = false;
  readonly model = 'scripted-model';
  readonly requests: ChatRequest[] = [];
  private readonly listeners = new Set<UsageListener>();
  private readonly calls = new Map<string, number>();
  private rule: TenderCard | undefined;
  constructor(
    private readonly files: TenderFileInput[],
    private readonly script: Record<string, Answer> = {},
    private readonly delayMs = 0,
  ) {}
  onUsage(l: UsageListener) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  stats() {
    return { active: 0, queued: 0, limit: 4 };
  }
  async chat(req: ChatRequest): Promise<ChatResult> {
    this.requests.push(req);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const usage = { prompt: 100, completion: 10, cached: 60 };
    for (const l of this.listeners) l({ tag: req.tag, usage, model: this.model, finishReason: 'stop', attempts: 1, durationMs: 1 });
    if (req.signal?.aborted) return { text: '', finishReason: 'cancelled', usage, model: this.model, attempts: 1 };
    const id = taskIdOf(req.messages)!;
    const n = (this.calls.get(id) ?? 0) + 1;
    this.calls.set(id, n);
    let a: Answer | undefined = this.script[id];
    if (typeof a === 'function') a = a(req, n);
    if (a instanceof Error) throw a;
    this.rule ??= extractCard(this.files);
    const text = a ?? JSON.stringify(oracleAnswer(id, this.rule, this.files));
    return { text, finishReason: 'stop', usage, model: this.model, attempts: 1 };
  }
  callsOf(id: string) {
    return this.calls.get(id) ?? 0;
  }
}

const FILES = [MAIN_FILE];
const RULE = extractCard(FILES);
const answer = (id: string, patch: (a: any) => void, files: TenderFileInput[] = FILES): string => {
  const a = oracleAnswer(id, extractCard(files), files);
  patch(a);
  return JSON.stringify(a);
};
const withPages = (edit: (pages: string[]) => void): TenderFileInput => {
  const pages = [...MAIN_PAGES];
  edit(pages);
  return { ...MAIN_FILE, pages: pagesOf(pages) };
};
function entries(card: TenderCard): CardEntry[] {
  return [
    ...CARD_FACT_KEYS.map((k) => card[k]).filter((x): x is NonNullable<typeof x> => !!x),
    ...CARD_LIST_KEYS.flatMap((k) => card[k] as CardEntry[]),
    ...(card.terms ?? []),
  ];
}

describe('source checks of the LLM findings', () => {
  const page3 = MAIN_FILE.pages[2]!.text;

  it('finds a near-verbatim excerpt (half-width punctuation, spaces) and returns the page own words', () => {
    const slice = findOnPage(page3, '预算金额:386.5万元 (大写:人民币叁佰捌拾陆万伍仟元整)');
    expect(slice).toBe('预算金额：386.5万元（大写：人民币叁佰捌拾陆万伍仟元整）');
    expect(verifyExcerpt(MAIN_FILE.pages, 3, slice!)).toBe(true);
    expect(findOnPage(page3, '预算金额：400万元')).toBeNull();
    expect(findOnPage(page3, '预算')).toBeNull(); // too short to prove anything
  });

  it('strips page markers, quotes and ellipses a model copies along', () => {
    expect(cleanExcerpt('【第3页】“项目编号：ZB-2026-118……”')).toBe('项目编号：ZB-2026-118');
  });

  it('corrects a page off by one, but not by two', () => {
    const pf = promptFiles(FILES);
    expect(locate(pf, { page: 4, excerpt: '最高限价：3,800,000.00元' })).toMatchObject({ page: 3, found: true, moved: true });
    expect(locate(pf, { page: 2, excerpt: '最高限价：3,800,000.00元' })).toMatchObject({ page: 3, found: true });
    expect(locate(pf, { page: 5, excerpt: '最高限价：3,800,000.00元' })).toMatchObject({ page: 5, found: false });
  });

  it('a found excerpt must also back the value', () => {
    const src = { page: 3, excerpt: '预算金额：386.5万元（大写：人民币叁佰捌拾陆万伍仟元整）' };
    expect(supports({ kind: 'fact', key: 'budget', text: '386.5万元', src }, src.excerpt)).toBe(true);
    expect(supports({ kind: 'fact', key: 'budget', text: '3,865,000元', src }, src.excerpt)).toBe(true);
    expect(supports({ kind: 'fact', key: 'budget', text: '400万元', src }, src.excerpt)).toBe(false);
    expect(supports({ kind: 'fact', key: 'deadline', text: '2026-12-18 9:30', src }, '投标截止时间：2026年12月18日 09:30')).toBe(true);
    expect(supports({ kind: 'clause', key: 'starClauses', text: '须提供原厂授权', src }, '平台须采用B/S架构')).toBe(false);
  });
});

/** A long tender: notice on page 3, scoring on page 60, ★ clauses spread over pages 80–140, filler everywhere else. */
function longTender(pages = 160): TenderFileInput {
  const texts: string[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 3) texts.push(MAIN_PAGES[2]!);
    else if (p === 60) texts.push(MAIN_PAGES[4]!);
    else if (p >= 80 && p <= 140 && p % 5 === 0) texts.push(`第四章 采购需求（续）\n${p}. ★设备${p}须满足国家标准要求，提供检测报告。\n${'技术参数说明。'.repeat(60)}`);
    else if (p === 150) texts.push(`附件\n${'超长页面内容，没有关键字。'.repeat(600)}\n3. ▲超长页面中的重要参数不少于10项。\n${'其他说明文字。'.repeat(300)}`);
    else texts.push(`第${p}页 一般性说明\n${'本章节为一般性技术说明，供投标人参考。'.repeat(40)}`);
  }
  return { name: '长招标文件.pdf', role: 'main', order: 1, pages: pagesOf(texts) };
}

describe('prompt contexts', () => {
  it('a tender that fits the budget is sent whole to every task: one shared prefix', () => {
    const plan = planContexts(FILES);
    expect(plan.shared).toBe(true);
    const all = Object.values(plan.byGroup);
    expect(new Set(all.map((c) => c.join())).size).toBe(1);
    expect(all[0]![0]).toContain('【第1页】');
    expect(all[0]![0]).toContain('【第8页】');
  });

  it('a long tender is cut per page group, each chunk bounded, the relevant pages kept', () => {
    const file = longTender();
    const plan = planContexts([file], 12_000);
    expect(plan.shared).toBe(false);
    expect(plan.fullChars).toBeGreaterThan(100_000);
    for (const chunks of Object.values(plan.byGroup)) for (const c of chunks) expect(c.length).toBeLessThanOrEqual(12_000);
    expect(plan.byGroup.notice[0]).toContain('【第3页】');
    expect(plan.byGroup.notice[0]).toContain('预算金额：386.5万元');
    expect(plan.byGroup.scoring.join()).toContain('【第60页】');
    const marked = plan.byGroup.marked.join('\n');
    for (let p = 80; p <= 140; p += 5) expect(marked).toContain(`★设备${p}须满足`);
    // the 12k-character page is cut to the lines around its hit, verbatim
    expect(marked).toContain('【第150页】（节选）');
    expect(marked).toContain('3. ▲超长页面中的重要参数不少于10项。');
    expect(plan.byGroup.marked.length).toBeLessThanOrEqual(3);
  });

  it('tasks of one group share their prefix on a long tender', async () => {
    const file = longTender();
    const llm = new ScriptedLlm([file]);
    const r = await extractCardWithLlmDetailed(llm, [file], { contextChars: 12_000 });
    expect(r.shared).toBe(false);
    const byTask = new Map(llm.requests.map((q) => [taskIdOf(q.messages), q.messages[0]!.content]));
    expect(byTask.get('scoringTechnical')).toBe(byTask.get('scoringPrice'));
    expect(byTask.get('money')).toBe(byTask.get('schedule'));
    expect(byTask.get('money')).not.toBe(byTask.get('scoringPrice'));
    for (const q of llm.requests) expect(q.messages[0]!.content.length + q.messages[1]!.content.length).toBeLessThan(12_000 + 4_000);
    expect(r.card.starClauses.length).toBeGreaterThanOrEqual(13);
    expect(r.card.budget).toMatchObject({ value: 3_865_000, verified: true });
  });
});

describe('extractCardWithLlm — merge rules', () => {
  it('with a faithful model: the rule card values, every entry verified, LLM-only terms added, writer merged', async () => {
    const llm = new ScriptedLlm(FILES);
    const progress: Array<[number, number]> = [];
    const r = await extractCardWithLlmDetailed(llm, FILES, { tag: 'bid:7', onProgress: (d, t) => progress.push([d, t]) });
    const card = r.card;
    expect(card.writer).toBe('merged');
    expect(card.llm).toEqual({ model: 'scripted-model', tasks: CARD_TASKS.length, failed: [] });
    for (const k of CARD_FACT_KEYS) expect(card[k]?.value, k).toEqual(RULE[k]?.value);
    for (const k of CARD_LIST_KEYS) expect((card[k] as Array<{ id: string }>).map((x) => x.id), k).toEqual((RULE[k] as Array<{ id: string }>).map((x) => x.id));
    expect(card.scoring.map((s) => [s.item, s.points, s.category])).toEqual(RULE.scoring.map((s) => [s.item, s.points, s.category]));
    for (const e of entries(card)) {
      expect(e.verified, e.source.excerpt).toBe(true);
      expect(verifyExcerpt(MAIN_FILE.pages, e.source.page, e.source.excerpt)).toBe(true);
    }
    expect(card.budget).toMatchObject({ origin: 'llm', verified: true, source: { page: 3 } });
    expect(card.terms!.map((t) => t.key)).toEqual(expect.arrayContaining(['method', 'contact', 'delivery', 'warranty']));
    expect(card.terms!.find((t) => t.key === 'delivery')).toMatchObject({ origin: 'llm', verified: true, source: { page: 6 } });
    expect(progress[0]).toEqual([0, CARD_TASKS.length]);
    expect(progress.at(-1)).toEqual([CARD_TASKS.length, CARD_TASKS.length]);
    expect(r.usage).toEqual({ prompt: 100 * CARD_TASKS.length, completion: 10 * CARD_TASKS.length, cached: 60 * CARD_TASKS.length });
    expect(llm.requests.every((q) => q.tag === 'bid:7' && q.json === true)).toBe(true);
  });

  it('the rules’ commercial term of a kind the model found none of stays on the card (the commercial table’s rows)', async () => {
    const rule = RULE.terms!.find((t) => t.key === 'delivery')!;
    expect(rule.origin).toBe('rule');
    // a model that finds no delivery term
    const r = await extractCardWithLlmDetailed(new ScriptedLlm(FILES, { delivery: JSON.stringify({ items: [] }) }), FILES, {});
    expect(r.card.terms!.filter((t) => t.key === 'delivery').map((t) => [t.text, t.origin])).toEqual([[rule.text, 'rule']]);
    // one that finds it: the model's wording (as before)
    const m = await extractCardWithLlmDetailed(new ScriptedLlm(FILES), FILES, {});
    expect(m.card.terms!.filter((t) => t.key === 'delivery').every((t) => t.origin === 'llm')).toBe(true);
  });

  it('prompt order: the same system message (rules + tender) first in every task, the task instruction last', async () => {
    const llm = new ScriptedLlm(FILES);
    await extractCardWithLlm(llm, FILES, {});
    expect(llm.requests).toHaveLength(CARD_TASKS.length);
    const prefix = llm.requests[0]!.messages[0]!;
    expect(prefix.role).toBe('system');
    expect(prefix.content).toContain('【第3页】\n第一章 招标公告');
    for (const q of llm.requests) {
      expect(q.messages).toHaveLength(2);
      expect(q.messages[0]).toEqual(prefix);
      expect(q.messages[1]!.role).toBe('user');
      expect(q.messages[1]!.content).toMatch(/^【任务 [a-zA-Z]+】/);
      expect(q.messages[1]!.content).toContain('JSON Schema');
    }
    expect(new Set(llm.requests.map((q) => taskIdOf(q.messages))).size).toBe(CARD_TASKS.length);
  });

  it('a wrong budget with the real excerpt: llm-mismatch, the verified rule value kept, the model value beside it', async () => {
    const llm = new ScriptedLlm(FILES, { money: answer('money', (a) => Object.assign(a.budget, { text: '400万元', amount: 4_000_000 })) });
    const card = await extractCardWithLlm(llm, FILES, {});
    expect(card.budget).toMatchObject({ value: 3_865_000, verified: true, origin: 'rule', flags: ['llm-mismatch'] });
    expect(card.budget!.mismatch).toMatchObject({ value: 4_000_000, text: '400万元', verified: false, origin: 'llm' });
    expect(card.ceilingPrice!.flags).toBeUndefined();
  });

  it('both verified but different (the model took the 澄清截止时间): the rule value kept, the mismatch visible', async () => {
    const llm = new ScriptedLlm(FILES, {
      schedule: answer('schedule', (a) => (a.deadline = { text: '2026年12月8日17:00', value: '2026-12-08 17:00', page: 4, excerpt: '澄清截止时间：2026年12月8日17:00前' })),
    });
    const card = await extractCardWithLlm(llm, FILES, {});
    expect(card.deadline).toMatchObject({ value: '2026-12-18 09:30', origin: 'rule', flags: ['llm-mismatch'] });
    expect(card.deadline!.mismatch).toMatchObject({ value: '2026-12-08 17:00', verified: true, origin: 'llm', source: { page: 4 } });
  });

  it('a fact only the model finds is kept from the model, verified, and a page off by one is corrected', async () => {
    const file = withPages((p) => (p[2] = p[2]!.replace('最高限价：3,800,000.00元', '本项目投标报价上限为3,800,000.00元')));
    expect(extractCard([file]).ceilingPrice).toBeNull();
    const llm = new ScriptedLlm([file], {
      money: answer('money', (a) => (a.ceilingPrice = { text: '3,800,000.00元', amount: 3_800_000, page: 4, excerpt: '投标报价上限为3,800,000.00元' }), [file]),
    });
    const card = await extractCardWithLlm(llm, [file], {});
    expect(card.ceilingPrice).toMatchObject({ value: 3_800_000, origin: 'llm', verified: true, source: { page: 3, excerpt: '投标报价上限为3,800,000.00元' } });
    expect(card.ceilingPrice!.flags).toBeUndefined();
  });

  it('a hallucinated clause is kept only flagged unverified, at the end, with the model claim as its excerpt', async () => {
    const llm = new ScriptedLlm(FILES, {
      starClauses: answer('starClauses', (a) => a.items.push({ text: '投标人须提供原厂授权书', page: 6, excerpt: '★投标人须提供原厂授权书。' })),
    });
    const card = await extractCardWithLlm(llm, FILES, {});
    expect(card.starClauses).toHaveLength(RULE.starClauses.length + 1);
    const added = card.starClauses.at(-1)!;
    expect(added).toMatchObject({ id: 'star4', text: '投标人须提供原厂授权书', verified: false, flags: ['unverified'], origin: 'llm' });
    expect(verifyExcerpt(MAIN_FILE.pages, added.source.page, added.source.excerpt)).toBe(false);
    expect(card.starClauses.slice(0, -1).every((c) => c.verified)).toBe(true);
  });

  it('a real passage cited for a made-up clause is unverified too', async () => {
    const llm = new ScriptedLlm(FILES, {
      qualifications: answer('qualifications', (a) => a.items.push({ text: '投标人须具有CMMI五级认证', page: 3, excerpt: '本项目不接受联合体投标。' })),
    });
    const card = await extractCardWithLlm(llm, FILES, {});
    const q = card.qualifications.find((x) => x.text.includes('CMMI'))!;
    expect(q).toMatchObject({ verified: false, flags: ['unverified'], origin: 'llm' });
  });

  it('LLM-only scoring and clause items get the next id of the rule scheme; points the rules disagree with are flagged', async () => {
    const file = withPages((p) => {
      p[5] = `${p[5]}\n注：现场演示环节计入技术评分，满分5分。`;
      p[3] = `${p[3]}\n4. 投标人须为在中华人民共和国境内注册的法人。`;
    });
    const rule = extractCard([file]);
    expect(rule.scoring).toHaveLength(10);
    const llm = new ScriptedLlm([file], {
      scoringTechnical: answer(
        'scoringTechnical',
        (a) => {
          a.items[0].points = 20; // 技术方案: the table says 15
          a.items.push({ item: '现场演示', points: 5, criteria: '现场演示环节计入技术评分', page: 6, excerpt: '现场演示环节计入技术评分，满分5分。' });
        },
        [file],
      ),
      qualifications: answer(
        'qualifications',
        (a) => a.items.push({ text: '投标人须为在中华人民共和国境内注册的法人', page: 4, excerpt: '投标人须为在中华人民共和国境内注册的法人。' }),
        [file],
      ),
    });
    const card = await extractCardWithLlm(llm, [file], {});
    expect(card.scoring).toHaveLength(11);
    expect(card.scoring.find((s) => s.item === '技术方案')).toMatchObject({ id: 's2', points: 15, origin: 'rule', flags: ['llm-mismatch'] });
    expect(card.scoring.at(-1)).toMatchObject({ id: 's11', item: '现场演示', points: 5, category: 'technical', origin: 'llm', verified: true });
    expect(card.qualifications.at(-1)).toMatchObject({ id: 'q7', origin: 'llm', verified: true, source: { page: 4 } });
    expect(card.scoring.slice(0, 10).map((s) => s.id)).toEqual(rule.scoring.map((s) => s.id));
  });

  it('composition: unverified parts never become chapters; a different list does not replace the prescribed one', async () => {
    const llm = new ScriptedLlm(FILES, {
      composition: JSON.stringify({
        items: [
          { title: '投标函', page: 8, excerpt: '一、投标函' },
          { title: '法定代表人授权书', page: 8, excerpt: '二、法定代表人授权书' },
          { title: '廉洁承诺书', page: 8, excerpt: '四、廉洁承诺书' },
        ],
      }),
    });
    const card = await extractCardWithLlm(llm, FILES, {});
    expect(card.composition.map((c) => c.title)).toEqual(RULE.composition.map((c) => c.title));
  });

  it('composition: the model list is used when the rules found none', async () => {
    const file = withPages((p) => {
      p[3] = p[3]!.replace(/1\. 投标文件的组成[\s\S]*?报价部分：分项报价表。\n/, '投标人应提交的材料包括投标函、法定代表人授权书和开标一览表。\n');
      p[7] = '附件：参考格式（略）';
    });
    expect(extractCard([file]).composition).toEqual([]);
    const llm = new ScriptedLlm([file], {
      composition: JSON.stringify({
        items: [
          { title: '投标函', page: 4, excerpt: '投标人应提交的材料包括投标函' },
          { title: '法定代表人授权书', page: 4, excerpt: '投标函、法定代表人授权书和开标一览表' },
          { title: '廉洁承诺书', page: 4, excerpt: '廉洁承诺书' },
          { title: '开标一览表', page: 4, excerpt: '法定代表人授权书和开标一览表。' },
        ],
      }),
    });
    const card = await extractCardWithLlm(llm, [file], {});
    expect(card.composition.map((c) => [c.id, c.title, c.verified])).toEqual([
      ['c1', '投标函', true],
      ['c2', '法定代表人授权书', true],
      ['c3', '开标一览表', true],
    ]);
  });
});

describe('extractCardWithLlm — failures and cancellation', () => {
  it('a task that fails after the provider retries falls back to the rules; the card is complete', async () => {
    const llm = new ScriptedLlm(FILES, { scoringTechnical: new LlmError('大模型调用失败：已尝试 5 次仍未成功', { code: 'server', status: 500, attempts: 5 }) });
    const r = await extractCardWithLlmDetailed(llm, FILES, {});
    expect(r.tasks.find((t) => t.task === 'scoringTechnical')).toMatchObject({ ok: false, code: 'server' });
    expect(r.tasks.filter((t) => t.ok)).toHaveLength(CARD_TASKS.length - 1);
    expect(r.card.scoring).toEqual(RULE.scoring);
    expect(r.card.llm!.failed).toEqual(['技术评分项']);
    expect(r.card.writer).toBe('merged');
    expect(r.card.terms!.length).toBeGreaterThan(0);
  });

  it('JSON still invalid after the repair round → fallback; repaired on the second try → used', async () => {
    const llm = new ScriptedLlm(FILES, {
      money: '预算大约四百万',
      schedule: (_req, n) => (n === 1 ? '{"deadline": ' : answer('schedule', () => {})),
    });
    const r = await extractCardWithLlmDetailed(llm, FILES, {});
    expect(llm.callsOf('money')).toBe(2);
    expect(r.tasks.find((t) => t.task === 'money')).toMatchObject({ ok: false, code: 'json_invalid' });
    expect(r.card.budget).toEqual(RULE.budget);
    expect(r.tasks.find((t) => t.task === 'schedule')).toMatchObject({ ok: true, repaired: true });
    expect(r.card.deadline).toMatchObject({ value: '2026-12-18 09:30', origin: 'llm' });
  });

  it('an auth error stops the remaining tasks; nothing came from the model, so the card is the offline one', async () => {
    const auth = new LlmError('大模型鉴权失败，请检查 LLM_API_KEY', { code: 'auth', status: 401 });
    const script = Object.fromEntries(CARD_TASKS.map((t) => [t.id, auth]));
    const llm = new ScriptedLlm(FILES, script, 2);
    const r = await extractCardWithLlmDetailed(llm, FILES, { concurrency: 4 });
    expect(llm.requests.length).toBeLessThanOrEqual(4);
    expect(r.tasks.filter((t) => t.code === 'skipped').length).toBeGreaterThanOrEqual(CARD_TASKS.length - 4);
    expect(r.card.writer).toBe('offline');
    expect(r.card.llm!.failed).toHaveLength(CARD_TASKS.length);
    expect(r.card.budget).toEqual(RULE.budget);
  });

  it('the signal cancels everything: the promise rejects and no further task starts', async () => {
    const ac = new AbortController();
    const llm = new ScriptedLlm(FILES, {}, 20);
    const p = extractCardWithLlm(llm, FILES, { signal: ac.signal, concurrency: 2 });
    setTimeout(() => ac.abort(), 30);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    const n = llm.requests.length;
    expect(n).toBeLessThan(CARD_TASKS.length);
    await new Promise((r) => setTimeout(r, 60));
    expect(llm.requests.length).toBe(n);
    await expect(extractCardWithLlm(llm, FILES, { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('the offline provider: the rule card, no calls', async () => {
    const llm = new OfflineLlm();
    const card = await extractCardWithLlm(llm, FILES, {});
    expect(card).toEqual(RULE);
  });

  it('a picked lot is named in every task instruction (after the shared prefix)', async () => {
    const llm = new ScriptedLlm([LOTS_FILE]);
    const card = await extractCardWithLlm(llm, [LOTS_FILE], { lot: '2' });
    expect(card.lot).toBe('2');
    for (const q of llm.requests) expect(q.messages[1]!.content).toContain('本次投标只针对“第二标段 电子设备采购”');
    expect(new Set(llm.requests.map((q) => q.messages[0]!.content)).size).toBe(1);
    expect(card.budget).toMatchObject({ value: 2_600_000 });
  });
});
