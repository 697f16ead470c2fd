import path from 'node:path';
import { createRequire } from 'node:module';
import { DocumentError, throwIfAborted } from './errors.js';
import { PdfModelBuilder, extractRulings, type OpCodes, type Rulings } from './pdf-model/index.js';
import type { RawItem } from './pdf-model/lines.js';

/**
 * Reading a range of a PDF's pages with pdfjs-dist 5 (legacy build, runs in Node 20): what pdf.ts needs of each page —
 * its text items and, where the page may hold a table, its rulings — as plain data, so a range can be read in a worker
 * thread (pdf-threads.ts) as well as in the caller's own thread, and the pages put together in order afterwards.
 *
 * Which pages need rulings (getOperatorList costs as much as the text or more) depends on the page before: a table that
 * ran to the end of the previous page. A range read on its own does not know the page before its first one, so it
 * reads rulings for its first page always and otherwise decides as the whole-document reader would, with tables taken
 * wherever it has rulings. That reads rulings on a superset of the pages the document-order reader needs (by induction:
 * a page that reader gives tables, the range gives the same tables), and pdf.ts replays the pages in order with the
 * real decisions, so the model is the same as reading the file front to back.
 */

const require = createRequire(import.meta.url);
const PKG = path.dirname(require.resolve('pdfjs-dist/package.json'));
const dirUrl = (d: string) => path.join(PKG, d) + path.sep;

export type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<Pdfjs> | null = null;
export function pdfjs(): Promise<Pdfjs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

export const PAGE_TEXT_TIMEOUT_MS = 30_000;

/** Opens a PDF (CJK CMaps, standard fonts and the WASM decoders from the package's own folder, never a CDN); `extra.maxImageSize`: images of more pixels are not decoded. */
export function openPdf(lib: Pdfjs, buf: Uint8Array, extra: { maxImageSize?: number } = {}) {
  return lib.getDocument({
    ...extra,
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
}

export type PdfDoc = Awaited<ReturnType<typeof openPdf>['promise']>;

export function mapPdfError(e: unknown): DocumentError {
  if (e instanceof DocumentError) return e;
  const name = (e as { name?: string })?.name;
  if (name === 'PasswordException') return new DocumentError('ENCRYPTED', undefined, { cause: e });
  return new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（PDF 无法解析）', { cause: e });
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One page as read: its box, its text items (only the fields the model uses), its rulings when read; or unreadable. */
export interface PageRecord {
  page: number;
  view: number[];
  raw: RawItem[];
  rulings: Rulings | null;
  /** the page could not be read (damaged): kept with its number, OCR may still read it */
  failed?: boolean;
}

/**
 * Reads pages `from`..`to` (1-based, inclusive) of an open document. `onPage` is called after each page. An encrypted
 * document throws ENCRYPTED; a damaged page becomes a failed record; an abort throws ABORTED.
 */
export async function readPageRange(
  lib: Pdfjs,
  doc: PdfDoc,
  from: number,
  to: number,
  opts: { signal?: AbortSignal; onPage?(): void } = {},
): Promise<PageRecord[]> {
  const local = new PdfModelBuilder();
  const records: PageRecord[] = [];
  for (let n = from; n <= to; n++) {
    throwIfAborted(opts.signal);
    try {
      const page = await withTimeout(doc.getPage(n), PAGE_TEXT_TIMEOUT_MS, 'page');
      const tc = await withTimeout(page.getTextContent(), PAGE_TEXT_TIMEOUT_MS, 'text');
      const raw: RawItem[] = [];
      for (const it of tc.items as RawItem[]) {
        if (typeof it.str === 'string' && it.transform) raw.push({ str: it.str, transform: it.transform, width: it.width, height: it.height });
      }
      const { items, lines } = local.lines(raw);
      let rulings: Rulings | null = null;
      if (n === from || local.wantsRulings(lines)) {
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
      const view = [...(page.view as number[])];
      local.addPage(n, view, items, lines, rulings);
      page.cleanup();
      records.push({ page: n, view, raw, rulings });
    } catch (e) {
      throwIfAborted(opts.signal);
      if (mapPdfError(e).code === 'ENCRYPTED') throw mapPdfError(e);
      local.setOcrPage(n, '');
      records.push({ page: n, view: [], raw: [], rulings: null, failed: true });
    }
    opts.onPage?.();
  }
  return records;
}
