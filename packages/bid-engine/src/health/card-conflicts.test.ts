import { describe, expect, it } from 'vitest';
import type { CardClause, CardFact, RequirementItem, TenderCard } from '@btz/shared';
import { findCardConflicts } from './index.js';
import { absurdFigures } from './card-conflicts.js';

const src = (page: number, excerpt = '') => ({ page, file: '招标文件.docx', excerpt });
const fact = <T,>(value: T, text: string, page = 3): CardFact<T> => ({ value, text, source: src(page, text), verified: true });
const clause = (id: string, text: string, page = 5): CardClause => ({ id, text, source: src(page, text), verified: true });
const req = (id: string, text: string, page = 20): RequirementItem => ({ id, text, section: '', figures: [], source: src(page, text), verified: true });

function card(over: Partial<TenderCard> = {}): TenderCard {
  return {
    projectName: fact('数据维护服务项目', '数据维护服务项目'),
    projectNumber: null,
    purchaser: null,
    agency: null,
    budget: null,
    ceilingPrice: fact(1_200_000, '最高限价：120万元'),
    deadline: null,
    openingTime: null,
    openingPlace: null,
    bidBond: null,
    qualifications: [],
    scoring: [],
    starClauses: [clause('st1', '★质保期不少于2年'), clause('st2', '★服务期限：1年')],
    importantClauses: [],
    invalidClauses: [clause('v1', '工期超过90日历天的，投标无效。', 8)],
    composition: [],
    formatRules: [],
    lots: [],
    lot: null,
    writer: 'offline',
    files: [],
    requirements: [req('r1', '接到报修后，应急响应时间为30分钟。', 21), req('r2', '驻场服务人员不少于10人。', 22)],
    ...over,
  };
}

describe('findCardConflicts', () => {
  it('finds each kind of contradiction with the bid excerpt and the tender excerpt and page', () => {
    const conflicts = findCardConflicts(card(), {
      a: '本项目工期 120 日历天，质保期 12 个月。',
      b: '服务期限：2年，我方承诺响应时间 2 小时。',
      c: '项目组共 8 人，驻场服务人员不少于6人。',
      d: '投标总价：150万元。',
    });
    const by = (kind: string, node: string) => conflicts.filter((c) => c.label === kind && c.nodeId === node);
    expect(by('工期', 'a')[0]).toMatchObject({ value: '120天', cardValue: '90天', cardPage: 8, cardExcerpt: '工期超过90日历天的，投标无效。' });
    expect(by('质保期', 'a')[0]).toMatchObject({ excerpt: '质保期 12 个月', cardValue: '24个月' });
    expect(by('服务期', 'b')[0]).toMatchObject({ value: '730天', cardValue: '365天', cardPage: 5 });
    expect(by('响应时间', 'b')[0]).toMatchObject({ value: '120分钟', cardValue: '30分钟', cardPage: 21 });
    expect(by('人数', 'c').map((c) => c.value).sort()).toEqual(['6人', '8人']);
    expect(by('最高限价', 'd')[0]).toMatchObject({ kind: 'ceiling', value: '1500000元', cardValue: '1200000元' });
    expect(conflicts).toHaveLength(7);
  });

  it('a period counted from the contract (「交货期：合同签定后 90 天」) is the tender’s value: a longer one of the bid contradicts it', () => {
    const c = card({ invalidClauses: [], requirements: [req('r9', '交货期：合同签定后 90 天（日历日）内交货并完成安装、调试。', 30), req('r10', '工期自合同签订之日起45日历天。', 31)] });
    const conflicts = findCardConflicts(c, { a: '本项目交货期为180日历天。', b: '交货期：合同签订后90天内交货。', e: '本项目工期为60日历天。' });
    expect(conflicts.find((x) => x.nodeId === 'a')).toMatchObject({ label: '交货期', value: '180天', cardValue: '90天', cardPage: 30 });
    expect(conflicts.find((x) => x.nodeId === 'e')).toMatchObject({ label: '工期', value: '60天', cardValue: '45天', cardPage: 31 });
    expect(conflicts.filter((x) => x.nodeId === 'b')).toEqual([]);
  });

  it('values the tender allows are no conflict: shorter, faster, more, equal, placeholders', () => {
    expect(
      findCardConflicts(card(), {
        a: '工期 60 日历天，质保期 3 年，服务期限：1年。',
        b: '接到通知后 15 分钟内响应；驻场服务人员 12 人。',
        c: '投标总价：【待填写：投标总价】；质保期【待填写：质保期 12 个月】。',
        d: '投标总价：118万元。',
      }),
    ).toEqual([]);
  });

  it('a unit-price ceiling is not a total: only prices per the same unit are held against it', () => {
    const unit = card({ ceilingPrice: fact(12.55, '最高限价：12.55元/条') });
    expect(findCardConflicts(unit, { a: '投标总价：900,000.00元。' })).toEqual([]);
    const c = findCardConflicts(unit, { a: '投标总价：900,000.00元，报价 13.2元/条。' });
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ kind: 'ceiling', excerpt: '报价 13.2元/条', cardValue: '12.55元/条' });
  });

  it('with nothing prescribed there is nothing to contradict', () => {
    const bare = card({ starClauses: [], invalidClauses: [], requirements: undefined, ceilingPrice: null });
    expect(findCardConflicts(bare, { a: '工期 365 日历天，质保期 1 个月，响应时间 48 小时，投标总价 999万元。' })).toEqual([]);
  });

  it('every excerpt is verbatim from its section', () => {
    const sections = { x: '我方承诺：工期 100 日历天；服务期限：3年。' };
    const c = findCardConflicts(card(), sections);
    expect(c.length).toBe(2);
    for (const k of c) expect(sections.x).toContain(k.excerpt);
  });
  it('holds a figure only against the same quantity of the same matter: a rectification target is not the fault response', () => {
    const own = findCardConflicts(card(), { a: '对巡查发现的问题，整改要求1小时内响应并闭环处理；投诉在2小时内回复。' });
    expect(own.filter((c) => c.label === '响应时间')).toEqual([]);
    // the same bid answering the fault call slower than the tender allows is still a contradiction
    const slow = findCardConflicts(card(), { a: '接到报修后，我方1小时内响应。' });
    expect(slow.filter((c) => c.label === '响应时间')).toMatchObject([{ value: '60分钟', cardValue: '30分钟' }]);
  });
  it('a calendar year after 服务期限 or 合同期限 is when, not how long: no absurd figure, no contradiction', () => {
    const text = '服务期限：2025 年。合同期限2026年（以合同签订日为准）。';
    expect(absurdFigures(text, null)).toEqual([]);
    expect(findCardConflicts(card(), { a: text })).toEqual([]);
    // a length in years is still read
    expect(absurdFigures('我方承诺服务期限：80年。', null).map((a) => a.excerpt)).toEqual(['服务期限：80年']);
  });
});
