import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, CardClause, RequirementItem, ScoringItem, TenderCard } from '@btz/shared';
import { answersClause, clauseTerms, findCardConflicts } from '../health/index.js';
import { detectDomain } from './domain.js';
import { buildFactSheet } from './facts.js';
import { writeSectionOffline } from './offline.js';
import { answeredPoints, commitOf } from './offline/respond.js';
import { scoringCoverage } from '../health/index.js';
import { keyPoints } from '../tender/key-points.js';
import { assignRequirements, clausesFor, pointShare } from './points.js';
import { buildSectionMessages } from './prompts.js';

const src = (page: number) => ({ page, file: '招标文件.docx', excerpt: '' });
const row = (id: string, item: string, criteria: string, category: ScoringItem['category'] = 'technical'): ScoringItem => ({ id, item, points: 10, criteria, category, source: src(40), verified: true });
const req = (id: string, text: string, section: string, page: number, figures: string[] = []): RequirementItem => ({ id, text, section, figures, source: src(page), verified: true });
const star = (id: string, text: string): CardClause => ({ id, text, source: src(5), verified: true });

/** A data-maintenance staffing tender, as in issue 13. */
const card: TenderCard = {
  projectName: { value: '数据维护人员外包服务项目', text: '数据维护人员外包服务项目', source: src(1), verified: true },
  projectNumber: { value: 'SH-2026-07', text: 'SH-2026-07', source: src(1), verified: true },
  purchaser: { value: '上海市某数据中心', text: '上海市某数据中心', source: src(1), verified: true },
  agency: null,
  budget: null,
  ceilingPrice: { value: 12.55, text: '最高限价：12.55元/条', source: { ...src(3), excerpt: '最高限价：12.55元/条' }, verified: true },
  deadline: null,
  openingTime: null,
  openingPlace: null,
  bidBond: null,
  qualifications: [],
  scoring: [
    row('s1', '人员配置方案', '人员配置合理、岗位职责明确得10分；人员配置基本合理得6分；未提供不得分'),
    row('s2', '应急保障方案', '（1）应急预案完整可行；（2）15分钟内响应、2小时内完成部署；（3）应急演练计划具体。每缺一项扣3分'),
    row('s3', '价格', '满足招标文件要求且投标价格最低的为基准价', 'price'),
  ],
  starClauses: [star('st1', '★服务期限：1年'), star('st2', '★中标人须为驻场人员缴纳社会保险')],
  importantClauses: [],
  invalidClauses: [],
  composition: [],
  formatRules: [],
  lots: [],
  lot: null,
  writer: 'offline',
  files: [],
  requirements: [
    req('r1', '1. 驻场数据维护人员不少于10人，须具备1年以上数据处理经验', '三、人员要求', 21, ['不少于10人', '1年']),
    req('r2', '2. 年度工单量约7.36万条，数据准确率不低于99.99%', '二、服务内容', 20, ['7.36万条', '不低于99.99%']),
    req('r3', '3. 接到应急通知后15分钟内响应，2小时内完成部署', '四、应急要求', 22, ['15分钟', '2小时']),
    req('r4', '4. 数据处理须符合GY/T 381标准', '二、服务内容', 20, ['GY/T381']),
  ],
};

let seq = 0;
const node = (id: string, title: string, extra: Partial<BidOutlineNode> = {}, children: BidOutlineNode[] = []): BidOutlineNode => ({
  id, title, level: children.length ? 1 : 2, isLeaf: !children.length, index: seq++, status: 0, parentId: '', readStatus: 0, number: '',
  kind: '技术', mode: 'ai', scoringIds: [], children, ...extra,
});
const outline: BidOutlineNode[] = [
  node('p', '技术部分', {}, [
    node('a', '服务内容理解'),
    node('b', '人员配置方案', { scoringIds: ['s1'] }),
    node('c', '应急保障方案', { scoringIds: ['s2'] }, [node('c1', '应急组织', { level: 3 }), node('c2', '应急响应流程', { level: 3 })]),
  ]),
];
for (const n of outline[0]!.children) n.parentId = 'p';
for (const n of outline[0]!.children[2]!.children) n.parentId = 'c';

