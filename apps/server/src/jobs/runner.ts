/**
 * Workers of the durable job queue, inside the server process (PRODUCT.md §2: "claimed by workers in the server
 * process"; any number of instances on one PostgreSQL). Per registered kind at most `concurrency` handlers run at once.
 *
 * Life of a job: queued → (claim: one short statement) running → handler runs OUTSIDE any transaction, heartbeating →
 * done | queued again with backoff (a retryable failure) | failed (last attempt or PermanentJobError) | cancelled (by a
 * user; the handler's AbortSignal fires). A worker that dies leaves a running row whose heartbeat goes stale; recovery
 * (at start and every few seconds) re-queues it, so a kill -9 mid-job finishes after the restart. Handlers make their
 * results visible through `fence()`, which commits only while the worker still owns the job: a job is done once.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.js';
import { isDatabaseUnavailable } from '../db/connection.js';
import { claimJob, finishJob, heartbeat, recoverStale, type JobRow, cancelJobs } from './queue.js';
import type { JobPayload } from './payload.js';

export interface Job<P = Record<string, unknown>> {
  id: string;
  kind: string;
  tenantId: string | null;
  userId: string | null;
  refId: string | null;
  payload: P;
  /** 1 on the first try */
  attempt: number;
  maxAttempts: number;
}

export interface JobRunContext {
  /** fires when the job is cancelled, taken away (recovered by another worker) or the server stops */
  signal: AbortSignal;
  isLastAttempt: boolean;
  /** Runs `fn` in a short transaction that first locks the job row and checks this worker still owns it (else JobLostError). */
  fence<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
  log: FastifyBaseLogger;
}

export interface JobDefinition<P = Record<string, unknown>> {
  kind: string;
  /** handlers of this kind at once in this process (default JOB_CONCURRENCY) */
  concurrency?: number;
  /** at most one running job of this kind per user: a user's jobs queue behind each other, not in front of others' */
  onePerUser?: boolean;
  /**
   * The payload's versioned schema (payload.ts), checked when a job is claimed: one that fails it ends failed before
   * `run`. Every kind the app registers has one (test/jobs/payloads.test.ts); the runner's own tests may leave it out.
   */
  payload?: JobPayload<P>;
  run(job: Job<P>, ctx: JobRunContext): Promise<unknown>;
  /** the job failed for good: the last attempt failed, a PermanentJobError, or its workers died too often */
  onFailed?(job: Job<P>, error: string): Promise<void>;
  /** an attempt failed and the job waits `delayMs` for the next one */
  onRetry?(job: Job<P>, error: string, delayMs: number): Promise<void>;
  /** Chinese text stored as the job's error (default: the error's message) */
  describeError?(error: unknown): string;
}

/** A failure that retrying cannot fix (a corrupt file…): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** The worker no longer owns the job (cancelled, or recovered by another worker): its results must be dropped. */
export class JobLostError extends Error {
  constructor(id: string) {
    super(`任务 ${id} 已不属于本进程（已取消或被重新分配）`);
    this.name = 'JobLostError';
  }
}

export interface RunnerOptions {
  concurrency: number;
  pollMs: number;
  heartbeatMs: number;
  staleMs: number;
  retryBaseMs: number;
  /** PGlite: one process per data directory, so at start every running row is an orphan and is re-queued at once */
  exclusiveDatabase: boolean;
  /** worker id stored in locked_by (default host:pid:random) */
  workerId?: string;
}

interface Running {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
}

const MAX_BACKOFF_MS = 10 * 60_000;

