/**
 * The extraction tasks of the LLM tender card (~20, in the spirit of the open-source bid writers): each a focused
 * instruction, a zod schema for extractJson, the page group its context is chosen from when the tender is too long to
 * send whole, and the conversion of its answer into findings (facts, clauses, scoring rows, parts, terms, lots), every
 * finding with the page and verbatim excerpt the model cites. The instruction always goes LAST in the prompt (after the
 * stable tender text), so vendors' prefix caches hit.
 */
import type { CardFactKey, CardTermKey, ScoringCategory } from '@btz/shared';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------------
// Schemas

/** 12, "12", "第12页" → 12 */
const toInt = (v: unknown) => (typeof v === 'string' ? Number(/\d+/.exec(v)?.[0] ?? Number.NaN) : v);
// page / file / excerpt are explained once in the system rules (stable prefix), not in every task's schema
const pageNo = z.preprocess(toInt, z.number().int().min(1).max(100_000));
const fileNo = z.preprocess(toInt, z.number().int().min(1).max(100)).nullish();
const excerpt = z.string().min(1).max(1000);
const src = { page: pageNo, file: fileNo, excerpt };
const toNum = (v: unknown) => (typeof v === 'string' && v.trim() ? Number(v.replace(/[,，\s分]/g, '')) : v);

const fact = z.object({ text: z.string().min(1).max(300).describe('原文中的写法'), ...src }).nullish();
const moneyFact = z
  .object({
    text: z.string().min(1).max(200).describe('金额的原文写法，如“386.5万元”“3,800,000.00元”'),
    amount: z.preprocess(toNum, z.number().nonnegative()).nullish().describe('折算成元的数值'),
    ...src,
  })
  .nullish();
const dateFact = z
  .object({
    text: z.string().min(1).max(200).describe('原文写法，如“2026年12月18日 09:30”'),
    value: z.string().max(40).nullish().describe('YYYY-MM-DD HH:mm'),
    ...src,
  })
  .nullish();
const textItems = z
  .array(z.object({ text: z.string().min(1).max(600).describe('该条内容（尽量用原文）'), ...src }))
  .max(200)
  .default([]);
const scoringItems = z
  .array(
    z.object({
      item: z.string().min(1).max(100).describe('评分项名称'),
      points: z.preprocess(toNum, z.number().min(0).max(1000)).nullable().describe('分值（满分），无则 null'),
      criteria: z.string().max(1000).default('').describe('评分标准（原文，可适当截短）'),
      ...src,
    }),
  )
  .max(200)
  .default([]);

// ---------------------------------------------------------------------------------------------------------------------
// Findings: what a task's answer becomes before verification and merging

export interface FindingSource {
  page: number;
  /** 1-based file number as the prompt lists the files; absent = the first */
  file?: number | null;
  excerpt: string;
}

export type ClauseKey = 'qualifications' | 'starClauses' | 'importantClauses' | 'invalidClauses' | 'formatRules';

export type Finding =
  | { kind: 'fact'; key: CardFactKey; text: string; amount?: number | null; date?: string | null; src: FindingSource }
  | { kind: 'clause'; key: ClauseKey; text: string; src: FindingSource }
  | { kind: 'scoring'; item: string; points: number | null; criteria: string; category: ScoringCategory; src: FindingSource }
  | { kind: 'part'; title: string; note?: string; src: FindingSource }
  | { kind: 'term'; key: CardTermKey; text: string; src: FindingSource }
  | { kind: 'lot'; id?: string; name: string; src: FindingSource };

/** The page groups a long tender's context is chosen from (see llm-context.ts). */
export type GroupId = 'notice' | 'scoring' | 'marked' | 'requirements' | 'format';

export interface CardTask<S extends z.ZodType = z.ZodType> {
  id: string;
  title: string;
  group: GroupId;
  /** the instruction (Chinese); the JSON schema is appended by extractJson */
  instruction: string;
  schema: S;
  maxTokens: number;
  toFindings(data: z.output<S>): Finding[];
}

function task<S extends z.ZodType>(t: CardTask<S>): CardTask {
  return t as unknown as CardTask;
}

type FactIn = { text: string; page: number; file?: number | null; excerpt: string } | null | undefined;
const srcOf = (x: { page: number; file?: number | null; excerpt: string }): FindingSource => ({ page: x.page, file: x.file ?? null, excerpt: x.excerpt });

function factFinding(key: CardFactKey, x: FactIn, extra: { amount?: number | null; date?: string | null } = {}): Finding[] {
  if (!x || !x.text.trim()) return [];
  return [{ kind: 'fact', key, text: x.text.trim(), ...extra, src: srcOf(x) }];
}

const clauses = (key: ClauseKey, items: Array<{ text: string; page: number; file?: number | null; excerpt: string }>): Finding[] =>
  items.filter((i) => i.text.trim()).map((i) => ({ kind: 'clause', key, text: i.text.trim(), src: srcOf(i) }));

const terms = (key: CardTermKey, items: Array<{ text: string; page: number; file?: number | null; excerpt: string }>): Finding[] =>
  items.filter((i) => i.text.trim()).map((i) => ({ kind: 'term', key, text: i.text.trim(), src: srcOf(i) }));

