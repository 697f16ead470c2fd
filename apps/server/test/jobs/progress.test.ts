/**
 * jobs/progress.ts on a real server: `queueRowJob` enqueues a job for a row and marks the row queued; `RowProgress`
 * writes milestones, writes a worker's reports only on a move of `step`, pushes each write to the row's owner over
 * STOMP, marks the row failed — and a job that no longer owns its row (a newer job took it) neither writes nor tells.
 * The job kind is registered nowhere, so no worker claims it: the test drives the row the way a handler would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DupCheckProgressMessage } from '@btz/shared';
import { queueRowJob, RowProgress } from '../../src/jobs/index.js';
import { CLIENT_BASIC, newUser, startTestServer, type TestServer } from '../harness.js';
import { makeClient, subscribeConfirmed, waitUntil, type TestClient } from '../realtime/helpers.js';

let t: TestServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

const KIND = `progress-test-${process.pid}`;

describe('job row progress', () => {
  it('queues, writes throttled progress in order, pushes it to the owner, fails the row; a stale job touches nothing', async () => {
    const ctx = t.server.app.ctx;
    const db = ctx.db;
    const me = await newUser(t);
    const c = makeClient(t.port, 'websocket', me.token, {
      connectHeaders: { 'Blade-Auth': `Bearer ${me.token}`, Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest' },
    });
    clients.push(c);
    await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
    await subscribeConfirmed(c, `/user/${me.userId}/notice`);
    const created = await t.api('/btz/dupcheck/create', { token: me.token, body: { name: '进度测试' } });
    const id = (created.json.data as { id: string }).id;
    const row = await db.selectFrom('dup_checks').select(['id', 'tenant_id', 'user_id']).where('id', '=', id).executeTakeFirstOrThrow();
    await db.updateTable('dup_checks').set({ state: 'failed', progress: 40, error: '上次的错误' }).where('id', '=', id).execute();

    const jobId = await queueRowJob(ctx, db, { table: 'dup_checks', kind: KIND, row, payload: { checkId: id } });
    expect(await db.selectFrom('dup_checks').select(['state', 'progress', 'error', 'job_id']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      state: 'queued',
      progress: 0,
      error: null,
      job_id: jobId,
    });
    const job = await db.selectFrom('jobs').select(['kind', 'user_id', 'ref_id', 'state', 'max_attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toEqual({ kind: KIND, user_id: me.userId, ref_id: id, state: 'queued', max_attempts: ctx.config.jobMaxAttempts });

    const notify = { kind: 'dupcheck.progress', data: (s: Omit<DupCheckProgressMessage, 'checkId'>) => ({ checkId: id, ...s }) };
    const progress = new RowProgress<DupCheckProgressMessage>(ctx, { id: jobId, userId: me.userId }, { table: 'dup_checks', rowId: id, step: 5, notify });
    await progress.to(0);
    for (const p of [3, 5, 7, 9, 12, 13, 30]) progress.report(p);
    await progress.settled();
    const read = () => db.selectFrom('dup_checks').select(['state', 'progress', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await read()).toEqual({ state: 'running', progress: 30, error: null });
    const msgs = () => c.messages.map((m) => JSON.parse(m.body) as { kind: string; data: DupCheckProgressMessage });
    await waitUntil(() => msgs().length >= 4, 5000, 'four messages');
    expect(msgs().map((m) => [m.data.state, m.data.progress])).toEqual([
      ['running', 0],
      ['running', 5],
      ['running', 12],
      ['running', 30],
    ]);

    // a newer job took the row (a retry): the old job's progress and failure go nowhere
    const stale = new RowProgress<DupCheckProgressMessage>(ctx, { id: 'not-this-rows-job', userId: me.userId }, { table: 'dup_checks', rowId: id, notify });
    await stale.to(90);
    await stale.failed('旧任务的错误');
    expect(await read()).toEqual({ state: 'running', progress: 30, error: null });

    await progress.failed('文件无法读取');
    expect(await read()).toEqual({ state: 'failed', progress: 30, error: '文件无法读取' });
    await waitUntil(() => msgs().length >= 5, 5000, 'failed message');
    await new Promise((r) => setTimeout(r, 200));
    expect(msgs()).toHaveLength(5);
    expect(msgs().at(-1)!.kind).toBe('dupcheck.progress');
    expect(msgs().at(-1)!.data).toEqual({ checkId: id, state: 'failed', progress: 30, error: '文件无法读取' });
  }, 60_000);
});
