/**
 * Job payload contracts (issue 26 item 3): every job kind the app registers declares a versioned payload schema; the
 * runner checks a job's payload when it claims it, and a payload of another version or one that breaks the schema ends
 * the job as failed with a Chinese message (the kind's onFailed runs) — the handler never sees it. Over the runner on a
 * real database, and over the app's own runner with a real kind (a tender parse), where the user sees the message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { enqueue, jobPayload, JobRunner, PAYLOAD_TEXTS, PAYLOAD_VERSION_KEY, type JobDefinition } from '../../src/jobs/index.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, txtTender, uploadTender, waitParse } from '../bid/helpers.js';
import { waitForJob } from '../wait.js';

let t: TestServer;
const runners: JobRunner[] = [];
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
}, 60_000);
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.server.db.db;
const quiet = { child: () => quiet, info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, level: 'silent', silent() {} } as never;
const job = (id: string) => db().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** waits for the job's own state to leave queued/running (generous: the machine may be busy) */
/** The job once it has ended (done or failed), followed through its own state (test/wait.ts). */
const settled = (id: string) => waitForJob({ what: `job ${id}`, read: () => job(id), until: (row) => row.state !== 'queued' && row.state !== 'running' });

describe('job payload contracts', () => {
  it('every kind the app registers has a versioned payload schema', () => {
    const jobs = t.server.app.ctx.jobs;
    expect(jobs.kinds().length).toBeGreaterThanOrEqual(8);
    expect(jobs.unversionedKinds()).toEqual([]);
  });

  it('the runner runs a payload that fits and fails, without running, one of another version or shape', async () => {
    const kind = `test-payload-${process.pid}`;
    const PAYLOAD = jobPayload(2, z.strictObject({ docId: z.string().min(1), pages: z.number().int() }));
    const ran: unknown[] = [];
    const failed: { id: string; error: string }[] = [];
    const def: JobDefinition<z.infer<typeof PAYLOAD.schema>> = {
      kind,
      payload: PAYLOAD,
      run: async (j) => {
        ran.push(j.payload);
        return { pages: j.payload.pages };
      },
      onFailed: async (j, error) => {
        failed.push({ id: j.id, error });
      },
    };
    const r = new JobRunner(db(), quiet, { concurrency: 2, pollMs: 20, heartbeatMs: 30, staleMs: 5000, retryBaseMs: 10, exclusiveDatabase: false });
    r.register(def);
    runners.push(r);

    // the queueing side checks too: a payload its own code built wrong is a bug, refused before it is stored
    expect(() => PAYLOAD.make({ docId: '', pages: 1 })).toThrow();
    const good = await enqueue(db(), { kind, payload: PAYLOAD.make({ docId: 'd1', pages: 3 }), maxAttempts: 3 });
    const oldVersion = await enqueue(db(), { kind, payload: { docId: 'd2', pages: 1, [PAYLOAD_VERSION_KEY]: 1 }, maxAttempts: 3 });
    // stored before versions existed: no stamp reads as version 1
    const unstamped = await enqueue(db(), { kind, payload: { docId: 'd3', pages: 1 }, maxAttempts: 3 });
    const broken = await enqueue(db(), { kind, payload: { docId: 'd4', pages: '七', [PAYLOAD_VERSION_KEY]: 2 }, maxAttempts: 3 });
    const extra = await enqueue(db(), { kind, payload: { docId: 'd5', pages: 1, force: true, [PAYLOAD_VERSION_KEY]: 2 }, maxAttempts: 3 });
    await r.start();

    expect(await settled(good)).toMatchObject({ state: 'done', error: null, attempts: 1 });
    const badVersion = PAYLOAD_TEXTS.badVersion('1', 2);
    expect(badVersion).toMatch(/^任务数据版本不受支持/);
    expect(await settled(oldVersion)).toMatchObject({ state: 'failed', error: badVersion, attempts: 1 });
    expect(await settled(unstamped)).toMatchObject({ state: 'failed', error: badVersion, attempts: 1 });
    expect(await settled(broken)).toMatchObject({ state: 'failed', error: PAYLOAD_TEXTS.badPayload('pages'), attempts: 1 });
    expect(await settled(extra)).toMatchObject({ state: 'failed', error: PAYLOAD_TEXTS.badPayload('force') });
    expect(ran).toEqual([{ docId: 'd1', pages: 3 }]);
    expect(failed.map((f) => f.id).sort()).toEqual([oldVersion, unstamped, broken, extra].sort());
    expect(failed.find((f) => f.id === broken)?.error).toBe('任务数据不完整或格式不正确（pages），任务已停止，请重新发起');
  });

  it('a tender parse queued with a payload of another version fails with the Chinese message the user sees', async () => {
    const { token } = await newUser(t);
    const text = txtTender(['某园区平台建设项目招标文件\n项目编号：ZB-2026-001\n投标截止时间：2026年3月18日09:30']);
    const bidId = await uploadTender(t, token, { name: '招标文件.txt', data: text });
    await waitParse(t, token, bidId);
    // a parse queued by a server whose payload was version 9, pointed at by the bid as its current run
    const jobId = await enqueue(db(), { kind: 'parse-tender', refId: bidId, userId: null, payload: { bidId, [PAYLOAD_VERSION_KEY]: 9 } });
    await db().updateTable('bids').set({ parse_job_id: jobId, parse_state: 'queued' }).where('id', '=', bidId).execute();
    t.server.app.ctx.jobs.poke();
    expect(await settled(jobId)).toMatchObject({ state: 'failed', error: PAYLOAD_TEXTS.badVersion('9', 1) });
    const d = await detail(t, token, bidId);
    expect(d.parse).toMatchObject({ state: 'failed', error: PAYLOAD_TEXTS.badVersion('9', 1) });
    // the server goes on: retry-parse queues a good payload, which parses
    expect((await t.api<any>('/btz/bid/retry-parse', { token, query: { id: bidId } })).json.success).toBe(true);
    expect((await waitParse(t, token, bidId)).parse.state).toBe('done');
  });
});
