import { parentPort } from 'node:worker_threads';
import { DocumentError } from './errors.js';
import { mapPdfError, openPdf, pdfjs, readPageRange, withTimeout, PAGE_TEXT_TIMEOUT_MS } from './pdf-pages.js';
import type { ThreadReply, ThreadRequest } from './pdf-threads.js';

/**
 * A worker thread that reads page ranges of PDFs (pdf-threads.ts): one request at a time — the file's bytes and the
 * range — answered with the pages as plain data, progress after each page, or the error's code and message.
 */
const port = parentPort;
if (!port) throw new Error('pdf-thread must run in a worker thread');

// loaded at start, so a thread started ahead of need (prewarmPdfThreads) is ready when the first range arrives
void pdfjs();

port.on('message', (req: ThreadRequest) => {
  void (async () => {
    const lib = await pdfjs();
    const task = openPdf(lib, req.data);
    try {
      const doc = await withTimeout(task.promise, PAGE_TEXT_TIMEOUT_MS, 'open');
      const pages = await readPageRange(lib, doc, req.from, req.to, {
        onPage: () => port.postMessage({ id: req.id, progress: 1 } satisfies ThreadReply),
      });
      port.postMessage({ id: req.id, pages } satisfies ThreadReply);
    } catch (e) {
      const err = e instanceof DocumentError ? e : mapPdfError(e);
      port.postMessage({ id: req.id, error: { code: err.code, message: err.message } } satisfies ThreadReply);
    } finally {
      await task.destroy().catch(() => undefined);
    }
  })();
});
