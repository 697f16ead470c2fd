import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunkPages,
  DOC_TEXT_ONLY,
  DocumentError,
  MAX_FILE_BYTES,
  readDocument,
  shutdownOcr,
  type ReadProgress,
  type ReadResult,
} from '../../src/reading/index.js';
import { tableTexts } from '../../src/reading/model/index.js';
import type { TableBlock } from '../../src/reading/model/types.js';
import {
  buildScannedPdf,
  buildTenderDocx,
  buildTenderPdf,
  buildZipBomb,
  deflateEntry,
  encodeGbk,
  makeZip,
  renderTextPng,
  SCANNED_LINES,
} from '../fixtures/build.js';
import { EXPECTED_CHAPTERS, FACTS, TENDER_PAGES, type Block } from '../fixtures/tender.js';

/**
 * Reads tender files the tests generate (DOCX with the `docx` package, PDFs with pdfkit and a CJK font from the
 * machine, a scanned page drawn with @napi-rs/canvas, GBK text) plus the committed tender.doc, and checks text, pages
 * and chapters against the known content; then the bad files.
 */

async function readError(p: Promise<unknown>): Promise<DocumentError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DocumentError) return e;
    throw e;
  }
  throw new Error('expected a DocumentError');
}

const pageOf = (r: ReadResult, needle: string) => r.pages.filter((p) => p.text.includes(needle)).map((p) => p.page);

/** Share of the characters of `expected` (whitespace aside) found in order in `actual` (longest common subsequence). */
function charRecall(expected: string, actual: string): number {
  const a = [...expected.replace(/\s/g, '')];
  const b = [...actual.replace(/\s/g, '')];
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const ca of a) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) cur[j] = ca === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    prev = cur;
  }
  return prev[b.length]! / a.length;
}

function expectTenderPages(r: ReadResult) {
  expect(pageOf(r, `项目编号：${FACTS.projectNumber}`)).toEqual([1]);
  expect(pageOf(r, FACTS.budgetLine)).toEqual([3]);
  expect(pageOf(r, FACTS.deadlineLine)).toEqual([3]);
  expect(pageOf(r, FACTS.bondLine)).toEqual([3]);
  expect(pageOf(r, '评分标准如下表')).toEqual([4]);
  expect(pageOf(r, FACTS.starClause)).toEqual([5]);
  expect(pageOf(r, FACTS.importantClause)).toEqual([5]);
  expect(pageOf(r, '（三）开标一览表')).toEqual([6]);
  // Every scoring row's cells are on one line, in order.
  const p4 = r.pages[3]!.text.split('\n');
  for (const row of [['技术方案', '30', '方案完整、架构合理，完全满足技术要求', '技术'], ['投标报价', '35', '最低有效报价为基准价', '价格']]) {
    const line = p4.find((l) => l.startsWith(row[0]!));
    expect(line, row[0]).toBeDefined();
    expect(line!.split(/[\t ]+/)).toEqual(row);
  }
}

