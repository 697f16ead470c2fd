import { describe, expect, it } from 'vitest';
import type { CardClause, RequirementItem, ScoringItem, TenderCard } from '@btz/shared';
import { flattenOutline, generateOutline } from '../tender/index.js';
import { buildFactSheet } from './facts.js';
import { writeSectionOffline } from './offline.js';
import { answeredPoints } from './offline/respond.js';

/**
 * Issue 24 item 2 on a generated tender (a metadata-staffing service like the one the issue describes): every figure of
 * the bid is the tender's (never a grade's), the scoring standard is never pasted, no sentence is a phrase-bank sentence
 * repeated across sections, no other domain's vocabulary.
 */

const src = (page: number) => ({ page, file: '招标文件.docx', excerpt: '' });
const row = (id: string, item: string, points: number, criteria: string, category: ScoringItem['category'] = 'technical'): ScoringItem => ({ id, item, points, criteria, category, source: src(40), verified: true });
const req = (id: string, text: string, section: string, page: number, figures: string[] = []): RequirementItem => ({ id, text, section, figures, source: src(page), verified: true });
const star = (id: string, text: string): CardClause => ({ id, text, source: src(5), verified: true });

const GRADES = '优得4分，良得3分，一般得1-2分，差得0分';
const card: TenderCard = {
  projectName: { value: '广电媒资元数据著录服务项目', text: '广电媒资元数据著录服务项目', source: src(1), verified: true },
  projectNumber: { value: 'GD-2026-031', text: 'GD-2026-031', source: src(1), verified: true },
  purchaser: { value: '某市广播电视台', text: '某市广播电视台', source: src(1), verified: true },
  agency: null,
  budget: null,
  ceilingPrice: { value: 12.55, text: '最高限价：12.55元/条', source: { ...src(3), excerpt: '最高限价：12.55元/条' }, verified: true },
  deadline: null,
  openingTime: null,
  openingPlace: null,
  bidBond: null,
  qualifications: [],
  scoring: [
    row('s1', '服务方案', 20, `服务方案包括著录流程、质量检查、进度安排，${GRADES}。`),
    row('s2', '人员配置', 15, `驻场人员配置合理、岗位职责明确，${GRADES}。`),
    row('s3', '质量保障措施', 15, `质量保障措施包括三级质检、差错整改，${GRADES}。`),
    row('s4', '应急预案', 10, `应急预案完整，${GRADES}。`),
    row('s5', '类似业绩', 10, '自2023年起为广电媒资单位提供元数据维保服务的，每个得2分，最多10分。', 'commercial'),
    row('s6', '价格', 30, '满足招标文件要求且投标价格最低的为基准价', 'price'),
  ],
  starClauses: [star('st1', '★服务期限：自合同签订之日起1年'), star('st2', '★中标人须为驻场人员缴纳社会保险')],
  importantClauses: [],
  invalidClauses: [],
  composition: [],
  formatRules: [],
  lots: [],
  lot: null,
  writer: 'offline',
  files: [],
  requirements: [
    req('r1', '1. 全年著录工单量73600条，单价不超过12.55元/条', '二、服务内容', 20, ['73600条', '12.55元/条']),
    req('r2', '2. 驻场著录人员不少于8人，须具备1年以上媒资编目经验', '三、人员要求', 21, ['不少于8人', '1年']),
    req('r3', '3. 著录差错率不高于0.5%，发现差错须在2个工作日内整改', '四、质量要求', 22, ['0.5%', '2个工作日']),
  ],
} as unknown as TenderCard;

/** The texts of the tender a figure may come from — never the scoring rows' criteria (what a grade rewards). */
const tenderTexts = [
  ...card.requirements!.map((r) => r.text),
  ...card.starClauses.map((c) => c.text),
  card.ceilingPrice!.text,
  card.projectName!.value,
  card.projectNumber!.value,
];

const UNIT: Record<string, string> = { 个工作日: 'd', 工作日: 'd', 日历天: 'd', 天: 'd', 日: 'd', 个月: 'm', 年: 'y', 小时: 'h', 分钟: 'min', 人: 'p', 名: 'p', 期: '期', 次: '次', '%': '%', 元: '元', 条: '条', 台: '台', 套: '套' };
const FIG = /(?<![第\d.])(\d+(?:\.\d+)?)(个工作日|工作日|日历天|个月|小时|分钟|天|日|年|人|名|期|次|%|元|条|台|套)/g;
const figures = (text: string) =>
  [...text.replace(/\s+/g, '').matchAll(FIG)].filter((m) => !(m[2] === '年' && m[1]!.length === 4)).map((m) => ({ key: `${Number(m[1])}${UNIT[m[2]!]}`, text: m[0] }));

