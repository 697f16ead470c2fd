import { describe, expect, it } from 'vitest';
import { OUTLINE_ERRORS, splitSubItems, type BidOutlineNode, type TenderCard } from '@btz/shared';
import { LOTS_FILE, MAIN_FILE, pagesOf } from '../../test/fixtures/tender-pages.js';
import { extractCard } from './card.js';
import {
  answerTitle,
  classifyChapter,
  computeCoverage,
  criteriaTopics,
  coverageGaps,
  flattenOutline,
  generateOutline,
  newNodeId,
  renumber,
  validateOutline,
} from './outline.js';

const card = extractCard([MAIN_FILE]);
const basic = generateOutline(card, { bidType: 1 });
const flagship = generateOutline(card, { bidType: 2 });

const leaves = (nodes: BidOutlineNode[]) => flattenOutline(nodes).filter((n) => n.isLeaf).length;
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** The structural rules every generated outline keeps. */
function expectWellFormed(nodes: BidOutlineNode[]): void {
  const ids = new Set<string>();
  const visit = (list: BidOutlineNode[], parent: BidOutlineNode | null) => {
    const titles = list.map((n) => n.title);
    expect(new Set(titles).size, `duplicate siblings: ${titles.join('/')}`).toBe(titles.length);
    list.forEach((n, i) => {
      expect(ids.has(n.id)).toBe(false);
      ids.add(n.id);
      expect(n.level).toBe(parent ? parent.level + 1 : 1);
      expect(n.level).toBeLessThanOrEqual(3);
      expect(n.parentId).toBe(parent ? parent.id : '');
      expect(n.index).toBe(i);
      expect(n.number).toBe(parent ? `${parent.number}.${i + 1}` : String(i + 1));
      expect(n.id).toBe(parent ? `${parent.id}-${i + 1}` : `n${i + 1}`);
      expect(n.status).toBe(0);
      expect(n.readStatus).toBe(0);
      expect(n.isLeaf).toBe(n.children.length === 0);
      expect(n.children.length, `single child under ${n.title}`).not.toBe(1);
      expect(Array.isArray(n.scoringIds)).toBe(true);
      expect(['商务', '资信', '技术', '价格', '其他']).toContain(n.kind);
      expect(['ai', 'form', 'table']).toContain(n.mode);
      visit(n.children, n);
    });
  };
  visit(nodes, null);
}

