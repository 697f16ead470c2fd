import { describe, expect, it } from 'vitest';
import type { CardClause, ScoringItem, TenderCard } from '@btz/shared';
import { flattenOutline, generateOutline } from '../tender/index.js';
import { buildFactSheet } from './facts.js';
import { writeSectionOffline } from './offline.js';
import { fillBlanks } from './offline/tender-form.js';
import { commitOf } from './offline/respond.js';

/**
 * Issue 24, the writer's last gaps: a scoring row the tender states no criteria for (its scoring table read without them)
 * is answered from the tender's own clauses on its subject, with page, and the evidence to attach as a blank; the form
 * filler fills a blank once (never a blank inside a blank); numbering run into its words leaves no figure.
 */

const src = (page: number) => ({ page, file: '招标文件.docx', excerpt: '' });
const row = (id: string, item: string, points: number): ScoringItem => ({ id, item, points, criteria: '', category: 'commercial', source: src(16), verified: true });
const clause = (id: string, text: string, page: number): CardClause => ({ id, text, source: src(page), verified: true });

const card = {
  projectName: { value: '民生诉求服务平台项目', text: '民生诉求服务平台项目', source: src(1), verified: true },
  projectNumber: { value: 'SZ-2026-07', text: 'SZ-2026-07', source: src(1), verified: true },
  purchaser: { value: '某区信息中心', text: '某区信息中心', source: src(1), verified: true },
  agency: null,
  budget: null,
  ceilingPrice: null,
  deadline: null,
  openingTime: null,
  openingPlace: null,
  bidBond: null,
  qualifications: [
    clause('q1', '未被列入失信被执行人、重大税收违法案件当事人名单、政府采购严重违法失信行为记录名单（由供应商在《政府采购投标及履约承诺函》中作出声明）；', 19),
    clause('q2', '具有独立承担民事责任的能力', 19),
  ],
  scoring: [row('s1', '诚信情况', 5), row('s2', '价格', 30)].map((s) => (s.item === '价格' ? { ...s, category: 'price' as const } : s)),
  starClauses: [],
  importantClauses: [],
  invalidClauses: [],
  composition: [],
  formatRules: [],
  lots: [],
  lot: null,
  writer: 'offline',
  files: [],
  requirements: [],
} as unknown as TenderCard;

