import path from 'node:path';
import { createRequire } from 'node:module';
import { stripRunningLines } from './chapters.js';
import { DocumentError, throwIfAborted } from './errors.js';
import { ocrImage } from './ocr.js';
import type { PageText } from './paginate.js';
import type { ReadOptions } from './types.js';
import type { DocModel } from './model/types.js';
import { PdfModelBuilder, extractRulings, type OpCodes, type Rulings } from './pdf-model/index.js';
import { groupLines, toItems, type RawItem } from './pdf-model/lines.js';

/**
 * PDF text per page with pdfjs-dist 5 (legacy build, runs in Node 20). CJK fonts need the predefined CMaps, which are
 * read from the package's own folder (never a CDN), as are the standard fonts and the image-decoder WASM.
 * Pages with (almost) no text layer are rendered with @napi-rs/canvas and OCR'd.
 * While reading, the document model is built (pdf-model/): lines from the items' coordinates, table rulings from the
 * operator list of pages whose text looks like a table, and at the end blocks and furniture; each page's text is made
 * from the same lines, a ruled table read row by row.
 */
const require = createRequire(import.meta.url);
const PKG = path.dirname(require.resolve('pdfjs-dist/package.json'));
const dirUrl = (d: string) => path.join(PKG, d) + path.sep;

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<Pdfjs> | null = null;
function pdfjs(): Promise<Pdfjs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

/** A page with fewer non-blank characters than this is treated as a scan. */
export const MIN_TEXT_CHARS = 20;
/** Render scale for OCR (~144 dpi), lowered for very large pages so no side passes MAX_RENDER_SIDE pixels. */
const OCR_SCALE = 2;
const MAX_RENDER_SIDE = 4000;
const PAGE_TEXT_TIMEOUT_MS = 30_000;
/** At most this many pages of one document are OCR'd; the rest are left empty (and counted as not OCR'd). */
export const MAX_OCR_PAGES = 300;

/**
 * A page's text from pdfjs text items: lines rebuilt from coordinates (pdf-model/lines.ts), top to bottom, items left
 * to right, Chinese joined without the stray spaces PDFs put between items, columns (gaps of two font sizes) by a tab.
 */
export function itemsToText(raw: readonly RawItem[]): string {
  return groupLines(toItems(raw))
    .map((l) => l.text)
    .join('\n');
}