describe('generateOutline', () => {
  it('level 1 is the composition the tender prescribes, in its order', () => {
    expect(basic.nodes.map((n) => n.title)).toEqual(card.composition.map((c) => c.title));
    expect(basic.nodes.map((n) => n.title)).toEqual(['投标函', '法定代表人授权书', '开标一览表', '资格证明文件', '商务部分', '技术部分', '报价部分']);
  });

  it('each chapter has a kind and a mode: tender forms, written parts', () => {
    expect(basic.nodes.map((n) => [n.title, n.kind, n.mode])).toEqual([
      ['投标函', '商务', 'form'],
      ['法定代表人授权书', '商务', 'form'],
      ['开标一览表', '价格', 'form'],
      ['资格证明文件', '资信', 'form'],
      ['商务部分', '商务', 'ai'],
      ['技术部分', '技术', 'ai'],
      ['报价部分', '价格', 'form'],
    ]);
    const biz = basic.nodes[4]!;
    expect(biz.children.find((c) => c.title === '商务偏离表')).toMatchObject({ mode: 'table', kind: '商务' });
  });

  it('covers every technical and commercial scoring item (100%) with sections phrased as answers', () => {
    for (const r of [basic, flagship]) {
      const tc = card.scoring.filter((s) => s.category !== 'price');
      expect(tc).toHaveLength(9);
      const all = new Map(flattenOutline(r.nodes).map((n) => [n.id, n]));
      for (const s of tc) {
        const cov = r.coverage.find((c) => c.scoringId === s.id)!;
        expect(cov.item).toBe(s.item);
        expect(cov.nodeIds.length, s.item).toBeGreaterThanOrEqual(1);
        for (const id of cov.nodeIds) expect(all.get(id)!.scoringIds).toContain(s.id);
      }
      expect(coverageGaps(card.scoring, r.coverage)).toEqual([]);
      expect(r.coverage.map((c) => c.scoringId)).toEqual(card.scoring.map((s) => s.id));
    }
    const title = (item: string) => {
      const s = card.scoring.find((x) => x.item === item)!;
      const id = basic.coverage.find((c) => c.scoringId === s.id)!.nodeIds[0]!;
      return flattenOutline(basic.nodes).find((n) => n.id === id)!;
    };
    expect(title('实施方案')).toMatchObject({ title: '项目实施方案', level: 2, kind: '技术', mode: 'ai', parentId: 'n6' });
    expect(title('技术方案').title).toBe('总体技术方案');
    expect(title('项目团队').title).toBe('项目团队及人员配置');
    expect(title('售后服务').title).toBe('售后服务方案');
    // commercial items go to 商务部分, into the tender's own sub-part that answers them (企业业绩 ← 类似业绩), titled so an
    // evaluator finds the row's words (issue 12: the section shows the item as the scoring table prints it)
    expect(title('类似业绩')).toMatchObject({ title: '类似业绩', parentId: 'n5', kind: '商务' });
    expect(title('企业信誉')).toMatchObject({ title: '企业信誉及荣誉', parentId: 'n5' });
    // the price item points at the price chapter
    expect(basic.coverage[0]).toEqual({ scoringId: 's1', item: '价格分', nodeIds: ['n3'] });
  });

  it('the criteria\'s named parts become the sub-sections of an item', () => {
    const impl = flattenOutline(basic.nodes).find((n) => n.title === '项目实施方案')!;
    expect(impl.children.map((c) => c.title).slice(0, 3)).toEqual(['实施组织', '进度计划', '质量保证措施']);
  });

  it('★/▲ clauses get a response table in the technical chapter', () => {
    const tech = basic.nodes[5]!;
    expect(tech.children[0]).toMatchObject({ title: '★/▲条款逐条响应表', mode: 'table', isLeaf: true, clauseIds: ['star1', 'star2', 'star3', 'imp1', 'imp2'] });
  });

  it('qualification proofs sit under 资格证明文件 as form sections', () => {
    const q = basic.nodes[3]!;
    expect(q.children).toHaveLength(6);
    expect(q.children[0]).toMatchObject({ title: '具有独立承担民事责任的能力，提供营业执照副本复印件', mode: 'form', kind: '资信' });
  });

  it('is well formed: levels 1–3, stable ids n1 / n1-2, numbers, no single child, no duplicate siblings', () => {
    expectWellFormed(basic.nodes);
    expectWellFormed(flagship.nodes);
    expect(generateOutline(card, { bidType: 1 })).toEqual(basic);
  });

  it('the number of leaves follows the target length: flagship longer than basic', () => {
    const b = leaves(basic.nodes);
    const f = leaves(flagship.nodes);
    expect(f).toBeGreaterThan(b);
    const short = generateOutline(card, { bidType: 1, targetCharsPerSection: 1500 });
    expect(leaves(short.nodes)).toBeGreaterThan(b);
    const tiny = generateOutline(card, { bidType: 1, totalTargetChars: 20_000 });
    expect(leaves(tiny.nodes)).toBeLessThan(b);
    expectWellFormed(short.nodes);
    expectWellFormed(tiny.nodes);
    // written leaves carry their target length, and the written total is about the target
    const written = flattenOutline(basic.nodes).filter((n) => n.isLeaf && n.mode === 'ai');
    for (const n of written) expect(n.targetChars).toBeGreaterThan(0);
    const sum = written.reduce((a, n) => a + (n.targetChars ?? 0), 0);
    expect(sum).toBeGreaterThan(55_000);
    expect(sum).toBeLessThan(65_000);
  });

  it('falls back to a standard 商务/资信/技术/报价 composition', () => {
    const noComp: TenderCard = { ...card, composition: [] };
    const r = generateOutline(noComp, { bidType: 1 });
    expect(r.nodes.map((n) => n.title)).toEqual(['商务部分', '资信部分', '技术部分', '报价部分']);
    expect(coverageGaps(noComp.scoring, r.coverage)).toEqual([]);
    // credentials go to 资信部分 when the composition has one
    const yj = r.coverage.find((c) => c.item === '类似业绩')!.nodeIds[0]!;
    expect(yj.startsWith('n2-')).toBe(true);
    expectWellFormed(r.nodes);
  });

  it('a 技术偏离表 the tender prescribes answers the ★ clauses; a composition without a technical part still covers everything', () => {
    const file = {
      name: 'x.txt',
      role: 'main' as const,
      order: 1,
      pages: pagesOf(['投标文件由投标函、报价一览表、资格证明文件、技术偏离表、其他材料组成。\n1. ★设备须原厂全新。']),
    };
    const c = { ...extractCard([file]), scoring: card.scoring };
    const r = generateOutline(c, { bidType: 2 });
    expect(r.nodes.map((n) => [n.title, n.kind, n.mode])).toEqual([
      ['投标函', '商务', 'form'],
      ['报价一览表', '价格', 'form'],
      ['资格证明文件', '资信', 'form'],
      ['技术偏离表', '技术', 'table'],
      ['其他材料', '其他', 'ai'],
    ]);
    expect(r.nodes[3]!.clauseIds).toEqual(['star1']);
    expect(coverageGaps(c.scoring, r.coverage)).toEqual([]);
    expectWellFormed(r.nodes);
  });

  it('a composition that opens with the cover and a TOC: no section goes under them (the export prints them), every row is answered elsewhere', () => {
    const c: TenderCard = {
      ...card,
      composition: ['投标文件封面', '目录', '投标函', '法定代表人授权委托书', '开标一览表', '技术方案'].map((title, i) => ({ ...card.composition[0]!, title, order: i + 1, note: undefined })),
    };
    const r = generateOutline(c, { bidType: 1 });
    expect(r.nodes.slice(0, 2).map((n) => [n.title, n.mode, n.children.length, n.scoringIds.length])).toEqual([
      ['投标文件封面', 'form', 0, 0],
      ['目录', 'form', 0, 0],
    ]);
    expect(coverageGaps(c.scoring, r.coverage)).toEqual([]);
    const printed = new Set(r.nodes.slice(0, 2).map((n) => n.id));
    for (const e of r.coverage) for (const id of e.nodeIds) expect(printed.has(id.split('-')[0]!), e.item).toBe(false);
    expectWellFormed(r.nodes);
  });

  it('sub-rows go under the written part the composition names after their factor, not the first technical part', () => {
    const row = (id: string, item: string, points: number) => ({ ...card.scoring[0]!, id, item, points, category: 'technical' as const, criteria: '' });
    const c: TenderCard = {
      ...card,
      composition: ['投标函', '技术方案', '交货期承诺', '售后服务方案'].map((title, i) => ({ ...card.composition[0]!, title, order: i + 1, note: undefined })),
      scoring: [
        row('s1', '样品评分-色泽', 10),
        row('s2', '交货期承诺-常规供应交货期', 5),
        row('s3', '交货期承诺-紧急供应交货期', 5),
        row('s4', '售后服务方案-售后网点设置', 10),
        row('s5', '售后服务方案-应急处理方案', 10),
      ],
    };
    const r = generateOutline(c, { bidType: 1 });
    const under = (title: string) => r.nodes.find((n) => n.title === title)!.children.flatMap((k) => k.scoringIds);
    expect(under('技术方案')).toEqual(['s1']);
    expect(under('交货期承诺')).toEqual(['s2', 's3']);
    expect(under('售后服务方案')).toEqual(['s4', 's5']);
    expect(coverageGaps(c.scoring, r.coverage)).toEqual([]);
    expectWellFormed(r.nodes);
  });

  it('a part is told by its name, not by a bracketed qualifier: scoring rows find their own part, plans stay out of a credentials part', () => {
    const row = (id: string, item: string, points: number, category: 'technical' | 'commercial') => ({ ...card.scoring[0]!, id, item, points, category, criteria: '' });
    const c: TenderCard = {
      ...card,
      composition: ['投标函', '供应商认证情况', '供应商自主知识产权产品（创新、设计）情况', '实施方案', '拟安排的项目经理情况', '拟安排的项目主要团队成员情况', '服务网点'].map((title, i) => ({
        ...card.composition[0]!,
        title,
        order: i + 1,
        note: undefined,
      })),
      scoring: [
        row('s1', '实施方案', 8, 'technical'),
        row('s2', '拟安排的项目经理情况（仅限1人）', 10, 'technical'),
        row('s3', '应急处突服务方案', 6, 'technical'),
        row('s4', '供应商自主知识产权产品（创新、设计）情况', 8, 'commercial'),
        row('s5', '拟安排的项目主要团队成员情况（项目经理除外）', 12, 'technical'),
      ],
      starClauses: [],
      importantClauses: [],
    };
    const r = generateOutline(c, { bidType: 1 });
    const chapter = (title: string) => r.nodes.find((n) => n.title === title)!;
    const ids = (n: BidOutlineNode): string[] => [...n.scoringIds, ...n.children.flatMap(ids)];
    expect(ids(chapter('拟安排的项目经理情况'))).toEqual(['s2']);
    expect(ids(chapter('供应商自主知识产权产品（创新、设计）情况'))).toEqual(['s4']);
    expect(ids(chapter('实施方案')).sort()).toEqual(['s1', 's3']);
    // one person's part is about that person; the team's part leaves out whom its row leaves out
    const topics = (title: string) => chapter(title).children.map((k) => k.title);
    expect(topics('拟安排的项目经理情况')).toContain('项目经理简介');
    expect(topics('拟安排的项目经理情况')).not.toContain('核心成员配置');
    expect(topics('拟安排的项目主要团队成员情况')).toContain('核心成员配置');
    expect(topics('拟安排的项目主要团队成员情况')).not.toContain('项目经理简介');
    expect(coverageGaps(c.scoring, r.coverage)).toEqual([]);
    expectWellFormed(r.nodes);
  });

  it('a team row leaving out its 负责人 gets no 项目经理 topic; every sub-point the criteria number is a heading', () => {
    const row = (id: string, item: string, points: number, criteria = '') => ({ ...card.scoring[0]!, id, item, points, category: 'technical' as const, criteria });
    const c: TenderCard = {
      ...card,
      composition: ['投标函', '技术文件'].map((title, i) => ({ ...card.composition[0]!, title, order: i + 1, note: undefined })),
      scoring: [
        row('s1', '甲计划', 12, '1、考察内容：\n投标人提供的内容包括：\n（1）甲目标；\n（2）甲重点；\n（3）具体甲内容。\n2、评审标准：\n满足上述三点得60分。'),
        row('s2', '拟安排团队成员（项目负责人除外）情况', 10),
        row('s3', '乙方案', 40),
        row('s4', '丙方案', 40),
        row('s5', '项目负责人情况（仅限1人）', 12),
      ],
      starClauses: [],
      importantClauses: [],
    };
    const r = generateOutline(c, { bidType: 1 });
    const node = (title: string) => flattenOutline(r.nodes).find((n) => n.title === title)!;
    expect(node('甲计划').children.map((k) => k.title)).toEqual(['甲目标', '甲重点', '具体甲内容']);
    const team = node('拟安排团队成员（项目负责人除外）情况').children.map((k) => k.title);
    expect(team.length).toBeGreaterThanOrEqual(2);
    expect(team.some((t) => /项目经理|项目负责人/.test(t))).toBe(false);
    // the post by the tender's own name
    expect(node('项目负责人情况（仅限1人）').children.map((k) => k.title)).toContain('项目负责人简介');
    expectWellFormed(r.nodes);
  });

  it('a row scoring deviations is answered by the tender\'s deviation table; a sample row gets sample topics', () => {
    const row = (id: string, item: string, points: number) => ({ ...card.scoring[0]!, id, item, points, category: 'technical' as const, criteria: '' });
    const c: TenderCard = {
      ...card,
      composition: ['投标函', '技术要求偏离表', '商务要求偏离表', '采购、配送方案'].map((title, i) => ({ ...card.composition[0]!, title, order: i + 1, note: undefined })),
      scoring: [row('s1', '采购、配送方案', 5), row('s2', '重要技术要求偏离情况', 15), row('s3', '商务要求偏离情况', 5), row('s4', '样品', 20), row('s5', '免费保修期内售后服务条款偏离情况', 5)],
      starClauses: [],
      importantClauses: [],
    };
    const r = generateOutline(c, { bidType: 1 });
    const node = (title: string) => flattenOutline(r.nodes).find((n) => n.title === title)!;
    expect(node('技术要求偏离表')).toMatchObject({ mode: 'table', scoringIds: ['s2'] });
    expect(node('商务要求偏离表')).toMatchObject({ mode: 'table', scoringIds: ['s3', 's5'] });
    const plan = r.nodes.find((n) => n.title === '采购、配送方案')!;
    expect(JSON.stringify(plan)).not.toContain('偏离');
    const sample = flattenOutline(plan.children).find((n) => n.scoringIds.includes('s4'))!;
    expect(sample.children.map((k) => k.title)).toContain('样品制作与送达安排');
    expect(coverageGaps(c.scoring, r.coverage)).toEqual([]);
    expectWellFormed(r.nodes);
  });

  it('a part that answers its own row and hosts the ★ table keeps the table as a table, beside a section for its row', () => {
    expect(card.starClauses.length).toBeGreaterThan(0);
    const row = (id: string, item: string) => ({ ...card.scoring[0]!, id, item, points: 10, category: 'technical' as const, criteria: '' });
    const c: TenderCard = {
      ...card,
      composition: ['投标函', '保洁管理服务', '拟安排的项目经理情况'].map((title, i) => ({ ...card.composition[0]!, title, order: i + 1, note: undefined })),
      scoring: [row('s1', '保洁管理服务'), row('s2', '拟安排的项目经理情况')],
      importantClauses: [],
    };
    const r = generateOutline(c, { bidType: 1 });
    const host = r.nodes.find((n) => n.title === '保洁管理服务')!;
    expect(host.children.map((k) => [k.title, k.mode])).toEqual([
      ['★实质性条款响应表', 'table'],
      ['总体保洁管理服务', 'ai'],
    ]);
    expect(host.children[0]!.clauseIds).toEqual(card.starClauses.map((x) => x.id));
    expect(host.children[1]!.scoringIds).toEqual(['s1']);
    expectWellFormed(r.nodes);
  });

  it('the two-lot tender without composition', () => {
    const r = generateOutline(extractCard([LOTS_FILE], { lot: '2' }), { bidType: 1 });
    expect(r.nodes.map((n) => n.title)).toEqual(['商务部分', '资信部分', '技术部分', '报价部分']);
    expect(r.coverage.every((c) => c.nodeIds.length > 0)).toBe(true);
    expectWellFormed(r.nodes);
  });

  it('titles and kinds', () => {
    expect(answerTitle('实施方案')).toBe('项目实施方案');
    expect(answerTitle('类似业绩', 'commercial')).toBe('类似项目业绩');
    expect(answerTitle('样品演示')).toBe('样品演示方案');
    expect(answerTitle('纳税记录', 'commercial')).toBe('纳税记录证明材料');
    expect(classifyChapter('授权委托书')).toEqual({ kind: '商务', mode: 'form' });
    expect(classifyChapter('商务偏离表')).toEqual({ kind: '商务', mode: 'table' });
    expect(classifyChapter('施工组织设计')).toEqual({ kind: '技术', mode: 'ai' });
    expect(classifyChapter('资信部分')).toEqual({ kind: '资信', mode: 'ai' });
    expect(classifyChapter('附件')).toEqual({ kind: '其他', mode: 'ai' });
    expect(classifyChapter('供应商自主知识产权产品（创新、设计）情况')).toEqual({ kind: '其他', mode: 'ai' });
    expect(classifyChapter('投标文件（技术部分）')).toEqual({ kind: '技术', mode: 'ai' });
    expect(classifyChapter('开标一览表（格式自定）')).toEqual({ kind: '价格', mode: 'form' });
  });
});