describe('a scoring row without criteria (issue 24)', () => {
  it('quotes the tender’s clause on its subject with page, commits to it and names the evidence to attach', () => {
    const { nodes } = generateOutline(card, { bidType: 1 });
    const mapped = flattenOutline(nodes).find((n) => n.scoringIds.includes('s1'))!;
    expect(mapped).toBeTruthy();
    // the row's section as a leaf (the outline may give it sub-sections)
    const node = { ...mapped, children: [], isLeaf: true, mode: 'ai' as const };
    const text = writeSectionOffline({ card, node, parentTitles: [], siblingTitles: [node.title], facts: buildFactSheet(card, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: [node] }).text;
    expect(text).toContain('招标文件第 19 页就此要求：“未被列入失信被执行人');
    expect(text).toContain('我方承诺：未被列入失信被执行人、重大税收违法案件当事人名单、政府采购严重违法失信行为记录名单。');
    expect(text).toMatch(/随附证明材料：【待填写：“诚信情况”的证明材料（按招标文件第 19 页所列）/);
    // the clause on another subject is not quoted
    expect(text).not.toContain('独立承担民事责任');
  });
});

describe('the form filler', () => {
  const f = { value: (label: string) => (/项目名称/.test(label) ? '民生诉求服务平台项目' : `【待填写：${label.replace(/[\s:：]/g, '')}】`), date: '2026年3月5日' };

  it('fills the tender’s 【示例[字段]】 once by its label, never a blank inside a blank', () => {
    const out = fillBlanks('我方参加【2025年XX服务项目[询比项目名称]】【XX标包[标包名称]】的询比响应', f);
    expect(out).toBe('我方参加民生诉求服务平台项目【待填写：标包名称】的询比响应');
    expect(out).not.toMatch(/【[^】]*【/);
  });

  it('never fills inside a blank already filled', () => {
    expect(fillBlanks('联系人：【待填写：XX公司（姓名）____】', f)).toBe('联系人：【待填写：XX公司（姓名）____】');
  });

  it('reads a date of mixed slots as one date', () => {
    expect(fillBlanks('日期：_     年_     月_    日', f)).toBe('日期：2026年3月5日');
    expect(fillBlanks('我方于【XX】年【XX】月【XX】日签署本文件', f)).toBe('我方于2026年3月5日签署本文件');
    expect(fillBlanks('签署日期：（  ）年（  ）月（  ）日', f)).toBe('签署日期：2026年3月5日');
  });

  it('one blank, one value: the underline running on after a bracketed label, blanks side by side, a blank after a placeholder', () => {
    const named = { ...f, value: (l: string) => (/投标人|供应商/.test(l) ? '示例食品有限公司' : /项目名称/.test(l) ? '营养食品采购' : `【待填写：${l}】`) };
    expect(fillBlanks('我方____（投标人全称）____参与____  （项目名称）   政府采购活动', named)).toBe('我方示例食品有限公司参与营养食品采购   政府采购活动');
    expect(fillBlanks('我方____（投标人全称）____参与', f)).toBe('我方【待填写：投标人全称】参与');
    // a second label after the run-on blank keeps its own blank
    expect(fillBlanks('____（投标人名称）____（项目名称）', named)).toBe('示例食品有限公司营养食品采购');
    // (the word before a blank naming nothing, the words after it do)
    expect(fillBlanks('（供应商名称）将____XX工作内容分包', f)).toBe('【待填写：供应商名称】将【待填写：工作内容】工作内容分包');
    expect(fillBlanks('地址：【待填写：地址】____', f)).toBe('地址：【待填写：地址】');
  });

  it('fills a bracketed label with nothing after its colon', () => {
    expect(fillBlanks('就民生项目（项目编号：）的投标活动', { ...f, value: (l: string) => (/编号/.test(l) ? 'SZ-2026-07' : null) })).toBe('就民生项目（项目编号：SZ-2026-07）的投标活动');
  });
});

describe('a requirement as the bidder’s commitment', () => {
  it('takes multi-level numbering off whole (「2.2.4日常维修」 leaves no 「4日」)', () => {
    expect(commitOf('2.2.4日常维修服务要求')).toBe('日常维修服务要求');
    expect(commitOf('3.1 服务期限为一年')).toBe('服务期限为一年');
  });
});

describe('numbering run into its words', () => {
  it('is numbering (「1.3物业」「2.2.4日常」), a figure with its unit is not (「1.5米高」)', () => {
    expect(commitOf('1.3物业规划红线内的维修')).toBe('物业规划红线内的维修');
    expect(commitOf('1.5米高的围挡')).toBe('1.5米高的围挡');
  });
});

describe('a page or clause number of the form', () => {
  const f = { value: (l: string) => `【待填写：${l}】`, date: '2026年3月5日' };
  it('is named by its unit, not by the words before it', () => {
    expect(fillBlanks('见投标文件第（）页', f)).toBe('见投标文件第【待填写：页码】页');
    expect(fillBlanks('详见第____条', f)).toBe('详见第【待填写：条款号】条');
    expect(fillBlanks('本文件共____页', f)).toBe('本文件共【待填写：页数】页');
  });
  it('leaves a column head’s note saying what to write as it is (no project name poured into it)', () => {
    expect(fillBlanks('受处理的原因（注明采购项目名称及处理原因）', f)).toBe('受处理的原因（注明采购项目名称及处理原因）');
  });
});

describe('a date of the form', () => {
  const f = { value: (label: string) => `【待填写：${label}】`, date: '2026年3月5日' };
  it('is the signing date only where the form signs; 成立时间 stays the bidder’s', () => {
    expect(fillBlanks('成立时间：____年____月____日', f)).toBe('成立时间：【待填写：成立时间】');
    expect(fillBlanks('日期：____年____月____日', f)).toBe('日期：2026年3月5日');
  });
});
