import { describe, expect, it } from 'vitest';
import { readDocument, tableTexts, type Block, type ReadResult, type TableBlock } from '../../src/reading/index.js';
import { buildTenderDocx } from '../fixtures/build.js';
import { buildWordml, list, num, p, pageBreak, r, style, tbl } from '../fixtures/wordml.js';

/**
 * The DOCX document model: Word files written as XML by the test (fixtures/wordml.ts) with the structures real tenders
 * have — scoring tables split at a page break into two Word tables, factor cells merged over sub-rows, chapters and
 * lists numbered by numbering.xml, a TOC field, running headers and footers, ★ typed as a Wingdings symbol — read with
 * readDocument and checked as a reader of the model would: block kinds and texts, table grids, furniture, and that
 * every block's page is the page whose text contains it.
 */

const tables = (r: ReadResult) => r.model!.blocks.filter((b): b is TableBlock => b.type === 'table');
const texts = (r: ReadResult) => r.model!.blocks.map(blockText);
function blockText(b: Block): string {
  return b.type === 'table' ? b.rows.map((row) => row.cells.map((c) => c.text).join('|')).join('\n') : b.type === 'heading' ? b.text : b.text;
}
const squash = (s: string) => s.replace(/\s+/g, '');

/** Every block starts on the page whose text holds its first line; every table row's cells are on its row's page. */
function expectPagesAgree(res: ReadResult) {
  const page = (n: number) => squash(res.pages[n - 1]?.text ?? '');
  for (const b of res.model!.blocks) {
    if (b.type === 'table') {
      for (const row of b.rows) for (const c of row.cells) if (c.text) expect(page(row.page), c.text).toContain(squash(c.text.split('\n')[0]!));
    } else {
      const first = squash((b.type === 'heading' ? b.text : b.type === 'list-item' ? `${b.numbering}${b.text}` : b.text).split('\n')[0]!);
      expect(page(b.page), first).toContain(first.slice(0, 30));
    }
    expect(b.pageEnd).toBeGreaterThanOrEqual(b.page);
  }
}

const HEADER = { cells: ['评分因素', '分值', '评分标准'], header: true };

