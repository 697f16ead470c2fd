/**
 * The text of a data-bank document (issue 14, 资料库): a DOCX or PDF through readDocument (a scanned PDF's first pages
 * through its OCR path), a PNG/JPEG picture through the same OCR (tesseract.js, chi_sim, offline). The type is decided by
 * content; anything else is refused in Chinese.
 */
import { DocumentError, assertSafeZip, listZipEntries, readDocument, sniffType, sniffTypeWindow } from '../reading/index.js';
import { ocrImage } from '../reading/ocr.js';
import { measureImage, sniffImage } from '../pictures/index.js';

export type DataFileKind = 'pdf' | 'docx' | 'png' | 'jpeg';
export const DATA_FILE_TYPE_MESSAGE = '不支持的文件格式，仅支持 PDF、Word（DOCX）和 PNG/JPEG 图片';
/** a picture larger than this many pixels is not read at all (decoding it would only exhaust the reader) */
const MAX_DECODE_PIXELS = 40_000_000;
/** OCR time grows with the pixels: a picture larger than this (OCR_MAX_PIXELS) is scaled down to it first */
export const DEFAULT_OCR_MAX_PIXELS = 4_000_000;
export const OCR_SCALED_NOTICE = (w: number, h: number) => `图片像素过多（${w}×${h}），已缩小后识别文字，识别结果可能不完整，请核对`;

/** `buf` scaled down to at most `maxPixels` pixels (aspect kept), as a PNG. */
async function scaleDown(buf: Buffer, width: number, height: number, maxPixels: number): Promise<Buffer> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const f = Math.sqrt(maxPixels / (width * height));
  const w = Math.max(1, Math.floor(width * f));
  const h = Math.max(1, Math.floor(height * f));
  const img = await loadImage(buf);
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(img, 0, 0, w, h);
  return c.encode('png');
}

/** PDF, DOCX (its zip directory checked against bombs) or PNG/JPEG by content; a DocumentError in Chinese otherwise. */
export function sniffDataFile(buf: Buffer): DataFileKind {
  const img = sniffImage(buf);
  if (img === 'png' || img === 'jpeg') return img;
  let type: string;
  try {
    type = sniffType(buf);
  } catch {
    throw new DocumentError('UNSUPPORTED', DATA_FILE_TYPE_MESSAGE);
  }
  if (type === 'docx') assertSafeZip(listZipEntries(buf), buf.length);
  if (type !== 'docx' && type !== 'pdf') throw new DocumentError('UNSUPPORTED', DATA_FILE_TYPE_MESSAGE);
  return type;
}

/**
 * `sniffDataFile` for an upload seen through its two ends (`head`, `tail`: too large to hold whole while it streamed
 * into storage); held whole, exactly `sniffDataFile`. A DOCX's zip directory (at its end) is checked against bombs.
 */
export function sniffDataUpload(w: { head: Buffer; tail: Buffer; size: number }): DataFileKind {
  if (w.head.length >= w.size) return sniffDataFile(w.head);
  const img = sniffImage(w.head);
  if (img === 'png' || img === 'jpeg') return img;
  let sniffed: ReturnType<typeof sniffTypeWindow>;
  try {
    sniffed = sniffTypeWindow(w);
  } catch (e) {
    // a bomb is named as one; anything else unreadable is not a type the data bank takes
    if (e instanceof DocumentError && e.code === 'ZIP_BOMB') throw e;
    throw new DocumentError('UNSUPPORTED', DATA_FILE_TYPE_MESSAGE);
  }
  if (sniffed.type === 'docx') assertSafeZip(sniffed.entries ?? [], w.size);
  if (sniffed.type !== 'docx' && sniffed.type !== 'pdf') throw new DocumentError('UNSUPPORTED', DATA_FILE_TYPE_MESSAGE);
  return sniffed.type;
}

export async function readDataText(
  buf: Buffer,
  opts: { signal?: AbortSignal; maxOcrPages?: number; maxOcrPixels?: number } = {},
): Promise<{ kind: DataFileKind; text: string; notice?: string }> {
  const kind = sniffDataFile(buf);
  if (kind === 'png' || kind === 'jpeg') {
    // every size the picture declares (a later JPEG frame header, an APNG frame), not only its first header (issue 22)
    const size = measureImage(buf, kind);
    if (!size || size.width <= 0 || size.height <= 0 || size.maxWidth * size.maxHeight > MAX_DECODE_PIXELS) throw new DocumentError('CORRUPT', '图片尺寸过大或已损坏，无法识别文字');
    const max = opts.maxOcrPixels ?? DEFAULT_OCR_MAX_PIXELS;
    if (size.width * size.height > max) {
      const small = await scaleDown(buf, size.width, size.height, max);
      return { kind, text: await ocrImage(small, { signal: opts.signal }), notice: OCR_SCALED_NOTICE(size.width, size.height) };
    }
    return { kind, text: await ocrImage(buf, { signal: opts.signal }) };
  }
  const r = await readDocument(buf, { ocr: true, maxOcrPages: opts.maxOcrPages ?? 3, signal: opts.signal });
  return { kind, text: r.pages.map((p) => p.text).join('\n') };
}
