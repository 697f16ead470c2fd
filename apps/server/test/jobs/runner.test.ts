/**
 * The durable job runner on a real database (PGlite, and PostgreSQL where SKIP LOCKED really skips): bounded
 * concurrency, retries with backoff, permanent failures, cancel, stop, recovery of a dead worker's job, and the fence
 * that keeps a job's results from landing twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { enqueue, JobRunner, PermanentJobError, type JobDefinition } from '../../src/jobs/index.js';
import { startTestServer, type TestServer } from '../harness.js';
import { waitUntil } from '../wait.js';

let t: TestServer;
const runners: JobRunner[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.server.db.db;
const quiet = { child: () => quiet, info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, level: 'silent', silent() {} } as never;
let kindSeq = 0;
const newKind = () => `test-${process.pid}-${++kindSeq}`;

function runner(defs: JobDefinition<any>[], opts: Partial<ConstructorParameters<typeof JobRunner>[2]> = {}): JobRunner {
  const r = new JobRunner(db(), quiet, {
    concurrency: 2,
    pollMs: 20,
    heartbeatMs: 30,
    staleMs: 300,
    retryBaseMs: 10,
    exclusiveDatabase: false,
    ...opts,
  });
  for (const d of defs) r.register(d);
  runners.push(r);
  return r;
}

const job = (id: string) => db().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Waits for what the jobs under test do (../wait.ts), read every 10 ms. */
const until = (cond: () => Promise<boolean> | boolean, what: string) => waitUntil(what, cond, { pollMs: 10 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('job runner', () => {
  it('runs every job once with at most `concurrency` at a time', async () => {
    const kind = newKind();
    let now = 0;
    let peak = 0;
    const seen: string[] = [];
    const r = runner([
      {
        kind,
        run: async (j) => {
          now++;
          peak = Math.max(peak, now);
          seen.push(j.id);
          await sleep(30);
          now--;
          return { ok: j.payload.n };
        },
      },
    ]);
    const ids = [];
    for (let n = 0; n < 7; n++) ids.push(await enqueue(db(), { kind, payload: { n } }));
    await r.start();
    await until(async () => (await db().selectFrom('jobs').select('id').where('kind', '=', kind).where('state', '=', 'done').execute()).length === 7, 'all done');
    expect(peak).toBe(2);
    expect(seen.sort()).toEqual([...ids].sort());
    const done = await job(ids[3]!);
    expect(done).toMatchObject({ state: 'done', attempts: 1, locked_by: null, result: { ok: 3 } });
  });

  it('retries with backoff until it succeeds; a permanent error or the last attempt fails for good, once', async () => {
    const flaky = newKind();
    const broken = newKind();
    const failed: string[] = [];
    const retried: number[] = [];
    let calls = 0;
    const times: number[] = [];
    const r = runner([
      {
        kind: flaky,
        run: async () => {
          times.push(Date.now());
          if (++calls < 3) throw new Error(`第 ${calls} 次失败`);
          return 'ok';
        },
        onRetry: async (_j, _e, delay) => void retried.push(delay),
      },
      {
        kind: broken,
        run: async (j) => {
          if (j.payload.permanent) throw new PermanentJobError('文件已损坏');
          throw new Error('总是失败');
        },
        onFailed: async (j, e) => void failed.push(`${String(j.payload.permanent)}:${e}:${j.attempt}`),
      },
    ]);
    const a = await enqueue(db(), { kind: flaky, maxAttempts: 5 });
    const b = await enqueue(db(), { kind: broken, payload: { permanent: true }, maxAttempts: 5 });
    const c = await enqueue(db(), { kind: broken, payload: { permanent: false }, maxAttempts: 2 });
    await r.start();
    await until(async () => (await job(a)).state === 'done' && (await job(b)).state === 'failed' && (await job(c)).state === 'failed', 'outcomes');
    expect(await job(a)).toMatchObject({ attempts: 3, error: null, result: 'ok' });
    expect(retried).toEqual([10, 20]);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(15);
    expect(await job(b)).toMatchObject({ attempts: 1, error: '文件已损坏' });
    expect(await job(c)).toMatchObject({ attempts: 2, error: '总是失败' });
    expect(failed.sort()).toEqual(['false:总是失败:2', 'true:文件已损坏:1']);
  });

  it('cancel: the running handler sees its AbortSignal and its results cannot be committed', async () => {
    const kind = newKind();
    let aborted = false;
    let fenceError: unknown = null;
    let started = false;
    const r = runner([
      {
        kind,
        run: async (_j, ctx) => {
          started = true;
          await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
          aborted = true;
          try {
            await ctx.fence(async () => 'never');
          } catch (e) {
            fenceError = e;
          }
        },
      },
    ]);
    const id = await enqueue(db(), { kind, refId: 'bid-1' });
    await r.start();
    await until(() => started, 'started');
    expect(await r.cancel(db(), { kind, refId: 'bid-1' })).toEqual([id]);
    await until(() => fenceError !== null, 'fence refused');
    expect(aborted).toBe(true);
    expect((fenceError as Error).name).toBe('JobLostError');
    expect((await job(id)).state).toBe('cancelled');
  });

  it('a cancel from another instance reaches the handler through the heartbeat', async () => {
    const kind = newKind();
    let aborted = false;
    const r = runner([
      {
        kind,
        run: async (_j, ctx) => {
          await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
          aborted = true;
        },
      },
    ]);
    const id = await enqueue(db(), { kind, refId: 'bid-2' });
    await r.start();
    await until(async () => (await job(id)).state === 'running', 'running');
    await db().updateTable('jobs').set({ state: 'cancelled' }).where('id', '=', id).execute();
    await until(() => aborted, 'aborted by heartbeat');
  });

  it('recovery: a running job whose worker died (stale heartbeat) is re-queued and completes exactly once', async () => {
    const kind = newKind();
    const runs: number[] = [];
    const r = runner([
      {
        kind,
        run: async (j, ctx) => {
          runs.push(j.attempt);
          await ctx.fence(async (trx) => {
            await trx.updateTable('jobs').set({ result: JSON.stringify({ wroteAt: j.attempt }) }).where('id', '=', j.id).execute();
          });
        },
      },
    ]);
    const id = await enqueue(db(), { kind });
    // as a killed worker leaves it: running, claimed once, heartbeat long ago
    await db()
      .updateTable('jobs')
      .set({ state: 'running', attempts: 1, locked_by: 'dead-host:1:abc', locked_at: sql<Date>`now() - interval '1 hour'`, heartbeat_at: sql<Date>`now() - interval '1 hour'` })
      .where('id', '=', id)
      .execute();
    // and one whose heartbeat is fresh: its worker is alive, it must not be touched
    const alive = await enqueue(db(), { kind });
    await db().updateTable('jobs').set({ state: 'running', attempts: 1, locked_by: 'alive-host:2:def', heartbeat_at: sql<Date>`now()` }).where('id', '=', alive).execute();
    await r.start();
    await until(async () => (await job(id)).state === 'done', 'recovered job done');
    expect(runs).toEqual([2]);
    expect(await job(id)).toMatchObject({ attempts: 2, locked_by: null, error: null });
    expect(await job(alive)).toMatchObject({ state: 'running', locked_by: 'alive-host:2:def' });
    await db().updateTable('jobs').set({ state: 'cancelled' }).where('id', '=', alive).execute();
  });

  it('a job whose workers keep dying fails after max_attempts instead of looping', async () => {
    const kind = newKind();
    const failed: string[] = [];
    const r = runner([{ kind, run: async () => undefined, onFailed: async (_j, e) => void failed.push(e) }]);
    const id = await enqueue(db(), { kind, maxAttempts: 2 });
    await db().updateTable('jobs').set({ state: 'running', attempts: 2, locked_by: 'dead', heartbeat_at: sql<Date>`now() - interval '1 hour'` }).where('id', '=', id).execute();
    await r.start();
    await until(async () => (await job(id)).state === 'failed', 'failed');
    expect(failed).toEqual(['任务多次中断，已停止重试']);
  });

  it('stop puts a running job back in the queue without spending an attempt; the next start finishes it', async () => {
    const kind = newKind();
    let started = 0;
    const first = runner([
      {
        kind,
        run: async (_j, ctx) => {
          started++;
          await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
          throw new Error('aborted');
        },
      },
    ]);
    const id = await enqueue(db(), { kind });
    await first.start();
    await until(() => started === 1, 'started');
    await first.stop();
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
    const second = runner([{ kind, run: async () => 'finished' }]);
    await second.start();
    await until(async () => (await job(id)).state === 'done', 'done after restart');
    expect(await job(id)).toMatchObject({ attempts: 1, result: 'finished' });
  });

  it('two workers on one database never run a job twice', async () => {
    const kind = newKind();
    const ran = new Map<string, number>();
    const def = (): JobDefinition => ({
      kind,
      run: async (j) => {
        ran.set(j.id, (ran.get(j.id) ?? 0) + 1);
        await sleep(5);
      },
    });
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) ids.push(await enqueue(db(), { kind }));
    const a = runner([def()], { concurrency: 3 });
    const b = runner([def()], { concurrency: 3 });
    await Promise.all([a.start(), b.start()]);
    await until(async () => (await db().selectFrom('jobs').select('id').where('kind', '=', kind).where('state', '=', 'done').execute()).length === 20, 'all done');
    expect([...ran.values()].every((n) => n === 1)).toBe(true);
    expect(ran.size).toBe(20);
  });
});
