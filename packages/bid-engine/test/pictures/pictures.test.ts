/**
 * Issue 14 "Extraction measured": a DOCX and a PDF with known embedded pictures give every picture back with its page; a
 * recompressed and a resized copy are recognised as duplicates (dHash within DHASH_DUPLICATE_BITS), different pictures
 * are not.
 */
import { describe, expect, it } from 'vitest';
import {
  DHASH_DUPLICATE_BITS,
  PictureError,
  analyseImage,
  extractImages,
  hammingDistance,
  imageSize,
  sniffImage,
} from '../../src/pictures/index.js';
import { buildZipBomb } from '../fixtures/build.js';
import { buildPictureDocx, buildPicturePdf, drawPicture, reencode } from '../fixtures/pictures.js';

const A = drawPicture(1);
const B = drawPicture(2);
const C = drawPicture(3, 300, 400);

const hash = async (b: Buffer) => (await analyseImage(b)).dhash;

describe('picture analysis', () => {
  it('sniffs by content and reads the size from the header', async () => {
    const jpeg = await reencode(A, { quality: 80 });
    expect(sniffImage(A)).toBe('png');
    expect(sniffImage(jpeg)).toBe('jpeg');
    expect(sniffImage(Buffer.from('%PDF-1.7 not a picture'))).toBeNull();
    expect(imageSize(A, 'png')).toEqual({ width: 480, height: 360 });
    expect(imageSize(jpeg, 'jpeg')).toEqual({ width: 480, height: 360 });
    const a = await analyseImage(C);
    expect(a).toMatchObject({ type: 'png', mime: 'image/png', width: 300, height: 400, size: C.length });
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(a.dhash).toMatch(/^[0-9a-f]{16}$/);
    // the thumbnail is a JPEG whose longer side is 320
    expect(sniffImage(a.thumbnail)).toBe('jpeg');
    expect(imageSize(a.thumbnail, 'jpeg')).toEqual({ width: 240, height: 320 });
  });

  it('refuses what is not a picture, and a header declaring too many pixels, before decoding', async () => {
    await expect(analyseImage(Buffer.from('hello'))).rejects.toThrow(PictureError);
    const huge = Buffer.from(A);
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    await expect(analyseImage(huge)).rejects.toThrow(/图片尺寸过大/);
  });

  it('a recompressed and a resized copy are duplicates; different pictures are not', async () => {
    const [a, b, c] = await Promise.all([hash(A), hash(B), hash(C)]);
    const recompressed = await hash(await reencode(A, { quality: 40 }));
    const resized = await hash(await reencode(A, { scale: 0.45, as: 'png' }));
    const both = await hash(await reencode(A, { scale: 1.6, quality: 70 }));
    for (const copy of [recompressed, resized, both]) expect(hammingDistance(a, copy)).toBeLessThanOrEqual(DHASH_DUPLICATE_BITS);
    for (const [x, y] of [[a, b], [a, c], [b, c]] as const) expect(hammingDistance(x, y)).toBeGreaterThan(DHASH_DUPLICATE_BITS);
  });
});

describe('extraction', () => {
  it('DOCX: every embedded picture with its page, a picture used twice listed once', async () => {
    const jpegB = await reencode(B, { quality: 85 });
    const docx = await buildPictureDocx(
      [
        { page: 1, data: A, type: 'png' },
        { page: 3, data: jpegB, type: 'jpg' },
        { page: 4, data: C, type: 'png' },
        { page: 5, data: A, type: 'png' },
      ],
      5,
    );
    const r = await extractImages(docx, 'docx');
    expect(r.images.map((i) => [i.index, i.page, i.type, i.name])).toEqual([
      [1, 1, 'png', '第1页-图1.png'],
      [2, 3, 'jpeg', '第3页-图1.jpg'],
      [3, 4, 'png', '第4页-图1.png'],
    ]);
    // the bytes are the embedded files themselves
    expect(r.images[0]!.data.equals(A)).toBe(true);
    expect(r.images[1]!.data.equals(jpegB)).toBe(true);
    expect(r.skipped).toBe(0);
    expect(r.pages).toBe(5);
  });

  it('DOCX: a zip bomb is refused before anything is inflated', async () => {
    await expect(extractImages(await buildZipBomb(300), 'docx')).rejects.toThrow(/压缩/);
  });

  it('PDF: every painted image with its page, decoded to PNG and still the same picture', async () => {
    const jpegB = await reencode(B, { quality: 90 });
    const pdf = await buildPicturePdf(
      [
        { page: 1, data: A, type: 'png' },
        { page: 2, data: jpegB, type: 'jpg' },
        { page: 2, data: C, type: 'png' },
      ],
      3,
    );
    const progress: number[] = [];
    const r = await extractImages(pdf, 'pdf', { onProgress: (done) => progress.push(done) });
    expect(r.pages).toBe(3);
    expect(progress).toEqual([1, 2, 3]);
    expect(r.images.map((i) => [i.page, i.type, i.name])).toEqual([
      [1, 'png', '第1页-图1.png'],
      [2, 'png', '第2页-图1.png'],
      [2, 'png', '第2页-图2.png'],
    ]);
    const got = await Promise.all(r.images.map((i) => analyseImage(i.data)));
    expect(got.map((g) => [g.width, g.height])).toEqual([
      [480, 360],
      [480, 360],
      [300, 400],
    ]);
    const want = await Promise.all([hash(A), hash(B), hash(C)]);
    got.forEach((g, i) => expect(hammingDistance(g.dhash, want[i]!)).toBeLessThanOrEqual(DHASH_DUPLICATE_BITS));
  });
});
