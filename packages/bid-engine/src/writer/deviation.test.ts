import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidOutlineNode } from '@btz/shared';
import { heading, modelFile, para, table as tableBlock } from '../../test/fixtures/model.js';
import { GOODS, PARAMETER_LINES, PARAMETER_PAGE, PARAMETER_ROWS, goodsModelBlocks } from '../../test/fixtures/goods-tender.js';
import { extractCard, flattenOutline, generateOutline } from '../tender/index.js';
import { buildFactSheet, writeSectionOffline } from './index.js';
import { writeSectionLlm } from './llm-section.js';
import { parameterOf } from './offline/form-sections.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.js';
import { testClient } from '../../test/llm/helpers.js';
import { scoringCoverage } from '../health/index.js';

/**
 * The 技术参数响应偏离表 of a goods tender (issue 24 item 4): every parameter of the technical requirements is a row —
 * 招标要求 with its ★/▲ mark and page, 投标响应 and 偏离 as blanks for the bidder — and no written section restates a
 * parameter as prose.
 */
const card = extractCard([modelFile(goodsModelBlocks())]);
const { nodes } = generateOutline(card, { bidType: 1 });
const all = flattenOutline(nodes);
const byId = new Map(all.map((n) => [n.id, n]));
const facts = buildFactSheet(card, { bidType: 1 });

function write(node: BidOutlineNode) {
  const parents: string[] = [];
  for (let p = byId.get(node.parentId); p; p = byId.get(p.parentId)) parents.unshift(p.title);
  const siblings = (node.parentId ? byId.get(node.parentId)!.children : nodes).map((x) => x.title);
  return writeSectionOffline({ card, node, parentTitles: parents, siblingTitles: siblings, facts, targetChars: node.targetChars ?? 1500, bidType: 1, outline: nodes });
}

