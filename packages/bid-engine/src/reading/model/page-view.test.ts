import { describe, expect, it } from 'vitest';
import { pageView } from './page-view.js';
import type { Block, TableBlock } from './types.js';

const cell = (text: string, col: number, rowSpan = 1) => ({ text, col, colSpan: 1, rowSpan });

/** A table over pages 3–4: a header row, a factor cell merged over three rows of which the last is printed on page 4. */
const table: TableBlock = {
  type: 'table',
  page: 3,
  pageEnd: 4,
  columns: 3,
  parts: 2,
  rows: [
    { page: 3, header: true, cells: [cell('评分因素', 0), cell('评分项', 1), cell('分值', 2)] },
    { page: 3, cells: [cell('技术部分', 0, 3), cell('技术方案', 1), cell('30', 2)] },
    { page: 3, cells: [cell('实施方案', 1), cell('15', 2)] },
    { page: 4, cells: [cell('培训方案', 1), cell('5', 2)] },
  ],
};

const blocks: Block[] = [
  { type: 'heading', page: 3, pageEnd: 3, level: 1, numbering: '第二章', title: '评分标准', text: '第二章 评分标准' },
  table,
  { type: 'list-item', page: 4, pageEnd: 4, level: 1, numbering: '（1）', text: '报价须含税' },
  { type: 'paragraph', page: 5, pageEnd: 5, text: '下一页' },
];

describe('pageView: one page of the model for the page viewer', () => {
  it('keeps the blocks of the page and, of a table, the rows printed on it with their spans clipped', () => {
    const p3 = pageView(blocks, 3);
    expect(p3.map((b) => b.type)).toEqual(['heading', 'table']);
    const t3 = p3[1] as Extract<(typeof p3)[number], { type: 'table' }>;
    expect(t3.rows.map((r) => r.cells.map((c) => c.text))).toEqual([['评分因素', '评分项', '分值'], ['技术部分', '技术方案', '30'], ['实施方案', '15']]);
    expect(t3.rows[1]!.cells[0]!.rowSpan).toBe(2); // clipped to the two rows on page 3
    expect([t3.continued, t3.continues]).toEqual([false, true]);
  });

  it('shows a continued table under its header again, then the page’s own blocks', () => {
    const p4 = pageView(blocks, 4);
    expect(p4.map((b) => b.type)).toEqual(['table', 'list-item']);
    const t4 = p4[0] as Extract<(typeof p4)[number], { type: 'table' }>;
    expect(t4.rows.map((r) => r.cells.map((c) => c.text))).toEqual([['评分因素', '评分项', '分值'], ['培训方案', '5']]);
    expect([t4.continued, t4.continues]).toEqual([true, false]);
    expect(p4[1]).toEqual({ type: 'list-item', level: 1, text: '（1）报价须含税' });
  });
});
