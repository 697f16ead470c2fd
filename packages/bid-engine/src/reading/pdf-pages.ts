// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the declaration must follow this file into every project that compiles it (server, bench, e2e), which an include cannot do
/// <reference path="./pdfjs-worker.d.ts" />
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { DocumentError, throwIfAborted } from './errors.js';
import { PDF_BUDGET } from './pdf-guard.js';
import { PdfModelBuilder, extractRulings, type OpCodes, type Rulings } from './pdf-model/index.js';
import type { RawItem } from './pdf-model/lines.js';

/**
 * Reading a range of a PDF's pages with pdfjs-dist 5 (legacy build, runs in Node 20): what pdf.ts needs of each page —
 * its text items and, where the page may hold a table, its rulings — as plain data, so a range can be read in a worker
 * thread (pdf-threads.ts) as well as in the caller's own thread, and the pages put together in order afterwards.
 *
 * Which pages need rulings (getOperatorList costs as much as the text or more) depends on the page before: a table that
 * ran to the end of the previous page. A range read on its own does not know the page before its first one, so it
 * reads rulings for its first page always (unless it is read into the document's own builder from page 1) and otherwise decides as the whole-document reader would, with tables taken
 * wherever it has rulings. That reads rulings on a superset of the pages the document-order reader needs (by induction:
 * a page that reader gives tables, the range gives the same tables), and pdf.ts replays the pages in order with the
 * real decisions, so the model is the same as reading the file front to back.
 */

const require = createRequire(import.meta.url);
const PKG = path.dirname(require.resolve('pdfjs-dist/package.json'));
const dirUrl = (d: string) => path.join(PKG, d) + path.sep;

export type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<Pdfjs> | null = null;

/**
 * Loads pdfjs and its worker module (here, in this thread: pdfjs's "fake worker" finds it on `globalThis.pdfjsWorker`).
 * The legacy build's core-js polyfills replace three built-ins process-wide for edge cases nothing here meets (a
 * `push` onto an array-like of 2³² elements, JSON.rawJSON source text): the replacements are plain JavaScript and
 * slow every push and every JSON call of the process — pdfjs's own text extraction included (a tenth of a page's
 * read time). The natives are put back once both modules are loaded; what the polyfills *add* (Promise.withResolvers,
 * Map.getOrInsertComputed, Uint8Array.toHex…) stays, pdfjs needs it on Node 20.
 */
async function loadPdfjs(): Promise<Pdfjs> {
  installSyncDeflate();
  const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };
  try {
    const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return lib;
  } finally {
    Object.defineProperty(Array.prototype, 'push', { value: natives.push, writable: true, configurable: true, enumerable: false });
    Object.defineProperty(JSON, 'parse', { value: natives.parse, writable: true, configurable: true, enumerable: false });
    Object.defineProperty(JSON, 'stringify', { value: natives.stringify, writable: true, configurable: true, enumerable: false });
  }
}

/**
 * pdfjs inflates every content stream (each page's text and drawing) through `new DecompressionStream('deflate')`. On
 * Node that is zlib on the thread pool behind web-stream adapters: ~0.1 ms of JavaScript per stream, a tenth of a
 * page's read. For 'deflate' this puts a TransformStream in its place that gathers the input and inflates it in one
 * synchronous call (the same bytes; corrupt or truncated data errors the stream as the native one does, and pdfjs then
 * decodes with its own inflater, as before). Output is capped at the PDF guard's ceiling — the guard has already
 * refused any file whose streams inflate past its budget. Other formats go to the native class. Installed once per
 * thread that loads pdfjs.
 */
function installSyncDeflate(): void {
  const Native = globalThis.DecompressionStream;
  if (!Native || (Native as { syncDeflate?: boolean }).syncDeflate) return;
  class SyncDeflateDecompressionStream {
    static syncDeflate = true;
    readonly readable!: ReadableStream<Uint8Array>;
    readonly writable!: WritableStream<Uint8Array>;
    constructor(format: ConstructorParameters<typeof DecompressionStream>[0]) {
      if (format !== 'deflate') return new Native(format) as unknown as SyncDeflateDecompressionStream;
      const chunks: Uint8Array[] = [];
      const t = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk) {
          chunks.push(chunk);
        },
        flush(controller) {
          const input = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          const out = zlib.inflateSync(input, { maxOutputLength: PDF_BUDGET.ceiling });
          controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
        },
      });
      this.readable = t.readable;
      this.writable = t.writable;
    }
  }
  globalThis.DecompressionStream = SyncDeflateDecompressionStream as unknown as typeof DecompressionStream;
}

export function pdfjs(): Promise<Pdfjs> {
  pdfjsPromise ??= loadPdfjs();
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
  /** its text, when it was read into the document's own builder (`opts.builder`) */
  text?: string;
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
  opts: { signal?: AbortSignal; onPage?(): void; builder?: PdfModelBuilder } = {},
): Promise<PageRecord[]> {
  // `builder`: the document's own, for a range read in document order from page 1 — its decisions are the real ones, so
  // the pages go into it at once (with their text) and need no replay
  const inOrder = !!opts.builder;
  const local = opts.builder ?? new PdfModelBuilder();
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
      if ((n === from && !inOrder) || local.wantsRulings(lines)) {
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
      const text = local.addPage(n, view, items, lines, rulings);
      page.cleanup();
      records.push(inOrder ? { page: n, view, raw: [], rulings: null, text } : { page: n, view, raw, rulings });
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