describe('DOCX model: tables', () => {
  it('a scoring table split at a page break into two Word tables comes back as one table; the repeated header is dropped, the cut row joined', async () => {
    const file = buildWordml({
      body:
        p('第六章 评标办法', { outline: 0 }) +
        tbl([2000, 800, 5000], [HEADER, { cells: ['技术方案', '30', '方案完整、架构合理'] }, { cells: ['实施计划', '20', '计划周密，进度安排'] }]) +
        p('') +
        pageBreak() +
        tbl([2000, 800, 5000], [
          HEADER, // Word repeats the header row on the new page; the converter stored it again
          { cells: ['', '', '合理可行的得满分'] }, // the rest of 实施计划's text, cut at the page break
          { cells: ['售后服务', '15', '响应及时'] },
          { cells: ['投标报价', '35', '最低有效报价为基准价'] },
        ]) +
        p('评分合计 100 分。'),
    });
    const res = await readDocument(file);
    expect(res.meta.pageCount).toBe(2);
    const [t, ...rest] = tables(res);
    expect(rest).toEqual([]);
    expect(t).toMatchObject({ parts: 2, columns: 3, page: 1, pageEnd: 2 });
    expect(tableTexts(t!)).toEqual([
      ['评分因素', '分值', '评分标准'],
      ['技术方案', '30', '方案完整、架构合理'],
      ['实施计划', '20', '计划周密，进度安排\n合理可行的得满分'],
      ['售后服务', '15', '响应及时'],
      ['投标报价', '35', '最低有效报价为基准价'],
    ]);
    expect(t!.rows.map((row) => [row.page, !!row.header])).toEqual([[1, true], [1, false], [1, false], [2, false], [2, false]]);
    // the page texts are what they always were: one line per Word row, cells split by tabs
    expect(res.pages[1]!.text).toContain('售后服务\t15\t响应及时');
    expect(texts(res)).toEqual(['第六章 评标办法', expect.stringContaining('技术方案'), '评分合计 100 分。']);
    expectPagesAgree(res);
  });

  it('a factor cell merged over three sub-rows (vMerge) under a gridSpan header, continued across the break, is one cell with rowSpan 3', async () => {
    const file = buildWordml({
      body:
        tbl([600, 1800, 3000, 800], [
          { cells: ['序号', ['评审因素及内容', { span: 2 }], '分值'], header: true },
          { cells: [['1', { vMerge: 'restart' }], ['服务方案（30分）', { vMerge: 'restart' }], '总体方案', '15'] },
          { cells: [['', { vMerge: 'continue' }], ['', { vMerge: 'continue' }], '应急方案', '5'] },
        ]) +
        pageBreak() +
        tbl([600, 1800, 3000, 800], [
          { cells: [['', { vMerge: 'continue' }], ['', { vMerge: 'continue' }], '质量保证', '10'] },
          { cells: ['2', '报价', '价格分', '10'] },
          { cells: ['', '备注：以上分值为最高得分'], gridBefore: 1 },
        ]),
    });
    const res = await readDocument(file);
    const [t, ...rest] = tables(res);
    expect(rest).toEqual([]);
    expect(t!.parts).toBe(2);
    expect(t!.rows[0]!.cells).toEqual([
      { text: '序号', col: 0, colSpan: 1, rowSpan: 1 },
      { text: '评审因素及内容', col: 1, colSpan: 2, rowSpan: 1 },
      { text: '分值', col: 3, colSpan: 1, rowSpan: 1 },
    ]);
    expect(t!.rows[1]!.cells.slice(0, 2)).toEqual([
      { text: '1', col: 0, colSpan: 1, rowSpan: 3 },
      { text: '服务方案（30分）', col: 1, colSpan: 1, rowSpan: 3 },
    ]);
    // continued slots hold no cell of their own
    expect(t!.rows[2]!.cells.map((c) => c.text)).toEqual(['应急方案', '5']);
    expect(t!.rows[3]!.cells.map((c) => [c.text, c.col])).toEqual([['质量保证', 2], ['10', 3]]);
    expect(t!.rows[3]!.page).toBe(2);
    // gridBefore shifts the row: its first cell starts in column 1
    expect(t!.rows[5]!.cells.map((c) => c.col)).toEqual([1, 2]);
    expect(tableTexts(t!).slice(1, 4).map((row) => row[1])).toEqual(['服务方案（30分）', '服务方案（30分）', '服务方案（30分）']);
    expectPagesAgree(res);
  });

  it('a sub-row at the top of the next part with its own points is a row, not the rest of the row above', async () => {
    const file = buildWordml({
      body:
        tbl([2000, 3000, 800], [{ cells: ['服务方案', '总体方案完整', '10'] }]) +
        pageBreak() +
        tbl([2000, 3000, 800], [{ cells: ['', '应急预案合理', '5'] }, { cells: ['人员配备', '人员齐全', '20'] }]),
    });
    const [t] = tables(await readDocument(file));
    expect(t!.parts).toBe(2);
    expect(tableTexts(t!)).toEqual([
      ['服务方案', '总体方案完整', '10'],
      ['', '应急预案合理', '5'],
      ['人员配备', '人员齐全', '20'],
    ]);
  });

  it('a header row the continuation prints again is marked as the header even when Word did not mark it', async () => {
    const head = { cells: ['序号', '评分项目', '分值'] };
    const file = buildWordml({
      body: tbl([800, 3000, 800], [head, { cells: ['1', '服务方案', '30'] }]) + pageBreak() + tbl([800, 3000, 800], [head, { cells: ['2', '人员配备', '20'] }]),
    });
    const [t] = tables(await readDocument(file));
    expect(t!.parts).toBe(2);
    expect(t!.rows.map((row) => [row.cells[1]!.text, !!row.header, row.page])).toEqual([['评分项目', true, 1], ['服务方案', false, 1], ['人员配备', false, 2]]);
  });

  it('a 续表 caption between the parts still joins them, and is no block of its own', async () => {
    const head = { cells: ['序号', '评分项目', '分值'] };
    const file = buildWordml({
      body: tbl([800, 3000, 800], [head, { cells: ['1', '服务方案', '30'] }]) + pageBreak() + p('续表：') + tbl([800, 3000, 800], [head, { cells: ['2', '人员配备', '20'] }]),
    });
    const res = await readDocument(file);
    expect(res.model!.blocks.map((b) => b.type)).toEqual(['table']);
    expect(tables(res)[0]!.rows.map((row) => row.cells[1]!.text)).toEqual(['评分项目', '服务方案', '人员配备']);
  });

  it('two different tables next to each other stay two tables; a table nested in a cell is flattened into the cell', async () => {
    const nested = tbl([1000, 1000], [{ cells: ['子项A', '2分'] }, { cells: ['子项B', '3分'] }]);
    const file = buildWordml({
      body:
        tbl([3000, 3000], [{ cells: ['项目名称', '某项目'] }]) +
        p('') +
        tbl([1000, 2000, 3000], [{ cells: ['序号', '名称', '数量'] }, { cells: ['1', '桌子', '3'] }]) +
        `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc>${p('评分')}</w:tc><w:tc>${p('见下表')}${nested}</w:tc></w:tr></w:tbl>`,
    });
    const res = await readDocument(file);
    const ts = tables(res);
    expect(ts.map((t) => t.parts)).toEqual([1, 1, 1]);
    expect(ts[2]!.rows[0]!.cells.map((c) => c.text)).toEqual(['评分', '见下表\n子项A 2分\n子项B 3分']);
  });
});

