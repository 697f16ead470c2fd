/**
 * Pictures (issue 14, 图片库): what an image file is, judged by its content (never its name), every size it declares
 * read before anything is decoded (measure.ts: frames included — a 100 000 × 100 000 PNG of a few KB, or a 1×1 GIF with a
 * 65535×65535 frame, is refused, not decoded; `decode` is the one way to the image library and checks first), a 64-bit
 * difference hash (dHash) that a recompressed or resized copy keeps within a few bits, a server-made thumbnail, and for
 * the duplicate check a gradient hash that ignores flat areas (where JPEG noise flips a dHash's bits), of crops too.
 */
import { createHash } from 'node:crypto';
import { measureImage, type ImageMeasure, type ImageType } from './measure.js';

export type { ImageType } from './measure.js';

export const IMAGE_MIME: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

/** Most pixels a picture may have (decoding holds 4 bytes per pixel): 50 megapixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The thumbnail's longer side. */
export const THUMB_SIDE = 320;
/** Two pictures whose dHashes differ in at most this many of 64 bits are the same picture. */
export const DHASH_DUPLICATE_BITS = 6;

export class PictureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PictureError';
  }
}

export const PICTURE_MESSAGES = {
  notImage: '不是支持的图片格式，仅支持 PNG、JPEG、GIF、WebP、BMP',
  broken: '图片已损坏或无法解码',
  tooManyPixels: (w: number, h: number) => `图片尺寸过大（${w}×${h}），最多 5000 万像素`,
} as const;

/** The image type from the first bytes, or null. */
export function sniffImage(b: Uint8Array): ImageType | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && ascii(b, 0, 6) === 'GIF87a') return 'gif';
  if (b.length >= 6 && ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) return 'bmp';
  return null;
}

function ascii(b: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...b.subarray(from, to));
}

/** Width and height as the file shows them (measure.ts), or null when its structure is broken. */
export function imageSize(input: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const m = measureImage(input, type);
  return m && { width: m.width, height: m.height };
}

/**
 * What a picture is and every size it declares, checked before anything decodes it (issue 22): a file that is not a
 * supported picture, whose structure is broken, or any of whose frames would hold more than MAX_IMAGE_PIXELS is refused
 * with a PictureError (Chinese message).
 */
export function checkImage(data: Uint8Array): { type: ImageType } & ImageMeasure {
  const type = sniffImage(data);
  if (!type) throw new PictureError(PICTURE_MESSAGES.notImage);
  const m = measureImage(data, type);
  if (!m) throw new PictureError(PICTURE_MESSAGES.broken);
  if (m.maxWidth * m.maxHeight > MAX_IMAGE_PIXELS) throw new PictureError(PICTURE_MESSAGES.tooManyPixels(m.maxWidth, m.maxHeight));
  return { type, ...m };
}

export interface AnalysedImage {
  type: ImageType;
  mime: string;
  width: number;
  height: number;
  size: number;
  sha256: string;
  /** 16 hex digits */
  dhash: string;
  /** JPEG, longer side at most THUMB_SIDE */
  thumbnail: Buffer;
}

type Canvas = import('@napi-rs/canvas').Canvas;
type Image = import('@napi-rs/canvas').Image;

/** Decodes a picture, only once checkImage has measured every size it declares (the one way in to the decoder). */
async function decode(data: Buffer): Promise<{ img: Image; type: ImageType }> {
  const { type } = checkImage(data);
  const { loadImage } = await import('@napi-rs/canvas');
  try {
    const img = await loadImage(data);
    if (!img.width || !img.height) throw new Error('empty');
    return { img, type };
  } catch {
    throw new PictureError(PICTURE_MESSAGES.broken);
  }
}

/** Draws `img` at w×h, halving step by step first so a large picture is averaged rather than sampled. */
async function scaled(img: Image | Canvas, w: number, h: number): Promise<Canvas> {
  const { createCanvas } = await import('@napi-rs/canvas');
  let src: Image | Canvas = img;
  let sw = img.width;
  let sh = img.height;
  while (sw / 2 >= w * 2 && sh / 2 >= h * 2) {
    const nw = Math.max(1, Math.floor(sw / 2));
    const nh = Math.max(1, Math.floor(sh / 2));
    const c = createCanvas(nw, nh);
    const ctx = c.getContext('2d');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, nw, nh);
    ctx.drawImage(src, 0, 0, nw, nh);
    src = c;
    sw = nw;
    sh = nh;
  }
  const out = createCanvas(w, h);
  const ctx = out.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(src, 0, 0, w, h);
  return out;
}

