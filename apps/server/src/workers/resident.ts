/**
 * A resident pool of task workers (issue 22): pictures are decoded by a few processes started once and reused, never on
 * the server's thread — a 7000×7000 PNG takes ~2 s of CPU and ~400 MB to decode, and a picture that lies about its size
 * can make the image library abort its process. Unlike pool.ts (a process per tender file, where starting one costs
 * nothing beside the work), a picture is a short task and a new process per picture would cost more than the picture.
 *
 * - `size` processes (PICTURE_WORKERS), started when first needed, each running one task at a time; the rest wait in
 *   order, at most `maxQueue` of them (more is refused in Chinese: the server is not a queue for a flood).
 * - Each process has a memory cap that binds its native allocations too — `prlimit --data` (the image library's
 *   pixels are not V8 heap, so --max-old-space-size alone would not bind them) — and a time limit per task.
 * - A process that dies (the cap, a native abort) or overruns answers its task with a Chinese error and is replaced at
 *   once; one that grew past half its cap is replaced after its task, so memory does not creep between pictures.
 * - Niced like every worker, so the server's event loop comes first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { WORKER_FILE } from './pool.js';
import type { WorkerReply, WorkerRequest, WorkerTaskName } from './protocol.js';

const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_NICE = 10;
/** prlimit (util-linux) binds a process's data segment; where it is missing the V8 heap cap is the only one. */
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p)) ?? null;

/** A task the pool could not run to its end: the worker died, overran, or the queue was full. Chinese message. */
export class WorkerTaskError extends Error {
  constructor(
    readonly reason: 'crashed' | 'time' | 'busy',
    message: string,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

export interface ResidentPoolOptions {
  size: number;
  /** memory cap of each process (native allocations included where prlimit exists), MB */
  memoryMb: number;
  /** longest task, ms */
  timeoutMs: number;
  /** most tasks waiting for a process */
  maxQueue: number;
  messages: { crashed: string; time: string; busy: string };
  onReplace?(why: string): void;
}

interface Task {
  task: WorkerTaskName;
  input: unknown;
  timeoutMs: number;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

interface Slot {
  child: ChildProcess;
  task: Task | null;
  timer?: NodeJS.Timeout;
  stderr: string;
}

export class ResidentPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private closed = false;
  /** processes started since the pool began (for tests and the bench: a crash is replaced) */
  started = 0;

  constructor(private readonly opts: ResidentPoolOptions) {}

  /** Runs `task` in a resident worker; rejects with the task's own error, or a WorkerTaskError. `timeoutMs`: this task's own limit. */
  run<T>(task: WorkerTaskName, input: unknown, timeoutMs = this.opts.timeoutMs): Promise<T> {
    if (this.closed) return Promise.reject(new WorkerTaskError('busy', this.opts.messages.busy));
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length >= this.opts.maxQueue) {
        reject(new WorkerTaskError('busy', this.opts.messages.busy));
        return;
      }
      this.queue.push({ task, input, timeoutMs, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new WorkerTaskError('busy', this.opts.messages.busy));
    await Promise.all(
      [...this.slots].map(
        (s) =>
          new Promise<void>((done) => {
            if (s.child.exitCode !== null || s.child.signalCode !== null) return done();
            s.child.once('exit', () => done());
            s.child.kill('SIGKILL');
          }),
      ),
    );
  }

  /** Hands waiting tasks to idle processes, starting processes up to `size`. */
  private dispatch(): void {
    while (this.queue.length) {
      let slot = [...this.slots].find((s) => !s.task);
      if (!slot) {
        if (this.slots.size >= this.opts.size) return;
        slot = this.spawn();
      }
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    this.started++;
    const node = [process.execPath, ...(FROM_SOURCES ? ['--import', 'tsx'] : []), `--max-old-space-size=${Math.max(64, Math.floor(this.opts.memoryMb / 2))}`, WORKER_FILE];
    const [cmd, ...args] = PRLIMIT ? [PRLIMIT, `--data=${this.opts.memoryMb * 1024 * 1024}`, '--', ...node] : node;
    const child = spawn(cmd!, args, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
    try {
      if (child.pid) os.setPriority(child.pid, WORKER_NICE);
    } catch {
      /* not permitted here: it runs at the server's priority */
    }
    const slot: Slot = { child, task: null, stderr: '' };
    child.stderr?.on('data', (c: Buffer) => {
      slot.stderr = (slot.stderr + c.toString('utf8')).slice(-4096);
    });
    child.on('message', (m: WorkerReply) => {
      const t = slot.task;
      // picture tasks run no external program: a process-group notice (pool.ts tracks those) is not an answer
      if (!t || m.type === 'progress' || m.type === 'native') return;
      this.finish(slot);
      if (m.type === 'result') t.resolve(m.value);
      else t.reject(Object.assign(new Error(m.message), m.documentCode ? { documentCode: m.documentCode } : {}));
      this.retireIfGrown(slot);
      this.dispatch();
    });
    let gone = false;
    const onGone = (why: string) => {
      if (gone) return;
      gone = true;
      this.slots.delete(slot);
      const t = slot.task;
      this.finish(slot);
      if (t) {
        this.opts.onReplace?.(`picture worker ended (${why}) during ${t.task}: ${slot.stderr.slice(-300)}`);
        t.reject(new WorkerTaskError('crashed', this.opts.messages.crashed));
      }
      if (this.closed) return;
      // one that died on a picture is replaced at once, so the next picture does not wait for a start; one that died idle
      // is replaced by the next task (a process that cannot start is then not restarted in a loop)
      if (t && this.slots.size < this.opts.size) this.spawn();
      this.dispatch();
    };
    // a process that could not start has no pid and may never emit 'exit'
    child.on('error', (err) => !child.pid && onGone(err.message));
    child.on('exit', (code, signal) => onGone(String(signal ?? code)));
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, t: Task): void {
    slot.task = t;
    slot.stderr = '';
    slot.timer = setTimeout(() => {
      const running = slot.task;
      if (!running) return;
      slot.task = null; // answered here; the exit that follows finds nothing to answer
      this.slots.delete(slot); // and no task is handed to it while it dies
      running.reject(new WorkerTaskError('time', this.opts.messages.time));
      slot.child.kill('SIGKILL');
      this.dispatch();
    }, t.timeoutMs);
    const send = (m: WorkerRequest) => slot.child.send(m, (err) => err && slot.child.kill('SIGKILL'));
    send({ type: 'start', task: t.task, input: t.input });
    send({ type: 'end' });
  }

  private finish(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.task = null;
  }

  /** A process whose resident memory passed half its cap is replaced (its memory goes with it). */
  private retireIfGrown(slot: Slot): void {
    const pid = slot.child.pid;
    if (!pid) return;
    let rssMb = 0;
    try {
      rssMb = (Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096) / 1024 / 1024;
    } catch {
      return; // not Linux: kept
    }
    if (rssMb > this.opts.memoryMb / 2) {
      this.slots.delete(slot);
      slot.child.kill('SIGKILL');
    }
  }
}