describe('DOCX model: frames', () => {
  it('a one-column frame around a title, a note and a table (the scoring box of a template) is its content: paragraphs and a table', async () => {
    const inner = tbl([1000, 3000, 1000], [{ cells: ['序号', '评分因素', '权重(%)'] }, { cells: ['1', '服务方案', '60'] }, { cells: ['2', '价格', '40'] }]);
    const file = buildWordml({
      body: p('评标信息') + `<w:tbl><w:tblGrid><w:gridCol w:w="6000"/></w:tblGrid><w:tr><w:tc>${p('评标方法：综合评分法')}</w:tc></w:tr><w:tr><w:tc>${p('评分规则如下：')}${inner}</w:tc></w:tr></w:tbl>`,
    });
    const res = await readDocument(file);
    expect(texts(res)).toEqual(['评标信息', '评标方法：综合评分法', '评分规则如下：', '序号|评分因素|权重(%)\n1|服务方案|60\n2|价格|40']);
    expect(tables(res)[0]!.columns).toBe(3);
  });
});

describe('DOCX model: headings, numbering, lists', () => {
  const styles =
    style('Heading1', 'heading 1', { outline: 0, numId: 1 }) +
    style('Heading2', 'heading 2', { outline: 1 }) +
    style('a1', '标题 3') +
    style('TOC1', 'toc 1') +
    style('TOC2', 'toc 2');
  const numbering =
    list(0, [['chineseCounting', '第%1章', 'Heading1']]) +
    list(1, [['chineseCounting', '%1、'], ['chineseCounting', '（%2）'], ['decimal', '%3.']]) +
    list(2, [['decimal', '%1.'], ['decimal', '%1.%2']]) +
    num(1, 0) +
    num(2, 1) +
    num(3, 2);

  it('chapters numbered 第%1章 (chineseCounting) through the heading style, 一、/（一）/1. lists with their printed markers, typed numbering', async () => {
    const file = buildWordml({
      styles,
      numbering,
      body:
        p('招标公告', { style: 'Heading1' }) +
        p('项目概况', { num: [2, 0] }) +
        p('本项目为某单位物业管理服务采购，预算金额 100 万元，欢迎合格供应商参加投标。', { num: [2, 1] }) +
        p('投标人须具备独立法人资格，并提供营业执照复印件。', { num: [2, 1] }) +
        p('提供近三年财务报表。', { num: [2, 2] }) +
        p('投标人须知', { style: 'Heading1' }) +
        p('总则', { style: 'Heading2' }) +
        p('（一）适用范围') + // typed numbering, no style: a heading by its pattern
        p('本招标文件适用于本项目的招标、投标、评标、定标。') +
        p('第三章 评标办法') +
        p('（1）评标委员会由五人组成。') +
        p('1.1 评标原则', { bold: true }) +
        p('评分', { style: 'a1' }) +
        p('资格审查', { num: [3, 0] }) +
        p('符合性审查', { num: [3, 0] }) +
        p('文件完整', { num: [3, 1] }),
    });
    const res = await readDocument(file);
    const blocks = res.model!.blocks;
    const view = blocks.map((b) =>
      b.type === 'heading' ? ['H', b.level, b.numbering, b.title] : b.type === 'list-item' ? ['L', b.level, b.numbering, b.text] : [b.type[0], b.type === 'table' ? '' : b.text],
    );
    expect(view).toEqual([
      // levels are the document's kinds of heading in order: 第X章, an unnumbered Heading 2, 一、, （一）, 1.1
      ['H', 1, '第一章', '招标公告'],
      ['H', 3, '一、', '项目概况'],
      ['L', 2, '（一）', '本项目为某单位物业管理服务采购，预算金额 100 万元，欢迎合格供应商参加投标。'],
      ['L', 2, '（二）', '投标人须具备独立法人资格，并提供营业执照复印件。'],
      ['L', 3, '1.', '提供近三年财务报表。'],
      ['H', 1, '第二章', '投标人须知'],
      ['H', 2, '', '总则'],
      ['H', 4, '（一）', '适用范围'],
      ['p', '本招标文件适用于本项目的招标、投标、评标、定标。'],
      ['H', 1, '第三章', '评标办法'],
      ['L', 2, '（1）', '评标委员会由五人组成。'],
      ['H', 5, '1.1', '评标原则'],
      ['H', 3, '', '评分'], // '标题 3' style: outline level 2, ranked with 一、
      ['L', 1, '1.', '资格审查'],
      ['L', 1, '2.', '符合性审查'],
      ['L', 2, '2.1', '文件完整'],
    ]);
    // the page text carries the printed numbering too, so chapters are found from it
    expect(res.pages[0]!.text).toContain('第一章 招标公告');
    expect(res.chapters.map((c) => c.title)).toContain('第一章 招标公告');
    expectPagesAgree(res);
  });

  it('a short bold centered line is a heading typed without a style; a cover line, a stamp placeholder and a bold sentence are not', async () => {
    const file = buildWordml({
      body:
        p('第二章 投标人须知') +
        p('投标人须知前附表', { bold: true, center: true }) +
        p('招标编号：ZB-2026-118', { bold: true, center: true }) +
        p('公章', { bold: true, center: true }) +
        p('投标人应仔细阅读本章全部内容。', { bold: true, center: true }) +
        p('一、总则'),
    });
    const blocks = (await readDocument(file)).model!.blocks;
    expect(blocks.map((b) => (b.type === 'heading' ? `H${b.level} ${b.text}` : b.type))).toEqual([
      'H1 第二章 投标人须知',
      'H2 投标人须知前附表',
      'paragraph',
      'paragraph',
      'paragraph',
      'H3 一、总则',
    ]);
  });

  it('a TOC field and TOC1/TOC2 paragraphs, and a typed-out 目录, are furniture with targets and levels — not blocks', async () => {
    const fld = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
    const instr = (s: string) => `<w:r><w:instrText xml:space="preserve">${s}</w:instrText></w:r>`;
    const file = buildWordml({
      styles,
      numbering,
      body:
        p('目  录', { center: true }) +
        p(fld('begin') + instr(' TOC \\o "1-3" \\h \\z \\u ') + fld('separate') + r('第一章 招标公告\t3'), { style: 'TOC1' }) +
        p(r('一、项目概况\t3'), { style: 'TOC2' }) +
        p(fld('begin') + instr(' PAGEREF _Toc1 \\h ') + fld('separate') + r('第二章 投标人须知') + r('\t5') + fld('end'), { style: 'TOC1' }) +
        p(fld('end')) +
        p(`<w:fldSimple w:instr=" TOC \\o &quot;1-1&quot; ">${r('第三章 评标办法')}</w:fldSimple>`) +
        pageBreak() +
        p('招标公告', { style: 'Heading1' }) +
        p('项目概况', { num: [2, 0] }) +
        p('目录') +
        p('第一章 招标公告 ………………… 3') +
        p('第二章 投标人须知 ………………… 5') +
        p('第三章 评标办法 ………………… 9') +
        p('投标人须知', { style: 'Heading1' }),
    });
    const res = await readDocument(file);
    const m = res.model!;
    expect(m.blocks.map((b) => (b.type === 'heading' ? b.text : b.type))).toEqual(['第一章 招标公告', '一、 项目概况', '第二章 投标人须知']);
    expect(m.furniture.filter((f) => f.kind === 'toc').map((f) => [f.text, f.target ?? null, f.level ?? null, f.page])).toEqual([
      ['目  录', null, null, 1],
      ['第一章 招标公告', 3, 1, 1],
      ['一、项目概况', 3, 2, 1],
      ['第二章 投标人须知', 5, 1, 1],
      ['第三章 评标办法', null, 1, 1], // a w:fldSimple TOC (no page number: known only by the field)
      ['目录', null, null, 2],
      ['第一章 招标公告', 3, 1, 2],
      ['第二章 投标人须知', 5, 1, 2],
      ['第三章 评标办法', 9, 1, 2],
    ]);
    // the instruction text is no text
    expect(res.pages.map((pg) => pg.text).join('\n')).not.toMatch(/TOC|PAGEREF/);
    expectPagesAgree(res);
  });
});