function scoringTask(id: string, title: string, category: ScoringCategory, what: string): CardTask {
  return task({
    id,
    title,
    group: 'scoring',
    instruction:
      `找出评分标准（评分办法/评审因素表）中属于${what}的全部评分项，按表中顺序逐行列出：item 为评分项名称，points 为该项分值，` +
      'criteria 为评分标准原文（过长可截短到 150 字以内）。只列本类评分项；不要列“合计”“小计”或分类标题行本身；没有则返回空数组。',
    schema: z.object({ items: scoringItems }),
    maxTokens: 4096,
    toFindings: (d) =>
      d.items
        .filter((i) => i.item.trim())
        .map((i) => ({ kind: 'scoring', item: i.item.trim(), points: i.points ?? null, criteria: (i.criteria ?? '').trim(), category, src: srcOf(i) })),
  });
}

const LIST_NOTE = '逐条列出，每条一项；一条内容跨行时合并为一项。没有则返回空数组。';

export const CARD_TASKS: readonly CardTask[] = [
  task({
    id: 'basics',
    title: '项目基本信息',
    group: 'notice',
    instruction: '提取项目名称（projectName）、项目编号/招标编号（projectNumber）和采购方式（method，如公开招标、竞争性磋商）。',
    schema: z.object({ projectName: fact, projectNumber: fact, method: fact }),
    maxTokens: 1024,
    toFindings: (d) => [
      ...factFinding('projectName', d.projectName),
      ...factFinding('projectNumber', d.projectNumber),
      ...(d.method ? terms('method', [d.method]) : []),
    ],
  }),
  task({
    id: 'parties',
    title: '采购人、代理机构与联系方式',
    group: 'notice',
    instruction:
      '提取采购人/招标人名称（purchaser）、采购代理机构名称（agency），以及文件中给出的联系人和联系电话（contacts：每条写明是谁的联系人，如“采购代理机构联系人：周工 0571-88886666”）。',
    schema: z.object({ purchaser: fact, agency: fact, contacts: textItems }),
    maxTokens: 1536,
    toFindings: (d) => [...factFinding('purchaser', d.purchaser), ...factFinding('agency', d.agency), ...terms('contact', d.contacts)],
  }),
  task({
    id: 'money',
    title: '预算金额与最高限价',
    group: 'notice',
    instruction:
      '提取预算金额（budget，即采购预算/项目预算）和最高限价（ceilingPrice，即最高投标限价/招标控制价）。text 照录原文金额写法，amount 为折算成“元”的数值。不要把投标保证金、履约保证金当作预算。',
    schema: z.object({ budget: moneyFact, ceilingPrice: moneyFact }),
    maxTokens: 1024,
    toFindings: (d) => [
      ...factFinding('budget', d.budget, { amount: d.budget?.amount ?? null }),
      ...factFinding('ceilingPrice', d.ceilingPrice, { amount: d.ceilingPrice?.amount ?? null }),
    ],
  }),
  task({
    id: 'schedule',
    title: '投标截止、开标时间与地点',
    group: 'notice',
    instruction:
      '提取投标截止时间（deadline，递交投标文件的截止时间，不是澄清/质疑/报名截止时间）、开标时间（openingTime）和开标地点（openingPlace）。有补遗或澄清变更时以变更后的为准。value 用 YYYY-MM-DD HH:mm 格式。',
    schema: z.object({ deadline: dateFact, openingTime: dateFact, openingPlace: fact }),
    maxTokens: 1024,
    toFindings: (d) => [
      ...factFinding('deadline', d.deadline, { date: d.deadline?.value ?? null }),
      ...factFinding('openingTime', d.openingTime, { date: d.openingTime?.value ?? null }),
      ...factFinding('openingPlace', d.openingPlace),
    ],
  }),
  task({
    id: 'bond',
    title: '投标保证金',
    group: 'notice',
    instruction: '提取投标保证金（bidBond）：text 照录金额或“不收取”等原文，amount 为折算成“元”的金额（没有金额时为 null）。不要提取履约保证金。',
    schema: z.object({
      bidBond: z
        .object({ text: z.string().min(1).max(300), amount: z.preprocess(toNum, z.number().nonnegative()).nullish(), ...src })
        .nullish(),
    }),
    maxTokens: 768,
    toFindings: (d) => factFinding('bidBond', d.bidBond, { amount: d.bidBond?.amount ?? null }),
  }),
  task({
    id: 'qualifications',
    title: '投标人资格要求',
    group: 'notice',
    instruction: `列出投标人（供应商）必须满足的资格要求（资质、业绩、财务、信誉、是否接受联合体等）。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 3072,
    toFindings: (d) => clauses('qualifications', d.items),
  }),
  scoringTask('scoringTechnical', '技术评分项', 'technical', '技术部分（技术方案、实施、服务、人员等技术评审因素）'),
  scoringTask('scoringCommercial', '商务评分项', 'commercial', '商务部分（业绩、资质、信誉、认证等商务或资信评审因素）'),
  scoringTask('scoringPrice', '价格评分', 'price', '价格部分（价格分/报价得分，criteria 写明价格分计算方法）'),
  task({
    id: 'starClauses',
    title: '★ 实质性条款',
    group: 'marked',
    instruction: `列出所有标有“★”的条款（实质性要求，不满足即投标无效）。text 为条款内容（去掉★号本身）。不要列只解释★含义的说明文字。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 4096,
    toFindings: (d) => clauses('starClauses', d.items),
  }),
  task({
    id: 'importantClauses',
    title: '▲ 重要条款',
    group: 'marked',
    instruction: `列出所有标有“▲”的条款（重要技术参数或要求）。text 为条款内容（去掉▲号本身）。不要列只解释▲含义的说明文字。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 4096,
    toFindings: (d) => clauses('importantClauses', d.items),
  }),
  task({
    id: 'invalidClauses',
    title: '废标（无效投标）条款',
    group: 'format',
    instruction: `列出会导致投标无效、废标或被否决的情形（无效投标条款、否决投标条款等）。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 4096,
    toFindings: (d) => clauses('invalidClauses', d.items),
  }),
  task({
    id: 'composition',
    title: '投标文件组成',
    group: 'format',
    instruction:
      '列出招标文件规定的投标文件组成部分（投标文件由哪些部分组成），严格按招标文件给出的顺序：title 为部分名称（如“投标函”“商务部分”），note 为招标文件对该部分内容的说明（没有则省略）。只列招标文件明确规定的组成部分，不要自行补充。',
    schema: z.object({
      items: z
        .array(z.object({ title: z.string().min(1).max(60), note: z.string().max(300).nullish(), ...src }))
        .max(60)
        .default([]),
    }),
    maxTokens: 3072,
    toFindings: (d) =>
      d.items
        .filter((i) => i.title.trim())
        .map((i) => ({ kind: 'part', title: i.title.trim(), ...(i.note?.trim() ? { note: i.note.trim() } : {}), src: srcOf(i) })),
  }),
  task({
    id: 'formatRules',
    title: '投标文件格式要求',
    group: 'format',
    instruction: `列出投标文件的编制格式要求：装订方式、签字盖章、正副本份数、电子版、页码目录、密封包装等。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 3072,
    toFindings: (d) => clauses('formatRules', d.items),
  }),
  task({
    id: 'lots',
    title: '标段（包）划分',
    group: 'notice',
    instruction: '如果项目分为多个标段或采购包，列出每个标段：id 为编号（如“1”“2”“A”），name 为标段名称。项目不分标段时返回空数组。',
    schema: z.object({
      lots: z
        .array(z.object({ id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(20)).nullish(), name: z.string().min(1).max(100), ...src }))
        .max(30)
        .default([]),
    }),
    maxTokens: 1536,
    toFindings: (d) => d.lots.map((l) => ({ kind: 'lot', ...(l.id ? { id: l.id } : {}), name: l.name.trim(), src: srcOf(l) })),
  }),
  task({
    id: 'evaluation',
    title: '评标办法',
    group: 'scoring',
    instruction: `说明本项目的评标（评审）办法：综合评分法或最低评标价法、总分、价格分权重、中标候选人如何确定等。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 1536,
    toFindings: (d) => terms('evaluation', d.items),
  }),
  task({
    id: 'delivery',
    title: '交付期与服务期',
    group: 'requirements',
    instruction: `提取交货期/交付期限/工期、服务期、交货地点等时间和地点要求。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 1536,
    toFindings: (d) => terms('delivery', d.items),
  }),
  task({
    id: 'warranty',
    title: '质保与售后',
    group: 'requirements',
    instruction: `提取质保期、保修、运维、售后服务响应时间等要求。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 1536,
    toFindings: (d) => terms('warranty', d.items),
  }),
  task({
    id: 'payment',
    title: '付款方式',
    group: 'requirements',
    instruction: `提取付款方式与付款条件（预付款、进度款、验收后付款比例、质保金等）。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 1536,
    toFindings: (d) => terms('payment', d.items),
  }),
  task({
    id: 'performance',
    title: '履约要求',
    group: 'requirements',
    instruction: `提取履约保证金、验收标准与验收方式、违约责任等履约要求。${LIST_NOTE}`,
    schema: z.object({ items: textItems }),
    maxTokens: 2048,
    toFindings: (d) => terms('performance', d.items),
  }),
];

/** The marker that opens every task instruction: 「【任务 money】预算金额与最高限价」 (tests and the oracle read it). */
export const TASK_MARKER = /【任务 ([A-Za-z]+)】/;

export function taskHeader(t: Pick<CardTask, 'id' | 'title'>): string {
  return `【任务 ${t.id}】${t.title}`;
}

/** The task id of a request: the latest user message that carries a task marker (a repair round's does not). */
export function taskIdOf(messages: ReadonlyArray<{ role: string; content: string }>): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const id = m.role === 'user' ? TASK_MARKER.exec(m.content)?.[1] : undefined;
    if (id) return id;
  }
  return null;
}
