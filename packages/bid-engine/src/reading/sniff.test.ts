import { describe, expect, it } from 'vitest';
import { checkFileSize, decodeText, MAX_FILE_BYTES, sniffType } from './sniff.js';
import { DocumentError } from './errors.js';
import { deflateEntry, encodeGbk, makeZip } from '../../test/fixtures/bytes.js';

function errorOf(fn: () => unknown): DocumentError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DocumentError) return e;
    throw e;
  }
  throw new Error('no error');
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

describe('sniffType', () => {
  it('finds PDF by its header, also after leading junk', () => {
    expect(sniffType(Buffer.from('%PDF-1.7\n1 0 obj'))).toBe('pdf');
    expect(sniffType(Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('%PDF-1.4')]))).toBe('pdf');
  });

  it('finds DOCX by word/document.xml inside a ZIP, and refuses other ZIPs', () => {
    const docx = makeZip([deflateEntry('[Content_Types].xml', Buffer.from('<Types/>')), deflateEntry('word/document.xml', Buffer.from('<w:document/>'))]);
    expect(sniffType(docx)).toBe('docx');
    const xlsx = makeZip([deflateEntry('xl/workbook.xml', Buffer.from('<workbook/>'))]);
    expect(errorOf(() => sniffType(xlsx)).message).toBe('不支持的文件类型：仅支持 PDF、DOCX、DOC、TXT');
  });

  it('a broken ZIP is CORRUPT', () => {
    const e = errorOf(() => sniffType(Buffer.from('PK\u0003\u0004 this is not really a zip')));
    expect(e.code).toBe('CORRUPT');
  });

  it('finds DOC by the OLE2 magic and a WordDocument stream; an OLE2 without one (xls) is unsupported', () => {
    const doc = Buffer.concat([OLE2, Buffer.alloc(504), Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(64)]);
    expect(sniffType(doc)).toBe('doc');
    const xls = Buffer.concat([OLE2, Buffer.alloc(504), Buffer.from('Workbook', 'utf16le'), Buffer.alloc(64)]);
    expect(errorOf(() => sniffType(xls)).code).toBe('UNSUPPORTED');
  });

  it('finds text in UTF-8, UTF-8 with BOM, UTF-16 with BOM and GBK', () => {
    expect(sniffType(Buffer.from('招标文件 项目编号：ZB-1'))).toBe('txt');
    expect(sniffType(Buffer.from('\ufeff招标文件'))).toBe('txt');
    expect(sniffType(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('招标文件', 'utf16le')]))).toBe('txt');
    const gbk = encodeGbk('第一章 招标公告\n项目编号：ZB-2026-118\n');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gbk)).toThrow();
    expect(sniffType(gbk)).toBe('txt');
    expect(decodeText(gbk)).toEqual({ text: '第一章 招标公告\n项目编号：ZB-2026-118\n', encoding: 'gb18030' });
  });

  it('refuses binary data, images and RTF', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(errorOf(() => sniffType(png)).message).toBe('不支持的文件类型：仅支持 PDF、DOCX、DOC、TXT');
    expect(errorOf(() => sniffType(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0]))).code).toBe('UNSUPPORTED');
    expect(errorOf(() => sniffType(Buffer.from('{\\rtf1\\ansi 招标文件}'))).code).toBe('UNSUPPORTED');
  });

  it('refuses an empty file and a file over 100 MB (by size, nothing allocated)', () => {
    expect(errorOf(() => sniffType(Buffer.alloc(0))).message).toBe('文件为空');
    expect(errorOf(() => checkFileSize(0)).message).toBe('文件为空');
    expect(errorOf(() => checkFileSize(MAX_FILE_BYTES + 1)).message).toBe('文件超过 100 MB');
    expect(() => checkFileSize(MAX_FILE_BYTES)).not.toThrow();
    expect(MAX_FILE_BYTES).toBe(100 * 1024 * 1024);
  });
});
