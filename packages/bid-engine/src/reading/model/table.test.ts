import { describe, expect, it } from 'vitest';
import { tableGrid, tableMarkdown, tableTexts } from './table.js';
import type { TableBlock } from './types.js';

/** 评分因素 merged vertically over two sub-rows, 分值 header spanning two columns. */
const table: TableBlock = {
  type: 'table',
  page: 26,
  pageEnd: 27,
  columns: 3,
  parts: 2,
  rows: [
    { page: 26, header: true, cells: [{ text: '评分因素', col: 0, colSpan: 1, rowSpan: 1 }, { text: '评分标准', col: 1, colSpan: 2, rowSpan: 1 }] },
    { page: 26, cells: [{ text: '技术部分', col: 0, colSpan: 1, rowSpan: 2 }, { text: '技术需求响应', col: 1, colSpan: 1, rowSpan: 1 }, { text: '12', col: 2, colSpan: 1, rowSpan: 1 }] },
    { page: 27, cells: [{ text: '进货渠道', col: 1, colSpan: 1, rowSpan: 1 }, { text: '12', col: 2, colSpan: 1, rowSpan: 1 }] },
  ],
};

describe('table model', () => {
  it('resolves vertical and horizontal merges into a full grid', () => {
    expect(tableTexts(table)).toEqual([
      ['评分因素', '评分标准', '评分标准'],
      ['技术部分', '技术需求响应', '12'],
      ['技术部分', '进货渠道', '12'],
    ]);
    const g = tableGrid(table);
    expect(g[2]![0]!.origin).toBe(false);
    expect(g[1]![0]!.origin).toBe(true);
  });

  it('renders Markdown with a page column when the table runs over two pages', () => {
    const md = tableMarkdown(table).split('\n');
    expect(md[0]).toBe('| 页 | 评分因素 | 评分标准 | 评分标准 |');
    expect(md[1]).toBe('| --- | --- | --- | --- |');
    expect(md[3]).toBe('| 27 | 技术部分 | 进货渠道 | 12 |');
    const one = tableMarkdown({ ...table, rows: table.rows.slice(0, 2) }).split('\n');
    expect(one[0]).toBe('〔第26页〕');
    expect(one[1]).toBe('| 评分因素 | 评分标准 | 评分标准 |');
  });
});
