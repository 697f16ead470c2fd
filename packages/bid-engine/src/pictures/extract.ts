/**
 * Every picture embedded in a DOCX or PDF, with the page it is on (issue 14, `ExtractUpload` → `ExtractImg`). Pure: bytes
 * in, pictures out; the caller sniffs and size-caps the file first, the archive and stream bombs are refused here with
 * the reading module's own guards before anything is inflated.
 *
 * - DOCX: the `word/media` parts that document.xml references (`a:blip r:embed`, `v:imagedata r:id`), each once, at its
 *   first appearance (a part, or the same bytes in two parts, listed once). The page counts Word's own layout marks (w:lastRenderedPageBreak) when the file has them, else
 *   explicit page breaks plus one page per CHARS_PER_PAGE characters of text — the estimate the DOCX reader makes.
 *   Vector parts (EMF/WMF) are not pictures the library can show and are counted as skipped, and so is a picture whose
 *   declared sizes (measure.ts: every frame) break its structure or pass MAX_IMAGE_PIXELS — read before any decoding.
 * - PDF: the image XObjects each page paints (pdfjs `getOperatorList`, paintImageXObject), decoded by pdfjs and
 *   encoded as PNG; one image painted on several pages is listed on its first page. Images below 16 px on a side
 *   (rules, dots, masks) are left out.
 * - Both: the pictures of one document share a pixel budget (MAX_DOCUMENT_PIXELS, issue 22): a picture that no longer
 *   fits is left out and counted in `overBudget`, so a file of many huge pictures costs its worker seconds, not minutes.
 */
import { createHash } from 'node:crypto';
import { assertSafeZip, listZipEntries, readZipEntry, type ZipEntry } from '../reading/zip.js';
import { assertSafePdf } from '../reading/pdf-guard.js';
import { DocumentError } from '../reading/errors.js';
import { CHARS_PER_PAGE } from '../reading/paginate.js';
import { mapPdfError, openPdf, pdfjs } from '../reading/pdf-pages.js';
import { MAX_IMAGE_PIXELS, sniffImage, type ImageType } from './image.js';
import { measureImage } from './measure.js';

export interface ExtractedImage {
  /** 1-based order of appearance */
  index: number;
  page: number;
  /** a name to show: 第N页-图M.png (M counts the pictures of page N) */
  name: string;
  type: ImageType;
  data: Buffer;
}

export interface ExtractResult {
  images: ExtractedImage[];
  /** embedded parts that are not pictures the library takes (EMF/WMF, broken image data, a size over the cap) */
  skipped: number;
  /** pictures left out because the document's pixel budget (maxPixels) was spent */
  overBudget: number;
  /** pages of the file (PDF), or the estimated last page (DOCX) */
  pages: number;
}

export interface ExtractOptions {
  /** most pictures returned (the rest counted as skipped) */
  maxImages?: number;
  /**
   * most pixels of all pictures returned together, each counted by the largest size it declares (default
   * MAX_DOCUMENT_PIXELS); a picture that does not fit in what is left is not returned (counted in overBudget)
   */
  maxPixels?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export const MAX_EXTRACTED_IMAGES = 500;
/**
 * Pixels of all the pictures taken out of one document (issue 22): each is decoded for its hash and thumbnail at ~1 s per
 * 40 megapixels, so twenty 49-megapixel pictures cost 26 s of a worker; five such pictures fit.
 */
export const MAX_DOCUMENT_PIXELS = 250_000_000;

/** The pixel budget of one document: `take` says whether a picture of `pixels` still fits, and counts it. */
function pixelBudget(max: number) {
  let left = max;
  let over = 0;
  return {
    take(pixels: number): boolean {
      if (pixels > left) {
        over++;
        return false;
      }
      left -= pixels;
      return true;
    },
    get over() {
      return over;
    },
  };
}
const MIN_SIDE = 16;

export async function extractImages(data: Buffer, type: 'docx' | 'pdf', opts: ExtractOptions = {}): Promise<ExtractResult> {
  return type === 'docx' ? extractDocxImages(data, opts) : extractPdfImages(data, opts);
}

const TOKEN =
  /<w:lastRenderedPageBreak\b|<w:br\b([^>]*)>|<w:pageBreakBefore\b([^>]*)>|<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<a:blip\b([^>]*)>|<v:imagedata\b([^>]*)>/g;

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs);
  return m?.[1];
}

