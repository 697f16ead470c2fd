/**
 * The one concurrency limiter of the house: a FIFO counting semaphore with abortable waits — the global bound of LLM calls
 * (LLM_CONCURRENCY), the server's bounds on export and conversion workers (workers/index.ts) and its PGlite connection
 * handed to one borrower at a time (db/pglite-pool.ts).
 */

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (err: unknown) => void;
  cleanup?: () => void;
}

export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('操作已取消');
  err.name = 'AbortError';
  return err;
}

/**
 * What the LLM client waits on before each attempt: this process's Semaphore, or one that also holds a slot shared by
 * every instance of the server (apps/server providers/llm/shared-limiter.ts, through Redis).
 */
export interface Limiter {
  acquire(signal?: AbortSignal, opts?: { front?: boolean }): Promise<() => void>;
  readonly running: number;
  readonly waiting: number;
  readonly size: number;
  /**
   * The vendor said "too many requests" and asked to wait `ms`: no call (in any process sharing the limiter) starts
   * before then. Optional: a process-local semaphore leaves the wait to the call that was refused.
   */
  holdOff?(ms: number): void;
}

export class Semaphore implements Limiter {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(private limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be a positive integer, got ${limit}`);
  }

  get running(): number {
    return this.active;
  }
  get waiting(): number {
    return this.queue.length;
  }
  get size(): number {
    return this.limit;
  }

  /**
   * Resolves with a release function once a slot is free (call it exactly once; extra calls are ignored). Rejects with the
   * signal's reason when aborted while waiting. `front: true` jumps the queue (used for retries of calls that already
   * waited their turn once).
   */
  acquire(signal?: AbortSignal, opts: { front?: boolean } = {}): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (this.active < this.limit && this.queue.length === 0) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const w: Waiter = { resolve, reject };
      if (signal) {
        const onAbort = () => {
          const i = this.queue.indexOf(w);
          if (i >= 0) this.queue.splice(i, 1);
          reject(abortError(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        w.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      if (opts.front) this.queue.unshift(w);
      else this.queue.push(w);
    });
  }

  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.queue.shift();
      if (next) {
        next.cleanup?.();
        next.resolve(this.releaser()); // the slot passes straight to the next waiter
      } else {
        this.active--;
      }
    };
  }
}