function leafList(): [BidOutlineNode, string[], string[]][] {
  return [
    [outline[0]!.children[0]!, ['技术部分'], outline[0]!.children.map((x) => x.title)],
    [outline[0]!.children[1]!, ['技术部分'], outline[0]!.children.map((x) => x.title)],
    [outline[0]!.children[2]!.children[0]!, ['技术部分', '应急保障方案'], ['应急组织', '应急响应流程']],
    [outline[0]!.children[2]!.children[1]!, ['技术部分', '应急保障方案'], ['应急组织', '应急响应流程']],
  ];
}

function writeAll() {
  const facts = buildFactSheet(card, { bidType: 1 });
  const leaves = leafList();
  return Object.fromEntries(
    leaves.map(([n, parents, siblings]) => [n.id, writeSectionOffline({ card, node: n, parentTitles: parents, siblingTitles: siblings, facts, targetChars: 900, bidType: 1, outline }).text]),
  );
}

describe('point-to-point material', () => {
  it('takes the key points an evaluator looks for from the criteria, without awards and lower grades', () => {
    expect(keyPoints(card.scoring[0]!)).toEqual(['岗位职责', '人员配置方案']);
    expect(keyPoints(card.scoring[1]!)).toEqual(['应急预案', '15分钟内响应', '2小时内完成部署', '应急演练计划', '应急保障方案']);
  });

  it('gives each requirement item and ★ clause to exactly one leaf, the one sharing its words', () => {
    const map = assignRequirements(card, outline);
    const owner = (id: string) => [...map].filter(([, list]) => list.some((r) => r.id === id)).map(([n]) => n);
    expect(owner('r1')).toEqual(['b']);
    expect(owner('r3')).toHaveLength(1);
    expect(['c1', 'c2']).toContain(owner('r3')[0]);
    expect([...map.values()].flat()).toHaveLength(card.requirements!.length);
    const clauseOwners = ['a', 'b', 'c1', 'c2'].flatMap((id) => clausesFor(card, { ...node(id, ''), id }, outline)!.map((c) => c.id));
    expect(clauseOwners.sort()).toEqual(['st1', 'st2']);
  });

  it('shares a row\'s sub-points among the leaves under it', () => {
    const [c1, c2] = outline[0]!.children[2]!.children;
    expect(pointShare(c1!, 's2', outline, [])).toEqual({ k: 0, n: 2 });
    expect(pointShare(c2!, 's2', outline, [])).toEqual({ k: 1, n: 2 });
  });

  it('turns a requirement into the bidder\'s commitment, figures kept', () => {
    expect(commitOf('（2）中标人须为驻场人员缴纳社会保险；')).toBe('我方须为驻场人员缴纳社会保险');
    expect(commitOf('3. 接到应急通知后15分钟内响应，2小时内完成部署。')).toBe('接到应急通知后15分钟内响应，2小时内完成部署');
  });
});

