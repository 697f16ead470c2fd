/**
 * The row a job works on (a duplicate check, a file-tool run, a picture extraction, a bid check, a repository file):
 * queued with its job (`queueRowJob`), its progress written as the job advances and pushed to the owner over realtime,
 * and marked failed when the job fails for good (`RowProgress`). The runner stays domain-free: a module names its table
 * and its realtime message; the row is always matched by `id` and `job_id`, so a job that lost its row to a newer job
 * (a retry) neither writes nor tells anything.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { DB } from '../db/schema.js';
import { enqueue } from './queue.js';
import type { Job } from './runner.js';

/** Tables of rows worked by one job at a time: `id`, `state`, `job_id`, `error`, `updated_at`. */
export type JobRowTable = { [K in keyof DB]: DB[K] extends { id: string; state: unknown; job_id: string | null; error: string | null; updated_at: unknown } ? K : never }[keyof DB];
/** …and a `progress` column (0–100). */
export type ProgressTable = { [K in JobRowTable]: DB[K] extends { progress: unknown } ? K : never }[JobRowTable];

/** The columns this module touches, the same in every such table. */
interface RowColumns {
  id: string;
  state: string;
  job_id: string | null;
  error: string | null;
  progress: number;
  updated_at: Date;
}
const rows = (db: Kysely<DB>) => db as unknown as Kysely<Record<string, RowColumns>>;

/**
 * Enqueues `kind` for the row (the owner as the job's user, the row as its ref, `JOB_MAX_ATTEMPTS` tries) and marks the
 * row queued with that job, its error cleared and its progress back at 0 (`progress: false` for a table without one).
 * Works inside the caller's transaction (then the job becomes visible with the commit); the caller pokes the runner.
 */
export async function queueRowJob(
  app: Pick<AppContext, 'config'>,
  db: Kysely<DB>,
  o: { table: JobRowTable; kind: string; row: { id: string; tenant_id: string; user_id: string }; payload: Record<string, unknown>; progress?: false },
): Promise<string> {
  const jobId = await enqueue(db, {
    kind: o.kind,
    tenantId: o.row.tenant_id,
    userId: o.row.user_id,
    refId: o.row.id,
    payload: o.payload,
    maxAttempts: app.config.jobMaxAttempts,
  });
  await rows(db)
    .updateTable(o.table)
    .set({ job_id: jobId, state: 'queued', error: null, ...(o.progress === false ? {} : { progress: 0 }), updated_at: new Date() })
    .where('id', '=', o.row.id)
    .execute();
  return jobId;
}

export interface ProgressState {
  state: 'running' | 'done' | 'failed';
  /** 0–100 */
  progress: number;
  /** the Chinese reason when failed, else null */
  error: string | null;
}

export interface RowProgressOptions<M> {
  table: ProgressTable;
  rowId: string;
  /** smallest move `report` writes (default 5) */
  step?: number;
  /**
   * The realtime message to the job's user (its `userId`, the row's owner as `queueRowJob` enqueued it) at every write,
   * when done and when failed: `kind` (`{domain}.{event}`) and its data for a state. None: the row only.
   */
  notify?: { kind: string; data: (s: ProgressState) => M };
}

/**
 * Progress of one job on its row. `to(p)` writes a milestone; `report(p)` — from a worker's progress callback, not
 * awaited — writes only when the value moved by `step` or more since the last write. Writes (and their messages) run one
 * after another on one promise chain; `settled()` waits for them and throws the first write that failed, so await it
 * before the job commits. The final 100 is the job's own commit (inside its fence); `done()` then tells the owner.
 */
export class RowProgress<M = unknown> {
  private chain: Promise<void> = Promise.resolve();
  private last = -Infinity;
  private readonly step: number;

  constructor(
    private readonly app: Pick<AppContext, 'db' | 'realtime' | 'log'>,
    private readonly job: Pick<Job<unknown>, 'id' | 'userId'>,
    private readonly o: RowProgressOptions<M>,
  ) {
    this.step = o.step ?? 5;
  }

  /** Writes `progress` (state running) after the writes before it; resolves once written and told. */
  to(progress: number): Promise<void> {
    this.last = progress;
    this.chain = this.chain.then(() => this.write(progress));
    // a failed write surfaces from settled() (or this call's own promise), never as an unhandled rejection
    this.chain.catch(() => undefined);
    return this.chain;
  }

  /** Writes `progress` when it moved by `step` or more since the last write; never waits. */
  report(progress: number): void {
    if (progress >= this.last + this.step) void this.to(progress).catch(() => undefined);
  }

  /** Waits for the writes so far; throws the first that failed. */
  settled(): Promise<void> {
    return this.chain;
  }

  /** After the commit: the owner is told the job is done (100). */
  async done(): Promise<void> {
    await this.notify({ state: 'done', progress: 100, error: null });
  }

  /** The job failed for good (its `onFailed`): the row marked failed with `error`, the owner told — if the row is still this job's. */
  async failed(error: string): Promise<void> {
    const row = await rows(this.app.db)
      .updateTable(this.o.table)
      .set({ state: 'failed', error, updated_at: new Date() })
      .where('id', '=', this.o.rowId)
      .where('job_id', '=', this.job.id)
      .returning('progress')
      .executeTakeFirst();
    if (row) await this.notify({ state: 'failed', progress: row.progress, error });
  }

  private async write(progress: number): Promise<void> {
    const res = await rows(this.app.db)
      .updateTable(this.o.table)
      .set({ state: 'running', progress, updated_at: new Date() })
      .where('id', '=', this.o.rowId)
      .where('job_id', '=', this.job.id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) await this.notify({ state: 'running', progress, error: null });
  }

  /** A message that cannot be delivered is logged, never fails the job (the screens poll as a fallback). */
  private async notify(s: ProgressState): Promise<void> {
    const userId = this.job.userId;
    if (!this.o.notify || !userId) return;
    try {
      await this.app.realtime.publish(userId, this.o.notify.kind, this.o.notify.data(s));
    } catch (err) {
      this.app.log.warn({ err, kind: this.o.notify.kind }, 'job progress: realtime publish failed');
    }
  }
}
