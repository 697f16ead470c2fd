import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDocument, tableTexts, type TableBlock } from '../../src/reading/index.js';
import { FACTS } from '../fixtures/tender.js';

/**
 * DOC and TXT carry no structure but their lines: the model classifies them into the same block kinds as DOCX —
 * headings by their numbering, list items by their markers, tab-separated rows as tables — with the TOC and running
 * lines as furniture, every block on the page whose text holds it.
 */

describe('TXT and DOC model', () => {
  it('TXT: headings by numbering, list items by markers, tab rows as a table, TOC and page-number lines as furniture', async () => {
    const pages = [
      ['某项目招标文件', '目 录', '第一章 招标公告……………… 2', '第二章 评分办法……………… 3', '第 1 页'],
      ['某项目招标文件', '第一章 招标公告', '一、项目概况', '本项目预算 100 万元，服务期一年。', '（1）投标人须具备独立法人资格；', '（2）提供近三年财务报表。', '第 2 页'],
      ['某项目招标文件', '第二章 评分办法', '评分因素\t分值\t评分标准', '技术方案\t30\t方案完整', '投标报价\t35\t最低价为基准', '1.1 评分原则', '第 3 页'],
    ];
    const res = await readDocument(Buffer.from(pages.map((l) => l.join('\n')).join('\f')));
    const m = res.model!;
    expect(m.pageCount).toBe(3);
    expect(
      m.blocks.map((b) =>
        b.type === 'heading' ? ['H', b.level, b.numbering, b.title, b.page] : b.type === 'list-item' ? ['L', b.numbering, b.text, b.page] : b.type === 'table' ? ['T', b.page] : ['P', b.text, b.page],
      ),
    ).toEqual([
      ['H', 1, '第一章', '招标公告', 2],
      ['H', 2, '一、', '项目概况', 2],
      ['P', '本项目预算 100 万元，服务期一年。', 2],
      ['L', '（1）', '投标人须具备独立法人资格；', 2],
      ['L', '（2）', '提供近三年财务报表。', 2],
      ['H', 1, '第二章', '评分办法', 3],
      ['T', 3],
      ['H', 3, '1.1', '评分原则', 3],
    ]);
    const table = m.blocks.find((b): b is TableBlock => b.type === 'table')!;
    expect(tableTexts(table)).toEqual([
      ['评分因素', '分值', '评分标准'],
      ['技术方案', '30', '方案完整'],
      ['投标报价', '35', '最低价为基准'],
    ]);
    expect(m.furniture.filter((f) => f.kind === 'toc').map((f) => [f.text, f.target ?? null, f.page])).toEqual([
      ['目 录', null, 1],
      ['第一章 招标公告', 2, 1],
      ['第二章 评分办法', 3, 1],
    ]);
    expect(m.furniture.filter((f) => f.kind === 'page-number').map((f) => [f.text, f.page])).toEqual([['第 1 页', 1], ['第 2 页', 2], ['第 3 页', 3]]);
    expect(m.furniture.filter((f) => f.kind === 'header').map((f) => f.page)).toEqual([1, 2, 3]);
  });

  it('DOC (committed fixture): the scoring rows come out as a table, the chapters as headings, all on their pages', async () => {
    const res = await readDocument(fs.readFileSync(new URL('../fixtures/tender.doc', import.meta.url)));
    const m = res.model!;
    const scoring = m.blocks.find((b): b is TableBlock => b.type === 'table' && b.rows.some((r) => r.cells[0]?.text === '技术方案'))!;
    expect(tableTexts(scoring).find((r) => r[0] === '技术方案')).toEqual(['技术方案', '30', '方案完整、架构合理，完全满足技术要求', '技术']);
    expect(m.blocks.filter((b) => b.type === 'heading' && b.level === 1).map((b) => (b.type === 'heading' ? b.numbering : ''))).toEqual(['第一章', '第二章', '第三章', '第四章']);
    // read through LibreOffice (DOC → DOCX) or as plain text: the spacing between Chinese and figures may differ
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    const all = m.blocks.map((b) => (b.type === 'table' ? '' : b.text)).join('\n');
    expect(squeeze(all)).toContain(squeeze(FACTS.starClause));
    for (const b of m.blocks) {
      const first = b.type === 'table' ? b.rows[0]!.cells[0]!.text : b.type === 'heading' ? b.text : b.text;
      expect(res.pages[b.page - 1]!.text).toContain(first);
    }
  });
});
