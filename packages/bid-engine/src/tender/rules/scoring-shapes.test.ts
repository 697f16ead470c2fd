/**
 * Scoring-table shapes met in real tenders outside the first corpus (issue 23): generated models, one shape each.
 */
import { describe, expect, it } from 'vitest';
import { heading, modelFile, para, table } from '../../../test/fixtures/model.js';
import { extractCard } from '../card.js';
import { scoringFromModel } from './scoring-model.js';
import { cellPoints, itemWithPoints, openingItemPoints, summedParts } from './scoring-points.js';

const modelOf = (blocks: Parameters<typeof modelFile>[0]) => modelFile(blocks).model!;
const rows = (m: ReturnType<typeof scoringFromModel>) => m.rows.map((r) => [r.item, r.points]);

describe('scoring tables of unseen shapes', () => {
  it('an outer 评分项 table with a nested 序号 | 评分因素 | 权重 table under each group: groups never become rows', () => {
    const m = scoringFromModel(
      modelOf([
        heading(5, '评标信息'),
        table(5, [
          ['序号', '评分项', '评分项', '权重(%)'],
          ['1', { t: '价格', cs: 2 }, '30'],
          ['2', { t: '技术部分', cs: 2 }, '50'],
          ['', '序号', '评分因素', '权重(%)'],
          ['', '1', '服务方案', '30'],
          ['', '2', '人员配置', '20'],
          ['3', { t: '综合实力', cs: 2 }, '20'],
          ['', '序号', '评分因素', '权重(%)'],
          ['', '1', '同类业绩', '20'],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['价格', 30],
      ['服务方案', 30],
      ['人员配置', 20],
      ['同类业绩', 20],
    ]);
    expect(m.rows.map((r) => r.group ?? null)).toEqual([null, '技术部分', '技术部分', '综合实力']);
    expect(m.total).toBe(100);
    expect(m.problem).toBeNull();
  });

  it('a group column of category words with points (商务（22分）/价格（60分）) is the grouping, the factor column the item', () => {
    const m = scoringFromModel(
      modelOf([
        heading(18, '第三章 评标办法'),
        para(18, '详细评审评分表'),
        table(18, [
          ['评审内容', '评审因素', '分值', '评审标准'],
          [{ t: '商务（20分）', rs: 2 }, '相关业绩', '10', '每个得2分'],
          ['企业信用等级', '10', 'AAA得10分'],
          ['技术（20分）', '技术服务方案', '20', '方案完整'],
          ['价格（60分）', '报价', '60', '基准价法'],
          [{ t: '合计', cs: 2 }, '100', ''],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['相关业绩', 10],
      ['企业信用等级', 10],
      ['技术服务方案', 20],
      ['报价', 60],
    ]);
    expect(m.rows.at(-1)!.category).toBe('price');
  });

  it('a 分值构成 summary row and items printed with points and notes in a column headed 评审标准', () => {
    const card = extractCard([
      modelFile([
        heading(17, '详细评审'),
        table(17, [
          ['评审因素', { t: '评审标准', cs: 2 }],
          ['分值构成', { t: '商务部分10.0分 技术部分60.0分 报价得分30.0分', cs: 2 }],
          ['技术部分', '技术响应情况 (36.0分)，（等次分值选择：0;3;6）', '根据▲参数响应情况评审'],
          ['技术部分', '安全、文明施工，环保措施 (24.0分)', '根据方案评审'],
          ['商务部分', '业绩情况 (10.0分)', '每个得1分'],
          ['投标报价', '投标报价得分 (30.0分)', '基准价/报价×30'],
        ]),
      ]),
    ]);
    expect(card.scoring.map((s) => [s.item, s.points, s.category])).toEqual([
      ['技术响应情况', 36, 'technical'],
      ['安全、文明施工，环保措施', 24, 'technical'],
      ['业绩情况', 10, 'commercial'],
      ['投标报价得分', 30, 'price'],
    ]);
    expect(card.scoringCheck).toEqual({ total: 100, sum: 100, problem: null });
  });

  it('numbered header rows without points group the rows numbered under them; a criterion sentence is not an item', () => {
    const m = scoringFromModel(
      modelOf([
        heading(17, '评标细则'),
        table(17, [
          ['序号', '评标内容', '说明', '分值'],
          ['1', '业绩：供应商近三年同类业绩情况，每个得1分', '客观分', '10'],
          ['2', '样品评分：', '/', '/'],
          ['2.1', '色泽：根据色泽的均一程度进行打分，最高20分', '主观分', '20'],
          ['2.2', '口感：根据样品口感进行打分，最高40分', '主观分', '40'],
          ['3', '针对分批次配送方案进行评审，无内容的不得分。【评分分值范围：30、20、10】', '主观分', '30'],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['业绩', 10],
      ['样品评分-色泽', 20],
      ['样品评分-口感', 40],
      ['分批次配送方案', 30],
    ]);
    expect(m.rows.map((r) => r.group ?? null)).toEqual([null, '样品评分', '样品评分', null]);
    expect(m.rows[1]!.criteria).toContain('均一程度');
  });

  it('bonus tables (加分项) and appraisal tables of the contractor (月度考核, 维保评分表) are not the scoring', () => {
    const m = scoringFromModel(
      modelOf([
        heading(20, '第四章 评标办法'),
        table(20, [
          ['评分项目', '分值', '评分标准'],
          ['服务方案', '60', '方案完整'],
          ['投标报价', '40', '基准价法'],
        ]),
        para(21, '加分项（F4×A4）'),
        table(21, [
          ['项目', '分值', '描述'],
          ['节能、环境标志产品', '6', '每项加1分'],
        ]),
        heading(40, '维保服务评分表'),
        table(40, [
          ['评价项', '评价标准', '评分'],
          ['系统使用情况（50分）', '故障一次扣5分', ''],
          ['服务响应时间（50分）', '超时扣3分', ''],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['服务方案', 60],
      ['投标报价', 40],
    ]);
  });

  it('a header cell printed over several columns (评分项目 over 序号 | 名称 | 标准 | 类型): each column takes its role from its data', () => {
    const m = scoringFromModel(
      modelOf([
        heading(53, '第六章 评标办法'),
        table(53, [
          [{ t: '评分项目', cs: 4 }, '设置分值（分）'],
          ['序号', { t: '（二）技术部分得分', cs: 2 }, '类型', '满分70分'],
          ['1', '设备技术性能', '根据投标人所投设备主要性能、技术先进性、市场化程度等情况进行综合打分：性能良好的得20-25分', '主观分', '25'],
          ['2', '交付方案', '根据投标人针对本项目的交付方案（包含交货、安装、调试）进行综合评分：完整详细的得15-20分', '主观分', '20'],
          ['3', '类似业绩', '近3年具有相同或类似项目业绩，每提供1个得1分，满分25分，未提供相关证明材料的不得分', '客观分', '25'],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['设备技术性能', 25],
      ['交付方案', 20],
      ['类似业绩', 25],
    ]);
    expect(m.rows[0]!.criteria).toContain('市场化程度');
  });

  it('points as weights: 「服务方案（42%）」 and a 30% cell are points; a summary line is never an item', () => {
    expect(itemWithPoints('服务方案（42%）')).toEqual({ name: '服务方案', points: 42 });
    expect(cellPoints('30%')).toBe(30);
    expect(openingItemPoints('履约经验（8%），按合同计')).toMatchObject({ name: '履约经验', points: 8 });
    expect(itemWithPoints('分值构成（总分100分）')).toBeNull();
    expect(summedParts('商务部分10.0分 技术部分60.0分 报价得分30.0分')).toBe(100);
  });
  it('a header naming its factor columns in words of its own (总项 | 分项 | 评审要点 | 满分): the factors found by what the columns hold', () => {
    const m = scoringFromModel(
      modelOf([
        heading(61, '5.1评分标准'),
        para(61, '本项目采用综合评审法（满分100分）。'),
        table(61, [
          ['总项', '分项', '评审要点', '满分'],
          ['项目报价', '报价得分', '评审价按以下标准进行计算：评审基准价为有效响应报价的平均值，偏离基准价每1%扣0.5分', '40.0'],
          [{ t: '商务部分', rs: 2 }, '企业实力', '根据响应方的企业规模、财务状况、行业地位等情况评分，优秀5分，较好3分，较差0分', '10.0'],
          ['案例', '响应方每具有一个同类项目的有效案例得2分，最多得10分，须提供合同关键页复印件', '10.0'],
          [{ t: '服务/技术部分', rs: 2 }, '团队及服务能力', '项目经理具备相关资质证书且有5年及以上行业服务经验的得5分，团队成员每人得1分', '15.0'],
          ['实施方案', '根据响应方编制的整体实施方案进行评分，方案完整、合理、可行的得25分，一般的得10分', '25.0'],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['报价得分', 40],
      ['企业实力', 10],
      ['案例', 10],
      ['团队及服务能力', 15],
      ['实施方案', 25],
    ]);
    expect(m.rows.map((r) => r.category)).toEqual(['price', 'commercial', 'commercial', 'technical', 'technical']);
    expect(m.problem).toBeNull();
  });

  it('factor names in a trailing column, numbered part rows, sub-rows under a merged 序号 and a 「/」 factor under its part', () => {
    const crit = (s: string) => `${s}，根据方案的合理性、科学性及针对性进行评价。评分范围（3，2，1，0）`;
    const m = scoringFromModel(
      modelOf([
        heading(16, '第四部分 评标办法'),
        heading(16, '评标办法前附表'),
        table(16, [
          ['序号', '评标标准', '权重', '主观分/客观分属性', '投标文件中评标标准相应的商务技术资料目录'],
          ['一', '商务技术评审', '', '', ''],
          ['1', '投标人自2023年1月1日以来具有相关工作经历的，得10分。证明材料：提供委托合同复印件。', '10分', '客观分', '类似业绩'],
          [{ t: '2', rs: 3 }, crit('（1）根据投标人针对本项目的质量管理体系完善性'), '30分', '主观分', '管理制度情况'],
          [crit('（2）根据投标人针对本项目的后勤保障制度健全性'), '20分', '主观分', ''],
          [crit('（3）根据投标人针对本项目的档案管理制度完整性'), '20分', '主观分', ''],
          ['二', '报价评审', '', '', ''],
          ['1', '有效投标报价的最低价作为评标基准价，其最低报价为满分；按投标报价得分=（评标基准价/投标报价）*20计算。', '20分', '/', '/'],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['类似业绩', 10],
      ['管理制度情况-质量管理体系完善性', 30],
      ['管理制度情况-后勤保障制度健全性', 20],
      ['管理制度情况-档案管理制度完整性', 20],
      ['报价评审', 20],
    ]);
    // 「商务技术评审」 names both: each row keeps its own nature
    expect(m.rows[0]!.category).toBe('commercial');
    expect(m.rows.at(-1)!.category).toBe('price');
    expect(m.rows[1]!.group).toBe('管理制度情况');
  });

  it('a factor header over several columns whose row leaves the first empty (1 |  | 价格 |  | 9): the name is the next one', () => {
    const m = scoringFromModel(
      modelOf([
        heading(5, '评标信息'),
        table(5, [
          ['序号', { t: '评分项', cs: 3 }, '权重（%）'],
          ['1', '', '价格', '', '10'],
          [{ t: '2', rs: 3 }, '', '技术部分', '', '90'],
          ['序号', '评分因素', '权重（%）', '评分准则'],
          ['1', '实施方案', '90', '对投标人提供的实施方案进行评价，优的得100分，良的得60分'],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['价格', 10],
      ['实施方案', 90],
    ]);
  });

  it('an appraisal form of the contractor titled 考核评分细则 is not the scoring of bids', () => {
    const m = scoringFromModel(
      modelOf([
        heading(5, '第三章 评标办法'),
        table(5, [
          ['评分因素', '分值', '评分标准'],
          ['服务方案', '60', '方案完整可行的得60分'],
          ['价格', '40', '基准价法'],
        ]),
        heading(31, '附件一：法律顾问考核评分细则（仅供参考）'),
        para(31, '考核单位：            考核日期：____年____月____日'),
        table(31, [
          ['项目', '考评内容', '分值', '得分'],
          ['服务评价', '履行法律顾问工作职责情况及取得的工作成效', '5', ''],
          ['遵守纪律', '服从驻点单位的值班考勤和管理', '5', ''],
          ['档案整理', '建立法律顾问工作档案，保存完整工作记录', '5', ''],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['服务方案', 60],
      ['价格', 40],
    ]);
  });
  it('a scheme whose detailed table is an attachment: the parts it states are the rows, and the card says the table is missing', () => {
    const m = scoringFromModel(
      modelOf([
        heading(5, '第三章 评标办法（综合评估法）'),
        table(5, [
          [{ t: '条款内容', cs: 2 }, '编列内容'],
          [{ t: '分值构成及权重', cs: 2 }, '(1) 价格部分（占总分权重40%）：40分 (2) 技术部分（占总分权重60%）：60分 注：以上打分最终均保留2位小数'],
          ['2.2.2', '技术部分评审标准', '详见附件1：详细评审表'],
        ]),
      ]),
    );
    expect(rows(m)).toEqual([
      ['价格部分', 40],
      ['技术部分', 60],
    ]);
    expect(m.rows.map((r) => r.category)).toEqual(['price', 'technical']);
    expect(m.problem).toContain('未找到评分细则表');
  });
});
