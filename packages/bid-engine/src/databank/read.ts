/**
 * The text of a data-bank document (issue 14, 资料库): a DOCX or PDF through readDocument (a scanned PDF's first pages
 * through its OCR path), a PNG/JPEG picture through the same OCR (tesseract.js, chi_sim, offline). The type is decided by
 * content; anything else is refused in Chinese.
 */
import { DocumentError, assertSafeZip, listZipEntries, readDocument, sniffType } from '../reading/index.js';
import { ocrImage } from '../reading/ocr.js';
import { measureImage, sniffImage } from '../pictures/index.js';

export type DataFileKind = 'pdf' | 'docx' | 'png' | 'jpeg';
export const DATA_FILE_TYPE_MESSAGE = '不支持的文件格式，仅支持 PDF、Word（DOCX）和 PNG/JPEG 图片';
/** a picture larger than this many pixels is not read (it would only exhaust the reader) */
const MAX_OCR_PIXELS = 40_000_000;

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

export async function readDataText(buf: Buffer, opts: { signal?: AbortSignal; maxOcrPages?: number } = {}): Promise<{ kind: DataFileKind; text: string }> {
  const kind = sniffDataFile(buf);
  if (kind === 'png' || kind === 'jpeg') {
    // every size the picture declares (a later JPEG frame header, an APNG frame), not only its first header (issue 22)
    const size = measureImage(buf, kind);
    if (!size || size.maxWidth * size.maxHeight > MAX_OCR_PIXELS) throw new DocumentError('CORRUPT', '图片尺寸过大或已损坏，无法识别文字');
    return { kind, text: await ocrImage(buf, { signal: opts.signal }) };
  }
  const r = await readDocument(buf, { ocr: true, maxOcrPages: opts.maxOcrPages ?? 3, signal: opts.signal });
  return { kind, text: r.pages.map((p) => p.text).join('\n') };
}
