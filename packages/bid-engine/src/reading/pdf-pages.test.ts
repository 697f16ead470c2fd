import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

// captured before pdfjs is loaded by this file's import below
const nativePush = Array.prototype.push;
const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;
const { pdfjs } = await import('./pdf-pages.js');
await pdfjs();

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const { readable, writable } = new DecompressionStream('deflate');
  const writer = writable.getWriter();
  void writer.write(data).then(() => writer.close()).catch(() => undefined);
  const chunks: Uint8Array[] = [];
  for await (const c of readable) chunks.push(c);
  return Buffer.concat(chunks);
}

describe('pdfjs as loaded for reading', () => {
  it('leaves push and JSON native (the legacy build replaces them with slow polyfills) and keeps what it adds', () => {
    expect(Array.prototype.push).toBe(nativePush);
    expect(JSON.parse).toBe(nativeParse);
    expect(JSON.stringify).toBe(nativeStringify);
    expect(typeof Promise.withResolvers).toBe('function'); // added by the build, pdfjs needs it on Node 20
    const a: number[] = [];
    a.push(1, 2);
    expect(a).toEqual([1, 2]);
  });

  it("inflates 'deflate' in one call with the same bytes, errors on broken data, and leaves other formats native", async () => {
    const text = Buffer.from('第一章 招标公告 '.repeat(5000));
    expect(Buffer.from(await inflate(zlib.deflateSync(text))).equals(text)).toBe(true);
    const broken = zlib.deflateSync(text).subarray(0, 100);
    await expect(inflate(broken)).rejects.toThrow();
    const gz = new DecompressionStream('gzip');
    expect(gz.constructor.name).not.toBe('SyncDeflateDecompressionStream');
    const w = gz.writable.getWriter();
    void w.write(zlib.gzipSync(text)).then(() => w.close());
    const out: Uint8Array[] = [];
    for await (const c of gz.readable) out.push(c);
    expect(Buffer.concat(out).equals(text)).toBe(true);
  });
});