describe('validateOutline / renumber', () => {
  it('a generated outline passes and comes back unchanged', () => {
    const v = validateOutline(clone(basic.nodes));
    expect(v).toMatchObject({ ok: true, errors: [], fixed: [] });
    expect(v.nodes).toEqual(basic.nodes);
  });

  it('round trip of hand edits: move, delete, promote, add, split into sub-items', () => {
    const nodes = clone(basic.nodes);
    const tech = nodes[5]!;
    // move 应急预案 to the top of 技术部分
    const idx = tech.children.findIndex((c) => c.title === '应急预案');
    const [moved] = tech.children.splice(idx, 1);
    tech.children.unshift(moved!);
    // delete 培训方案 (its scoring item becomes a gap)
    tech.children.splice(tech.children.findIndex((c) => c.title === '培训方案'), 1);
    // promote 总体技术方案 > 系统架构设计 to level 2, after its parent
    const overall = tech.children.find((c) => c.title === '总体技术方案')!;
    const arch = overall.children.splice(overall.children.findIndex((c) => c.title === '系统架构设计'), 1)[0]!;
    tech.children.splice(tech.children.indexOf(overall) + 1, 0, arch);
    // add a chapter at the end
    nodes.push({ id: newNodeId(nodes, ''), title: '其他资料', level: 1, isLeaf: true, index: 99, status: 0, parentId: '', readStatus: 0, number: '', children: [], kind: '其他', mode: 'ai', scoringIds: [] });
    // split a leaf's text into level-4 sub-items
    const leaf = flattenOutline(nodes).find((n) => n.title === '实施组织')!;
    leaf.children = splitSubItems(leaf, '组织架构\n\n职责分工\n沟通机制') as BidOutlineNode[];

    const v = validateOutline(nodes);
    expect(v.ok).toBe(true);
    expect(v.fixed.length).toBeGreaterThan(0); // stale index/number/level fixed
    const out = v.nodes;
    const t = out[5]!;
    expect(t.children[0]).toMatchObject({ title: '应急预案', index: 0, number: '6.1', parentId: 'n6', level: 2 });
    const a = t.children.find((c) => c.title === '系统架构设计')!;
    expect(a).toMatchObject({ level: 2, parentId: 'n6', id: 'n6-2-3', isLeaf: true });
    expect(out[7]).toMatchObject({ id: 'n8', number: '8', index: 7, level: 1 });
    const sub = flattenOutline(out).filter((n) => n.level === 4);
    expect(sub.map((n) => n.title)).toEqual(['组织架构', '职责分工', '沟通机制']);
    expect(sub[0]!.number).toMatch(/^6\.\d+\.1\.1$/);
    expect(flattenOutline(out).find((n) => n.title === '实施组织')!.isLeaf).toBe(false);
    // renumber is idempotent and keeps ids
    expect(renumber(out)).toEqual(out);
    expect(flattenOutline(out).map((n) => n.id).sort()).toEqual(flattenOutline(nodes).map((n) => n.id).sort());
    // coverage after the edit: 培训方案 is a gap, the rest still answered
    const cov = computeCoverage(card.scoring, out);
    expect(coverageGaps(card.scoring, cov).map((s) => s.item)).toEqual(['培训方案']);
    // and it survives JSON
    expect(validateOutline(JSON.parse(JSON.stringify(out))).nodes).toEqual(out);
  });

  it('refuses a cycle with a Chinese message', () => {
    const a = { ...clone(basic.nodes[0]!), children: [] as BidOutlineNode[] };
    const b = { ...clone(basic.nodes[1]!), children: [a] as BidOutlineNode[] };
    a.children.push(b); // a → b → a
    const v = validateOutline([a]);
    expect(v.ok).toBe(false);
    expect(v.errors).toContain(OUTLINE_ERRORS.cycle('n1'));
    expect(v.errors[0]).toMatch(/循环引用/);
    // a descendant carrying its ancestor's id is a cycle too
    const c = clone(basic.nodes);
    c[4]!.children[1]!.children[0]!.id = 'n5';
    expect(validateOutline(c).errors).toEqual([OUTLINE_ERRORS.cycle('n5')]);
  });

  it('refuses a level-5 node, a bad level, duplicate or missing ids, a bad title, kind or mode', () => {
    const deep = clone(basic.nodes);
    const l3 = deep[5]!.children[1]!.children[0]!;
    const l4 = splitSubItems(l3, '甲')[0]! as BidOutlineNode;
    l4.children = [{ ...l4, id: 'too-deep', title: '第五级', level: 5, children: [] } as BidOutlineNode];
    l3.children = [l4];
    const v = validateOutline(deep);
    expect(v.ok).toBe(false);
    expect(v.errors).toEqual([OUTLINE_ERRORS.tooDeep('第五级')]);
    expect(v.errors[0]).toBe('目录最多 4 级，「第五级」超出层级限制');

    const badLevel = clone(basic.nodes);
    badLevel[0]!.level = 5;
    expect(validateOutline(badLevel).errors).toEqual([OUTLINE_ERRORS.badLevel('投标函')]);

    const dup = clone(basic.nodes);
    dup[1]!.id = 'n1';
    expect(validateOutline(dup).errors).toEqual([OUTLINE_ERRORS.duplicateId('n1')]);

    const noId = clone(basic.nodes);
    noId[0]!.id = '';
    expect(validateOutline(noId).errors).toContain(OUTLINE_ERRORS.missingId);

    const bad = clone(basic.nodes) as unknown as Array<Record<string, unknown>>;
    bad[0]!.title = 42;
    bad[1]!.kind = '财务';
    bad[2]!.mode = 'pdf';
    expect(validateOutline(bad).errors).toEqual([OUTLINE_ERRORS.badTitle('n1'), OUTLINE_ERRORS.badKind('n2'), OUTLINE_ERRORS.badMode('n3')]);

    expect(validateOutline({}).errors).toEqual([OUTLINE_ERRORS.notArray]);
    expect(validateOutline([null]).errors).toEqual([OUTLINE_ERRORS.notObject]);
    expect(validateOutline([]).ok).toBe(true);
  });

  it('renumber fills what a hand-made node lacks', () => {
    const out = renumber([
      { id: 'x', title: '技术部分', children: [{ id: 'y', title: '方案', children: [] }] } as unknown as BidOutlineNode,
    ]);
    expect(out[0]).toMatchObject({ level: 1, number: '1', parentId: '', isLeaf: false, kind: '技术', mode: 'ai', scoringIds: [], status: 0, readStatus: 0 });
    expect(out[0]!.children[0]).toMatchObject({ level: 2, number: '1.1', parentId: 'x', isLeaf: true, kind: '技术', mode: 'ai' });
    expect(newNodeId(out, 'x')).toBe('x-1');
  });
});

