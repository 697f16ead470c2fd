import { describe, expect, it } from 'vitest';
import type { RequirementItem, TenderCard } from '@btz/shared';
import { flattenOutline, generateOutline, worksPlanItems } from './outline.js';
import { buildFactSheet, writeSectionOffline } from '../writer/index.js';

/**
 * A works tender's part for the construction plan (issue 24): its sections are what the tender says the 施工组织设计 /
 * 施工方案 holds; when the tender lists nothing, one section stating what the tender asks for, with placeholders — never
 * the generic four (总体说明、具体内容与措施、保障措施、响应承诺). Generated cards; no corpus text.
 */
const src = (page: number) => ({ page, file: '招标文件.docx', excerpt: '' });
const req = (id: string, text: string, page: number): RequirementItem => ({ id, text, section: '', figures: [], source: src(page), verified: true });
const part = (id: string, title: string, note?: string) => ({ id, title, ...(note ? { note } : {}), basis: 'list' as const, source: src(5), verified: true });

function worksCard(rules: string[], plan: string): TenderCard {
  return {
    projectName: { value: '滨江中学运动场改造工程', text: '滨江中学运动场改造工程', source: src(1), verified: true },
    projectNumber: null,
    purchaser: { value: '滨江中学', text: '滨江中学', source: src(1), verified: true },
    agency: null,
    budget: null,
    ceilingPrice: null,
    deadline: null,
    openingTime: null,
    openingPlace: null,
    bidBond: null,
    qualifications: [],
    scoring: [],
    starClauses: [],
    importantClauses: [],
    invalidClauses: [],
    composition: [part('c1', '投标函'), part('c2', '开标一览表'), part('c3', plan)],
    formatRules: rules.map((text, i) => ({ id: `f${i + 1}`, text, source: src(6), verified: true })),
    lots: [],
    lot: null,
    writer: 'offline',
    files: [],
    requirements: [
      req('r1', '1. 拆除旧塑胶面层并外运，基层找平后铺装13mm透气型塑胶跑道。', 18),
      req('r2', '2. 施工期间须设置围挡，做好扬尘控制，施工现场实行封闭管理。', 18),
      req('r3', '3. 工程质量须达到合格标准，竣工验收按国家现行施工验收规范执行。', 19),
      req('r4', '4. 施工工期：合同签订后45日历天内完工。', 19),
    ],
  } as unknown as TenderCard;
}

const LISTED = '投标人须编制施工组织设计，施工组织设计应包括：施工部署、主要施工方法、质量保证措施、安全文明施工措施、工期保证措施等内容。';
const GENERIC = ['总体说明', '具体内容与措施', '保障措施', '响应承诺'];

function bid(card: TenderCard) {
  const { nodes } = generateOutline(card, { bidType: 1 });
  const all = flattenOutline(nodes);
  const byId = new Map(all.map((n) => [n.id, n]));
  const facts = buildFactSheet(card, { bidType: 1 });
  const write = (id: string) => {
    const node = byId.get(id)!;
    const parent = byId.get(node.parentId);
    return writeSectionOffline({ card, node, parentTitles: parent ? [parent.title] : [], siblingTitles: (parent ? parent.children : nodes).map((x) => x.title), facts, targetChars: node.targetChars ?? 1500, bidType: 1, outline: nodes }).text;
  };
  return { nodes, all, write };
}

describe('a works tender’s construction plan part', () => {
  it('reads the tender’s enumeration of what the plan holds', () => {
    expect(worksPlanItems(worksCard([LISTED], '技术标'))).toEqual(['施工部署', '主要施工方法', '质量保证措施', '安全文明施工措施', '工期保证措施']);
    expect(worksPlanItems(worksCard(['投标文件应装订成册。'], '技术标'))).toEqual([]);
  });

  it('the part’s sections are the tender’s items, each answering the tender’s requirements on its subject', () => {
    const b = bid(worksCard([LISTED], '技术标'));
    const plan = b.nodes.find((n) => n.title === '技术标')!;
    // (beside the parameter table a works tender's technical part holds)
    const written = plan.children.filter((n) => n.mode === 'ai');
    expect(written.map((n) => n.title)).toEqual(['施工部署', '主要施工方法', '质量保证措施', '安全文明施工措施', '工期保证措施']);
    for (const n of written) expect(n.isLeaf, n.title).toBe(true);
    // the tender's own requirements are restated in the plan's sections, with their pages (each once)
    const texts = written.map((n) => b.write(n.id)).join('\n');
    expect(texts).toContain('第 18 页：2. 施工期间须设置围挡');
    expect(texts.split('施工期间须设置围挡').length - 1).toBe(2);
  });

  it('a tender listing nothing: one section stating what the tender asks, with placeholders — no generic sections, no other domain’s words', () => {
    for (const title of ['投标人提交的其他资料', '技术标']) {
      const b = bid(worksCard(['投标文件应装订成册。'], title));
      const part = b.nodes.find((n) => n.title === title)!;
      // one written section: the part itself, or beside the part's table
      const written = part.isLeaf ? [part] : part.children.filter((n) => n.mode === 'ai');
      expect(written.length, title).toBe(1);
      const plan = written[0]!;
      expect(plan.isLeaf, title).toBe(true);
      for (const g of GENERIC) expect(b.all.some((n) => n.title === g), g).toBe(false);
      const text = b.write(plan.id);
      expect(text).toMatch(/【待填写：/);
      // what the tender asks, restated with its page (the works themselves are the parameter table's rows)
      expect(text).toContain('第 18 页：2. 施工期间须设置围挡');
      expect(text).not.toMatch(/RESTful|国产化|代码评审|驻场|食品安全|保洁/);
    }
  });
});
