import { describe, expect, it } from 'vitest';
import { itemsToText } from './pdf.js';
import { BodyWalker } from './docx/body.js';
import { NumberingCounter } from './docx/numbering.js';
import { parseXml } from './docx/xml.js';
import { estimatePages, paginate } from './paginate.js';
import { cleanOcrText } from './ocr.js';

const item = (str: string, x: number, y: number, size = 12, width = str.length * size) => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
});

describe('PDF text items → lines', () => {
  it('orders lines top to bottom and items left to right, whatever the stream order', () => {
    const text = itemsToText([item('第二行', 50, 680), item('第一行', 50, 700), item('右边', 86, 700)]);
    expect(text).toBe('第一行右边\n第二行');
  });

  it('joins Chinese without spaces, Latin words with one, and a column gap becomes a tab', () => {
    expect(itemsToText([item('项目编号：', 50, 700), item('ZB-2026-118', 110, 700, 12, 60)])).toBe('项目编号：ZB-2026-118');
    expect(itemsToText([item('Hello', 50, 700, 12, 30), item('world', 84, 700, 12, 30)])).toBe('Hello world');
    expect(itemsToText([item('技术方案', 50, 700), item('30', 200, 700, 12, 12)])).toBe('技术方案\t30');
  });

  it('groups items on slightly different baselines (superscripts, mixed fonts) into one line', () => {
    expect(itemsToText([item('面积100m', 50, 700, 12, 60), item('2', 110, 703, 7, 4), item('以上', 114, 700)])).toBe('面积100m2以上');
  });

  it('drops fake-bold duplicates and empty items', () => {
    expect(itemsToText([item('标题', 50, 700), item('标题', 50.4, 700.2), item('', 80, 700)])).toBe('标题');
    expect(itemsToText([])).toBe('');
  });
});

describe('DOCX paragraphs and page breaks', () => {
  it('marks explicit breaks, rendered breaks and pageBreakBefore, skipping mc:Choice; a row is one unit', () => {
    const xml =
      '<w:body>' +
      '<w:p><w:r><w:t>封面</w:t></w:r><w:r><w:br w:type="page"/></w:r></w:p>' + // break after text → next paragraph
      '<w:p><w:r><w:lastRenderedPageBreak/><w:t>目录</w:t></w:r></w:p>' + // same break, rendered
      '<w:p><w:pPr><w:pageBreakBefore/></w:pPr><w:r><w:t>第一章</w:t></w:r></w:p>' +
      '<w:p><w:r><mc:AlternateContent><mc:Choice><w:p><w:r><w:t>x</w:t></w:r></w:p></mc:Choice><mc:Fallback/></mc:AlternateContent><w:t>正文</w:t></w:r></w:p>' +
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>a</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>b</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' +
      '<w:p/>' +
      '</w:body>';
    const body = parseXml(xml, 'document.xml').kids[0]!;
    const { units } = new BodyWalker(new Map(), new NumberingCounter({ abstracts: new Map(), nums: new Map() })).walkBody(body);
    expect(units.map((u) => (u.kind === 'p' ? u.text : u.rows.map((r) => r.cells.map((c) => c.paras.join()).join('|')).join()))).toEqual(
      ['封面', '目录', '第一章', '正文', 'a|b', ''],
    );
    expect(units.map((u) => (u.kind === 'p' ? u.start : u.rows[0]!.start))).toEqual([false, true, true, false, false, false]);
    expect(units[1]).toMatchObject({ rendered: true });
    expect(units[0]).toMatchObject({ rendered: false });
  });
});

describe('page estimation', () => {
  it('keeps short text on one page and splits long text near 1,800 characters at line ends', () => {
    expect(estimatePages('短文本')).toEqual(['短文本']);
    const line = '投标人应当按照招标文件的要求编制投标文件。'; // 21 chars
    const text = Array.from({ length: 300 }, () => line).join('\n');
    const pieces = estimatePages(text, 1800);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    for (const p of pieces.slice(0, -1)) {
      expect(p.length).toBeLessThanOrEqual(1800);
      expect(p.length).toBeGreaterThan(1100);
      expect(p.endsWith('\n')).toBe(true);
    }
    expect(pieces.join('')).toBe(text);
  });

  it('numbers pages across form-feed segments', () => {
    const pages = paginate(['第一页', '第二页\r\n第二行', '']);
    expect(pages).toEqual([
      { page: 1, text: '第一页' },
      { page: 2, text: '第二页\n第二行' },
    ]);
  });
});

describe('OCR text clean-up', () => {
  it('removes the spaces tesseract puts between Chinese characters, keeps them between Latin words', () => {
    expect(cleanOcrText('项 目 编 号 ： ZB-2026-118 ABC def\n\n\n\n合 同')).toBe('项目编号：ZB-2026-118 ABC def\n\n合同');
    expect(cleanOcrText('预算金额 : 人民币 3,860,000.00 元 , 工期 ; 90 天')).toBe('预算金额：人民币 3,860,000.00 元，工期；90 天');
  });
});
