/**
 * The SQL of the durable job queue (ARCHITECTURE.md example 7). Every statement is short and stands alone: claiming is
 * one UPDATE over a `SELECT … FOR UPDATE SKIP LOCKED LIMIT 1`, so no transaction is ever held while a handler works
 * (TECH-NOTES.md: PGlite has one connection). On PGlite SKIP LOCKED never skips anything; on PostgreSQL it lets any
 * number of instances claim from the same table without taking one job twice.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { JobState, JobsTable } from '../db/schema-bids.js';
import { newId } from '../lib/ids.js';

export type JobRow = {
  id: string;
  kind: string;
  tenant_id: string | null;
  user_id: string | null;
  ref_id: string | null;
  state: JobState;
  attempts: number;
  max_attempts: number;
  payload: Record<string, unknown>;
  error: string | null;
};

export interface EnqueueSpec {
  kind: string;
  tenantId?: string | null;
  userId?: string | null;
  /** the row the job works on (a bid id…), for cancelling and looking it up */
  refId?: string | null;
  payload?: Record<string, unknown>;
  /** tries before it fails for good (default: the column default, 3) */
  maxAttempts?: number;
  /** not before this time */
  runAfter?: Date;
}

/** Adds a queued job; works inside a caller's transaction too (then it becomes visible with the commit). */
export async function enqueue(db: Kysely<DB>, spec: EnqueueSpec): Promise<string> {
  const id = newId();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: spec.kind,
      tenant_id: spec.tenantId ?? null,
      user_id: spec.userId ?? null,
      ref_id: spec.refId ?? null,
      payload: JSON.stringify(spec.payload ?? {}),
      ...(spec.maxAttempts ? { max_attempts: spec.maxAttempts } : {}),
      ...(spec.runAfter ? { run_after: spec.runAfter } : {}),
    })
    .execute();
  return id;
}

/** Marks the queued and running jobs of a kind for a ref cancelled; returns their ids (running handlers must be told). */
export async function cancelJobs(db: Kysely<DB>, where: { kind: string; refId: string }): Promise<string[]> {
  const rows = await db
    .updateTable('jobs')
    .set({ state: 'cancelled', locked_by: null, heartbeat_at: null, updated_at: sql<Date>`now()` })
    .where('kind', '=', where.kind)
    .where('ref_id', '=', where.refId)
    .where('state', 'in', ['queued', 'running'])
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const RETURNING = sql.raw('id, kind, tenant_id, user_id, ref_id, state, attempts, max_attempts, payload, error');

/**
 * Takes the oldest due queued job of `kind` for `worker`, or null. `onePerUser`: skips the jobs of users who already have
 * one of this kind running (issue 22: one user's ten conversions must not hold every slot while another user's one waits
 * behind them all; each user's jobs run one after the other, users side by side). Across instances two claims may still
 * race to start two of one user's jobs: fairness, not a lock.
 */
export async function claimJob(db: Kysely<DB>, kind: string, worker: string, opts: { onePerUser?: boolean } = {}): Promise<JobRow | null> {
  const fair = opts.onePerUser
    ? sql`AND (j.user_id IS NULL OR NOT EXISTS (SELECT 1 FROM jobs r WHERE r.kind = j.kind AND r.state = 'running' AND r.user_id = j.user_id))`
    : sql``;
  const res = await sql<JobRow>`
    UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = ${worker}, locked_at = now(),
                    heartbeat_at = now(), updated_at = now()
    WHERE id = (
      SELECT j.id FROM jobs j
      WHERE j.state = 'queued' AND j.kind = ${kind} AND j.run_after <= now() ${fair}
      ORDER BY j.run_after, j.created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${RETURNING}`.execute(db);
  return res.rows[0] ?? null;
}

/** Proves the worker alive; returns the ids it still owns (a cancelled or re-queued job is no longer its own). */
export async function heartbeat(db: Kysely<DB>, worker: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .updateTable('jobs')
    .set({ heartbeat_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('locked_by', '=', worker)
    .where('state', '=', 'running')
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Moves a job this worker owns to its next state; false when the worker no longer owns it. */
export async function finishJob(
  db: Kysely<DB>,
  worker: string,
  id: string,
  to:
    | { state: 'done'; result?: unknown }
    | { state: 'failed'; error: string }
    | { state: 'queued'; error?: string; delayMs: number; refundAttempt?: boolean },
): Promise<boolean> {
  const base = { locked_by: null, heartbeat_at: null, updated_at: sql<Date>`now()` } as const;
  let q = db.updateTable('jobs').where('id', '=', id).where('locked_by', '=', worker).where('state', '=', 'running');
  const set: Partial<Record<keyof JobsTable, unknown>> = { ...base };
  if (to.state === 'done') Object.assign(set, { state: 'done', error: null, result: to.result === undefined ? null : JSON.stringify(to.result) });
  else if (to.state === 'failed') Object.assign(set, { state: 'failed', error: to.error });
  else
    Object.assign(set, {
      state: 'queued',
      ...(to.error !== undefined ? { error: to.error } : {}),
      run_after: sql<Date>`now() + ${`${Math.max(0, Math.round(to.delayMs))} milliseconds`}::interval`,
      ...(to.refundAttempt ? { attempts: sql<number>`greatest(attempts - 1, 0)` } : {}),
    });
  q = q.set(set as never);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const LOST_WORKER_ERROR = '处理任务的服务进程已中断，任务已重新排队';
export const TOO_MANY_LOSSES_ERROR = '任务多次中断，已停止重试';

/**
 * Re-queues running jobs whose heartbeat is older than `staleMs` (their worker died: kill -9, power loss); a job that has
 * used up its attempts fails instead. Returns the jobs that failed now (their kind's onFailed must run).
 */
export async function recoverStale(db: Kysely<DB>, staleMs: number): Promise<{ requeued: number; failed: JobRow[] }> {
  const res = await sql<JobRow>`
    UPDATE jobs SET
      state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
      error = CASE WHEN attempts >= max_attempts THEN ${TOO_MANY_LOSSES_ERROR} ELSE ${LOST_WORKER_ERROR} END,
      locked_by = NULL, heartbeat_at = NULL, run_after = now(), updated_at = now()
    WHERE id IN (
      SELECT id FROM jobs
      WHERE state = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - ${`${Math.max(0, staleMs)} milliseconds`}::interval)
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${RETURNING}`.execute(db);
  return { requeued: res.rows.filter((r) => r.state === 'queued').length, failed: res.rows.filter((r) => r.state === 'failed') };
}
