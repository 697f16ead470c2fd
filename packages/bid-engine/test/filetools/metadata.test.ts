/**
 * Metadata clearing (issue 15, 元数据清除). The proof the issue asks for: two bidders' files made from one document are
 * linked by their metadata (author, company, template, custom property, RSIDs, document ids, comment and revision
 * authors, document variables) — read back from both before clearing — and share none of it after; the cleared files
 * still open in LibreOffice (converted to PDF) with their text, hidden text and comments gone. PDFs: the Info dictionary,
 * XMP and ID are gone and the file still reads.
 */
import { describe, expect, it } from 'vitest';
import { clearDocxMetadata, clearPdfMetadata, officeConvert, readDocxMetadata, readPdfMetadata, sharedDocxMetadata } from '../../src/filetools/index.js';
import { findSoffice } from '../../src/export/index.js';
import { readDocument } from '../../src/reading/index.js';
import { linkedDocx, pdfWithMetadata } from './fixtures.js';

describe('DOCX metadata', () => {
  it('reads every kind of metadata that links two bidders’ files', async () => {
    const a = readDocxMetadata(await linkedDocx({ bidder: '甲公司', body: '我方承诺按期完成。' }));
    expect(a.core).toMatchObject({ creator: '张三', lastModifiedBy: '张三', title: '投标文件', revision: '7' });
    expect(a.app).toMatchObject({ Company: '某某招标代理有限公司', Manager: '李四', Template: '标书模板.dotm' });
    expect(a.custom).toEqual({ 制作人: '张三' });
    expect(a.rsids).toEqual(['00A1B2C3', '00D4E5F6']);
    expect(a.docIds).toHaveLength(2);
    expect(a.commentAuthors).toEqual(['张三']);
    expect(a.revisionAuthors).toEqual(['张三']);
    expect(a.docVars).toEqual({ KSOProductBuildVer: '2052-11.1.0.12358' });
    expect(a.template).toContain('file:///C:/Users/zhangsan');
    expect(a.hasThumbnail).toBe(true);
    expect(a.hiddenRuns).toBe(1);
  });

  it('two linked files are no longer linked after clearing, and still open in LibreOffice', async () => {
    const fileA = await linkedDocx({ bidder: '甲公司', body: '我方承诺按期完成。' });
    const fileB = await linkedDocx({ bidder: '乙公司', body: '我方保证质量合格。' });
    const before = sharedDocxMetadata(readDocxMetadata(fileA), readDocxMetadata(fileB));
    expect(before).toEqual(
      expect.arrayContaining(['core.creator', 'core.lastModifiedBy', 'app.Company', 'app.Template', 'custom.制作人', 'rsid', 'docId', 'paraId', 'commentAuthor', 'revisionAuthor', 'docVar.KSOProductBuildVer', 'template']),
    );

    const ca = await clearDocxMetadata(fileA);
    const cb = await clearDocxMetadata(fileB);
    expect(ca.report).toMatchObject({ customProps: 1, rsids: 2, comments: 1, revisionAuthors: 1, docVars: 1, hiddenRuns: 1, template: true, thumbnail: true });
    const ma = readDocxMetadata(ca.data);
    const mb = readDocxMetadata(cb.data);
    expect(sharedDocxMetadata(ma, mb)).toEqual([]);
    expect(ma).toMatchObject({ core: {}, app: {}, custom: {}, rsids: [], docIds: [], paraIds: [], commentAuthors: [], docVars: {}, template: null, hasThumbnail: false, hiddenRuns: 0 });
    // the tracked change stays, its author made neutral (the same word in every cleared file)
    expect(ma.revisionAuthors).toEqual(['作者']);

    const text = (await readDocument(ca.data)).pages.map((p) => p.text).join('\n');
    expect(text).toContain('投标人：甲公司');
    expect(text).toContain('我方承诺按期完成。');
    expect(text).toContain('正文结束。');
    expect(text).not.toContain('报价底线');
    expect(text).not.toContain('价格再核一下');

    if (findSoffice()) {
      // LibreOffice opens the cleared file (and makes a PDF of it)
      const pdf = await officeConvert(ca.data, 'docx', 'pdf', { timeoutMs: 120_000 });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdfText = (await readDocument(pdf)).pages.map((p) => p.text).join('\n');
      expect(pdfText).toContain('我方承诺按期完成');
    }
  }, 180_000);
});

describe('PDF metadata', () => {
  it('removes the Info dictionary, XMP and ID; the file still reads', async () => {
    const a = await pdfWithMetadata('张三');
    const b = await pdfWithMetadata('张三');
    const ra = await readPdfMetadata(a);
    expect(ra.info).toMatchObject({ Author: '张三', Creator: 'Microsoft Word' });
    expect(ra.xmp).toBe(1);
    expect((await readPdfMetadata(b)).info.Author).toBe(ra.info.Author);
    const cleared = await clearPdfMetadata(a);
    expect(cleared.report.xmp).toBe(1);
    expect(cleared.report.infoEntries).toBeGreaterThanOrEqual(4);
    const after = await readPdfMetadata(cleared.data);
    expect(after).toEqual({ info: {}, xmp: 0, id: null });
    const raw = cleared.data.toString('latin1');
    expect(raw).not.toContain('/Author');
    expect(raw).not.toContain('xmpmeta');
    expect((await readDocument(cleared.data)).pages[0]!.text).toContain('Bid file');
  });
});
