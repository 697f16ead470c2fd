/**
 * Issue 22: every size a picture declares is read before it is decoded — GIF frames, APNG frames, every JPEG frame
 * header, WebP canvas / bitstream / animation frames, a BMP's |height| and its missing rows. A file that lies is refused
 * with a Chinese message (decoding the GIF below aborts the whole process in Skia: reaching the decoder would end this
 * test run).
 */
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_PIXELS, PictureError, analyseImage, checkImage, extractImages, measureImage, toWordImage } from '../../src/pictures/index.js';
import { buildPictureDocx, drawPicture, reencode } from '../fixtures/pictures.js';
import { apngFrameBomb, bmpNoPixels, flatPng, gifFrameBomb, jpegSecondFrame, webpFrameBomb } from '../fixtures/hostile-images.js';

/** A real w × h 24-bit BMP (rows bottom-up, or top-down with a negative height). */
function bmp(w: number, h: number): Buffer {
  const row = Math.ceil((w * 24) / 32) * 4;
  const b = Buffer.alloc(54 + row * Math.abs(h), 0x80);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(w, 18);
  b.writeInt32LE(h, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(0, 30);
  return b;
}

describe('measuring pictures (issue 22)', () => {
  it('reads the size of real pictures of every type', async () => {
    const png = drawPicture(5, 120, 90);
    expect(measureImage(png, 'png')).toMatchObject({ width: 120, height: 90, maxWidth: 120, maxHeight: 90 });
    const jpeg = await reencode(png, { quality: 80 });
    expect(measureImage(jpeg, 'jpeg')).toMatchObject({ width: 120, height: 90, frames: 1 });
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const c = createCanvas(64, 48);
    c.getContext('2d').drawImage(await loadImage(png), 0, 0, 64, 48);
    for (const webp of [await c.encode('webp', 80), await c.encode('webp', 100)]) expect(measureImage(webp, 'webp')).toMatchObject({ width: 64, height: 48 });
    expect(measureImage(bmp(30, -20), 'bmp')).toMatchObject({ width: 30, height: 20 });
    const gif = gifFrameBomb(1, 1);
    expect(measureImage(gif, 'gif')).toMatchObject({ width: 1, height: 1, frames: 1 });
    // and they still decode
    expect((await analyseImage(bmp(30, -20))).width).toBe(30);
    expect((await analyseImage(gif)).width).toBe(1);
  });

  it("refuses a GIF whose frame is larger than its screen: the red team's 62 bytes and a 20000×20000 frame", async () => {
    const bomb = gifFrameBomb();
    expect(bomb.length).toBe(62);
    expect(measureImage(bomb, 'gif')).toMatchObject({ width: 1, height: 1, maxWidth: 65535, maxHeight: 65535 });
    await expect(analyseImage(bomb)).rejects.toThrow('图片尺寸过大（65535×65535），最多 5000 万像素');
    await expect(analyseImage(gifFrameBomb(20000, 20000))).rejects.toThrow('图片尺寸过大（20000×20000）');
    await expect(toWordImage(bomb)).rejects.toThrow(PictureError);
    // a frame placed far outside a small screen counts with its offset
    const offset = gifFrameBomb(10, 10);
    offset.writeUInt16LE(60000, 20);
    offset.writeUInt16LE(60000, 22);
    expect(() => checkImage(offset)).toThrow(/图片尺寸过大（60010×60010）/);
  });

  it('refuses an APNG frame, a second JPEG frame header and a WebP animation frame over the cap', () => {
    expect(() => checkImage(apngFrameBomb())).toThrow('图片尺寸过大（65535×65535），最多 5000 万像素');
    expect(() => checkImage(jpegSecondFrame())).toThrow('图片尺寸过大（60000×60000），最多 5000 万像素');
    expect(() => checkImage(webpFrameBomb())).toThrow('图片尺寸过大（16384×16384），最多 5000 万像素');
  });

  it("refuses the 58-byte BMP declaring 7000×−7000 (no pixel rows behind it) and a broken structure", () => {
    const b = bmpNoPixels();
    expect(b.length).toBe(58);
    expect(() => checkImage(b)).toThrow('图片已损坏或无法解码');
    expect(() => checkImage(bmpNoPixels(8000, -8000))).toThrow('图片已损坏或无法解码');
    // a GIF that ends before any frame, a JPEG without a frame header
    expect(() => checkImage(gifFrameBomb().subarray(0, 19))).toThrow('图片已损坏或无法解码');
    expect(() => checkImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0]))).toThrow('图片已损坏或无法解码');
    // a TIFF is no picture the product takes: refused before anything reads it
    expect(() => checkImage(Buffer.from('II*\0\x08\0\0\0', 'latin1'))).toThrow('不是支持的图片格式');
  });

  it('a 7000×7000 picture inside the cap is measured, not refused', () => {
    const png = flatPng(7000, 7000);
    expect(png.length).toBeLessThan(200_000);
    expect(checkImage(png)).toMatchObject({ type: 'png', width: 7000, height: 7000 });
  });
});

describe('extraction pixel budget (issue 22)', () => {
  it("takes pictures of a DOCX until the document's pixel budget is spent; the rest are counted, not decoded", async () => {
    const big = [1, 2, 3, 4, 5, 6].map((seed) => ({ page: seed, data: flatPng(7000, 7000, seed), type: 'png' as const }));
    const docx = await buildPictureDocx(big, 6);
    // five 49-megapixel pictures fit in the default 250 million pixels; the sixth does not
    const r = await extractImages(docx, 'docx');
    expect(MAX_DOCUMENT_PIXELS).toBe(250_000_000);
    expect(r.images.map((i) => i.page)).toEqual([1, 2, 3, 4, 5]);
    expect(r).toMatchObject({ overBudget: 1, skipped: 0 });

    const small = [1, 2, 3, 4].map((seed) => ({ page: 1, data: drawPicture(70 + seed), type: 'png' as const }));
    const some = await extractImages(await buildPictureDocx(small, 1), 'docx', { maxPixels: 2 * 480 * 360 });
    expect(some.images).toHaveLength(2);
    expect(some.overBudget).toBe(2);
  }, 60_000);

  it('a picture in a DOCX whose frame lies about its size is skipped before decoding', async () => {
    const lying = apngFrameBomb();
    const docx = await buildPictureDocx([{ page: 1, data: lying, type: 'png' }, { page: 1, data: drawPicture(80), type: 'png' }], 1);
    const r = await extractImages(docx, 'docx');
    expect(r.images).toHaveLength(1);
    expect(r.skipped).toBe(1);
  });
});

describe('data-bank reading (issue 22)', () => {
  it('refuses a picture whose later frame header is over the OCR cap, before any OCR', async () => {
    const { readDataText } = await import('../../src/databank/read.js');
    await expect(readDataText(jpegSecondFrame())).rejects.toThrow('图片尺寸过大或已损坏，无法识别文字');
    await expect(readDataText(apngFrameBomb())).rejects.toThrow('图片尺寸过大或已损坏，无法识别文字');
  });
});
