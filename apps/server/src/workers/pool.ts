/**
 * Runs one task of the bid engine (reading a tender file, exporting a bid) in a worker thread of its own, with a heap cap
 * and a wall-clock limit (issue 10: a hostile or huge file kills at most its worker, never the server). A worker lives
 * for one task: whatever it leaked or fragmented goes with it. `new Worker(file, { resourceLimits })` ends with
 * ERR_WORKER_OUT_OF_MEMORY on the worker only (TECH-NOTES "Hostile files and isolation"); the server keeps answering.
 *
 * The worker script is `entry.ts` beside this file when the server runs from its TypeScript sources (Vitest, tsx: the
 * worker then loads tsx itself), and `worker.js` beside `main.js` in the esbuild bundle (scripts/build.mjs emits both).
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DocumentError, type DocumentErrorCode } from '@btz/bid-engine/reading';
import type { WorkerReply, WorkerRequest, WorkerTaskName } from './protocol.js';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The worker script, for the way this server runs (sources or bundle). */
export const WORKER_FILE = fileURLToPath(new URL(FROM_SOURCES ? './entry.ts' : './worker.js', import.meta.url));

/**
 * From sources a worker registers tsx's loader in itself before importing entry.ts (`--import tsx` in execArgv does not
 * reach a worker's own module loader on Node 20); tsx is resolved from here, as the server's own dev dependency.
 */
function devBootstrap(): string {
  const tsx = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  return `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(WORKER_FILE).href)}); });`;
}

/** Why a worker was stopped: its memory, its time, or the caller gave up. */
export class WorkerLimitError extends Error {
  constructor(
    readonly limit: 'memory' | 'time',
    message: string,
  ) {
    super(message);
    this.name = 'WorkerLimitError';
  }
}

export interface WorkerRunOptions {
  /** heap cap of the worker (V8 old generation), MB */
  memoryMb: number;
  /** wall-clock limit from the worker's start, ms */
  timeoutMs: number;
  /** terminates the worker; the call rejects with the signal's reason (or ABORTED) */
  signal?: AbortSignal;
  onProgress?(p: unknown): void;
  /** posted to the worker one by one after the input (a big input in pieces, so no single copy blocks the loop) */
  feed?: AsyncIterable<unknown>;
  /** what the caller's error says when the limit is hit */
  messages: { memory: string; time: string };
}

/** Runs `task` with `input` in a new worker; resolves with its result (structured clone; buffers are transferred). */
export function runInWorker<T>(task: WorkerTaskName, input: unknown, opts: WorkerRunOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(opts.signal.reason ?? new DocumentError('ABORTED'));
      return;
    }
    const worker = new Worker(FROM_SOURCES ? devBootstrap() : WORKER_FILE, {
      eval: FROM_SOURCES,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, opts.memoryMb >> 4)) },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (err: unknown, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      void worker.terminate().catch(() => undefined);
      if (err) reject(err);
      else resolve(value as T);
    };
    const timer = setTimeout(() => finish(new WorkerLimitError('time', opts.messages.time)), opts.timeoutMs);
    const onAbort = () => finish(opts.signal?.reason ?? new DocumentError('ABORTED'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    worker.on('message', (m: WorkerReply) => {
      if (m.type === 'progress') opts.onProgress?.(m.progress);
      else if (m.type === 'result') finish(null, m.value as T);
      else if (m.type === 'error') finish(m.documentCode ? new DocumentError(m.documentCode as DocumentErrorCode, m.message) : new Error(m.message));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(new WorkerLimitError('memory', opts.messages.memory));
      else finish(err);
    });
    worker.on('exit', (code) => finish(new Error(`worker exited (${code}) before answering`)));

    const post = (m: WorkerRequest) => worker.postMessage(m);
    post({ type: 'start', task, input });
    void (async () => {
      try {
        for await (const chunk of opts.feed ?? []) {
          if (settled) return;
          post({ type: 'feed', chunk });
        }
        if (!settled) post({ type: 'end' });
      } catch (err) {
        finish(err);
      }
    })();
  });
}

/** At most `n` holders at once; the rest wait in order (exports: each worker may take gigabytes). */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly n: number) {}

  async use<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.n) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
