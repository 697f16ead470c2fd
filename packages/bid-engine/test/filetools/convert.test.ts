/**
 * File conversion (issue 15, 文件转换): images → PDF (one page each), PDF → PNG per page (pdftoppm), PDF → DOCX (text),
 * DOC → DOCX and DOCX → PDF (LibreOffice). The tools that need a program skip their part where it is not installed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findSoffice } from '../../src/export/index.js';
import { findPdftoppm, pdfPageCount, readPdfMetadata, runFileTool } from '../../src/filetools/index.js';
import { sniffImage } from '../../src/pictures/index.js';
import { readDocument, sniffType } from '../../src/reading/index.js';
import { drawPicture } from '../fixtures/pictures.js';
import { linkedDocx } from './fixtures.js';

const tenderDoc = readFileSync(new URL('../fixtures/tender.doc', import.meta.url));

describe('file conversion', () => {
  it('images → PDF, one page per picture; PDF → one PNG per page', async () => {
    const progress: number[] = [];
    const out = await runFileTool(
      { tool: 'images-pdf', timeoutMs: 60_000, files: [{ name: '营业执照.png', type: 'png', data: drawPicture(1) }, { name: '资质.png', type: 'png', data: drawPicture(2, 200, 600) }] },
      (done) => progress.push(done),
    );
    expect(out.files).toHaveLength(1);
    expect(out.files[0]!.name).toBe('营业执照等2张图片.pdf');
    const pdf = Buffer.from(out.files[0]!.data);
    expect(await pdfPageCount(pdf)).toBe(2);
    expect(progress).toEqual([1, 2]);
    // nothing about who made it
    expect((await readPdfMetadata(pdf)).info).toEqual({});
    if (!findPdftoppm()) return;
    const pages = await runFileTool({ tool: 'pdf-images', timeoutMs: 60_000, files: [{ name: '营业执照等2张图片.pdf', type: 'pdf', data: pdf }] });
    expect(pages.files.map((f) => f.name)).toEqual(['营业执照等2张图片-第1页.png', '营业执照等2张图片-第2页.png']);
    expect(pages.files.every((f) => sniffImage(f.data) === 'png')).toBe(true);
  }, 60_000);

  it('refuses a file that is not a picture, in Chinese', async () => {
    await expect(runFileTool({ tool: 'images-pdf', timeoutMs: 60_000, files: [{ name: '假图片.png', type: 'png', data: Buffer.from('not an image at all') }] })).rejects.toThrow(
      /图片「假图片.png」无法转换/,
    );
  });

  it.runIf(findSoffice())('DOCX → PDF → DOCX (text) and DOC → DOCX', async () => {
    const docx = await linkedDocx({ bidder: '甲公司', body: '我方承诺按期完成。' });
    const pdf = await runFileTool({ tool: 'docx-pdf', timeoutMs: 120_000, files: [{ name: '投标文件.docx', type: 'docx', data: docx }] });
    expect(pdf.files[0]!.name).toBe('投标文件.pdf');
    expect(sniffType(pdf.files[0]!.data)).toBe('pdf');
    const back = await runFileTool({ tool: 'pdf-docx', timeoutMs: 120_000, files: [{ name: '投标文件.pdf', type: 'pdf', data: pdf.files[0]!.data }] });
    expect(sniffType(back.files[0]!.data)).toBe('docx');
    expect((await readDocument(Buffer.from(back.files[0]!.data))).pages.map((p) => p.text).join('')).toContain('我方承诺按期完成');
    const fromDoc = await runFileTool({ tool: 'doc-docx', timeoutMs: 120_000, files: [{ name: 'tender.doc', type: 'doc', data: tenderDoc }] });
    expect(fromDoc.files[0]!.name).toBe('tender.docx');
    expect(sniffType(fromDoc.files[0]!.data)).toBe('docx');
  }, 240_000);
});
