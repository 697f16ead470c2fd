import { describe, expect, it } from 'vitest';
import { checkFileSize, decodeText, MAX_FILE_BYTES, sniffType, sniffTypeWindow, sniffUpload } from './sniff.js';
import { DocumentError } from './errors.js';
import { listZipEntries } from './zip.js';
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

describe('sniffTypeWindow (an upload seen through its two ends)', () => {
  const ends = (b: Buffer, n: number) => ({ head: b.subarray(0, n), tail: b.subarray(b.length - n), size: b.length });
  const pad = (n: number) => {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i += 4) b.writeUInt32LE((i * 2654435761) >>> 0, i);
    return b;
  };
  const stored = deflateEntry;

  it('gives what sniffType gives the whole file: a DOCX by the directory at its end, past a large middle', () => {
    const docx = makeZip([deflateEntry('[Content_Types].xml', Buffer.from('<Types/>')), stored('word/media/big.bin', pad(300_000)), deflateEntry('word/document.xml', Buffer.from('<w:document/>'))]);
    expect(sniffType(docx)).toBe('docx');
    const seen = sniffTypeWindow(ends(docx, 4096));
    expect(seen.type).toBe('docx');
    expect(seen.entries!.map((e) => e.name)).toEqual(['[Content_Types].xml', 'word/media/big.bin', 'word/document.xml']);
    // the same entries, offsets the file's
    expect(seen.entries).toEqual(listZipEntries(docx));
    expect(seen.entries!.at(-1)!.localHeaderOffset).toBeGreaterThan(4096);
    const xlsx = makeZip([stored('xl/media/big.bin', pad(300_000)), deflateEntry('xl/workbook.xml', Buffer.from('<workbook/>'))]);
    expect(errorOf(() => sniffTypeWindow(ends(xlsx, 4096))).code).toBe('UNSUPPORTED');
  });

  it('a ZIP directory larger than the tail kept is refused as corrupt, not misread', () => {
    const entries = Array.from({ length: 200 }, (_, i) => deflateEntry(`word/part${i}.xml`, Buffer.from('<x/>')));
    const docx = makeZip([stored('word/media/big.bin', pad(100_000)), ...entries, deflateEntry('word/document.xml', Buffer.from('<w:document/>'))]);
    expect(errorOf(() => sniffTypeWindow(ends(docx, 1024))).code).toBe('CORRUPT');
    expect(sniffTypeWindow(ends(docx, 40_000)).type).toBe('docx');
  });

  it('PDF by its head, DOC by its signature and stream name, TXT by its beginning cut at any byte', () => {
    expect(sniffTypeWindow(ends(Buffer.concat([Buffer.from('%PDF-1.7\n'), pad(50_000)]), 1024)).type).toBe('pdf');
    const doc = Buffer.concat([OLE2, pad(50_000), Buffer.from('WordDocument', 'utf16le'), pad(100)]);
    expect(sniffTypeWindow(ends(doc, 1024)).type).toBe('doc');
    expect(errorOf(() => sniffTypeWindow(ends(Buffer.concat([OLE2, pad(50_000)]), 1024))).code).toBe('UNSUPPORTED');
    // 中 is three bytes in UTF-8: a head of 1000 bytes cuts one in two
    const text = Buffer.from('招标公告'.repeat(5000), 'utf8');
    expect(sniffTypeWindow(ends(text, 1000)).type).toBe('txt');
    expect(errorOf(() => sniffTypeWindow(ends(pad(50_000), 1024))).code).toBe('UNSUPPORTED');
  });

  it('sniffUpload refuses a bomb from the directory it sees at the end', () => {
    const bomb = makeZip([{ ...deflateEntry('word/document.xml', Buffer.from('<w:document/>')), uncompressedSize: 2_000_000_000 }, stored('word/media/big.bin', pad(100_000))]);
    expect(errorOf(() => sniffUpload(ends(bomb, 4096))).code).toBe('ZIP_BOMB');
  });
});
