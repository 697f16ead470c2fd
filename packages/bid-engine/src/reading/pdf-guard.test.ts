import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DocumentError } from './errors.js';
import { assertSafePdf, flateStreams, pdfInflateBudget } from './pdf-guard.js';
import { buildTenderPdf } from '../../test/fixtures/build.js';

const MB = 1024 * 1024;

/** A PDF body with the given stream objects (no xref: the guard only scans, it never parses). */
function pdfWith(streams: Array<{ dict: string; data: Buffer }>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  streams.forEach((s, i) => {
    parts.push(Buffer.from(`${i + 1} 0 obj\n<< ${s.dict} /Length ${s.data.length} >>\nstream\n`), s.data, Buffer.from('\nendstream\nendobj\n'));
  });
  parts.push(Buffer.from('%%EOF\n'));
  return Buffer.concat(parts);
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof DocumentError ? e.code : `other: ${String(e)}`;
  }
  return 'none';
}

describe('PDF inflation guard (issue 10)', () => {
  it('budget: 50× the file, at least 64 MB, at most 512 MB', () => {
    expect(pdfInflateBudget(458 * 1024)).toBe(64 * MB);
    expect(pdfInflateBudget(4 * MB)).toBe(200 * MB);
    expect(pdfInflateBudget(100 * MB)).toBe(512 * MB);
  });

  it('finds FlateDecode streams only, by their dictionary', () => {
    const pdf = pdfWith([
      { dict: '/Filter /FlateDecode', data: zlib.deflateSync(Buffer.from('BT (a) Tj ET')) },
      { dict: '/Filter /DCTDecode', data: Buffer.from([0xff, 0xd8, 0xff]) },
      { dict: '/Filter [/FlateDecode]', data: zlib.deflateSync(Buffer.from('q Q')) },
    ]);
    const found = [...flateStreams(pdf)].map(([a, b]) => zlib.inflateSync(pdf.subarray(a, b)).toString());
    expect(found).toEqual(['BT (a) Tj ET', 'q Q']);
  });

  it('refuses a stream that inflates past the budget, in Chinese', async () => {
    const big = zlib.deflateSync(Buffer.alloc(80 * MB, 0x20)); // ~80 KB inflating to 80 MB
    const pdf = pdfWith([{ dict: '/Filter /FlateDecode', data: big }]);
    await expect(assertSafePdf(pdf)).rejects.toThrow(/^PDF 文件异常：压缩数据解压后超过 64 MB（按文件大小允许的上限），疑似压缩炸弹，已拒绝处理$/);
    expect(await codeOf(assertSafePdf(pdf))).toBe('ZIP_BOMB');
    // many streams count together
    const parts = Array.from({ length: 5 }, () => ({ dict: '/Filter /FlateDecode', data: zlib.deflateSync(Buffer.alloc(20 * MB, 0x20)) }));
    expect(await codeOf(assertSafePdf(pdfWith(parts)))).toBe('ZIP_BOMB');
  });

  it('a real tender PDF passes, and a broken stream is not an error of the guard', async () => {
    expect(await codeOf(assertSafePdf(await buildTenderPdf()))).toBe('none');
    const broken = pdfWith([{ dict: '/Filter /FlateDecode', data: Buffer.from('not zlib at all') }]);
    expect(await codeOf(assertSafePdf(broken))).toBe('none');
  });
});