/** The 64-bit dHash of a decoded image: 9×8 grayscale, each bit = a pixel brighter than its right neighbour. */
async function dhashOf(img: Image | Canvas): Promise<string> {
  const small = await scaled(img, 9, 8);
  const px = small.getContext('2d').getImageData(0, 0, 9, 8).data;
  const gray = (x: number, y: number) => {
    const i = (y * 9 + x) * 4;
    return 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;
  };
  let bits = 0n;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits = (bits << 1n) | (gray(x, y) > gray(x + 1, y) ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/**
 * A gradient hash with a confidence mask (the duplicate check, issue 15). The picture, in grey, is averaged over a
 * 13×13 grid; each of 288 differences between neighbouring cells (12×12 left−right, 12×12 top−bottom) gives a sign
 * bit and a mask bit: the difference is at least GRADIENT_MARGIN grey levels. A flat area (a screenshot's background) has
 * no confident bits, so JPEG noise there changes nothing, where a dHash's bits in it flip. `bits` is hex: 9 words of
 * signs then 9 words of mask; `aspect` is width / height of what was hashed.
 */
export interface GradientHash {
  bits: string;
  aspect: number;
}

const GRID = 12;
export const GRADIENT_CELLS = 2 * GRID * GRID;
const GRADIENT_WORDS = GRADIENT_CELLS / 32;
/** Grey levels (0–255) a difference must reach to be a confident bit. */
export const GRADIENT_MARGIN = 3;
/** A picture with fewer confident bits than this (blank, a rule or two) has no shape to compare. */
export const GRADIENT_MIN_CONFIDENT = Math.round(GRADIENT_CELLS * 0.1);

interface Grey {
  w: number;
  h: number;
  /** integral image, (w + 1) × (h + 1) */
  sums: Float64Array;
}

function gradientHashOf(g: Grey, x0: number, y0: number, w: number, h: number): GradientHash {
  const C = GRID + 1;
  const cells = new Float64Array(C * C);
  const W = g.w + 1;
  for (let j = 0; j < C; j++) {
    const y1 = Math.round(y0 + (h * j) / C);
    const y2 = Math.max(y1 + 1, Math.round(y0 + (h * (j + 1)) / C));
    for (let i = 0; i < C; i++) {
      const x1 = Math.round(x0 + (w * i) / C);
      const x2 = Math.max(x1 + 1, Math.round(x0 + (w * (i + 1)) / C));
      const sum = g.sums[y2 * W + x2]! - g.sums[y1 * W + x2]! - g.sums[y2 * W + x1]! + g.sums[y1 * W + x1]!;
      cells[j * C + i] = sum / ((x2 - x1) * (y2 - y1));
    }
  }
  const words = new Uint32Array(2 * GRADIENT_WORDS);
  let k = 0;
  const put = (d: number) => {
    if (Math.abs(d) >= GRADIENT_MARGIN) {
      if (d > 0) words[k >> 5] = (words[k >> 5]! | (1 << (k & 31))) >>> 0;
      words[GRADIENT_WORDS + (k >> 5)] = (words[GRADIENT_WORDS + (k >> 5)]! | (1 << (k & 31))) >>> 0;
    }
    k++;
  };
  for (let j = 0; j < GRID; j++) for (let i = 0; i < GRID; i++) put(cells[j * C + i]! - cells[j * C + i + 1]!);
  for (let j = 0; j < GRID; j++) for (let i = 0; i < GRID; i++) put(cells[j * C + i]! - cells[(j + 1) * C + i]!);
  return { bits: Array.from(words, (x) => x.toString(16).padStart(8, '0')).join(''), aspect: Math.round((w / h) * 1e4) / 1e4 };
}

/**
 * Gradient hashes of a picture and of windows of it (the duplicate check, issue 15): windows keeping 80, 85, 90 or 100 %
 * of the width and of the height (not both 100 %), each at five positions along a shortened side — a copy cropped on any
 * sides has a hash close to one of its original's windows. The picture is drawn at most 256 px on its longer side once;
 * each window is averaged from that (an integral image), not drawn again.
 */
export async function gradientHashes(data: Buffer, fractions: number[] = [0.8, 0.85, 0.9, 1]): Promise<{ ghash: GradientHash; gwindows: GradientHash[] }> {
  const { img } = await decode(data);
  const k = Math.min(1, 256 / Math.max(img.width, img.height));
  const w = Math.max(GRID + 1, Math.round(img.width * k));
  const h = Math.max(GRID + 1, Math.round(img.height * k));
  const px = (await scaled(img, w, h)).getContext('2d').getImageData(0, 0, w, h).data;
  const sums = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      row += 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;
      sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1]! + row;
    }
  }
  const g: Grey = { w, h, sums };
  const at = (slack: number) => (slack <= 0 ? [0] : [0, 0.25, 0.5, 0.75, 1].map((q) => slack * q));
  const gwindows: GradientHash[] = [];
  for (const fw of fractions)
    for (const fh of fractions) {
      if (fw >= 1 && fh >= 1) continue;
      const ww = w * fw;
      const wh = h * fh;
      for (const x of at(w - ww)) for (const y of at(h - wh)) gwindows.push(gradientHashOf(g, x, y, ww, wh));
    }
  return { ghash: gradientHashOf(g, 0, 0, w, h), gwindows };
}

