/**
 * Waiting for background work in tests — a job (parse, writing, 知识库 reading, checks, OCR, picture extraction, file
 * tools, exports) or anything else the server finishes after it answered. One helper for the API and browser tests
 * (docs/testing.md): a test reads the job the way a client does and waits for its own state, never for a fixed time.
 *
 * The wait follows the job: every change of what `view` shows (its state, progress, stage) keeps it alive, so a slow but
 * moving job on a loaded 2-core machine is waited for. It fails only when the job shows no change at all for `quietMs`
 * (a stuck job) or after `limitMs` in all (a job that never ends), with a message naming what was waited for and the
 * job's last state. Both limits are minutes, and the API and browser projects' test timeouts (vitest.config.ts) are
 * longer, so the message is this one and not a bare "Test timed out".
 */

import type { TestServer } from './harness.js';

/** How long a job may show no change at all before the wait fails. */
export const JOB_QUIET_MS = 120_000;
/** How long a wait may last in all, however the job moves. */
export const JOB_LIMIT_MS = 240_000;

export interface JobWait<T> {
  /** named in the failure: `parse of bid 12` */
  what: string;
  /** reads the job once (an API call, a row) */
  read: () => Promise<T> | T;
  /** true once the wait is over (usually: the job reached one of its final states) */
  until: (job: T) => boolean;
  /** what shows the job moving — any change keeps the wait alive (default: `jobView`, or the whole answer) */
  view?: (job: T) => unknown;
  quietMs?: number;
  limitMs?: number;
  /** a fixed interval between reads (to catch a short state, e.g. `running` before a kill); default 50 ms slowing to 100 ms */
  pollMs?: number;
}

/** A job's own movement: its state, progress and stage where the answer has them. */
export function jobView(job: unknown): unknown {
  if (!job || typeof job !== 'object') return job;
  const j = job as Record<string, unknown>;
  if (!('state' in j) && !('progress' in j) && !('status' in j)) return job;
  const out: Record<string, unknown> = {};
  for (const k of ['state', 'status', 'progress', 'stage', 'readState', 'error', 'running', 'queued', 'done', 'failed'])
    if (k in j && (typeof j[k] !== 'object' || j[k] === null)) out[k] = j[k];
  return out;
}

/** The final states every job kind shares. */
export const settled = (job: { state: string }): boolean => job.state === 'done' || job.state === 'failed';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Reads the job until `until` holds and returns that answer; an error thrown by `read` or `until` ends the wait. */
export async function waitForJob<T>(w: JobWait<T>): Promise<T> {
  const quietMs = w.quietMs ?? JOB_QUIET_MS;
  const limitMs = w.limitMs ?? JOB_LIMIT_MS;
  const view = w.view ?? jobView;
  const started = Date.now();
  let changed = started;
  let last: string | undefined;
  let interval = w.pollMs ?? 50;
  for (;;) {
    const job = await w.read();
    if (w.until(job)) return job;
    const now = Date.now();
    const seen = JSON.stringify(view(job)) ?? String(job);
    if (seen !== last) {
      last = seen;
      changed = now;
    }
    if (now - changed > quietMs || now - started > limitMs)
      throw new Error(
        `${w.what}: not finished after ${seconds(now - started)}; last seen ${seen}, unchanged for ${seconds(now - changed)}` +
          ` (limits: ${seconds(quietMs)} without change, ${seconds(limitMs)} in all)`,
      );
    await sleep(interval);
    if (w.pollMs === undefined) interval = Math.min(100, Math.round(interval * 1.25));
  }
}

/**
 * Waits for a condition that is not a job's state (a log line, a row, a message, a child process): the same limits,
 * with `what` and the last value it read in the failure. `check` returns the value once it holds, a falsy value until then.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  opts: { limitMs?: number; quietMs?: number; pollMs?: number; view?: (v: T | null | undefined | false) => unknown } = {},
): Promise<T> {
  let value: T | null | undefined | false;
  await waitForJob({
    what,
    read: async () => (value = await check()),
    until: (v) => !!v,
    view: opts.view ?? ((v) => v),
    quietMs: opts.quietMs ?? opts.limitMs ?? JOB_LIMIT_MS,
    limitMs: opts.limitMs ?? JOB_LIMIT_MS,
    pollMs: opts.pollMs,
  });
  return value as T;
}

/**
 * Waits until this server has jobs (of `kind`, for `refId` when given) and all of them finished — for work a browser started whose
 * id the test does not hold (an upload on a page). Follows the rows of `jobs`: a change of state, attempt or heartbeat
 * (a running worker beats) keeps the wait alive. Returns the jobs as they ended.
 */
export async function waitForJobs(t: TestServer, opts: { kind?: string; refId?: string; what?: string } = {}) {
  const db = t.server.app.ctx.db;
  const rows = () => {
    let q = db.selectFrom('jobs').select(['id', 'kind', 'ref_id', 'state', 'attempts', 'heartbeat_at', 'updated_at', 'error']);
    if (opts.kind) q = q.where('kind', '=', opts.kind);
    if (opts.refId) q = q.where('ref_id', '=', opts.refId);
    return q.orderBy('created_at').execute();
  };
  return waitForJob({
    what: opts.what ?? `jobs${opts.kind ? ` ${opts.kind}` : ''}${opts.refId ? ` of ${opts.refId}` : ''}`,
    read: rows,
    until: (jobs) => jobs.length > 0 && jobs.every((j) => j.state !== 'queued' && j.state !== 'running'),
    view: (jobs) => (jobs.length ? jobs.filter((j) => j.state === 'queued' || j.state === 'running') : 'no such job yet'),
  });
}
