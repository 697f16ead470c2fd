import { describe, expect, it } from 'vitest';
import { tableTexts } from '../../src/reading/index.js';
import type { PageTable } from '../../src/reading/pdf-model/grid.js';
import { joinTables, toTableBlock } from '../../src/reading/pdf-model/join.js';
import { buildBlocks } from '../../src/reading/pdf-model/blocks.js';
import { despace, groupLines, toItems } from '../../src/reading/pdf-model/lines.js';

/**
 * The pieces of the PDF model that real tenders stress and generated PDFs do not reach: the stray spaces of Chinese
 * PDFs between text items, and tables broken by a page in the middle of a row or of a merged factor cell (as in the
 * corpus's scoring tables).
 */

const item = (str: string, x: number, y = 700, size = 12, width = str.length * size) => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
});

describe('lines from PDF text items', () => {
  it('joins Chinese split into items with stray spaces, keeps a space only between Latin words or digits', () => {
    const lines = groupLines(
      toItems([item('评', 50), item(' ', 62, 700, 12, 3), item('分', 65), item('标准', 77), item('ISO', 110, 700, 12, 24), item('9001', 139, 700, 12, 24)]),
    );
    expect(lines.map((l) => l.text)).toEqual(['评分标准ISO 9001']);
  });

  it('letter-spaced Chinese is closed up in the model; spaces between words stay', () => {
    expect(despace('提 供 证 明 文件')).toBe('提供证明文件');
    expect(despace('内 容')).toBe('内容');
    expect(despace('第一章 招标公告')).toBe('第一章 招标公告');
    expect(despace('第 3 页 共 6 页')).toBe('第 3 页 共 6 页');
  });

  it('a gap of two font sizes or more separates segments (columns); superscripts stay on their line', () => {
    const [line] = groupLines(toItems([item('分值', 50), item('30', 200, 700, 12, 12), item('m', 230, 700, 12, 8), item('2', 238, 704, 7, 4)]));
    expect(line!.segs.map((s) => s.text)).toEqual(['分值', '30 m2']);
    expect(line!.text).toBe('分值\t30 m2');
  });
});

describe('blocks from lines', () => {
  it('a numbered paragraph with a hanging indent is one block, even where a wrapped line starts like a heading', () => {
    const lines = groupLines(
      toItems([
        item('5.4.1各级政府部门在购置计算机办公设备时，必须采购预装', 60, 700, 12, 480),
        item('正版操作系统软件的计算机产品，相关规定依据《通知》（具体见', 105, 680, 12, 435),
        item('第五章《采购需求》），否则投标无效；属于推荐性标准的，优先', 105, 660, 12, 435),
        item('采购。', 105, 640, 12, 36),
        item('5.5网络安全专用产品', 60, 610, 12, 132),
      ]),
    );
    const blocks = buildBlocks([{ page: 14, elements: lines.map((line) => ({ kind: 'line' as const, line })) }]);
    expect(blocks.map((b) => [b.type, b.type === 'table' ? '' : b.text])).toEqual([
      [
        'paragraph',
        '5.4.1各级政府部门在购置计算机办公设备时，必须采购预装正版操作系统软件的计算机产品，相关规定依据《通知》（具体见' +
          '第五章《采购需求》），否则投标无效；属于推荐性标准的，优先采购。',
      ],
      ['heading', '5.5网络安全专用产品'],
    ]);
  });

  it('「第一章」 alone on its line and the chapter name on the next make one heading', () => {
    const lines = groupLines(
      toItems([item('第一章', 250, 700, 18), item('招标公告', 240, 670, 18), item('本项目采用公开招标方式。', 60, 620, 11)]),
    );
    const blocks = buildBlocks([{ page: 5, elements: lines.map((line) => ({ kind: 'line' as const, line })) }]);
    expect(blocks).toEqual([
      { type: 'heading', page: 5, pageEnd: 5, level: 1, numbering: '第一章', title: '招标公告', text: '第一章 招标公告' },
      { type: 'paragraph', page: 5, pageEnd: 5, text: '本项目采用公开招标方式。' },
    ]);
  });
});

const part = (page: number, rows: Array<Array<[string, number, number?, number?]>>): PageTable => ({
  page,
  xs: [50, 90, 170, 470, 520],
  top: 800,
  bottom: 100,
  ruled: true,
  columns: 4,
  rows: rows.map((cells) => ({ page, cells: cells.map(([text, col, rowSpan = 1, colSpan = 1]) => ({ text, col, rowSpan, colSpan })) })),
});

describe('tables continued across pages', () => {
  const header: Array<[string, number]> = [['序号', 0], ['评分因素', 1], ['评分说明', 2], ['分值', 3]];

  it('a row broken by the page: the next part leaves its 序号/因素/分值 empty, its text runs on in the row above', () => {
    const t = { build: true as const, parts: [part(26, [header, [['1', 0], ['价格', 1], ['低价优先法，满分 30 分。', 2], ['30', 3]], [['2', 0], ['技术部分', 1], ['1.技术需求响应（12 分）：完全满足得', 2], ['55', 3]]])] };
    expect(joinTables(t, part(27, [[['', 0], ['', 1], ['12 分。', 2], ['', 3]], [['3', 0], ['相关业绩', 1], ['每提供一套得 1 分', 2], ['10', 3]]]))).toBe(true);
    const block = toTableBlock(t);
    expect(block).toMatchObject({ page: 26, pageEnd: 27, parts: 2 });
    expect(tableTexts(block)).toEqual([
      ['序号', '评分因素', '评分说明', '分值'],
      ['1', '价格', '低价优先法，满分 30 分。', '30'],
      ['2', '技术部分', '1.技术需求响应（12 分）：完全满足得12 分。', '55'],
      ['3', '相关业绩', '每提供一套得 1 分', '10'],
    ]);
    expect(block.rows.map((r) => r.page)).toEqual([26, 26, 26, 27]);
  });

  it('a factor cell merged over sub-rows that runs on: the empty cell at the top of the next part extends it', () => {
    const t = {
      build: true as const,
      parts: [part(32, [header, [['技术部分', 1, 2], ['2.1 服务方案', 2], ['18', 3]], [['2.2 管理方案', 2], ['15', 3]]])],
    };
    joinTables(t, part(33, [header, [['', 1], ['2.3 卫生方案', 2], ['15', 3]], [['价格', 1], ['投标报价', 2], ['10', 3]]]));
    const block = toTableBlock(t);
    expect(block.rows[0]!.header).toBe(true);
    expect(block.rows).toHaveLength(5);
    expect(block.rows[1]!.cells.find((c) => c.col === 1)).toMatchObject({ text: '技术部分', rowSpan: 3 });
    expect(tableTexts(block).map((r) => r[1])).toEqual(['评分因素', '技术部分', '技术部分', '技术部分', '价格']);
  });

  it('a table on the next page with other columns is not joined', () => {
    const t = { build: true as const, parts: [part(5, [header])] };
    expect(joinTables(t, { ...part(6, [header]), xs: [50, 120, 170, 470, 520] })).toBe(false);
    expect(joinTables(t, part(7, [header]))).toBe(false);
  });
});
