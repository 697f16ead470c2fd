import { describe, expect, it } from 'vitest';
import { heading, modelFile, para, table } from '../../../test/fixtures/model.js';
import { extractCard } from '../card.js';
import { generateOutline, flattenOutline } from '../outline.js';
import { scoringFromModel } from './scoring-model.js';
import { verifyExcerpt } from '../verify.js';

const rowsOf = (card: ReturnType<typeof extractCard>) => card.scoring.map((s) => [s.item, s.points, s.category]);

describe('scoring table from the document model', () => {
  it('the criteria column headed 评分准则 or 描述 is read as criteria (the rows kept their names and points, lost their criteria)', () => {
    for (const head of ['评分准则', '描述']) {
      const file = modelFile([
        heading(8, '第三章 评标信息'),
        para(8, '评分标准如下：'),
        table(8, [
          ['序号', '评审因素', '权重', '评分方式', head],
          ['1', '项目实施方案', '30', '专家打分', '方案中需至少包含：（1）生产运营管理制度；（2）发货方案。方案全面的得30分。'],
          ['2', '质量保证方案', '20', '专家打分', '质量保证方案需包含：（1）供应措施；（2）内部质量检验方案。'],
          ['3', '价格', '50', '公式', '满足招标文件要求且投标价格最低的投标报价为评标基准价。'],
        ]),
      ]);
      const card = extractCard([file]);
      expect(card.scoring.map((s) => s.item), head).toEqual(['项目实施方案', '质量保证方案', '价格']);
      expect(card.scoring[0]!.criteria, head).toContain('生产运营管理制度');
      expect(card.scoring[1]!.criteria, head).toContain('内部质量检验方案');
    }
  });

  it('a table split into two Word tables at a page break, with a range column and a row continuing on the next page', () => {
    const file = modelFile([
      heading(10, '第三章 评标办法及评分标准'),
      para(10, '包1评分规则：'),
      table(10, [
        ['评分项目', '分值区间', '评分办法'],
        ['报价分', '0~10', '有效最低报价/投标报价*10'],
        ['整体服务方案策划及实施', '0~ 15', '1、根据投标人的服务理念进行评审，0-5分；'],
      ]),
      table(11, [
        { page: 11, cells: ['', '', '2、根据投标人的管理、实施及安排进行评审，0-10分；'] },
        { page: 11, cells: ['类似项目经验', '0-5分', '每个得1分，最多5分。'] },
      ]),
    ]);
    const card = extractCard([file]);
    expect(rowsOf(card)).toEqual([
      ['报价分', 10, 'price'],
      ['整体服务方案策划及实施', 15, 'technical'],
      ['类似项目经验', 5, 'commercial'],
    ]);
    expect(card.scoring[1]!.criteria).toContain('管理、实施及安排');
    for (const s of card.scoring) expect(verifyExcerpt(file.pages, s.source.page, s.source.excerpt), s.source.excerpt).toBe(true);
  });

  it('a 类别 column gives each row the tender’s own category (售后服务 counted as 商务 because the tender says so)', () => {
    const file = modelFile([
      heading(5, '第二章 评分标准'),
      table(5, [
        ['评分项', '分值', '评分标准', '类别'],
        ['技术方案', '30', '方案完整、架构合理', '技术'],
        ['售后服务', '10', '响应及时，运维承诺明确', '商务'],
        ['类似业绩', '10', '近三年每个同类项目得 2 分', '商务'],
        ['投标报价', '50', '最低有效报价为基准价', '价格'],
      ]),
    ]);
    expect(rowsOf(extractCard([file]))).toEqual([
      ['技术方案', 30, 'technical'],
      ['售后服务', 10, 'commercial'],
      ['类似业绩', 10, 'commercial'],
      ['投标报价', 50, 'price'],
    ]);
  });

  it('factor cells merged vertically over sub-rows with their own points: the sub-rows are the rows, named from their criteria', () => {
    const file = modelFile([
      heading(19, '第六章 评标方法'),
      para(19, '三、评分细则'),
      table(19, [
        ['序号', '评审因素', '评审要求（100分）', '分值'],
        [{ t: '1', rs: 2 }, { t: '针对本项目的服务方案（30分）', rs: 2 }, '根据投标单位针对本项目的应急服务方案进行评审', '10分'],
        ['根据投标单位提供的服务质量保证措施进行评审', '20分'],
        ['2', '针对本项目服务人员的培训方案（10分）', '培训方案内容全面针对性强的，得10分', '10分'],
        ['3', '投标单位综合实力（60分）', '类似项目业绩每个得10分', '60'],
      ]),
    ]);
    const card = extractCard([file]);
    expect(card.scoring.map((s) => [s.item, s.points])).toEqual([
      ['针对本项目的服务方案-应急服务方案', 10],
      ['针对本项目的服务方案-服务质量保证措施', 20],
      ['针对本项目服务人员的培训方案', 10],
      ['投标单位综合实力', 60],
    ]);
    expect(card.scoringCheck).toEqual({ total: 100, sum: 100, problem: null });
  });

  it('section-header and 合计 rows are not rows; they give the category and the printed total', () => {
    const m = scoringFromModel(
      modelFile([
        heading(20, '第七章 评标办法'),
        para(20, '评审因素表'),
        table(20, [
          ['序号', '评审因素', '评分标准', '满分值'],
          [{ t: '一、价格部分（50分）', cs: 4 }],
          [{ t: '1', rs: 2 }, { t: '价格', rs: 2 }, '报价得分=45-（｜Bn-A｜÷A）×45', '45'],
          ['岗位明细报价合理性：对各岗位明细报价的合理性进行评分', '5'],
          [{ t: '二、商务部分（18分）', cs: 4 }],
          ['2', '业绩经验', '每有1家银行得2分', '18'],
          [{ t: '三、技术部分（32分）', cs: 4 }],
          ['3', '服务方案', '优23-32分', '21.5'],
          ['4', '培训', '优', '10.5'],
          [{ t: '合计', cs: 3 }, '100'],
        ]),
      ]).model!,
    );
    expect(m.rows.map((r) => [r.item, r.points, r.category])).toEqual([
      ['价格-报价得分=45-(|Bn-A|÷A)×45', 45, 'price'],
      ['价格-岗位明细报价合理性', 5, 'price'],
      ['业绩经验', 18, 'commercial'],
      ['服务方案', 21.5, 'technical'],
      ['培训', 10.5, 'technical'],
    ]);
    expect(m.total).toBe(100);
    expect(m.problem).toBeNull();
  });

  it('a table that does not add up to its printed total is flagged, not silently shown', () => {
    const card = extractCard([
      modelFile([
        heading(5, '第四章 评标办法'),
        para(5, '评分标准（满分100分）'),
        table(5, [
          ['评分因素', '分值', '评分标准'],
          ['技术方案', '40', '完整得40分'],
          ['类似业绩', '20', '每个5分'],
          ['价格', '30', '低价优先'],
        ]),
      ]),
    ]);
    expect(card.scoring).toHaveLength(3);
    expect(card.scoringCheck).toMatchObject({ total: 100, sum: 90 });
    expect(card.scoringCheck!.problem).toContain('90');
  });

  it('a contract appraisal table with a 分值 column and the bid-side 评分索引表 are decoys', () => {
    const m = scoringFromModel(
      modelFile([
        heading(3, '第三章 评标办法'),
        para(3, '评分标准'),
        table(3, [
          ['评分因素', '分值', '评分标准'],
          ['服务方案', '60', '优60分'],
          ['价格', '40', '公式'],
        ]),
        heading(30, '第四章 合同条款'),
        para(30, '附件：服务综合考评表（每月）'),
        table(30, [
          ['考核项目', '分值', '评分细则'],
          ['卫生保洁', '50', '不合格扣5分'],
          ['安全巡查', '50', '缺岗扣2分'],
        ]),
        heading(40, '第五章 投标文件格式'),
        para(40, '投标评分索引表'),
        table(40, [
          ['评分因素', '分值', '页码'],
          ['服务方案', '60', ''],
        ]),
      ]).model!,
    );
    expect(m.rows.map((r) => r.item)).toEqual(['服务方案', '价格']);
  });

  it('sub-items named with their own points inside one cell split the row when they add up to it', () => {
    const m = scoringFromModel(
      modelFile([
        heading(26, '第四章 评标方法'),
        para(26, '第1包评分标准'),
        table(26, [
          ['评分因素', '分值', '评分标准'],
          ['技术部分', '55', '1.技术需求响应（12分）：完全满足得12分\n2.进货渠道（13分）：渠道稳定\n3.项目实施方案（30分）：方案完整'],
          ['相关业绩', '10', '每个2分'],
          ['价格', '35', '满足招标文件要求且投标价格最低的投标报价为评标基准价'],
        ]),
      ]).model!,
    );
    expect(m.rows.map((r) => [r.item, r.points])).toEqual([
      ['技术部分-技术需求响应', 12],
      ['技术部分-进货渠道', 13],
      ['技术部分-项目实施方案', 30],
      ['相关业绩', 10],
      ['价格', 35],
    ]);
    // but numbered sentences ending in their points stay in the row
    const plain = scoringFromModel(
      modelFile([
        para(1, '评分标准'),
        table(1, [
          ['评分项目', '分值', '评分办法'],
          ['整体服务方案', '0~15', '1、根据服务理念进行评审，0-5分；\n2、根据管理进行评审，0-10分；'],
          ['应急预案', '10', '完善得10分'],
        ]),
      ]).model!,
    );
    expect(plain.rows.map((r) => [r.item, r.points])).toEqual([
      ['整体服务方案', 15],
      ['应急预案', 10],
    ]);
  });

  it('a weighted two-scale scheme: the technical table has no price row, its rows add up to its own 100', () => {
    const card = extractCard([
      modelFile([
        heading(8, '第三章 评标办法'),
        para(8, '综合得分=技术标得分×50%+商务标得分×50%。评分细则（满分100分）'),
        table(8, [
          ['序号', '评分项目', '分值', '评分标准'],
          ['1', '投标人类似业绩', '25', '每个5分'],
          ['2', '公司认证情况', '15', '每个5分'],
          ['3', '劳务派遣服务项目和突发应急预案', '60', '优60'],
        ]),
      ]),
    ]);
    expect(card.scoring.map((s) => s.category)).not.toContain('price');
    expect(card.scoringCheck?.problem).toBeNull();
    const { nodes, coverage } = generateOutline(card, { bidType: 1 });
    const flat = flattenOutline(nodes);
    for (const s of card.scoring) {
      const hosts = flat.filter((n) => n.scoringIds.includes(s.id));
      expect(hosts.some((n) => n.title.includes(s.item)), s.item).toBe(true);
    }
    expect(coverage.every((c) => c.nodeIds.length)).toBe(true);
  });
});

