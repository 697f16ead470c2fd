import { describe, expect, it } from 'vitest';
import { assertSafeDocx, assertSafeZip, docxLimits, DOCX_LIMITS, listZipEntries, readZipEntry, type ZipEntry } from './zip.js';
import { DocumentError } from './errors.js';
import { deflateEntry, makeZip } from '../../test/fixtures/bytes.js';

const MB = 1024 * 1024;
const entry = (name: string, compressedSize: number, uncompressedSize: number): ZipEntry => ({
  name,
  method: 8,
  compressedSize,
  uncompressedSize,
  localHeaderOffset: 0,
  flags: 0,
});

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return e instanceof DocumentError ? e.code : `other: ${String(e)}`;
  }
  return 'none';
}

describe('zip central directory', () => {
  it('lists entries with their declared sizes and reads them back', () => {
    const body = Buffer.from('<w:document>招标文件</w:document>'.repeat(50));
    const zip = makeZip([deflateEntry('[Content_Types].xml', Buffer.from('<Types/>')), deflateEntry('word/document.xml', body)]);
    const entries = listZipEntries(zip);
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', 'word/document.xml']);
    expect(entries[1]!.uncompressedSize).toBe(body.length);
    expect(readZipEntry(zip, entries[1]!).equals(body)).toBe(true);
  });

  it('refuses too many entries, a huge total, a high ratio — before inflating anything', () => {
    const many = Array.from({ length: DOCX_LIMITS.maxEntries + 1 }, (_, i) => entry(`f${i}`, 10, 10));
    expect(codeOf(() => assertSafeZip(many, 1e6))).toBe('ZIP_BOMB');
    expect(codeOf(() => assertSafeZip([entry('a', 400 * MB, 400 * MB), entry('b', 200 * MB, 200 * MB)], 600 * MB))).toBe('ZIP_BOMB');
    expect(codeOf(() => assertSafeZip([entry('word/document.xml', 100_000, 500 * MB)], 100_000))).toBe('ZIP_BOMB');
    // Normal documents pass: XML at ~10:1, images stored.
    expect(codeOf(() => assertSafeZip([entry('word/document.xml', 2 * MB, 20 * MB), entry('word/media/a.png', 30 * MB, 30 * MB)], 32 * MB))).toBe('none');
    // Many small entries each under the per-entry threshold but together a bomb.
    const small = Array.from({ length: 50 }, (_, i) => entry(`word/p${i}.xml`, 9_000, 9 * MB));
    expect(codeOf(() => assertSafeZip(small, 500_000))).toBe('ZIP_BOMB');
  });

  it("the inflation budget comes from the file's own size: 30× it, at least 32 MB, at most 256 MB (issue 10)", () => {
    expect(docxLimits(100_000).maxTotalUncompressed).toBe(32 * MB);
    expect(docxLimits(4 * MB).maxTotalUncompressed).toBe(120 * MB);
    expect(docxLimits(50 * MB).maxTotalUncompressed).toBe(256 * MB);
    // the report's bomb: 10 MB whose document.xml inflates 51:1 to 508 MB passed the old 512 MB / 100:1 limits
    expect(codeOf(() => assertSafeZip([entry('word/document.xml', 10 * MB, 508 * MB)], 10 * MB))).toBe('ZIP_BOMB');
    // a small file may not inflate to what a large one may
    expect(codeOf(() => assertSafeZip([entry('word/document.xml', 1 * MB, 36 * MB)], 1 * MB))).toBe('ZIP_BOMB');
    expect(codeOf(() => assertSafeZip([entry('word/document.xml', 2 * MB, 30 * MB)], 2 * MB))).toBe('none');
    // one part above 4 MB at more than 40:1
    expect(codeOf(() => assertSafeZip([entry('word/document.xml', 100_000, 5 * MB)], 100_000))).toBe('ZIP_BOMB');
  });

  it('assertSafeDocx inflates every entry against its declared size, not only the XML parts mammoth is known to read', () => {
    const body = deflateEntry('word/document.xml', Buffer.from('<w:document/>'));
    const liar = deflateEntry('word/custom.bin', Buffer.alloc(2 * MB, 0x41));
    const zip = makeZip([body, { ...liar, uncompressedSize: 10 }]);
    expect(codeOf(() => assertSafeDocx(zip))).toBe('ZIP_BOMB');
    expect(codeOf(() => assertSafeDocx(makeZip([body, liar])))).toBe('none');
  });

  it('holds an entry to its declared size: a directory that lies is caught while inflating, with a cap', () => {
    const real = deflateEntry('word/document.xml', Buffer.alloc(2 * MB, 0x20));
    const zip = makeZip([{ ...real, uncompressedSize: 1000 }]);
    const [e] = listZipEntries(zip);
    expect(codeOf(() => readZipEntry(zip, e!))).toBe('ZIP_BOMB');
  });

  it('a missing or damaged directory is CORRUPT', () => {
    expect(codeOf(() => listZipEntries(Buffer.from('PK\u0003\u0004 nothing')))).toBe('CORRUPT');
    const zip = makeZip([deflateEntry('word/document.xml', Buffer.from('<x/>'))]);
    const cut = zip.subarray(0, zip.length - 30);
    expect(codeOf(() => listZipEntries(cut))).toBe('CORRUPT');
  });
});