function mapPdfError(e: unknown): DocumentError {
  if (e instanceof DocumentError) return e;
  const name = (e as { name?: string })?.name;
  if (name === 'PasswordException') return new DocumentError('ENCRYPTED', undefined, { cause: e });
  return new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（PDF 无法解析）', { cause: e });
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function nonBlank(s: string): number {
  return s.replace(/\s/g, '').length;
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<Pdfjs['getDocument']>['promise']>['getPage']>>;

/** Renders a page to PNG for OCR; null when the page is blank (nothing to read). */
async function renderForOcr(page: PdfPage): Promise<Buffer | null> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_SCALE, MAX_RENDER_SIDE / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  const w = Math.max(1, Math.round(viewport.width));
  const h = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  type RenderParams = Parameters<PdfPage['render']>[0];
  await page.render({ canvas, canvasContext: ctx, viewport } as unknown as RenderParams).promise;
  // Blank check on a sparse sample: fewer than 0.05% dark pixels means there is nothing to read.
  const data = ctx.getImageData(0, 0, w, h).data;
  let dark = 0;
  let seen = 0;
  for (let i = 0; i < data.length; i += 4 * 7) {
    seen++;
    if ((data[i]! + data[i + 1]! + data[i + 2]!) / 3 < 160) dark++;
  }
  if (dark / Math.max(1, seen) < 0.0005) return null;
  return canvas.encode('png');
}

export async function readPdf(
  buf: Uint8Array,
  opts: ReadOptions = {},
): Promise<{ pages: PageText[]; ocrPages: number; model: DocModel }> {
  const lib = await pdfjs();
  throwIfAborted(opts.signal);
  const task = lib.getDocument({
    data: new Uint8Array(buf), // pdfjs detaches the array it is given: hand it a copy
    cMapUrl: dirUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: dirUrl('standard_fonts'),
    wasmUrl: dirUrl('wasm'),
    iccUrl: dirUrl('iccs'),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const abort = () => void task.destroy();
  opts.signal?.addEventListener('abort', abort, { once: true });
  try {
    let doc;
    try {
      doc = await withTimeout(task.promise, PAGE_TEXT_TIMEOUT_MS, 'open');
    } catch (e) {
      throwIfAborted(opts.signal);
      throw mapPdfError(e);
    }
    const total = doc.numPages;
    if (total < 1) throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（PDF 没有页面）');
    const pages: PageText[] = [];
    const scans: number[] = [];
    const builder = new PdfModelBuilder();
    let readable = 0;
    for (let n = 1; n <= total; n++) {
      throwIfAborted(opts.signal);
      let text = '';
      try {
        const page = await withTimeout(doc.getPage(n), PAGE_TEXT_TIMEOUT_MS, 'page');
        const tc = await withTimeout(page.getTextContent(), PAGE_TEXT_TIMEOUT_MS, 'text');
        const { items, lines } = builder.lines(tc.items as RawItem[]);
        let rulings: Rulings | null = null;
        if (builder.wantsRulings(lines)) {
          throwIfAborted(opts.signal);
          try {
            const ops = await withTimeout(page.getOperatorList(), PAGE_TEXT_TIMEOUT_MS, 'operators');
            const [x0, y0, x1, y1] = page.view as [number, number, number, number];
            rulings = extractRulings(ops, lib.OPS as unknown as OpCodes, { x0, y0, width: x1 - x0, height: y1 - y0 });
          } catch (e) {
            throwIfAborted(opts.signal);
            if (mapPdfError(e).code === 'ENCRYPTED') throw e;
            // No rulings (a broken drawing, an image pdfjs cannot decode): the page's text still counts.
          }
        }
        text = builder.addPage(n, page.view, items, lines, rulings);
        page.cleanup();
        readable++;
      } catch (e) {
        throwIfAborted(opts.signal);
        if (mapPdfError(e).code === 'ENCRYPTED') throw mapPdfError(e);
        text = ''; // a damaged page: keep its number, try OCR below
        builder.setOcrPage(n, '');
      }
      pages.push({ page: n, text });
      opts.onProgress?.({ stage: 'text', done: n, total });
    }
    if (readable === 0) throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（PDF 页面均无法解析）');
    // A scan often carries a thin text layer (a header stamped by the scanner software, a Bates number): judge a page
    // by its text without the lines repeated on most pages.
    stripRunningLines(pages).forEach((p) => {
      if (nonBlank(p.text) < MIN_TEXT_CHARS) scans.push(p.page);
    });

    let ocrPages = 0;
    if (opts.ocr !== false && scans.length > 0) {
      const todo = scans.slice(0, opts.maxOcrPages ?? MAX_OCR_PAGES);
      let done = 0;
      opts.onProgress?.({ stage: 'ocr', done, total: todo.length });
      for (const n of todo) {
        throwIfAborted(opts.signal);
        try {
          const page = await withTimeout(doc.getPage(n), PAGE_TEXT_TIMEOUT_MS, 'page');
          const png = await withTimeout(renderForOcr(page), 60_000, 'render');
          page.cleanup();
          if (png) {
            const text = await ocrImage(png, { signal: opts.signal });
            const entry = pages[n - 1]!;
            if (nonBlank(text) > nonBlank(entry.text)) {
              entry.text = text;
              entry.ocr = true;
              builder.setOcrPage(n, text);
              ocrPages++;
            }
          }
        } catch (e) {
          throwIfAborted(opts.signal);
          if (e instanceof DocumentError && e.code === 'ABORTED') throw e;
          // An unreadable scan stays empty; the rest of the document is still useful.
        }
        done++;
        opts.onProgress?.({ stage: 'ocr', done, total: todo.length });
      }
    }
    return { pages, ocrPages, model: builder.finish(total) };
  } finally {
    opts.signal?.removeEventListener('abort', abort);
    await task.destroy().catch(() => undefined);
  }
}