describe('reading generated tenders', () => {
  let docx: Buffer;
  let pdf: Buffer;

  beforeAll(async () => {
    [docx, pdf] = await Promise.all([buildTenderDocx(), buildTenderPdf()]);
  });

  it('DOCX: text on the right pages (explicit page breaks), table rows kept, chapters with pages', async () => {
    const r = await readDocument(docx);
    expect(r.type).toBe('docx');
    expect(r.meta.pageCount).toBe(6);
    expectTenderPages(r);
    expect(r.pages[3]!.text).toContain('技术方案\t30\t方案完整、架构合理，完全满足技术要求\t技术');
    expect(r.chapters.map((c) => [c.title, c.level, c.page])).toEqual(EXPECTED_CHAPTERS);
    expect(r.meta.chars).toBeGreaterThan(600);
  });

  it('DOCX saved by Word: its rendered page breaks (w:lastRenderedPageBreak) are the pages, no estimate', async () => {
    const para = (t: string, rendered = false) =>
      `<w:p><w:r>${rendered ? '<w:lastRenderedPageBreak/>' : ''}<w:t xml:space="preserve">${t}</w:t></w:r></w:p>`;
    const body =
      para('封面 项目编号：ZB-2026-118') +
      para('第一章 招标公告', true) +
      para('正文'.repeat(1500)) + // 3,000 characters on one rendered page: kept as Word laid it out
      para('第二章 评分标准', true) +
      '<w:tbl><w:tr><w:tc>' + para('技术方案') + '</w:tc><w:tc>' + para('30') + '</w:tc></w:tr></w:tbl>';
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' + body + '</w:body></w:document>';
    const file = makeZip([
      deflateEntry('[Content_Types].xml', Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>')),
      deflateEntry('_rels/.rels', Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')),
      deflateEntry('word/document.xml', Buffer.from(xml)),
    ]);
    const r = await readDocument(file);
    expect(r.meta).toMatchObject({ pageCount: 3, pagesEstimated: false });
    expect(r.pages.map((p) => p.text.slice(0, 8))).toEqual(['封面 项目编号：', '第一章 招标公告', '第二章 评分标准']);
    expect(r.pages[2]!.text).toBe('第二章 评分标准\n技术方案\t30');
    expect(r.chapters).toEqual([
      { title: '第一章 招标公告', level: 1, page: 2 },
      { title: '第二章 评分标准', level: 1, page: 3 },
    ]);
  });

  it('PDF: the same tender reads to the same pages and chapters; TOC, running header and page footer are no chapters', async () => {
    const progress: ReadProgress[] = [];
    const r = await readDocument(pdf, { onProgress: (p) => progress.push(p) });
    expect(r.type).toBe('pdf');
    expect(r.meta).toMatchObject({ pageCount: 6, ocrPages: 0, pagesEstimated: false });
    expectTenderPages(r);
    expect(r.pages[2]!.text).toContain('第 3 页 共 6 页'); // the page text stays verbatim
    expect(r.chapters.map((c) => [c.title, c.level, c.page])).toEqual(EXPECTED_CHAPTERS);
    expect(progress.filter((p) => p.stage === 'text').map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.at(-1)?.stage).toBe('done');
  });

  it('PDF chunks cover every page and respect the size', async () => {
    const r = await readDocument(pdf);
    const chunks = chunkPages(r.pages, { size: 300 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(300);
    const star = chunks.find((c) => c.text.includes(FACTS.starClause))!;
    expect(star.pageFrom).toBeLessThanOrEqual(5);
    expect(star.pageTo).toBeGreaterThanOrEqual(5);
    expect(chunks[0]!.pageFrom).toBe(1);
    expect(chunks.at(-1)!.pageTo).toBe(6);
  });

  it('DOC (committed fixture made by LibreOffice from the same DOCX): through LibreOffice into the DOCX model — tables as tables, chapters', async () => {
    const doc = fs.readFileSync(new URL('../fixtures/tender.doc', import.meta.url));
    const r = await readDocument(doc);
    expect(r.type).toBe('doc');
    expect(r.meta.notice).toBeUndefined();
    const squash = (s: string) => s.replace(/\s+/g, '');
    const all = squash(r.pages.map((p) => p.text).join('\n'));
    for (const s of [`项目编号：${FACTS.projectNumber}`, FACTS.budgetLine, FACTS.starClause, FACTS.importantClause]) expect(all).toContain(squash(s));
    const scoring = r.model!.blocks.find((b): b is TableBlock => b.type === 'table' && tableTexts(b).some((row) => row[0] === '技术方案'))!;
    expect(tableTexts(scoring).find((row) => row[0] === '技术方案')).toEqual(['技术方案', '30', '方案完整、架构合理，完全满足技术要求', '技术']);
    expect(r.chapters.map((c) => [c.title, c.level])).toEqual(EXPECTED_CHAPTERS.map(([t, l]) => [t, l]));
  });

  it('DOC where LibreOffice is not installed: its text, pages estimated, and a notice saying tables may be incomplete', async () => {
    const doc = fs.readFileSync(new URL('../fixtures/tender.doc', import.meta.url));
    const saved = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = '/nonexistent/soffice';
    try {
      const r = await readDocument(doc);
      expect(r.meta.pagesEstimated).toBe(true);
      expect(r.meta.notice).toBe(DOC_TEXT_ONLY);
      const all = r.pages.map((p) => p.text).join('\n');
      expect(all).toContain('技术方案\t30\t方案完整、架构合理，完全满足技术要求\t技术');
      expect(r.chapters.map((c) => [c.title, c.level])).toEqual(EXPECTED_CHAPTERS.map(([t, l]) => [t, l]));
    } finally {
      if (saved === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = saved;
    }
  });

  it('TXT in GBK with form feeds: decoded, one page per form feed; without them, pages are estimated', async () => {
    const text = TENDER_PAGES.map((blocks) => blocks.map(blockText).join('\n')).join('\f');
    const r = await readDocument(encodeGbk(text));
    expect(r.type).toBe('txt');
    expect(r.meta).toMatchObject({ encoding: 'gb18030', pageCount: 6, pagesEstimated: false });
    expect(pageOf(r, `项目编号：${FACTS.projectNumber}`)).toEqual([1]);
    expect(pageOf(r, FACTS.starClause)).toEqual([5]);
    expect(r.chapters.map((c) => [c.title, c.level, c.page])).toEqual(EXPECTED_CHAPTERS);

    const long = Buffer.from(Array.from({ length: 400 }, (_, i) => `第${i + 1}条 投标人应当按照招标文件的要求编制投标文件并按时递交。`).join('\n'));
    const est = await readDocument(long);
    expect(est.meta).toMatchObject({ encoding: 'utf-8', pagesEstimated: true });
    expect(est.meta.pageCount).toBeGreaterThanOrEqual(6);
    expect(est.pages.every((p) => p.text.length <= 1800 * 1.15)).toBe(true);
  });
});

function blockText(b: Block): string {
  switch (b.kind) {
    case 'toc':
      return `${b.text} ………… ${b.page}`;
    case 'table':
      return b.rows.map((r) => r.join('\t')).join('\n');
    default:
      return b.text;
  }
}

describe('scanned pages', () => {
  let scan: Buffer;
  beforeAll(async () => {
    scan = await buildScannedPdf();
  });
  afterAll(async () => {
    await shutdownOcr();
  });

  it('a page without a text layer is OCR-ed (chi_sim from the npm package) and its chapters found', async () => {
    const r = await readDocument(scan);
    expect(r.meta).toMatchObject({ pageCount: 2, ocrPages: 1 });
    expect(r.pages[0]).toEqual({ page: 1, text: '项目编号：ZB-2026-118 扫描件附件' });
    expect(r.pages[1]!.ocr).toBe(true);
    for (const line of SCANNED_LINES) expect(charRecall(line, r.pages[1]!.text), line).toBeGreaterThanOrEqual(0.8);
    expect(r.chapters.find((c) => c.title.startsWith('第五章'))).toMatchObject({ level: 1, page: 2 });
  }, 60_000);

  it('with OCR off the scanned page stays empty', async () => {
    const r = await readDocument(scan, { ocr: false });
    expect(r.meta.ocrPages).toBe(0);
    expect(r.pages[1]).toEqual({ page: 2, text: '' });
  });
});

describe('bad files get clear Chinese errors', () => {
  it('empty', async () => {
    const e = await readError(readDocument(Buffer.alloc(0)));
    expect(e).toMatchObject({ code: 'EMPTY', message: '文件为空' });
  });

  it('a PNG renamed .pdf', async () => {
    const e = await readError(readDocument(renderTextPng(['不是 PDF'], { width: 200, height: 80, fontSize: 20 })));
    expect(e).toMatchObject({ code: 'UNSUPPORTED', message: '不支持的文件类型：仅支持 PDF、DOCX、DOC、TXT' });
  });

  it('a zip bomb renamed .docx (100 MiB of spaces in 100 KiB): refused from the directory, nothing inflated', async () => {
    const bomb = await buildZipBomb(100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const e = await readError(readDocument(bomb));
    expect(e.code).toBe('ZIP_BOMB');
    expect(e.message).toMatch(/压缩炸弹/);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('a zip bomb whose directory lies about the size: caught while inflating with a cap', async () => {
    const e = await readError(readDocument(await buildZipBomb(20, { lie: true })));
    expect(e.code).toBe('ZIP_BOMB');
  });

  it('over 100 MB (uninitialised buffer: no memory touched)', async () => {
    const e = await readError(readDocument(Buffer.allocUnsafe(MAX_FILE_BYTES + 1)));
    expect(e).toMatchObject({ code: 'TOO_LARGE', message: '文件超过 100 MB' });
  });

  it('truncated and corrupt PDFs: a clear error, no crash, no hang', async () => {
    const pdf = await buildTenderPdf();
    for (const frac of [0.1, 0.5, 0.9]) {
      const e = await readError(readDocument(pdf.subarray(0, Math.floor(pdf.length * frac))));
      expect(e.code).toBe('CORRUPT');
      expect(e.message).toMatch(/文件已损坏/);
    }
    const junk = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('0 obj << /Type /Catalog >> '.repeat(200))]);
    expect((await readError(readDocument(junk))).code).toBe('CORRUPT');
  });

  it('a DOCX with no text, and a cancelled read', async () => {
    const empty = await buildTenderDocx([[{ kind: 'p', text: ' ' }]]);
    expect((await readError(readDocument(empty))).code).toBe('NO_TEXT');
    const ac = new AbortController();
    ac.abort();
    expect((await readError(readDocument(await buildTenderDocx(), { signal: ac.signal }))).code).toBe('ABORTED');
  });
});