describe('offline writer on a staffing tender', () => {
  const sections = writeAll();
  const all = Object.values(sections).join('\n');

  it('is a staffing tender and is written in its register, not as an IT system', () => {
    expect(detectDomain(card)).toBe('staffing');
    expect(all).not.toMatch(/RESTful|国产化|大屏|架构分层|数据库/);
    expect(sections.b).toContain('人员配置');
  });

  it('restates every requirement item with its page and answers it, each in one section only', () => {
    for (const r of card.requirements!) {
      const holders = Object.entries(sections).filter(([, t]) => t.includes(r.text.replace(/^\d+\.\s*/, '')));
      expect(holders, r.id).toHaveLength(1);
      const [, text] = holders[0]!;
      expect(text).toContain(`第 ${r.source.page} 页`);
      const answer = text.split('\n').find((l) => l.includes('我方承诺') && answersClause(clauseTerms(r.text), l));
      expect(answer, r.id).toBeDefined();
    }
    expect(all).toContain('7.36万条');
    expect(all).toContain('99.99%');
    expect(all).toContain('GY/T 381');
  });

  it('answers each sub-point of the rows it is built from', () => {
    for (const p of keyPoints(card.scoring[1]!)) expect(answeredPoints(`${sections.c1!}\n${sections.c2!}`), p).toContain(p);
    // the key points the coverage check looks for, named outside the quoted criteria: every row answered
    const coverage = scoringCoverage(card, outline, sections);
    expect(coverage.rows.filter((r) => r.state !== 'price').map((r) => [r.item, r.state])).toEqual([
      ['人员配置方案', 'answered'],
      ['应急保障方案', 'answered'],
    ]);
  });

  it('the model prompt lists the very key points the offline writer answers, leaf by leaf', () => {
    const facts = buildFactSheet(card, { bidType: 1 });
    for (const [n, parents, siblings] of leafList()) {
      const input = { card, node: n, parentTitles: parents, siblingTitles: siblings, facts, targetChars: 900, bidType: 1 as const, outline };
      const task = buildSectionMessages(input).at(-1)!.content;
      const asked = [...task.matchAll(/^\s+- 要点：(.+)$/gm)].map((m) => m[1]);
      // the table of 评审要点 holds the same points (two answered by one requirement item share its row)
      const answered = answeredPoints(sections[n.id]!);
      expect([...asked].sort(), n.id).toEqual([...answered].sort());
    }
    // between them the leaves of a row name all its key points
    const named = Object.values(sections).flatMap(answeredPoints);
    for (const s of card.scoring.filter((x) => x.category !== 'price')) for (const p of keyPoints(s)) expect(named).toContain(p);
  });

  it('invents no figure: every duration, count, time and price is the tender\'s or a placeholder; nothing contradicts the card', () => {
    expect(findCardConflicts(card, sections)).toEqual([]);
    const tenderFigures = new Set(card.requirements!.flatMap((r) => r.figures).concat(['1年', '12.55元']));
    for (const m of all.matchAll(/\d+(?:\.\d+)?\s*(?:日历天|个工作日|天|个月|年|小时|分钟|人|期|元|%)/g)) {
      const f = m[0].replace(/\s+/g, '');
      expect([...tenderFigures].some((t) => t.includes(f) || f.includes(t.replace(/^(不少于|不低于)/, ''))), f).toBe(true);
    }
  });
});

describe('a row answered by several leaves: each point in the leaf its title names', () => {
  const r = row('m1', '劳务外包管理总体运作方案', '方案应包含人员招聘、人员培训、薪酬、福利等方面内容，优得8分，良得5分');
  const c: TenderCard = { ...card, scoring: [r], requirements: [] };
  const leaf = (id: string, title: string) => ({ ...node(id, title, { level: 3, parentId: 'm' }), scoringIds: [] });
  const kids = [leaf('m-a', '福利'), leaf('m-b', '人员招聘'), leaf('m-c', '薪酬'), leaf('m-d', '人员培训')];
  const tree: BidOutlineNode[] = [{ ...node('m', '劳务外包管理总体运作方案', { scoringIds: ['m1'] }), children: kids }];
  const facts = buildFactSheet(c, { bidType: 1 });
  const text = (n: BidOutlineNode) =>
    writeSectionOffline({ card: c, node: n, parentTitles: ['劳务外包管理总体运作方案'], siblingTitles: kids.map((x) => x.title), facts, targetChars: 900, bidType: 1, outline: tree }).text;

  it('answers 薪酬 under 薪酬 and 福利 under 福利, never a sibling’s subject', () => {
    for (const k of kids) {
      const answered = answeredPoints(text(k));
      expect(answered, k.title).toContain(k.title);
      for (const other of kids.filter((x) => x !== k)) expect(answered, k.title).not.toContain(other.title);
    }
  });
});
