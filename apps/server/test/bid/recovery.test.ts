/**
 * A parse whose worker died finishes after the restart, exactly once: simulated (a running job row with a stale
 * heartbeat, on both databases), and for real (a child-process server killed with SIGKILL mid-OCR, restarted on the
 * same DATA_DIR — PGlite).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { FACTS } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { multipartBody, newUser, startTestServer, type TestServer } from '../harness.js';
import { childApi as api, childLogin, startChild, type Child } from '../child-server.js';
import { scannedPdf, tenderDocx, uploadTender, waitParse } from './helpers.js';

describe('parse recovery (stale heartbeat)', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer({ jobPollMs: 50, jobHeartbeatMs: 100, jobStaleMs: 400 });
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

// ---------------------------------------------------------------------------------------------------------------------

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('parse recovery (kill -9 of a real server process)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-kill-'));
  const children: Child[] = [];
  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL mid-parse, restart on the same DATA_DIR: the parse completes, once', async () => {
    // a data directory from the migrated dump: skips the child's ~6 s initdb
    const pgl = await PGlite.create(path.join(dataDir, 'pgdata'), { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    await pgl.close();
    const first = await startChild(dataDir);
    children.push(first);
    const token = await childLogin(first);
    const { body, contentType } = multipartBody({ file: { name: '扫描件.pdf', data: await scannedPdf() }, fields: { bidType: 1 } });
    const up = await api(first, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } });
    expect(up.json?.success, up.text).toBe(true);
    const bidId = up.json.data.bidId as string;
    // wait until the worker is inside the parse (reading or OCR), then kill it without warning
    const end = Date.now() + 30_000;
    for (;;) {
      const d = await api(first, '/btz/bid/detail', { token, query: { id: bidId } });
      if (d.json.data.parse.state === 'running') break;
      if (d.json.data.parse.state === 'done') throw new Error('parse finished before the kill; make the fixture slower');
      if (Date.now() > end) throw new Error('parse never started');
      await new Promise((r) => setTimeout(r, 10));
    }
    first.proc.kill('SIGKILL');
    await first.exited;

    const second = await startChild(dataDir);
    children.push(second);
    const doneBy = Date.now() + 60_000;
    let d: any;
    for (;;) {
      d = (await api(second, '/btz/bid/detail', { token, query: { id: bidId } })).json.data;
      if (d.parse.state === 'done' || d.parse.state === 'failed') break;
      if (Date.now() > doneBy) throw new Error(`parse did not finish after restart: ${JSON.stringify(d.parse)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(d.parse, JSON.stringify(d.parse)).toMatchObject({ state: 'done', progress: 100 });
    expect(d.card.projectNumber.value).toBe(FACTS.projectNumber);
    expect(d.files).toHaveLength(1);
    expect(second.lines.some((l) => l.includes('re-queued jobs whose worker stopped'))).toBe(true);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