/** The relationship id → target of document.xml.rels, targets resolved against `word/`. */
function relationships(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of xml.matchAll(/<Relationship\b([^>]*)>/g)) {
    const id = attr(m[1]!, 'Id');
    const target = attr(m[1]!, 'Target');
    const mode = attr(m[1]!, 'TargetMode');
    if (!id || !target || mode === 'External') continue;
    const path = target.startsWith('/') ? target.slice(1) : normalise(`word/${target}`);
    out.set(id, path);
  }
  return out;
}

function normalise(p: string): string {
  const parts: string[] = [];
  for (const s of p.split('/')) {
    if (s === '..') parts.pop();
    else if (s && s !== '.') parts.push(s);
  }
  return parts.join('/');
}

export async function extractDocxImages(data: Buffer, opts: ExtractOptions = {}): Promise<ExtractResult> {
  const entries = listZipEntries(data);
  assertSafeZip(entries, data.length);
  const byName = new Map<string, ZipEntry>(entries.map((e) => [e.name, e]));
  const docEntry = byName.get('word/document.xml');
  if (!docEntry) throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（DOCX 缺少正文）');
  const xml = readZipEntry(data, docEntry).toString('utf8');
  const relsEntry = byName.get('word/_rels/document.xml.rels');
  const rels = relsEntry ? relationships(readZipEntry(data, relsEntry).toString('utf8')) : new Map<string, string>();

  // first pass: the page of each reference
  const rendered = xml.includes('<w:lastRenderedPageBreak');
  let breaks = 0;
  let chars = 0;
  const refs: { rid: string; page: number }[] = [];
  for (const m of xml.matchAll(TOKEN)) {
    const [tok, brAttrs, pbbAttrs, text, blipAttrs, vmlAttrs] = m;
    if (tok.startsWith('<w:lastRenderedPageBreak')) {
      breaks++;
      chars = 0;
    } else if (brAttrs !== undefined) {
      if (!rendered && attr(brAttrs, 'w:type') === 'page') {
        breaks++;
        chars = 0;
      }
    } else if (pbbAttrs !== undefined) {
      const v = attr(pbbAttrs, 'w:val');
      if (!rendered && v !== '0' && v !== 'false') {
        breaks++;
        chars = 0;
      }
    } else if (text !== undefined) {
      chars += text.replace(/\s/g, '').length;
    } else {
      const rid = blipAttrs !== undefined ? attr(blipAttrs, 'r:embed') : attr(vmlAttrs ?? '', 'r:id');
      const page = 1 + breaks + (rendered ? 0 : Math.floor(chars / CHARS_PER_PAGE));
      if (rid) refs.push({ rid, page });
    }
  }
  const lastPage = 1 + breaks + (rendered ? 0 : Math.floor(chars / CHARS_PER_PAGE));

  const max = opts.maxImages ?? MAX_EXTRACTED_IMAGES;
  const budget = pixelBudget(opts.maxPixels ?? MAX_DOCUMENT_PIXELS);
  const seen = new Set<string>();
  const perPage = new Map<number, number>();
  const images: ExtractedImage[] = [];
  let skipped = 0;
  for (const [i, ref] of refs.entries()) {
    opts.signal?.throwIfAborted();
    const target = rels.get(ref.rid);
    if (!target || seen.has(target)) continue;
    seen.add(target);
    const entry = byName.get(target);
    if (!entry) continue;
    const bytes = readZipEntry(data, entry);
    // the same picture stored as two parts is still one picture
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    const type = sniffImage(bytes);
    // every size the picture declares, read before anything decodes it (a lie or a picture over the cap is skipped)
    const m = type && measureImage(bytes, type);
    if (!type || !m || m.maxWidth * m.maxHeight > MAX_IMAGE_PIXELS || images.length >= max) {
      skipped++;
      continue;
    }
    if (!budget.take(m.maxWidth * m.maxHeight)) continue;
    const onPage = (perPage.get(ref.page) ?? 0) + 1;
    perPage.set(ref.page, onPage);
    images.push({ index: images.length + 1, page: ref.page, name: `第${ref.page}页-图${onPage}.${type === 'jpeg' ? 'jpg' : type}`, type, data: Buffer.from(bytes) });
    opts.onProgress?.(i + 1, refs.length);
  }
  opts.onProgress?.(refs.length, refs.length);
  return { images, skipped, overBudget: budget.over, pages: lastPage };
}

