/**
 * How large a picture is, read from every size its file declares — never by decoding it (issue 22). A file's header is
 * not the whole story: a GIF's logical screen may be 1×1 while one of its frames is 65535×65535 (Skia then aborts the
 * whole process), an APNG has a size per frame (fcTL), a JPEG may carry several frame headers (SOFn), a WebP has its
 * canvas (VP8X), its bitstream sizes and one per animation frame (ANMF), a BMP a negative height (top-down rows) and no
 * pixel data behind a large declared size. Every one of them is read here; the answer is the largest area a decoder
 * may be asked to hold (a frame's extent, its offset included, counts against the canvas), or null when the file's
 * structure is broken — then it is not decoded either.
 *
 * TIFF is not read: no path of the product accepts it (sniffImage does not know it, so it is refused before this).
 */
/** The image formats the product accepts (sniffImage in image.ts tells them by content). */
export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';

export interface ImageMeasure {
  /** the picture's size as shown (the canvas / logical screen / first frame) */
  width: number;
  height: number;
  /** the largest extent any frame or header declares: what a decoder may allocate (≥ width × height) */
  maxWidth: number;
  maxHeight: number;
  frames: number;
}

/** Most frames a picture may declare: an animation's frames are walked one by one, and more is not a picture. */
const MAX_FRAMES = 10_000;

class Broken extends Error {}
const broken = (): never => {
  throw new Broken();
};

/** Keeps the largest declared extent; every size must be at least 1 × 1. */
class Extents {
  maxWidth = 0;
  maxHeight = 0;
  maxArea = 0;
  frames = 0;
  add(w: number, h: number): void {
    if (!(w >= 1 && h >= 1) || !Number.isFinite(w) || !Number.isFinite(h)) broken();
    if (w * h > this.maxArea) {
      this.maxArea = w * h;
      this.maxWidth = w;
      this.maxHeight = h;
    }
  }
  frame(): void {
    if (++this.frames > MAX_FRAMES) broken();
  }
}

export function measureImage(input: Uint8Array, type: ImageType): ImageMeasure | null {
  const b = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const ext = new Extents();
  try {
    const shown = MEASURE[type](b, ext);
    ext.add(shown.width, shown.height);
    return { ...shown, maxWidth: ext.maxWidth, maxHeight: ext.maxHeight, frames: Math.max(1, ext.frames) };
  } catch (e) {
    if (e instanceof Broken || e instanceof RangeError) return null;
    throw e;
  }
}

type Measure = (b: Buffer, ext: Extents) => { width: number; height: number };

const ascii = (b: Buffer, from: number, to: number) => b.toString('latin1', from, to);

