/**
 * A parse whose worker died finishes after the restart, exactly once — simulated here (a running job row with a stale
 * heartbeat, on both databases); for real (kill -9 of a server process) in recovery-kill.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FACTS } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { tenderDocx, uploadTender, waitParse } from './helpers.js';

describe('parse recovery (stale heartbeat)', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer({ jobPollMs: 50, jobHeartbeatMs: 100, jobStaleMs: 3000 });
    token = (await newUser(t)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a parse job left running by a dead worker is re-queued and completes exactly once', async () => {
    const bidId = await uploadTender(t, token, { name: '招标文件.docx', data: await tenderDocx() });
    const first = await waitParse(t, token, bidId);
    const db = t.server.db.db;
    const bid = await db.selectFrom('bids').selectAll().where('id', '=', bidId).executeTakeFirstOrThrow();
    // what a kill -9 in the middle of reading leaves: a running job nobody heartbeats, a half-read file
    const jobId = '9' + bid.parse_job_id!.slice(1);
    await db
      .insertInto('jobs')
      .values({
        id: jobId,
        kind: 'parse-tender',
        tenant_id: bid.tenant_id,
        user_id: bid.user_id,
        ref_id: bidId,
        state: 'running',
        attempts: 1,
        locked_by: 'dead-host:4242:abcdef',
        locked_at: sql<Date>`now() - interval '10 minutes'`,
        heartbeat_at: sql<Date>`now() - interval '10 minutes'`,
        payload: JSON.stringify({ bidId }),
      })
      .execute();
    await db
      .updateTable('bids')
      .set({ parse_job_id: jobId, parse_state: 'running', parse_progress: 30, parse_stage: '读取文件', card: null, outline: null, coverage: null, status: 'draft' })
      .where('id', '=', bidId)
      .execute();
    await db.updateTable('bid_files').set({ state: 'parsing' }).where('bid_id', '=', bidId).execute();
    await db.deleteFrom('bid_file_pages').where('file_id', '=', first.files[0]!.id).execute();

    const d = await waitParse(t, token, bidId);
    expect(d.parse).toMatchObject({ state: 'done', progress: 100 });
    expect(d.status).toBe('outlined');
    expect(d.card!.projectNumber?.value).toBe(FACTS.projectNumber);
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 2, locked_by: null });
    const pages = await db.selectFrom('bid_file_pages').select((eb) => eb.fn.countAll<number>().as('n')).where('file_id', '=', first.files[0]!.id).executeTakeFirstOrThrow();
    expect(Number(pages.n)).toBe(first.files[0]!.pageCount);
    const active = await db.selectFrom('jobs').select('id').where('ref_id', '=', bidId).where('state', 'in', ['queued', 'running']).execute();
    expect(active).toEqual([]);
  });
});