function writeBid(): Record<string, string> {
  const { nodes } = generateOutline(card, { bidType: 1 });
  const facts = buildFactSheet(card, { bidType: 1 });
  const all = flattenOutline(nodes);
  const byId = new Map(all.map((n) => [n.id, n]));
  const out: Record<string, string> = {};
  for (const node of all.filter((n) => n.isLeaf)) {
    const parents: string[] = [];
    for (let p = byId.get(node.parentId); p; p = byId.get(p.parentId)) parents.unshift(p.title);
    const siblings = (node.parentId ? byId.get(node.parentId)!.children : nodes).map((x) => x.title);
    out[node.id] = writeSectionOffline({ card, node, parentTitles: parents, siblingTitles: siblings, facts, targetChars: node.targetChars ?? 2500, bidType: 1, outline: nodes }).text;
  }
  return out;
}

describe('offline writer: every sentence grounded (issue 24 item 2)', () => {
  const sections = writeBid();
  const bid = Object.values(sections).join('\n');
  const prose = bid.split('\n').filter((l) => !l.includes('\t')).join('\n');

  it('reads no figure from scoring text: 「自2023年起…维保」 is not a 质保期 of 2023 years', () => {
    const f = buildFactSheet(card, { bidType: 1 }).facts;
    expect(f.warranty.assumed).toBe(true);
    expect(bid).not.toMatch(/24276|2023/);
  });

  it('reads no 工期 from a penalty rate: 「每延误工期1天…违约金」 is not a 工期 of one day', () => {
    const penalty = { id: 'pz', text: '因成交供应商原因导致施工工期延误，每延误工期1天采购人有权要求成交供应商承担合同金额的1%作为违约金', source: { page: 4, file: 'x', excerpt: '' }, verified: true };
    expect(buildFactSheet({ ...card, starClauses: [penalty] }, { bidType: 1 }).facts.duration.value).not.toBe('1 日历天');
    const stated = { ...penalty, id: 'pd', text: '交货期：合同签订后30日内交货' };
    expect(buildFactSheet({ ...card, starClauses: [penalty, stated] }, { bidType: 1 }).facts.duration.value).toBe('30 日历天');
  });

  it('invents no figure (each number with a unit is one the tender states) and pastes no scoring standard', () => {
    const allowed = new Set(tenderTexts.flatMap((t) => figures(t).map((f) => f.key)));
    const invented = figures(bid).filter((f) => !allowed.has(f.key)).map((f) => f.text);
    expect(invented).toEqual([]);
    // the tender's own figures are there
    expect(bid).toContain('73600条');
    expect(bid).toContain('12.55元/条');
    // nor is a grade of the scoring standard pasted into the prose
    expect(prose).not.toContain('优得4分');
    expect(prose).not.toMatch(/得\s*\d+(?:-\d+)?\s*分/);
  });

  it('repeats no sentence more than three times, and borrows no other domain’s vocabulary', () => {
    const counts = new Map<string, number>();
    for (const s of bid.split(/[。！？；\n\t]/).map((x) => x.replace(/\s+/g, '').replace(/^(?:\d{1,2}\.|•|[一二三四五六七八九十]{1,3}、)/, '')))
      if (s.length >= 10 && !s.includes('【')) counts.set(s, (counts.get(s) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 3);
    expect(repeated).toEqual([]);
    expect(bid).not.toMatch(/RESTful|国产化|分层解耦|代码评审|单元测试|高处与用电作业|不以通用模板代替现场情况/);
  });

  it('answers every scoring row’s points and marks what only the bidder knows as a placeholder', () => {
    for (const p of ['著录流程', '质量检查', '进度安排', '三级质检', '应急预案']) expect(answeredPoints(bid), p).toContain(p);
    expect(bid).toMatch(/【待填写：[^】]+】/);
    expect(bid).toContain('★中标人须为驻场人员缴纳社会保险');
  });
});