describe('criteriaTopics: the sub-topics a row’s criteria list', () => {
  it('a numbered list after 包括以下内容 gives each item, without its number', () => {
    expect(criteriaTopics('投标人提供的年度计划包括以下内容：\n（1）工作目标；\n（2）工作重点；\n（3）具体工作内容。\n2、评审标准：满足上述三点得60分。')).toEqual(['工作目标', '工作重点', '具体工作内容']);
  });
  it('a bracketed note (（含…）（不含…）) lists no topics; a broken bracket is no topic', () => {
    expect(criteriaTopics('具有青少年辅导（含校园服务）或家庭服务经验的得10分')).toEqual([]);
    expect(criteriaTopics('每提供一个省级（不含副省级）荣誉得15分')).toEqual([]);
    expect(criteriaTopics('方案包括人员配置、服务流程、考核与应急等，完整得10分')).toEqual(['人员配置', '服务流程', '考核', '应急']);
  });
  it('a list inside a bracketed note, or of what a proof holds, is no topic; the first list outside them is', () => {
    expect(criteriaTopics('具有中级职称（专业：甲类，包括但不限于：乙管理、丙管理等）证书的，得5分')).toEqual([]);
    expect(criteriaTopics('提供合同复印件，关键信息包括但不仅限于合同名称、服务期限，否则不得分')).toEqual([]);
    expect(criteriaTopics('资质（包括甲、乙）齐全；方案包括组织架构、作业流程，得5分')).toEqual(['组织架构', '作业流程']);
  });
});