describe('DOCX model: a typed TOC without page numbers', () => {
  it('the entries after 目录 that are printed again later as headings are TOC furniture; the headings stay blocks', async () => {
    const file = buildWordml({
      body:
        p('目    录', { center: true }) +
        p('第一部分 招标公告') +
        p('第二部分 投标人须知') +
        p('') +
        p('第一部分招标公告', { pageBreakBefore: true }) +
        p('本项目公开招标。') +
        p('第二部分 投标人须知'),
    });
    const res = await readDocument(file);
    expect(res.model!.furniture.map((f) => [f.kind, f.text, f.page])).toEqual([
      ['toc', '目    录', 1],
      ['toc', '第一部分 招标公告', 1],
      ['toc', '第二部分 投标人须知', 1],
    ]);
    expect(res.model!.blocks.map((b) => (b.type === 'heading' ? [b.numbering, b.title, b.page] : b.type))).toEqual([
      ['第一部分', '招标公告', 2],
      'paragraph',
      ['第二部分', '投标人须知', 2],
    ]);
  });
});

describe('DOCX model: text and furniture', () => {
  it('running header and footer (with its page field) are furniture on every page, in neither blocks nor page text', async () => {
    const page = '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>';
    const file = buildWordml({
      header: p('某单位物业管理服务项目招标文件'),
      footer: p(r('第 ') + page + r(' 页')),
      body: p('第一页正文') + pageBreak() + p('第二页正文') + pageBreak() + p('第三页正文'),
    });
    const res = await readDocument(file);
    expect(res.meta.pageCount).toBe(3);
    expect(res.model!.furniture).toEqual([
      { kind: 'header', page: 1, text: '某单位物业管理服务项目招标文件' },
      { kind: 'page-number', page: 1, text: '第 1 页' },
      { kind: 'header', page: 2, text: '某单位物业管理服务项目招标文件' },
      { kind: 'page-number', page: 2, text: '第 2 页' },
      { kind: 'header', page: 3, text: '某单位物业管理服务项目招标文件' },
      { kind: 'page-number', page: 3, text: '第 3 页' },
    ]);
    expect(texts(res)).toEqual(['第一页正文', '第二页正文', '第三页正文']);
    expect(res.pages.map((pg) => pg.text)).toEqual(['第一页正文', '第二页正文', '第三页正文']);
  });

  it('★ typed as a Wingdings symbol, letters set in Wingdings (þ ¨ as ☑ □), form check boxes, tabs and breaks kept; deleted, hidden and instruction text dropped; stray space runs between Chinese removed', async () => {
    const file = buildWordml({
      body:
        p('<w:r><w:sym w:font="Wingdings" w:char="F0AB"/></w:r>' + r('投标人须提供营业执照。')) +
        p('<w:r><w:sym w:font="Wingdings 2" w:char="F052"/></w:r>' + r('无需递交投标保证金') + '<w:r><w:sym w:font="Wingdings" w:char="F0A8"/></w:r>' + r('需要')) +
        p(r('本项目') + r('þ', '<w:rFonts w:ascii="Wingdings" w:hAnsi="Wingdings"/>') + r('不接受/') + r('¨', '<w:rFonts w:ascii="Wingdings" w:hAnsi="Wingdings"/>') + r('接受联合体投标')) +
        p(r('付款方式：') + '<w:del w:id="1" w:author="a"><w:r><w:delText>按月</w:delText></w:r></w:del>' + '<w:ins w:id="2" w:author="a">' + r('按季度') + '</w:ins>' + r('支付。')) +
        p(r('服务期限') + r('（内部备注）', '<w:vanish/>') + r('：一年')) +
        p(r('物业') + r(' ') + r('管理服务') + r(' ') + r('2024') + r(' ') + r('年')) +
        p(r('名称\t数量\n第二行')) +
        p('<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:checkBox><w:checked/></w:checkBox></w:ffData></w:fldChar></w:r><w:r><w:instrText> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>' + r('不要求') + '<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:checkBox><w:default w:val="0"/></w:checkBox></w:ffData></w:fldChar></w:r><w:r><w:instrText> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>' + r('要求')),
    });
    const res = await readDocument(file);
    expect(texts(res)).toEqual(['★投标人须提供营业执照。', '☑无需递交投标保证金□需要', '本项目☑不接受/□接受联合体投标', '付款方式：按季度支付。', '服务期限：一年', '物业管理服务2024年', '名称\t数量\n第二行', '☑不要求□要求']);
    expect(res.pages[0]!.text).toContain('★投标人须提供营业执照。');
    expectPagesAgree(res);
  });
});

