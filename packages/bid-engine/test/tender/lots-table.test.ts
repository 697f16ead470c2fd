/**
 * Issue 23: a lot table whose name column is headed 分包名称 (the lot as a 分包, as cover fields name it: 「分包名称：」
 * 「分包号：」) — generated tables, never corpus text.
 */
import { describe, expect, it } from 'vitest';
import { modelFile, para, table } from '../fixtures/model.js';
import { extractCard } from '../../src/tender/card.js';
import { lotTables } from '../../src/tender/rules/lots.js';

describe('a lot table with a 分包名称 column', () => {
  const blocks = [
    para(1, '江州大学图书馆2031年文献采购项目招标公告'),
    para(1, '1.本次招标共3包：'),
    table(1, [
      ['包号', '分包名称', '数量', '预算金额（人民币万元）'],
      ['1', '中文图书\n（人文社科类）', '1批', '120万元'],
      ['2', '中文图书\n（理工类）', '1批', '90万元'],
      ['3', '外文期刊', '1批', '60万元'],
    ]),
  ];

  it('names each lot by its 分包名称 cell, a line break before a bracket closed up', () => {
    const [lots] = lotTables(modelFile(blocks).model);
    expect(lots).toEqual([
      { id: '1', name: '中文图书（人文社科类）' },
      { id: '2', name: '中文图书（理工类）' },
      { id: '3', name: '外文期刊' },
    ]);
  });

  it('the card lists the three lots by those names, not by their numbers', () => {
    const card = extractCard([modelFile(blocks)]);
    expect(card.lots.map((l) => l.name)).toEqual(['中文图书（人文社科类）', '中文图书（理工类）', '外文期刊']);
  });
});
