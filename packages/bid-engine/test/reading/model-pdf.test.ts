import { beforeAll, describe, expect, it } from 'vitest';
import {
  readDocument,
  tableTexts,
  type Block,
  type DocModel,
  type HeadingBlock,
  type ReadResult,
  type TableBlock,
} from '../../src/reading/index.js';
import {
  ALIGNED_ROWS,
  buildModelPdf,
  LIST_ITEMS,
  LONG_PARAGRAPH,
  MODEL_HEADER,
  MODEL_TOC,
  PRICE_HEADER,
  PRICE_ROWS,
  SCORING,
} from '../fixtures/model-pdf.js';

/**
 * The PDF document model (issue 12 item 1) read from a PDF the test draws with pdfkit: what a consumer of the model
 * (the card extraction, the prompts) relies on — headings with level and numbering, a paragraph whole across its
 * wrapped lines, list items, tables as tables (merged factor cell, wrapped cell, unruled columns, a table continued on
 * the next page joined into one), and the furniture (running header, page numbers, TOC) out of the blocks.
 */

let r: ReadResult;
let model: DocModel;

const tables = () => model.blocks.filter((b): b is TableBlock => b.type === 'table');
const allText = (b: Block) => (b.type === 'table' ? tableTexts(b).flat().join(' ') : b.text);

beforeAll(async () => {
  r = await readDocument(await buildModelPdf(), { ocr: false });
  model = r.model!;
});

describe('PDF document model', () => {
  it('reads a model with the page count, and page texts on the same pages as the blocks', () => {
    expect(model).toBeDefined();
    expect(model.pageCount).toBe(4);
    expect(r.pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    for (const b of model.blocks) {
      const first = allText(b).replace(/\s/g, '').slice(0, 6);
      expect(r.pages[b.page - 1]!.text.replace(/\s/g, ''), `${b.type} on page ${b.page}`).toContain(first);
    }
  });

  it('headings carry their level, printed numbering and title', () => {
    const heads = model.blocks.filter((b): b is HeadingBlock => b.type === 'heading');
    const ch1 = heads.find((h) => h.text === '第一章 招标公告')!;
    expect(ch1).toMatchObject({ level: 1, numbering: '第一章', title: '招标公告', page: 2 });
    expect(heads.find((h) => h.text === '一、项目概况')).toMatchObject({ level: 2, numbering: '一、', title: '项目概况', page: 2 });
    expect(heads.find((h) => h.title === '评分标准')).toMatchObject({ level: 1, numbering: '第二章', page: 3 });
    expect(heads.find((h) => h.title === '报价说明')).toMatchObject({ level: 2, page: 4 });
  });

  it('a paragraph wrapped over several lines is one block, Chinese joined without spaces', () => {
    const paras = model.blocks.filter((b) => b.type === 'paragraph');
    expect(paras.map((p) => p.text)).toContain(LONG_PARAGRAPH);
  });

  it('list items keep their marker apart from their text', () => {
    const items = model.blocks.filter((b) => b.type === 'list-item');
    expect(items.map((i) => [i.numbering, i.text])).toEqual(LIST_ITEMS.map((l) => [l.slice(0, 2), l.slice(3)]));
  });

  it('running header, page numbers and TOC entries are furniture, kept out of the blocks', () => {
    const kinds = (k: string) => model.furniture.filter((f) => f.kind === k);
    expect(kinds('header').map((f) => f.page)).toEqual([1, 2, 3, 4]);
    expect(kinds('header').every((f) => f.text === MODEL_HEADER)).toBe(true);
    expect(kinds('page-number').map((f) => f.text.replace(/\s/g, ''))).toEqual([1, 2, 3, 4].map((n) => `第${n}页共4页`));
    expect(kinds('toc').map((f) => [f.text, f.target])).toEqual(MODEL_TOC);
    const blockText = model.blocks.map(allText).join('\n');
    expect(blockText).not.toContain(MODEL_HEADER);
    expect(blockText).not.toMatch(/第\s*\d\s*页/);
    expect(blockText).not.toContain('....');
    // the page text still holds them (excerpts are verified against it)
    expect(r.pages[1]!.text).toContain(MODEL_HEADER);
    expect(r.pages[1]!.text).toContain('第 2 页 共 4 页');
  });

  it('a table without rulings is read from its aligned columns', () => {
    const t = tables().find((x) => x.page === 2)!;
    expect(t).toBeDefined();
    expect(t.columns).toBe(3);
    expect(tableTexts(t)).toEqual(ALIGNED_ROWS);
  });

  it('the ruled scoring table: the factor cell spans its three sub-rows, a wrapped cell is whole, points in their column', () => {
    const t = tables().find((x) => x.page === 3 && tableTexts(x)[0]![0] === '评分因素')!;
    expect(t).toMatchObject({ columns: 4, parts: 1, page: 3, pageEnd: 3 });
    expect(t.rows).toHaveLength(5);
    const factor = t.rows[1]!.cells.find((c) => c.col === 0)!;
    expect(factor).toMatchObject({ text: SCORING.factor, rowSpan: 3, colSpan: 1 });
    expect(t.rows[2]!.cells.some((c) => c.col === 0)).toBe(false);
    expect(tableTexts(t)).toEqual([
      SCORING.header,
      ...SCORING.sub.map((s) => [SCORING.factor, ...s]),
      SCORING.price,
    ]);
    // the scoring row reads on one line of the page text, cells separated by tabs
    expect(r.pages[2]!.text.split('\n')).toContain(['实施方案', ...SCORING.sub[1]!.slice(1)].join('\t'));
  });

  it('a table continued on the next page under its repeated header is one table, each row with its page', () => {
    const t = tables().find((x) => tableTexts(x)[0]![0] === '序号' && x.columns === 4)!;
    expect(t).toMatchObject({ page: 3, pageEnd: 4, parts: 2, columns: 4 });
    expect(tableTexts(t)).toEqual([PRICE_HEADER, ...PRICE_ROWS]);
    expect(t.rows[0]!.header).toBe(true);
    expect(t.rows.map((row) => row.page)).toEqual([3, 3, 3, 3, 3, 4, 4, 4]);
    // nothing between the two parts: the next block is the section after the table
    const at = model.blocks.indexOf(t);
    expect(model.blocks[at + 1]).toMatchObject({ type: 'heading', title: '报价说明', page: 4 });
  });
});
