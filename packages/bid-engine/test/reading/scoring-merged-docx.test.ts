import { describe, expect, it } from 'vitest';
import { readDocument } from '../../src/reading/index.js';
import { extractCard } from '../../src/tender/card.js';
import { buildWordml, p, pageBreak, tbl, type Cell } from '../fixtures/wordml.js';

/**
 * The shape a red team met on an unseen tender (issue 23): a scoring table whose 类别 and 分值 cells are merged down the
 * rows (the 分值 cell holds the category's total, each row names its own points), split into three Word tables at page
 * breaks with the merges running on. The category's total must never go to its first row; every row is kept.
 */
const W = [1200, 2600, 900, 4000];
const restart = (t: string): Cell => [t, { vMerge: 'restart' }];
const cont: Cell = ['', { vMerge: 'continue' }];

describe('a scoring table with merged 类别 and 分值 cells, split into three Word tables', () => {
  it('every row with its own points, the merged totals as the groups, the price row, the printed total', async () => {
    const body =
      p('第四章 评标办法', { outline: 0 }) +
      p('评分标准（总分100分）') +
      tbl(W, [
        { cells: ['类别', '评分项', '分值', '评分标准'], header: true },
        { cells: [restart('技术部分'), '服务方案（20分）', restart('50'), '方案完整、措施得当的得20分'] },
        { cells: [cont, '人员配置（15分）', cont, '项目经理具有高级职称得5分'] },
      ]) +
      pageBreak() +
      tbl(W, [
        { cells: ['类别', '评分项', '分值', '评分标准'], header: true },
        { cells: [cont, '应急预案（10分）', cont, '预案针对性强的得10分'] },
        { cells: [cont, '培训方案（5分）', cont, '培训计划完整的得5分'] },
        { cells: [restart('商务部分'), '类似业绩（12分）', restart('20'), '每个业绩得3分，最多12分'] },
      ]) +
      pageBreak() +
      tbl(W, [
        { cells: ['类别', '评分项', '分值', '评分标准'], header: true },
        { cells: [cont, '企业认证（8分）', cont, '每个体系认证得4分'] },
        { cells: ['价格部分', '投标报价', '30', '最低价为基准价'] },
      ]);
    const res = await readDocument(buildWordml({ body }));
    const card = extractCard([{ name: 't.docx', role: 'main', order: 0, pages: res.pages, chapters: res.chapters, model: res.model! }]);
    expect(card.scoring.map((s) => [s.item, s.points, s.category])).toEqual([
      ['服务方案', 20, 'technical'],
      ['人员配置', 15, 'technical'],
      ['应急预案', 10, 'technical'],
      ['培训方案', 5, 'technical'],
      ['类似业绩', 12, 'commercial'],
      ['企业认证', 8, 'commercial'],
      ['投标报价', 30, 'price'],
    ]);
    expect(card.scoringCheck).toEqual({ total: 100, sum: 100, problem: null });
  });
});