describe('DOCX model on the generated tender (docx package)', () => {
  it('blocks are on the pages whose text holds them; the scoring table is a table with its header row; the TOC page is furniture', async () => {
    const res = await readDocument(await buildTenderDocx());
    expectPagesAgree(res);
    const scoring = tables(res).find((t) => t.rows.some((row) => row.cells.some((c) => c.text === '技术方案')))!;
    expect(scoring.page).toBe(4);
    expect(scoring.rows[0]!.header).toBe(true);
    expect(tableTexts(scoring).find((row) => row[0] === '技术方案')).toEqual(['技术方案', '30', '方案完整、架构合理，完全满足技术要求', '技术']);
    const toc = res.model!.furniture.filter((f) => f.kind === 'toc');
    expect(toc.length).toBeGreaterThanOrEqual(3);
    expect(toc.every((f) => f.page === 2)).toBe(true);
    expect(res.model!.furniture.filter((f) => f.kind === 'header').map((f) => f.page)).toEqual([1, 2, 3, 4, 5, 6]);
    // structured clone keeps it (the reader may run in a worker)
    expect(structuredClone(res.model)).toEqual(res.model);
  });
});

describe('DOCX model: bad XML', () => {
  it('malformed XML and elements nested thousands deep are a clear CORRUPT error, not a crash', async () => {
    const deep = '<w:sdt><w:sdtContent>'.repeat(5000) + p('x') + '</w:sdtContent></w:sdt>'.repeat(5000);
    for (const body of [deep, '<w:p><w:r><w:t>未闭合</w:r></w:p>']) {
      await expect(readDocument(buildWordml({ body }))).rejects.toMatchObject({ code: 'CORRUPT', message: expect.stringMatching(/^文件已损坏或格式不正确/) });
    }
  });
});
