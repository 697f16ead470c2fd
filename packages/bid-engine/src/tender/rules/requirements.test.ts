import { describe, expect, it } from 'vitest';
import type { Block, DocModel } from '../../reading/model/types.js';
import { figuresOf, requirementsFromModel } from './requirements.js';

const h = (level: number, text: string, page = 1): Block => ({ type: 'heading', level, numbering: '', title: text.replace(/^第.章\s*|^[一二三四五六七八九十]、/, ''), text, page, pageEnd: page });
const p = (text: string, page = 1): Block => ({ type: 'paragraph', text, page, pageEnd: page });
const li = (numbering: string, text: string, page = 1): Block => ({ type: 'list-item', level: 1, numbering, text: `${numbering}${text}`, page, pageEnd: page });
const model = (blocks: Block[]): DocModel => ({ blocks, furniture: [], pageCount: 10 });

describe('requirementsFromModel', () => {
  it('a contract form\'s blank line (「分期履行要求： \\」「风险处置措施和替代方案：____」) is no requirement; a line with its value is', () => {
    const items = requirementsFromModel(
      model([
        h(1, '第五章 用户需求书', 5),
        p('1.分期履行要求： \\', 5),
        p('2.风险处置措施和替代方案：________', 5),
        p('3.交货期：合同签订后 30 日内交货。', 5),
      ]),
    );
    expect(items.map((r) => r.text)).toEqual([expect.stringContaining('交货期：合同签订后 30 日内交货')]);
  });

  it('a table of the procurement\'s particulars (plan numbers, name, budget, total) holds no item; a table of quantities does', () => {
    const cell = (text: string, col: number) => ({ text, col, colSpan: 1, rowSpan: 1 });
    const table = (rows: string[][]): Block => ({ type: 'table', page: 5, pageEnd: 5, columns: rows[0]!.length, parts: 1, rows: rows.map((r) => ({ page: 5, cells: r.map(cell) })) });
    const items = requirementsFromModel(
      model([
        h(1, '第五章 用户需求书', 5),
        table([
          ['采购计划编号', '采购项目名称', '预算金额（元）'],
          ['PLAN-2025-0001', '某单位物业管理服务项目', '4582588.95'],
          ['合计：', '', '8,041,742.00'],
        ]),
        table([
          ['服务内容', '数量', '要求'],
          ['保安岗位', '42人', '24小时值守，持证上岗'],
        ]),
      ]),
    );
    expect(items.map((x) => x.text)).toEqual(['服务内容：保安岗位；数量：42人；要求：24小时值守，持证上岗']);
  });

  it('reads the items of the requirement chapter with page, heading and figures, and nothing of other chapters', () => {
    const m = model([
      h(1, '第二章 投标人须知'),
      li('1.', '投标人应当按招标文件要求编制投标文件'),
      h(1, '第五章 采购需求', 5),
      h(2, '一、服务内容', 5),
      li('1.', '数据维护工单约7.36万条，准确率不低于99.99%', 5),
      li('2.', '接到通知后15分钟内响应，2小时内完成部署', 6),
      p('本项目位于上海市。', 6),
      p('服务人员须持证上岗，驻场人员不少于10人。', 6),
      h(2, '二、人员要求：', 7),
      {
        type: 'table', page: 7, pageEnd: 7, columns: 3, parts: 1,
        rows: [
          { page: 7, cells: [{ text: '岗位', col: 0, colSpan: 1, rowSpan: 1 }, { text: '人数', col: 1, colSpan: 1, rowSpan: 1 }, { text: '要求', col: 2, colSpan: 1, rowSpan: 1 }] },
          { page: 7, cells: [{ text: '项目经理', col: 0, colSpan: 1, rowSpan: 1 }, { text: '1人', col: 1, colSpan: 1, rowSpan: 1 }, { text: '具备5年以上管理经验', col: 2, colSpan: 1, rowSpan: 1 }] },
        ],
      },
      h(1, '第六章 投标文件格式', 9),
      li('1.', '技术要求偏离表应逐条填写', 9),
    ]);
    const items = requirementsFromModel(m);
    expect(items.map((x) => x.page)).toEqual([5, 6, 6, 7]);
    expect(items[0]).toMatchObject({ section: '一、服务内容', figures: ['7.36万条', '不低于99.99%'] });
    expect(items[1]!.figures).toEqual(['15分钟', '2小时']);
    expect(items[2]!.text).toContain('不少于10人');
    expect(items[3]!.text).toBe('岗位：项目经理；人数：1人；要求：具备5年以上管理经验');
    expect(items.some((x) => /须知|偏离表|上海市/.test(x.text))).toBe(false);
  });

  it('a numbered title naming a kind of requirement leads the items under it; a signature line is no item', () => {
    const m = model([
      h(1, '第三章 采购需求', 3),
      li('1.', '工作时间要求', 3),
      li('（1）', '节假日正常开放，工作日8:00至18:00在岗', 3),
      li('2.', '服务质量标准', 3),
      li('（1）', '保洁区域无积水、无垃圾', 3),
      li('3.', '节假日正常开放服务', 3),
      p('供应商负责人/授权代表签字', 4),
      p('投标人名称（盖章）：', 4),
      p('投标文件须由法定代表人签字', 4),
    ]);
    const items = requirementsFromModel(m);
    expect(items.map((x) => x.text.replace(/^\S*?[.．、）)]/, ''))).toEqual(['节假日正常开放，工作日8:00至18:00在岗', '保洁区域无积水、无垃圾', '节假日正常开放服务', '投标文件须由法定代表人签字']);
    expect(items[0]!.section).toContain('工作时间要求');
    expect(items[1]!.section).toContain('服务质量标准');
  });

  it('a tender without a requirement chapter has no items', () => {
    expect(requirementsFromModel(model([h(1, '第一章 招标公告'), li('1.', '投标截止时间为2025年6月1日')]))).toEqual([]);
  });

  it('figures: money with thousands separators, standards, 7×24', () => {
    expect(figuresOf('最高限价2,435,216.00元/年，执行GY/T 381标准，7×24小时值守')).toEqual(['2,435,216.00元', 'GY/T381', '7×24']);
  });
});

describe('card.requirements', () => {
  it('the card lists the requirement chapter\'s items with page, verified excerpt and figures; a card without one has none', async () => {
    const { MODEL_FILE } = await import('../../../test/fixtures/tender-model.js');
    const { extractCard } = await import('../card.js');
    const card = extractCard([MODEL_FILE]);
    const reqs = card.requirements ?? [];
    expect(reqs.map((r) => r.text)).toEqual(['★服务人员须在合同签订后15日内全部到岗', '★投标人须承诺7×24小时响应，2小时内到达现场', '服务期限：一年。']);
    expect(reqs.every((r) => r.source.page === 6 && r.verified)).toBe(true);
    expect(reqs[0]).toMatchObject({ id: 'r1', section: '一、服务要求', figures: ['15日'] });
    expect(reqs[1]!.figures).toEqual(['7×24', '2小时']);
    const { MAIN_FILE } = await import('../../../test/fixtures/tender-pages.js');
    expect(extractCard([MAIN_FILE]).requirements).toBeUndefined();
  });
});
