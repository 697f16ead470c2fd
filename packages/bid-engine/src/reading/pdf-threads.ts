import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { DocumentError, type DocumentErrorCode } from './errors.js';
import type { PageRecord } from './pdf-pages.js';

/**
 * Worker threads that read page ranges of a PDF while the caller's thread reads its own range (issue 12: a 300-page PDF
 * read into the model in ≤ 3 × `pdftotext -layout`; pdfjs's text extraction alone is ~3× poppler on one core). Threads
 * are kept for a short while after use (unref'd, so they never hold a process open) and started again when needed; a
 * thread's heap is capped at half the process's, and a thread that runs out of it fails the read as OUT_OF_MEMORY —
 * the same final failure as the reader's own process running out. Any other failure of a thread (it could not start,
 * it crashed) returns null, and the caller reads that range itself.
 */

export interface ThreadRequest {
  id: number;
  data: Uint8Array;
  from: number;
  to: number;
}

export type ThreadReply =
  | { id: number; progress: number }
  | { id: number; pages: PageRecord[] }
  | { id: number; error: { code: DocumentErrorCode; message: string } };

/** Below this many pages a document is read in one thread (starting and feeding a thread costs more than it saves). */
export const PARALLEL_MIN_PAGES = 40;
/** An idle thread is stopped after this long. */
const IDLE_MS = 15_000;

const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The script a thread runs: the built pdf-thread.js beside the bundle, or the sources through a tsx bootstrap. */
function threadScript(): { file: URL; workerData?: unknown } | null {
  if (FROM_SOURCES) {
    return {
      file: new URL('./pdf-thread-boot.mjs', import.meta.url),
      workerData: { entry: new URL('./pdf-thread.ts', import.meta.url).href },
    };
  }
  const file = new URL('./pdf-thread.js', import.meta.url);
  return existsSync(fileURLToPath(file)) ? { file } : null;
}

/** Threads used by default beside the caller's: one per further core, at most 3. */
export function defaultPdfThreads(): number {
  return Math.max(0, Math.min(3, os.availableParallelism() - 1));
}

interface Slot {
  worker: Worker;
  idle: NodeJS.Timeout | null;
}

const idle: Slot[] = [];
let nextId = 1;

function spawn(): Slot | null {
  const script = threadScript();
  if (!script) return null;
  const heapMb = Math.floor(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
  try {
    const worker = new Worker(script.file, {
      workerData: script.workerData,
      resourceLimits: { maxOldGenerationSizeMb: Math.max(256, Math.floor(heapMb / 2)) },
      stdout: false,
      stderr: false,
    });
    return { worker, idle: null };
  } catch {
    return null;
  }
}

function release(slot: Slot): void {
  slot.worker.removeAllListeners('message');
  slot.worker.removeAllListeners('error');
  slot.worker.removeAllListeners('exit');
  slot.worker.unref();
  slot.idle = setTimeout(() => {
    const at = idle.indexOf(slot);
    if (at >= 0) idle.splice(at, 1);
    void slot.worker.terminate();
  }, IDLE_MS);
  slot.idle.unref();
  idle.push(slot);
}

/**
 * Starts `n` threads ahead of need (they load pdfjs while the caller opens the document); idle ones stop after a while.
 */
export function prewarmPdfThreads(n: number): void {
  for (let i = idle.length; i < n; i++) {
    const slot = spawn();
    if (!slot) return;
    release(slot);
  }
}

/**
 * Reads pages `from`..`to` of the PDF `data` in a worker thread. Resolves with the pages, or null when no thread could
 * do it (the caller then reads the range itself); rejects with the DocumentError a thread reported (ENCRYPTED,
 * OUT_OF_MEMORY, ABORTED).
 */
export function readRangeInThread(
  data: Uint8Array,
  from: number,
  to: number,
  opts: { signal?: AbortSignal; onPage?(): void } = {},
): Promise<PageRecord[] | null> {
  const slot = idle.pop() ?? spawn();
  if (!slot) return Promise.resolve(null);
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  slot.worker.ref();
  const id = nextId++;
  return new Promise<PageRecord[] | null>((resolve, reject) => {
    let settled = false;
    const finish = (keep: boolean, act: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      if (keep) release(slot);
      else {
        slot.worker.removeAllListeners();
        void slot.worker.terminate();
      }
      act();
    };
    const onAbort = () => finish(false, () => reject(new DocumentError('ABORTED')));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    slot.worker.on('message', (m: ThreadReply) => {
      if (m.id !== id) return;
      if ('progress' in m) opts.onPage?.();
      else if ('pages' in m) finish(true, () => resolve(m.pages));
      else finish(true, () => reject(new DocumentError(m.error.code, m.error.message)));
    });
    slot.worker.on('error', (e: Error & { code?: string }) => {
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(false, () => reject(new DocumentError('OUT_OF_MEMORY')));
      else finish(false, () => resolve(null));
    });
    slot.worker.on('exit', () => finish(false, () => resolve(null)));
    // a copy of the bytes, moved (not cloned) into the thread
    const copy = new Uint8Array(data);
    slot.worker.postMessage({ id, data: copy, from, to } satisfies ThreadRequest, [copy.buffer]);
    if (opts.signal?.aborted) onAbort();
  });
}

/** Splits pages 1..total into `parts` consecutive ranges of near-equal size. */
export function splitPages(total: number, parts: number): Array<[number, number]> {
  const n = Math.max(1, Math.min(parts, total));
  const out: Array<[number, number]> = [];
  let start = 1;
  for (let i = 0; i < n; i++) {
    const size = Math.floor(total / n) + (i < total % n ? 1 : 0);
    out.push([start, start + size - 1]);
    start += size;
  }
  return out;
}