describe('技术参数响应偏离表 (goods tender)', () => {
  const table = all.find((n) => n.mode === 'table' && /参数/.test(n.title));

  it('the outline has the table in the technical chapter', () => {
    expect(card.projectName?.value).toBe(GOODS.projectName);
    expect(table?.title).toBe('技术参数响应偏离表');
    expect(byId.get(table!.parentId)?.kind).toBe('技术');
  });

  it('holds every parameter as a row: mark and page, placeholders for the offered value and the deviation', () => {
    const out = write(table!);
    const t = out.doc.content.find((b) => b.type === 'table');
    expect(t, out.text).toBeTruthy();
    const rows = (t!.content ?? []).map((r) => (r.content ?? []).map((cell) => JSON.stringify(cell).match(/"text":"([^"]*)"/g)?.map((x) => x.slice(8, -1)).join('') ?? ''));
    expect(rows[0]).toEqual(['序号', '招标要求', '投标响应', '偏离', '说明']);
    for (const [name, value] of PARAMETER_ROWS) {
      const bare = name.replace(/[★▲]/g, '');
      const row = rows.find((r) => r[1]!.includes(`${bare}：${value}`));
      expect(row, `${name} ${value}\n${out.text}`).toBeTruthy();
      expect(row![1]!.startsWith(name.match(/^[★▲]/)?.[0] ?? bare)).toBe(true);
      expect(row![1]).toContain(`第 ${PARAMETER_PAGE} 页`);
      expect(row![2]).toBe(`我方响应：【待填写：所投产品的${bare}】`);
      expect(row![3]).toMatch(/^【待填写：/);
    }
    for (const line of PARAMETER_LINES) expect(out.text).toContain(line.replace(/^\d\. /, '').replace(/。$/, ''));
    // the commercial terms are not parameters
    expect(out.text).not.toContain('付款方式');
  });

  it('a ★ clause giving another party a period (采购人…30个日历日内提出) is answered in its own words, never with our 交货期', () => {
    const clause = '★5.3.2采购人在验收中如货物的质量和材料不符合合同规定的，应30个日历日内向中标人提出，并有权退货或部分退货';
    const withClause = { ...card, starClauses: [...card.starClauses, { ...card.starClauses[0]!, id: 'stx', text: clause }] };
    const node = { ...table!, clauseIds: [...(table!.clauseIds ?? []), 'stx'] };
    const out = writeSectionOffline({ card: withClause, node, parentTitles: [], siblingTitles: [], facts: buildFactSheet(withClause, { bidType: 1 }), targetChars: 1500, bidType: 1, outline: nodes });
    const row = out.text.split('\n').find((l) => l.includes('采购人在验收中'));
    expect(row, out.text).toBeTruthy();
    const response = row!.split('\t')[2]!;
    expect(response).toContain('30个日历日内向中标人提出');
    expect(response).not.toContain('期限');
  });

  it('a row of the goods list asks for the offered product by its name; empty cells, list numbers and budget rows are left out', () => {
    const item = parameterOf({ text: '采购计划编号：PLAN-01；货物名称（标的名称）：方凳；单位：张；规格要求：（625*480*930）±60mm；单价限价（元）：/；是否专门面向中小企业：是' });
    expect(item).toEqual({ text: '方凳：单位：张；（625*480*930）±60mm', asked: '所投方凳的品牌、型号及规格' });
    // a parameter row keeps its name and value; a row continuing over several clauses stays one requirement
    expect(parameterOf({ text: '参数名称：★额定电流；技术要求：2000A' })).toEqual({ text: '额定电流：2000A', asked: '所投产品的额定电流' });
    expect(parameterOf({ text: '货物名称：方凳；招标技术要求：1、凳面采用PU材质；2、凳脚采用不锈钢' })?.text).toBe('方凳：1、凳面采用PU材质；2、凳脚采用不锈钢');
    // the list's budget and total rows are no parameter
    expect(parameterOf({ text: '采购计划编号：PLAN-01；采购项目名称：医用家具采购；财政预算限额（元）：8042100.00' })).toBeNull();
    expect(parameterOf({ text: '合计；财政预算限额（元）：8042100.00' })).toBeNull();
  });

  it('the tender’s own 偏离表 form listing the parameters: each row answered in place, none printed twice', () => {
    // the same tender with a format chapter whose 偏离表 prints the parameters and leaves the response cells blank
    const blocks = goodsModelBlocks();
    const at = blocks.findIndex((b) => JSON.stringify(b).includes('（四）商务部分'));
    blocks.splice(at + 1, 0, para(6, '（五）技术参数响应偏离表'));
    blocks.push(
      heading(7, '第六章 投标文件格式', 1),
      heading(7, '一、技术参数响应偏离表', 2),
      tableBlock(7, [['序号', '参数名称', '招标要求', '投标响应', '偏离情况', '说明'], ...PARAMETER_ROWS.map(([n, v], i) => [String(i + 1), n, v, '', '', ''])]),
      para(7, '投标人名称（盖章）：'),
    );
    const withForm = extractCard([modelFile(blocks)]);
    const outline = generateOutline(withForm, { bidType: 1 }).nodes;
    const node = flattenOutline(outline).find((n) => n.isLeaf && n.title === '技术参数响应偏离表')!;
    expect(node?.mode).toBe('table');
    const out = writeSectionOffline({ card: withForm, node, parentTitles: [], siblingTitles: [], facts: buildFactSheet(withForm, { bidType: 1 }), targetChars: 1500, bidType: 1, outline });
    const lines = out.text.split('\n');
    for (const [name, value] of PARAMETER_ROWS) {
      const bare = name.replace(/[★▲]/g, '');
      const rows = lines.filter((l) => l.includes(bare) && l.includes(value));
      expect(rows, `${name}\n${out.text}`).toHaveLength(1);
      // the form's row, its response cell filled
      expect(rows[0]!.split('\t').slice(0, 4)).toEqual([expect.any(String), name, value, `我方响应：【待填写：所投产品的${bare}】`]);
    }
    // the requirements the form does not print follow it
    for (const line of PARAMETER_LINES) expect(out.text).toContain(line.replace(/^\d\. /, '').replace(/。$/, ''));
  });

  it('no written section restates a parameter as prose', () => {
    for (const n of all.filter((x) => x.isLeaf && x.mode === 'ai')) {
      const text = write(n).text;
      for (const [name, value] of PARAMETER_ROWS) expect(text, n.title).not.toContain(`${name.replace(/[★▲]/g, '')}：${value}`);
      expect(text, n.title).not.toMatch(/已掌握|2000A|IP4X|T2 电解铜/);
    }
  });

  describe('on the model path', () => {
    let fake: FakeOpenAi;
    beforeAll(async () => {
      fake = await startFakeOpenAi();
    });
    afterAll(() => fake.close());

    it('is composed by rule: the same rows, no model call (the offered values are the bidder’s)', async () => {
      const node = table!;
      const parents = [byId.get(node.parentId)!.title];
      const siblings = byId.get(node.parentId)!.children.map((x) => x.title);
      const r = await writeSectionLlm(testClient(fake), { card, node, parentTitles: parents, siblingTitles: siblings, facts, targetChars: 0, bidType: 1, outline: nodes });
      expect(fake.requests).toHaveLength(0);
      expect(r.text).toBe(write(node).text);
    });
  });
});

describe('资格条件响应表 (issue 25: a completed bid answers every qualification requirement)', () => {
  it('lists the qualification requirements, one row each — not the ★ clauses', () => {
    const src = { page: 3, file: '招标文件.docx', excerpt: '' };
    const quals = ['具有人力资源和社会保障局《劳务派遣经营许可证》。', '本次投标为网上招标，响应单位必须获得电子签名认证证书（CA认证证书）。'];
    const own = { ...card, qualifications: quals.map((text, i) => ({ id: `q${i}`, text, source: src, verified: true })) };
    const table = all.find((n) => n.mode === 'table')!;
    const node = { ...table, id: 'qual-table', title: '资格条件响应表', clauseIds: [] };
    const out = writeSectionOffline({ card: own, node, parentTitles: [], siblingTitles: [node.title], facts, targetChars: 800, bidType: 1, outline: nodes });
    for (const q of quals) expect(out.text, out.text).toContain(q.replace(/。$/, ''));
    for (const s of own.starClauses) expect(out.text).not.toContain(s.text.replace(/[★▲]/g, '').slice(0, 16));
  });
});

describe('商务条款偏离表 (issue 24: the commercial deviation table carries the tender’s commercial terms)', () => {
  // the generated goods tender with a key-facts line on bid validity, a scored 商务条款偏离 row and a commercial deviation
  // table of its own in the composition (its form left aside: the table is written by rule)
  const blocks = goodsModelBlocks().flatMap((b) => {
    if (b.type === 'paragraph' && b.text.startsWith('投标截止时间')) return [b, { ...b, text: '投标有效期：自投标截止之日起 90 日历天。' }];
    if (b.type === 'paragraph' && b.text === '（四）商务部分') return [b, { ...b, text: '（五）商务条款偏离表' }];
    if (b.type === 'paragraph' && b.text.startsWith('2. 质保期')) return [{ ...b, text: '2. 质保期：验收合格后不少于 24 个月。' }];
    return [b];
  });
  const scoringTable = blocks.find((b) => b.type === 'table' && b.rows[0]!.cells[0]!.text === '评分项');
  if (scoringTable?.type === 'table') {
    const row = scoringTable.rows[3]!;
    scoringTable.rows.splice(4, 0, { ...row, cells: row.cells.map((c, i) => ({ ...c, text: ['商务条款偏离', '5', '商务条款完全响应无偏离得 5 分，有负偏离不得分', '商务'][i]! })) });
    // the price row keeps the total at 100
    const price = scoringTable.rows.find((r) => r.cells[0]!.text === '投标报价')!;
    price.cells[1] = { ...price.cells[1]!, text: '35' };
  }
  const own = extractCard([modelFile(blocks)]);
  const out = generateOutline(own, { bidType: 1 });
  const flat = flattenOutline(out.nodes);
  const table = flat.find((n) => n.title === '商务条款偏离表')!;
  const ownFacts = buildFactSheet(own, { bidType: 1 });
  const text = () =>
    writeSectionOffline({ card: own, node: table, parentTitles: [], siblingTitles: out.nodes.map((n) => n.title), facts: ownFacts, targetChars: 700, bidType: 1, outline: out.nodes }).text;

  it('the card holds the tender’s labelled terms, with their pages', () => {
    expect(own.terms?.map((t) => [t.key, t.text, t.source.page])).toEqual([
      ['validity', '投标有效期：自投标截止之日起 90 日历天。', 2],
      ['delivery', '交货期：合同签订后 60 日历天内交货。', 5],
      ['warranty', '质保期：验收合格后不少于 24 个月。', 5],
      ['payment', '付款方式：货到验收合格后支付合同价款的 95%。', 5],
    ]);
  });

  it('each term is a row: the tender’s words and page, accepted in its own words or (a bound) the bidder’s figure asked for', () => {
    expect(table.mode).toBe('table');
    const s = own.scoring.find((x) => x.item === '商务条款偏离')!;
    expect(table.scoringIds).toContain(s.id);
    const lines = text().split('\n');
    const row = (label: string) => lines.find((l) => l.includes(`${label}：`) && l.includes('\t'));
    expect(row('交货期')).toContain('合同签订后 60 日历天内交货（招标文件第 5 页）');
    expect(row('交货期')).toContain('\t我方响应：合同签订后 60 日历天内交货\t无偏离');
    expect(row('付款方式')).toContain('\t我方响应：货到验收合格后支付合同价款的 95%\t无偏离');
    expect(row('投标有效期')).toContain('（招标文件第 2 页）');
    // 「不少于 24 个月」: the bidder offers its own period
    expect(row('质保期')).toMatch(/\t我方响应：【待填写：我方承诺的质保期（招标要求：验收合格后不少于 24 个月）】\t【待填写：无偏离／正偏离／负偏离】/);
    // never a figure the tender does not state
    for (const n of text().match(/\d+(?:\.\d+)?\s*(?:日历天|个月|%|天)/g) ?? []) expect(own.terms!.some((t) => t.text.includes(n)), n).toBe(true);
  });

  it('the tender’s own response form printing template rows (「*」「*-1」「…」) takes the term rows in its own columns', () => {
    const form = {
      title: '五、商务条款偏离表',
      page: 7,
      blocks: [
        { t: 'p' as const, text: '项目编号：____' },
        { t: 'table' as const, rows: [['采购包', '品目号', '商务条件', '投标响应', '是否偏离及说明'], ['*', '*-1', '', '', ''], [null, '…', '', '', ''], ['…', '', '', '', '']] },
        { t: 'p' as const, text: '投标人：（全称并加盖单位公章）' },
      ],
    };
    const withForm = { ...own, forms: [form] };
    const r = writeSectionOffline({ card: withForm, node: table, parentTitles: [], siblingTitles: out.nodes.map((n) => n.title), facts: ownFacts, targetChars: 700, bidType: 1, outline: out.nodes });
    const lines = r.text.split('\n');
    expect(lines).toContain('采购包\t品目号\t商务条件\t投标响应\t是否偏离及说明');
    // the terms are the form's rows: 商务条件 the tender's words, 投标响应 ours — no template row, no table after the form
    expect(lines.find((l) => l.includes('交货期：'))).toMatch(/^\t\t交货期：合同签订后 60 日历天内交货（招标文件第 5 页）\t我方响应：合同签订后 60 日历天内交货\t无偏离$/);
    expect(r.text).not.toMatch(/\*-1|^…/m);
    expect(r.text).not.toContain('对招标文件其他要求的逐条响应');
    expect(lines.filter((l) => l.startsWith('序号\t'))).toHaveLength(0);
  });

  it('health counts the 商务条款偏离 row answered by the table’s rows; the empty table would not be', () => {
    const s = own.scoring.find((x) => x.item === '商务条款偏离')!;
    const cov = (body: string) => scoringCoverage(own, out.nodes, { [table.id]: body }).rows.find((r) => r.scoringId === s.id)!.state;
    expect(cov(text())).toBe('answered');
    expect(cov(text().split('\n').filter((l) => !l.includes('\t') || l.startsWith('序号')).join('\n'))).toBe('unanswered');
  });
});