export class JobRunner {
  readonly workerId: string;
  private readonly defs = new Map<string, JobDefinition<any>>();
  private readonly running = new Map<string, Running>();
  private readonly perKind = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private ticking: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopping = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: RunnerOptions,
  ) {
    this.workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  register<P>(def: JobDefinition<P>): void {
    if (this.defs.has(def.kind)) throw new Error(`job kind registered twice: ${def.kind}`);
    this.defs.set(def.kind, def as JobDefinition<any>);
    if (this.started) this.poke();
  }

  kinds(): string[] {
    return [...this.defs.keys()];
  }

  /** The registered kinds whose payload has no versioned schema. */
  unversionedKinds(): string[] {
    return [...this.defs.values()].filter((d) => !d.payload).map((d) => d.kind);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.recover(this.opts.exclusiveDatabase ? 0 : this.opts.staleMs);
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn().catch((err: unknown) => this.stepFailed(err, 'jobs: background step failed')), ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.opts.pollMs, () => this.tick());
    every(this.opts.heartbeatMs, () => this.beat());
    every(Math.max(50, Math.round(this.opts.staleMs / 2)), () => this.recover(this.opts.staleMs));
    this.poke();
  }

  /** Look for work now (after an enqueue in this process); callers need not wait. */
  poke(): void {
    if (!this.started || this.stopping) return;
    setImmediate(() => void this.tick().catch((err: unknown) => this.stepFailed(err, 'jobs: claim failed')));
  }

  private lastUnavailable = 0;
  /**
   * A poll, heartbeat or recovery that failed. While the database is away (a PostgreSQL restart) every poll fails the
   * same way: say so once every 10 s, as a warning, instead of an error per poll; the next poll after it is back works.
   */
  private stepFailed(err: unknown, msg: string): void {
    if (!isDatabaseUnavailable(err)) {
      this.log.error({ err }, msg);
      return;
    }
    if (Date.now() - this.lastUnavailable < 10_000) return;
    this.lastUnavailable = Date.now();
    this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'jobs: database unavailable, polling on until it is back');
  }

  /** Cancels the queued/running jobs of a kind for a ref; running handlers in this process are aborted at once. */
  async cancel(db: Kysely<DB>, where: { kind: string; refId: string }): Promise<string[]> {
    const ids = await cancelJobs(db, where);
    for (const id of ids) this.running.get(id)?.controller.abort(new JobLostError(id));
    return ids;
  }

  /** Jobs this process is running now (for tests and stats). */
  active(): Job[] {
    return [...this.running.values()].map((r) => r.job);
  }

  /** Resolves when nothing runs in this process and nothing is due (tests). */
  async idle(timeoutMs = 10_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (!this.running.size && !this.ticking) {
        const due = await this.db
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'queued')
          .where('kind', 'in', this.kinds().length ? this.kinds() : ['-'])
          .where('run_after', '<=', sql<Date>`now()`)
          .limit(1)
          .execute();
        if (!due.length && !this.running.size) return;
        this.poke();
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('jobs did not become idle');
  }

  /** Stops claiming, aborts running handlers and puts their jobs back in the queue (the restart resumes them). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.ticking?.catch(() => undefined);
    for (const r of this.running.values()) r.controller.abort(new ShutdownSignal());
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  // -------------------------------------------------------------------------------------------------------------------

  private tick(): Promise<void> {
    if (this.stopping || !this.started) return Promise.resolve();
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      do {
        this.again = false;
        for (const def of this.defs.values()) {
          const limit = def.concurrency ?? this.opts.concurrency;
          while (!this.stopping && (this.perKind.get(def.kind) ?? 0) < limit) {
            const row = await claimJob(this.db, def.kind, this.workerId, { onePerUser: def.onePerUser });
            if (!row) break;
            this.launch(def, row);
          }
        }
      } while (this.again && !this.stopping);
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private launch(def: JobDefinition<any>, row: JobRow): void {
    const job = jobOf(row);
    const controller = new AbortController();
    const log = this.log.child({ job: { id: job.id, kind: job.kind, attempt: job.attempt } });
    const ctx: JobRunContext = {
      signal: controller.signal,
      isLastAttempt: job.attempt >= job.maxAttempts,
      log,
      fence: (fn) =>
        this.db.transaction().execute(async (trx) => {
          const own = await trx
            .selectFrom('jobs')
            .select('id')
            .where('id', '=', job.id)
            .where('locked_by', '=', this.workerId)
            .where('state', '=', 'running')
            .forUpdate()
            .executeTakeFirst();
          if (!own) throw new JobLostError(job.id);
          return fn(trx);
        }),
    };
    this.perKind.set(def.kind, (this.perKind.get(def.kind) ?? 0) + 1);
    const done = this.execute(def, job, ctx, controller).finally(() => {
      this.running.delete(job.id);
      this.perKind.set(def.kind, (this.perKind.get(def.kind) ?? 1) - 1);
      this.poke();
    });
    this.running.set(job.id, { job, controller, done });
  }

  private async execute(def: JobDefinition<any>, job: Job, ctx: JobRunContext, controller: AbortController): Promise<void> {
    const started = Date.now();
    if (def.payload) {
      const read = def.payload.read(job.payload);
      if (!read.ok) {
        // nothing to retry: the same payload fails the same way
        const owned = await finishJob(this.db, this.workerId, job.id, { state: 'failed', error: read.error }).catch(() => false);
        ctx.log.warn({ owned, error: read.error }, 'job refused: its payload breaks its contract');
        if (owned) await this.failed(def, job, read.error);
        return;
      }
      job.payload = read.payload as Record<string, unknown>;
    }
    try {
      const result = await def.run(job, ctx);
      if (controller.signal.aborted) throw controller.signal.reason;
      const owned = await finishJob(this.db, this.workerId, job.id, { state: 'done', result });
      ctx.log.info({ ms: Date.now() - started, owned }, 'job done');
      return;
    } catch (err) {
      const reason = controller.signal.aborted ? controller.signal.reason : err;
      if (reason instanceof ShutdownSignal) {
        await finishJob(this.db, this.workerId, job.id, { state: 'queued', delayMs: 0, refundAttempt: true }).catch(() => undefined);
        ctx.log.info('job put back in the queue at shutdown');
        return;
      }
      if (reason instanceof JobLostError || err instanceof JobLostError) {
        ctx.log.info('job cancelled or taken over; its results were dropped');
        return;
      }
      const message = (def.describeError?.(err) ?? (err instanceof Error ? err.message : String(err))).slice(0, 2000);
      const final = err instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      if (final) {
        const owned = await finishJob(this.db, this.workerId, job.id, { state: 'failed', error: message }).catch(() => false);
        ctx.log.warn({ err, owned }, 'job failed');
        if (owned) await this.failed(def, job, message);
      } else {
        const delayMs = Math.min(MAX_BACKOFF_MS, this.opts.retryBaseMs * 2 ** (job.attempt - 1));
        const owned = await finishJob(this.db, this.workerId, job.id, { state: 'queued', error: message, delayMs }).catch(() => false);
        if (!owned) return;
        ctx.log.warn({ err, delayMs }, 'job failed; will retry');
        try {
          await def.onRetry?.(job, message, delayMs);
        } catch (e) {
          this.log.error({ err: e, job: job.id }, 'jobs: onRetry threw');
        }
      }
    }
  }

  private async failed(def: JobDefinition<any> | undefined, job: Job, message: string): Promise<void> {
    try {
      await def?.onFailed?.(job, message);
    } catch (err) {
      this.log.error({ err, job: job.id }, 'jobs: onFailed threw');
    }
  }

  private async beat(): Promise<void> {
    if (!this.running.size) return;
    const ids = [...this.running.keys()];
    const owned = await heartbeat(this.db, this.workerId, ids);
    for (const id of ids) if (!owned.has(id)) this.running.get(id)?.controller.abort(new JobLostError(id));
  }

  private async recover(staleMs: number): Promise<void> {
    if (this.stopping) return;
    const { requeued, failed } = await recoverStale(this.db, staleMs);
    if (requeued) this.log.warn({ requeued }, 'jobs: re-queued jobs whose worker stopped');
    for (const row of failed) {
      const def = this.defs.get(row.kind);
      const job = jobOf(row);
      await this.failed(def, job, row.error ?? '');
    }
    if (requeued) this.poke();
  }
}

class ShutdownSignal extends Error {
  constructor() {
    super('服务正在停止');
    this.name = 'ShutdownSignal';
  }
}

/** What a handler sees of a job row. */
function jobOf(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    tenantId: row.tenant_id,
    userId: row.user_id,
    refId: row.ref_id,
    payload: row.payload ?? {},
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
  };
}