const MEASURE: Record<ImageType, Measure> = {
  /** the logical screen, then every block: extensions skipped by their sub-blocks, each image descriptor measured */
  gif(b, ext) {
    const sw = b.readUInt16LE(6);
    const sh = b.readUInt16LE(8);
    const flags = b[10]!;
    let p = 13 + (flags & 0x80 ? 3 * (1 << ((flags & 7) + 1)) : 0);
    const skipSubBlocks = () => {
      for (;;) {
        if (p >= b.length) return false;
        const n = b[p++]!;
        if (n === 0) return true;
        p += n;
      }
    };
    while (p < b.length) {
      const block = b[p++]!;
      if (block === 0x3b) break; // trailer
      if (block === 0x21) {
        p++; // label
        if (!skipSubBlocks()) break;
      } else if (block === 0x2c) {
        const left = b.readUInt16LE(p);
        const top = b.readUInt16LE(p + 2);
        const w = b.readUInt16LE(p + 4);
        const h = b.readUInt16LE(p + 6);
        const f = b[p + 8]!;
        ext.frame();
        // a decoder may grow its canvas to hold a frame placed beyond the screen
        ext.add(w, h);
        ext.add(Math.max(sw, left + w), Math.max(sh, top + h));
        p += 9 + (f & 0x80 ? 3 * (1 << ((f & 7) + 1)) : 0) + 1; // local colour table, LZW code size
        if (!skipSubBlocks()) break;
      } else broken();
    }
    if (!ext.frames) broken();
    return { width: sw, height: sh };
  },

  /** IHDR, then every chunk's header: each APNG frame (fcTL) measured, its offset included */
  png(b, ext) {
    if (ascii(b, 12, 16) !== 'IHDR') broken();
    const width = b.readUInt32BE(16);
    const height = b.readUInt32BE(20);
    if (width > 0x7fffffff || height > 0x7fffffff) broken();
    let p = 8;
    while (p + 8 <= b.length) {
      const len = b.readUInt32BE(p);
      const kind = ascii(b, p + 4, p + 8);
      if (kind === 'fcTL') {
        const d = p + 8;
        const w = b.readUInt32BE(d + 4);
        const h = b.readUInt32BE(d + 8);
        const x = b.readUInt32BE(d + 12);
        const y = b.readUInt32BE(d + 16);
        ext.frame();
        ext.add(w, h);
        ext.add(Math.max(width, x + w), Math.max(height, y + h));
      }
      if (kind === 'IEND') break;
      p += 12 + len;
    }
    return { width, height };
  },

  /** every frame header (SOF0–SOF15), the entropy-coded data after each scan skipped to its next marker */
  jpeg(b, ext) {
    let p = 2;
    let shown: { width: number; height: number } | null = null;
    while (p + 3 < b.length) {
      if (b[p] !== 0xff) broken();
      const marker = b[p + 1]!;
      if (marker === 0xff) {
        p++;
        continue;
      }
      if (marker === 0xd9) break; // end of image
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        p += 2;
        continue;
      }
      const len = b.readUInt16BE(p + 2);
      if (len < 2) broken();
      // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        const h = b.readUInt16BE(p + 5);
        const w = b.readUInt16BE(p + 7);
        ext.frame();
        ext.add(w, h); // a height of 0 (defined later by DNL) is refused: its size is not known before decoding
        shown ??= { width: w, height: h };
      }
      p += 2 + len;
      if (marker === 0xda) {
        // entropy-coded data: up to the next marker that is neither a stuffed 0xFF00 nor a restart marker
        for (;;) {
          const q = b.indexOf(0xff, p);
          if (q < 0 || q + 1 >= b.length) {
            p = b.length;
            break;
          }
          const next = b[q + 1]!;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            p = q + (next === 0xff ? 1 : 2);
            continue;
          }
          p = q;
          break;
        }
      }
    }
    return shown ?? broken();
  },

  /** every RIFF chunk: the VP8X canvas, each VP8 / VP8L bitstream, each ANMF frame (and the bitstream inside it) */
  webp(b, ext) {
    let canvas: { width: number; height: number } | null = null;
    let first: { width: number; height: number } | null = null;
    const bitstream = (kind: string, d: number) => {
      let s: { width: number; height: number } | null = null;
      if (kind === 'VP8 ') {
        if (b[d + 3] !== 0x9d || b[d + 4] !== 0x01 || b[d + 5] !== 0x2a) broken();
        s = { width: b.readUInt16LE(d + 6) & 0x3fff, height: b.readUInt16LE(d + 8) & 0x3fff };
      } else if (kind === 'VP8L') {
        if (b[d] !== 0x2f) broken();
        const bits = b.readUInt32LE(d + 1);
        s = { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
      }
      if (s) {
        ext.add(s.width, s.height);
        first ??= s;
      }
      return s;
    };
    const end = Math.min(b.length, 8 + b.readUInt32LE(4));
    let p = 12;
    while (p + 8 <= end) {
      const kind = ascii(b, p, p + 4);
      const len = b.readUInt32LE(p + 4);
      const d = p + 8;
      if (kind === 'VP8X') {
        canvas = { width: 1 + b.readUIntLE(d + 4, 3), height: 1 + b.readUIntLE(d + 7, 3) };
        ext.add(canvas.width, canvas.height);
      } else if (kind === 'ANMF') {
        const x = 2 * b.readUIntLE(d, 3);
        const y = 2 * b.readUIntLE(d + 3, 3);
        const w = 1 + b.readUIntLE(d + 6, 3);
        const h = 1 + b.readUIntLE(d + 9, 3);
        ext.frame();
        ext.add(w, h);
        ext.add(Math.max(canvas?.width ?? 0, x + w), Math.max(canvas?.height ?? 0, y + h));
        // the frame's own chunks (ALPH, VP8 / VP8L) follow its 16-byte header
        let q = d + 16;
        while (q + 8 <= Math.min(end, d + len)) {
          bitstream(ascii(b, q, q + 4), q + 8);
          q += 8 + b.readUInt32LE(q + 4) + (b.readUInt32LE(q + 4) & 1);
        }
      } else if (bitstream(kind, d)) {
        ext.frame();
      }
      p = d + len + (len & 1);
    }
    return canvas ?? first ?? broken();
  },

  /** the info header: |height| (a negative one means rows top-down), and the pixel rows it declares must be there */
  bmp(b, ext) {
    const offset = b.readUInt32LE(10);
    const header = b.readUInt32LE(14);
    let width: number;
    let height: number;
    let bpp: number;
    let compression = 0;
    if (header === 12) {
      width = b.readUInt16LE(18);
      height = b.readUInt16LE(20);
      bpp = b.readUInt16LE(24);
    } else {
      if (header < 40) broken();
      width = b.readInt32LE(18);
      const h = b.readInt32LE(22);
      if (width <= 0 || h === 0 || h === -0x80000000) broken();
      height = Math.abs(h);
      bpp = b.readUInt16LE(28);
      compression = b.readUInt32LE(30);
    }
    ext.frame();
    ext.add(width, height);
    // uncompressed rows (BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS) have a known size: a file without them is broken
    if (compression === 0 || compression === 3 || compression === 6) {
      if (![1, 2, 4, 8, 16, 24, 32].includes(bpp)) broken();
      const row = Math.ceil((width * bpp) / 32) * 4;
      if (offset + row * height > b.length) broken();
    } else if (compression === 1 || compression === 2) {
      // RLE: its size is not known before decoding; the pixel cap and the picture workers bound it
      if (offset + 2 > b.length) broken();
    } else broken(); // embedded JPEG / PNG or unknown compression: not a BMP we read
    return { width, height };
  },
};
