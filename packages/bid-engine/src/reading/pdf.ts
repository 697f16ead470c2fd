import { stripRunningLines } from './chapters.js';
import { DocumentError, throwIfAborted } from './errors.js';
import { ocrImage } from './ocr.js';
import type { PageText } from './paginate.js';
import type { ReadOptions } from './types.js';
import type { DocModel } from './model/types.js';
import { PdfModelBuilder } from './pdf-model/index.js';
import { groupLines, toItems, type RawItem } from './pdf-model/lines.js';
import { PAGE_TEXT_TIMEOUT_MS, mapPdfError, openPdf, pdfjs, readPageRange, withTimeout, type PageRecord } from './pdf-pages.js';
import { PARALLEL_MIN_PAGES, defaultPdfThreads, prewarmPdfThreads, readRangeInThread, splitPages } from './pdf-threads.js';

/** Files from this size on get their reading threads started before the page count is known. */
const PREWARM_BYTES = 256 * 1024;

/**
 * PDF text per page with pdfjs-dist 5 (pdf-pages.ts). Pages with (almost) no text layer are rendered with
 * @napi-rs/canvas and OCR'd. A long document is read in page ranges, one in this thread and the others in worker
 * threads (pdf-threads.ts), then its pages are put through the document model in order (pdf-model/): lines from the
 * items' coordinates, table rulings where the page looks like a table, and at the end blocks and furniture; each page's
 * text is made from the same lines, a ruled table read row by row — the same model as reading front to back.
 */

/** A page with fewer non-blank characters than this is treated as a scan. */
export const MIN_TEXT_CHARS = 20;
/** Render scale for OCR (~144 dpi), lowered for very large pages so no side passes MAX_RENDER_SIDE pixels. */
const OCR_SCALE = 2;
const MAX_RENDER_SIDE = 4000;
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



function nonBlank(s: string): number {
  return s.replace(/\s/g, '').length;
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<typeof openPdf>['promise']>['getPage']>>;

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
  // A file this large is likely long: its threads start loading pdfjs while this thread opens it.
  if (opts.threads !== 0 && buf.length >= PREWARM_BYTES) prewarmPdfThreads(opts.threads ?? defaultPdfThreads());
  const lib = await pdfjs();
  throwIfAborted(opts.signal);
  const task = openPdf(lib, buf);
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

    // Ranges: the first read here, the others in threads started first (so they run while this thread reads).
    // Ranges of at least PARALLEL_MIN_PAGES / 2 pages by default; a caller that names the number of threads gets them.
    const threads = opts.threads ?? Math.min(defaultPdfThreads(), Math.floor((2 * total) / PARALLEL_MIN_PAGES) - 1);
    const ranges = splitPages(total, Math.max(0, threads) + 1);
    let done = 0;
    const onPage = () => opts.onProgress?.({ stage: 'text', done: ++done, total });
    // settled at once, so a thread's failure while this thread still reads is never an unhandled rejection
    const inThreads = ranges.slice(1).map(([from, to]) =>
      readRangeInThread(buf, from, to, { signal: opts.signal, onPage }).then(
        (pages) => ({ pages }),
        (error: unknown) => ({ error }),
      ),
    );
    const [first] = ranges;
    // In document order, with the decisions the front-to-back reader would make: this thread's own range first, while
    // the threads still read theirs.
    const pages: PageText[] = [];
    const scans: number[] = [];
    const builder = new PdfModelBuilder();
    let readable = 0;
    const replay = (records: PageRecord[]) => {
      for (const r of records) {
        if (r.failed) {
          builder.setOcrPage(r.page, ''); // a damaged page: keep its number, try OCR below
          pages.push({ page: r.page, text: '' });
          continue;
        }
        const { items, lines } = builder.lines(r.raw);
        const text = builder.addPage(r.page, r.view, items, lines, builder.wantsRulings(lines) ? r.rulings : null);
        pages.push({ page: r.page, text });
        readable++;
      }
    };
    // the first range starts at page 1: read straight into the document's builder (no replay)
    for (const r of await readPageRange(lib, doc, first![0], first![1], { signal: opts.signal, onPage, builder })) {
      pages.push({ page: r.page, text: r.text ?? '' });
      if (!r.failed) readable++;
    }
    for (let i = 0; i < inThreads.length; i++) {
      const [from, to] = ranges[i + 1]!;
      const got = await inThreads[i]!;
      if ('error' in got) throw got.error;
      replay(got.pages ?? (await readPageRange(lib, doc, from, to, { signal: opts.signal, onPage })));
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
