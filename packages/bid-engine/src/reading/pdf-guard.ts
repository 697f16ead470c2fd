import zlib from 'node:zlib';
import { DocumentError } from './errors.js';

/**
 * The PDF counterpart of the DOCX inflation budget (zip.ts). pdfjs inflates FlateDecode streams itself, whole and into
 * memory outside the V8 heap, so a tiny PDF can hold a stream that inflates to hundreds of MB (issue 10: 458 KB → one
 * 300 MB content stream froze the server for minutes). Before pdfjs sees the file, every FlateDecode stream is inflated
 * once with a streaming zlib that only counts bytes, and the file is refused as soon as the total passes its budget.
 * Other filters (LZW, JBIG2…) are left to the parse worker's memory and time limits.
 */
const MB = 1024 * 1024;

/** 50 bytes per byte of the file, at least 64 MB, at most 512 MB (text PDFs inflate 3–10×, Flate images rarely 30×). */
export const PDF_BUDGET = { perByte: 50, floor: 64 * MB, ceiling: 512 * MB } as const;

export function pdfInflateBudget(fileSize: number): number {
  return Math.min(PDF_BUDGET.ceiling, Math.max(PDF_BUDGET.floor, PDF_BUDGET.perByte * Math.max(0, fileSize)));
}

function isSpace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}

/** [start, end) of the data of every stream whose dictionary names FlateDecode, in file order. */
export function* flateStreams(buf: Buffer): Generator<[number, number]> {
  let pos = 0;
  for (;;) {
    const at = buf.indexOf('stream', pos, 'latin1');
    if (at < 0) return;
    pos = at + 6;
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue; // endstream
    // the keyword follows the stream dictionary's closing >>
    let k = at - 1;
    while (k >= 0 && isSpace(buf[k])) k--;
    if (k < 1 || buf[k] !== 0x3e || buf[k - 1] !== 0x3e) continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf('endstream', start, 'latin1');
    const stop = end < 0 ? buf.length : end;
    pos = stop;
    // the dictionary runs back to this object's `N 0 obj` (at most 64 KB back)
    const from = Math.max(0, at - 65_536);
    const obj = buf.lastIndexOf('obj', at, 'latin1');
    const dict = buf.toString('latin1', obj >= from ? obj : from, k + 1);
    if (/\/FlateDecode\b/.test(dict)) yield [start, stop];
  }
}

/** Bytes a zlib stream inflates to, counting up to `limit` + something and then giving up; broken data counts what came out. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const z = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 });
    let n = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(n);
    };
    z.on('data', (c: Buffer) => {
      n += c.length;
      if (n > limit) {
        z.destroy();
        finish();
      }
    });
    z.on('end', finish);
    z.on('error', finish);
    z.on('close', finish);
    z.end(data);
  });
}

/** Streams inflated in one synchronous call, each output capped (larger or broken ones go through the counting stream). */
const SYNC_MAX_OUTPUT = 16 * MB;

/**
 * Bytes a stream inflates to: one `inflateSync` with its output capped (a page's content stream, a font: no event-loop
 * round trips, a few ms for a 300-page file instead of tens); a stream that would pass the cap or is broken is counted
 * by the streaming inflater, which never holds more than one chunk and counts what broken data gives.
 */
function inflatedSizeFast(data: Buffer, limit: number): Promise<number> | number {
  try {
    return zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, Math.min(SYNC_MAX_OUTPUT, limit + 1)) }).length;
  } catch {
    return inflatedSize(data, limit);
  }
}

/**
 * Throws ZIP_BOMB (a decompression bomb) when the FlateDecode streams of `buf` together inflate past the file's budget.
 * Never holds more than one output chunk; stops at the first byte over the budget.
 */
export async function assertSafePdf(buf: Buffer, budget: number = pdfInflateBudget(buf.length), signal?: AbortSignal): Promise<void> {
  let total = 0;
  for (const [start, end] of flateStreams(buf)) {
    if (signal?.aborted) throw new DocumentError('ABORTED');
    total += await inflatedSizeFast(buf.subarray(start, end), budget - total);
    if (total > budget) {
      throw new DocumentError(
        'ZIP_BOMB',
        `PDF 文件异常：压缩数据解压后超过 ${Math.round(budget / MB)} MB（按文件大小允许的上限），疑似压缩炸弹，已拒绝处理`,
      );
    }
  }
}