/** pdfjs ImageKind: 1 = 1 bit gray, 2 = RGB 24 bit, 3 = RGBA 32 bit */
interface PdfImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
  bitmap?: unknown;
}

function toRgba(img: PdfImage): Uint8ClampedArray | null {
  const { width: w, height: h, data } = img;
  if (!data) return null;
  const out = new Uint8ClampedArray(w * h * 4);
  if (img.kind === 3) {
    out.set(data.subarray(0, out.length));
  } else if (img.kind === 2) {
    for (let p = 0, q = 0; p < w * h; p++, q += 3) {
      out[p * 4] = data[q]!;
      out[p * 4 + 1] = data[q + 1]!;
      out[p * 4 + 2] = data[q + 2]!;
      out[p * 4 + 3] = 255;
    }
  } else if (img.kind === 1) {
    const rowBytes = (w + 7) >> 3;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        const v = bit ? 255 : 0;
        const p = (y * w + x) * 4;
        out[p] = out[p + 1] = out[p + 2] = v;
        out[p + 3] = 255;
      }
  } else return null;
  return out;
}

function getObj(objs: { get: (name: string, cb?: (v: unknown) => void) => unknown; has?: (name: string) => boolean }, name: string): Promise<unknown> {
  return new Promise((resolve) => {
    try {
      objs.get(name, resolve);
    } catch {
      resolve(null);
    }
  });
}

export async function extractPdfImages(data: Buffer, opts: ExtractOptions = {}): Promise<ExtractResult> {
  await assertSafePdf(data, undefined, opts.signal);
  const lib = await pdfjs();
  const { createCanvas } = await import('@napi-rs/canvas');
  // an image XObject declaring more pixels than a picture may have is not decoded (pdfjs would allocate it whole)
  const task = openPdf(lib, data, { maxImageSize: MAX_IMAGE_PIXELS });
  let doc;
  try {
    doc = await task.promise;
  } catch (e) {
    throw mapPdfError(e);
  }
  const max = opts.maxImages ?? MAX_EXTRACTED_IMAGES;
  const budget = pixelBudget(opts.maxPixels ?? MAX_DOCUMENT_PIXELS);
  const images: ExtractedImage[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  const paint = new Set([lib.OPS.paintImageXObject, lib.OPS.paintImageXObjectRepeat]);
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      let onPage = 0;
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (!paint.has(ops.fnArray[i]!)) continue;
        const name = String((ops.argsArray[i] as unknown[])[0]);
        if (seen.has(name)) continue;
        seen.add(name);
        const objs = (name.startsWith('g_') ? page.commonObjs : page.objs) as unknown as Parameters<typeof getObj>[0];
        const img = (await getObj(objs, name)) as PdfImage | null;
        if (!img || img.width < MIN_SIDE || img.height < MIN_SIDE) continue;
        if (images.length >= max || ![1, 2, 3].includes(img.kind ?? 0)) {
          skipped++;
          continue;
        }
        // pdfjs decoded it already (within maxImageSize); encoding it and hashing it after is what the budget spares
        if (!budget.take(img.width * img.height)) continue;
        const rgba = toRgba(img);
        if (!rgba) {
          skipped++;
          continue;
        }
        const canvas = createCanvas(img.width, img.height);
        const ctx = canvas.getContext('2d');
        const id = ctx.createImageData(img.width, img.height);
        id.data.set(rgba);
        ctx.putImageData(id, 0, 0);
        onPage++;
        images.push({ index: images.length + 1, page: n, name: `第${n}页-图${onPage}.png`, type: 'png', data: await canvas.encode('png') });
      }
      page.cleanup();
      opts.onProgress?.(n, doc.numPages);
    }
    return { images, skipped, overBudget: budget.over, pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