/** A GradientHash's words (signs, then mask, then the count of confident bits), for comparing many times. */
export function gradientWords(h: GradientHash): Uint32Array {
  const out = new Uint32Array(2 * GRADIENT_WORDS + 1);
  for (let i = 0; i < 2 * GRADIENT_WORDS; i++) out[i] = parseInt(h.bits.slice(i * 8, i * 8 + 8), 16) >>> 0;
  for (let i = GRADIENT_WORDS; i < 2 * GRADIENT_WORDS; i++) out[2 * GRADIENT_WORDS] = out[2 * GRADIENT_WORDS]! + popcount(out[i]!);
  return out;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Confident bits of a hash (gradientWords). */
export function gradientConfident(a: Uint32Array): number {
  return a[2 * GRADIENT_WORDS]!;
}

/**
 * How unlike two gradient hashes (gradientWords) are, 0–1: among the bits confident in either, those of opposite sign
 * count 1 and those confident in one only count ½ (an edge in one picture where the other is flat). 1 when fewer than
 * GRADIENT_MIN_CONFIDENT bits are confident in either, or (a shortcut for comparing many) when more than `limit`.
 */
export function gradientDistance(a: Uint32Array, b: Uint32Array, limit = 1): number {
  let both = 0;
  for (let i = GRADIENT_WORDS; i < 2 * GRADIENT_WORDS; i++) both += popcount((a[i]! & b[i]!) >>> 0);
  const union = gradientConfident(a) + gradientConfident(b) - both;
  if (union < GRADIENT_MIN_CONFIDENT) return 1;
  const one = union - both;
  if (one / 2 > limit * union) return 1;
  let differ = 0;
  for (let i = 0; i < GRADIENT_WORDS; i++) differ += popcount(((a[i]! ^ b[i]!) & a[GRADIENT_WORDS + i]! & b[GRADIENT_WORDS + i]!) >>> 0);
  const d = (differ + one / 2) / union;
  return d > limit ? 1 : d;
}

/** Bits in which two dHashes (16 hex digits each) differ. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/**
 * Everything the library keeps of a picture. Throws PictureError (Chinese message) for a file that is not one of the
 * supported images, is larger than MAX_IMAGE_PIXELS, or does not decode.
 */
export async function analyseImage(data: Buffer): Promise<AnalysedImage> {
  const { img, type } = await decode(data);
  const k = Math.min(1, THUMB_SIDE / Math.max(img.width, img.height));
  const thumb = await scaled(img, Math.max(1, Math.round(img.width * k)), Math.max(1, Math.round(img.height * k)));
  return {
    type,
    mime: IMAGE_MIME[type],
    width: img.width,
    height: img.height,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    dhash: await dhashOf(img),
    thumbnail: await thumb.encode('jpeg', 85),
  };
}

/**
 * A picture as PNG or JPEG bytes for a Word file (which takes neither WebP nor every GIF/BMP): PNG and JPEG as they are,
 * the others decoded and encoded as PNG. Throws PictureError like analyseImage.
 */
export async function toWordImage(data: Buffer): Promise<{ mime: 'image/png' | 'image/jpeg'; data: Buffer }> {
  const { type } = checkImage(data);
  if (type === 'png' || type === 'jpeg') return { mime: IMAGE_MIME[type] as 'image/png' | 'image/jpeg', data };
  const { img } = await decode(data);
  const c = await scaled(img, img.width, img.height);
  return { mime: 'image/png', data: await c.encode('png') };
}
