import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, RequirementItem, ScoringItem, TenderCard } from '@btz/shared';
import { buildFactSheet } from './facts.js';
import { writeSectionOffline } from './offline.js';
import { assignRequirements } from './points.js';
import { buildSectionMessages } from './prompts.js';

/**
 * Requirement item → section (issue 24): each item lands in the section whose subject it is about, or in the response
 * table — never in an unrelated plan section. A generated canteen-and-driving service tender: the penalty, payment and
 * contract-term clauses name no plan's subject (the old assignment dealt them round the 技术 leaves in turn, so a
 * 「我方知悉」 under a penalty clause stood in the 培训方案), and a kitchen duty that does not say 「食堂」 belongs with the
 * canteen post's other duties.
 */

const src = (page: number) => ({ page, file: '招标文件.docx', excerpt: '' });
const row = (id: string, item: string, criteria: string): ScoringItem => ({ id, item, points: 10, criteria, category: 'technical', source: src(40), verified: true });
const req = (id: string, text: string, section: string, page: number): RequirementItem => ({ id, text, section, figures: [], source: src(page), verified: true });

function tender(requirements: RequirementItem[]): TenderCard {
  return {
    projectName: { value: '某局后勤综合服务项目', text: '某局后勤综合服务项目', source: src(1), verified: true },
    projectNumber: { value: 'HQ-2026-11', text: 'HQ-2026-11', source: src(1), verified: true },
    purchaser: { value: '某市某局', text: '某市某局', source: src(1), verified: true },
    agency: null, budget: null, ceilingPrice: null, deadline: null, openingTime: null, openingPlace: null, bidBond: null,
    qualifications: [],
    scoring: [
      row('s1', '食堂服务方案', '食堂服务人员管理制度、食品安全措施完整可行的得10分，基本可行的得5分'),
      row('s2', '驾驶服务方案', '驾驶员管理制度、出车安全措施完整可行的得10分，基本可行的得5分'),
      row('s3', '培训方案', '岗位技能、服务礼仪与保密培训计划具体的得10分，一般的得5分'),
    ],
    starClauses: [], importantClauses: [], invalidClauses: [], composition: [], formatRules: [], lots: [], lot: null,
    writer: 'offline', files: [],
    requirements,
  };
}

const items = [
  req('q1', '食堂服务岗：负责购进食品物品的监秤、质量检查及验收，并履行签收和入库手续', '（二）服务具体内容及要求', 20),
  req('q2', '仓库管理员对购进食品物品进行监秤、检查质量及验收，并履行签收和入库手续', '（二）服务具体内容及要求', 20),
  req('q3', '驾驶服务岗：出车前检查车辆的水、电、油，安全驾驶，遵守交通规则', '（二）服务具体内容及要求', 21),
  req('q4', '综合考评得分小于70分的，每次扣除中标人次月本项目服务费用的20%', '（三）考核时间和标准', 24),
  req('q5', '付款方式：中标人开具发票后，采购人按月支付上月服务费', '（四）合同结算', 25),
  req('q6', '中标人向采购人缴纳违约金可由采购人在次月支付的服务费用中直接扣减', '（三）考核时间和标准', 24),
  req('q7', '培训要求：对服务人员进行岗位知识、服务礼仪与信息保密培训', '（五）技术服务方案要求', 26),
];

let seq = 0;
const node = (id: string, title: string, extra: Partial<BidOutlineNode> = {}, children: BidOutlineNode[] = []): BidOutlineNode => ({
  id, title, level: children.length ? 1 : 2, isLeaf: !children.length, index: seq++, status: 0, parentId: '', readStatus: 0, number: '',
  kind: '技术', mode: 'ai', scoringIds: [], children, ...extra,
});

function outlineOf(withTable: boolean): BidOutlineNode[] {
  const plan = node('plan', '服务方案', {}, [
    node('canteen', '食堂服务方案', { scoringIds: ['s1'] }),
    node('drive', '驾驶服务方案', { scoringIds: ['s2'] }),
    node('train', '培训方案', { scoringIds: ['s3'] }),
  ]);
  for (const n of plan.children) n.parentId = 'plan';
  const table = node('biz', '商务条款响应表', { kind: '商务', mode: 'table' });
  return withTable ? [table, plan] : [plan];
}

const ownerOf = (map: Map<string, RequirementItem[]>, id: string) => [...map].filter(([, list]) => list.some((r) => r.id === id)).map(([n]) => n);

describe('requirement items to sections', () => {
  it('puts the deal terms (penalties, payment) in the commercial response table, not in a plan section', () => {
    const card = tender(items);
    const map = assignRequirements(card, outlineOf(true));
    for (const id of ['q4', 'q5', 'q6']) expect(ownerOf(map, id), id).toEqual(['biz']);
    expect([...map.values()].flat()).toHaveLength(items.length);
  });

  it('puts each work item in the plan it is about — a kitchen duty beside the canteen post, though it never says 食堂', () => {
    const card = tender(items);
    const map = assignRequirements(card, outlineOf(true));
    expect(ownerOf(map, 'q1')).toEqual(['canteen']);
    expect(ownerOf(map, 'q2')).toEqual(['canteen']);
    expect(ownerOf(map, 'q3')).toEqual(['drive']);
    expect(ownerOf(map, 'q7')).toEqual(['train']);
  });

  it('without a response table, an item no plan is about is not dealt round the plans: the plans keep their own subjects', () => {
    const card = tender(items);
    const map = assignRequirements(card, outlineOf(false));
    expect(ownerOf(map, 'q1')).toEqual(['canteen']);
    expect(ownerOf(map, 'q3')).toEqual(['drive']);
    // the three deal terms share one home, not one plan each
    const homes = new Set(['q4', 'q5', 'q6'].flatMap((id) => ownerOf(map, id)));
    expect(homes.size).toBe(1);
  });

  it('the written bid answers the deal terms in the table with the bidder\'s word, and no plan section restates them', () => {
    const card = tender(items);
    const outline = outlineOf(true);
    const facts = buildFactSheet(card, { bidType: 1 });
    const leaves: [BidOutlineNode, string[], string[]][] = [
      [outline[0]!, [], outline.map((n) => n.title)],
      ...outline[1]!.children.map((n): [BidOutlineNode, string[], string[]] => [n, ['服务方案'], outline[1]!.children.map((x) => x.title)]),
    ];
    const text = Object.fromEntries(
      leaves.map(([n, parents, siblings]) => [n.id, writeSectionOffline({ card, node: n, parentTitles: parents, siblingTitles: siblings, facts, targetChars: 900, bidType: 1, outline }).text]),
    );
    for (const r of items.filter((x) => ['q4', 'q5', 'q6'].includes(x.id))) {
      const line = text.biz!.split('\n').find((l) => l.includes(r.text.slice(0, 16)));
      expect(line, r.id).toBeDefined();
      expect(line, r.id).toMatch(/我方/);
      for (const id of ['canteen', 'drive', 'train']) expect(text[id], `${r.id} in ${id}`).not.toContain(r.text.slice(0, 16));
    }
    // the model path's table prompt lists them too
    const prompt = buildSectionMessages({ card, node: outline[0]!, parentTitles: [], siblingTitles: [], facts, targetChars: 900, bidType: 1, outline }).at(-1)!.content;
    expect(prompt).toContain('综合考评得分小于70分的');
  });
});