describe('lots with their own scoring tables', () => {
  it('each table\'s rows carry the lot its heading names; no total check across lots', () => {
    const m = scoringFromModel(
      modelFile([
        heading(20, '第四章 评标办法'),
        para(20, '第1包评分标准'),
        table(20, [
          ['评分因素', '分值', '评分标准'],
          ['供货方案', '70', '优'],
          ['价格', '30', '低价优先'],
        ]),
        para(21, '第2包评分标准'),
        table(21, [
          ['评分因素', '分值', '评分标准'],
          ['服务方案', '60', '优'],
          ['价格', '40', '低价优先'],
        ]),
      ]).model!,
    );
    expect(m.rows.map((r) => [r.item, r.points, r.lot])).toEqual([
      ['供货方案', 70, '1'],
      ['价格', 30, '1'],
      ['服务方案', 60, '2'],
      ['价格', 40, '2'],
    ]);
    expect(m.problem).toBeNull();
  });
});

describe('scoring printed as text, and a price scored outside the table', () => {
  it('groups as headings with points and numbered items under them: sub-items that add up are the rows', () => {
    const b = (page: number, text: string, numbering: string): import('../../reading/model/types.js').Block => ({
      type: 'list-item',
      page,
      pageEnd: page,
      level: 1,
      numbering,
      text,
    });
    const m = scoringFromModel(
      modelFile([
        heading(5, '第四章评标办法（综合评估法，总分100分）'),
        heading(5, '一、投标报价（35分）', 2),
        b(5, '以有效投标报价算术平均值为基准价；', '1.'),
        heading(5, '二、技术方案（45分）', 2),
        b(5, '深化设计能力（10分）：图纸深度、效果图还原度；', '1.'),
        b(5, '安装方案（35分）：现场施工组织、安全措施；', '2.'),
        heading(5, '三、响应程度（20分）', 2),
        b(5, '完全响应招标文件要求、无偏离得20分；', '1.'),
        heading(6, '第五章 合同主要条款'),
      ]).model!,
    );
    expect(m.rows.map((r) => [r.item, r.points, r.category])).toEqual([
      ['投标报价', 35, 'price'],
      ['深化设计能力', 10, 'technical'],
      ['安装方案', 35, 'technical'],
      ['响应程度', 20, 'technical'],
    ]);
    expect(m.problem).toBeNull();
  });

  it('the price stated only in the scheme sentence becomes the price row when it completes the 100 points', () => {
    const card = extractCard([
      modelFile([
        heading(9, '第三部分 评标办法'),
        para(9, '第九条 评标采用百分制，其中商务部分（投标报价）为70分、技术部分为30分。'),
        para(10, '第十一条 技术部分评分标准：'),
        table(10, [
          ['序号', '项目', '内容', '评分标准（请提供相应的佐证材料，无佐证材料的视情况评分）'],
          ['1', '企业资信（2分）', '依法登记，有相应的经营资质（2分）', '实缴资本≥300万的，得1分'],
          [{ t: '2', rs: 2 }, { t: '人员管理（28分）', rs: 2 }, '人力资源储备（18分）', '招募渠道'],
          ['人员应急方案（10分）', '方案周密'],
        ]),
      ]),
    ]);
    expect(card.scoring.map((s) => [s.item, s.points, s.category])).toEqual([
      ['商务部分(投标报价)', 70, 'price'],
      ['企业资信', 2, 'technical'], // the tender's own grouping: the table is its 技术部分
      ['人员管理-人力资源储备', 18, 'technical'],
      ['人员管理-人员应急方案', 10, 'technical'],
    ]);
    for (const s of card.scoring) expect(s.verified, s.item).toBe(true);
  });
});
