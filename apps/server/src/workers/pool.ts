/**
 * Runs one task of the bid engine (reading a tender file, exporting a bid) in a worker process of its own, with a heap
 * cap and a wall-clock limit (issue 10: a hostile or huge file kills at most its worker, never the server). A worker lives
 * for one task: whatever it leaked or fragmented goes with it, and its memory is never the server's. It runs at a lower
 * CPU priority (nice 10), so on a busy machine the server's own event loop comes first.
 *
 * A process, not a worker thread: both stop at a heap cap (TECH-NOTES "Hostile files and isolation"), but a thread shares
 * the server's process — its RSS, V8's platform threads, its CPU priority — and measured here a thread grinding towards
 * its 2 GB cap raised the server's /healthz p99 from ~30 ms to ~250 ms (max 855 ms); a process can be niced and killed.
 *
 * The script is `entry.ts` beside this file when the server runs from its TypeScript sources (Vitest, tsx: the worker is
 * started with `--import tsx`), and `worker.js` beside `main.js` in the esbuild bundle (scripts/build.mjs emits both).
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { killGroup, removeJobRoot } from '@btz/bid-engine/native';
import { DOCUMENT_MESSAGES, DocumentError, type DocumentErrorCode } from '@btz/bid-engine/reading';
import type { WorkerReply, WorkerRequest, WorkerTaskName } from './protocol.js';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The worker script, for the way this server runs (sources or bundle). */
export const WORKER_FILE = fileURLToPath(new URL(FROM_SOURCES ? './entry.ts' : './worker.js', import.meta.url));

/** Niceness of a worker process: the server's event loop before any parse or export. */
const WORKER_NICE = 10;

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
  /** kills the worker; the call rejects with the signal's reason (or ABORTED) */
  signal?: AbortSignal;
  onProgress?(p: unknown): void;
  /** sent to the worker one by one after the input (a big input in pieces, so no single copy blocks the loop) */
  feed?: AsyncIterable<unknown>;
  /** what the caller's error says when the limit is hit, or the worker died without answering (default WORKER_CRASHED's) */
  messages: { memory: string; time: string; crashed?: string };
}

/** V8's own words when a heap cap is reached (the process then aborts). */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

/** Runs `task` with `input` in a new worker process; resolves with its result (V8 serialization, buffers included). */
export function runInWorker<T>(task: WorkerTaskName, input: unknown, opts: WorkerRunOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(opts.signal.reason ?? new DocumentError('ABORTED'));
      return;
    }
    const child = fork(WORKER_FILE, [], {
      execArgv: [...(FROM_SOURCES ? ['--import', 'tsx'] : []), `--max-old-space-size=${opts.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    try {
      if (child.pid) os.setPriority(child.pid, WORKER_NICE);
    } catch {
      /* not permitted here: it runs at the server's priority */
    }
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-8192);
    });
    let settled = false;
    const finish = (err: unknown, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      const answer = () => (err ? reject(err) : resolve(value as T));
      // the caller hears only once the process is gone: a queue capped at N processes never has N+1 alive
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        const fallback = setTimeout(answer, 5_000);
        child.once('exit', () => {
          clearTimeout(fallback);
          answer();
        });
        child.kill('SIGKILL');
      } else answer();
    };
    const timer = setTimeout(() => finish(new WorkerLimitError('time', opts.messages.time)), opts.timeoutMs);
    const onAbort = () => finish(opts.signal?.reason ?? new DocumentError('ABORTED'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('message', (m: WorkerReply) => {
      if (m.type === 'progress') opts.onProgress?.(m.progress);
      else if (m.type === 'native') {
        if (m.event === 'start') groups.add(m.pgid);
        else groups.delete(m.pgid);
      }
      else if (m.type === 'result') finish(null, m.value as T);
      else if (m.type === 'error') finish(m.documentCode ? new DocumentError(m.documentCode as DocumentErrorCode, m.message) : new Error(m.message));
    });
    // LibreOffice / pdftoppm groups the worker started: killed with it, whatever ended it (its own sandbox dies with it too)
    const groups = new Set<number>();
    const reap = () => {
      for (const g of groups) killGroup(g);
      groups.clear();
      if (child.pid) removeJobRoot(child.pid);
    };
    child.on('error', (err) => {
      reap();
      finish(err);
    });
    child.on('exit', (code, signal) => {
      reap();
      // the pipe may still hold V8's last words: read them before deciding
      setImmediate(() => {
        if (OUT_OF_MEMORY.test(stderr) || signal === 'SIGABRT' || code === 134) finish(new WorkerLimitError('memory', opts.messages.memory));
        // a native crash or a kill: final (a retry would crash again), in Chinese, with its own code
        else finish(new DocumentError('WORKER_CRASHED', opts.messages.crashed ?? DOCUMENT_MESSAGES.WORKER_CRASHED, { cause: new Error(`worker exited (${signal ?? code}) before answering: ${stderr.slice(-500)}`) }));
      });
    });

    const send = (m: WorkerRequest) =>
      new Promise<void>((ok, fail) => {
        if (settled || !child.connected) return ok();
        child.send(m, (err) => (err && !settled ? fail(err) : ok()));
      });
    void (async () => {
      try {
        await send({ type: 'start', task, input });
        for await (const chunk of opts.feed ?? []) {
          if (settled) return;
          await send({ type: 'feed', chunk });
        }
        await send({ type: 'end' });
      } catch (err) {
        finish(err);
      }
    })();
  });
}
