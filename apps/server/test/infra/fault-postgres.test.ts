/**
 * PostgreSQL restarted mid-traffic (issue 29, faults): while it is down every request is answered at once with HTTP 503
 * 「服务暂时不可用，请稍后重试」 (not a 500, not a hang); when it is back the server serves again by itself (its pool
 * reconnects, nobody restarts it); a writing job that was running across the restart finishes, every section written
 * exactly once and the copy spent once. On a PostgreSQL cluster of the test's own (own-services.ts), never the shared one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type HttpResult, type TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';
import { buyCopies, getInfo, leaves, outlinedBid, progress, section, detail } from '../writing/helpers.js';
import { startOwnPostgres, type OwnPostgres } from './own-services.js';

const UNAVAILABLE = '服务暂时不可用，请稍后重试';

/** The answer, or a failure naming the call when none came: a request must never hang while the database is away. */
async function answered<T>(what: string, p: Promise<HttpResult<T>>): Promise<HttpResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in 20 s (hung)`)), 20_000)));
  try {
    return await Promise.race([p, hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe('PostgreSQL restarted under a running server', () => {
  let pgc: OwnPostgres;
  let t: TestServer;
  const storage = mkdtempSync(path.join(os.tmpdir(), 'btz-fault-pg-files-'));

  beforeAll(async () => {
    pgc = await startOwnPostgres();
    const url = await pgc.createDatabase('btz_fault_pg');
    t = await startTestServer(
      {
        databaseUrl: url,
        storageDir: storage,
        // slow offline writing, so the restart lands mid-writing; a dead worker's job is taken back quickly
        writeStreamDelayMs: 60,
        llmConcurrency: 2,
        jobPollMs: 50,
        jobHeartbeatMs: 200,
        jobStaleMs: 3000,
        jobRetryBaseMs: 100,
      },
      { databaseUrl: url },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await pgc?.destroy();
    rmSync(storage, { recursive: true, force: true });
  }, 60_000);

  it('requests fail fast with a clear message while it is down, the server recovers by itself, and the running writing finishes exactly once', async () => {
    const { token } = await newUser(t);
    await buyCopies(t, token, 1, 2);
    const copies = (await getInfo(t, token)).commonBidNumber as number;
    const id = await outlinedBid(t, token, 1);
    const start = await t.api('/btz/bid/write/start', { token, query: { id } });
    expect(start.json?.success, start.text).toBe(true);
    const total = start.json.data.total as number;
    await waitForJob({
      what: `writing of bid ${id} under way`,
      read: () => progress(t, token, id),
      until: (p) => {
        if (p.done >= total) throw new Error('writing finished before the restart; slow it down');
        return p.done >= 1 && p.running >= 1;
      },
      view: (p) => p,
      pollMs: 30,
    });

    await pgc.stop();
    // every kind of call: a signed-in read, a write, a public page's data, a login step
    const calls: [string, () => Promise<HttpResult<any>>][] = [
      ['get-info', () => t.api('/btz/user/get-info', { token })],
      ['write/progress', () => t.api('/btz/bid/write/progress', { token, query: { id } })],
      ['send-code', () => t.api('/btz-skip/send-code', { query: { phone: '13900000000' } })],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [what, call] of calls) {
        const r = await answered(what, call());
        expect(r.status, `${what}: ${r.text}`).toBe(503);
        expect(r.json).toMatchObject({ success: false, msg: UNAVAILABLE });
        expect(r.headers['retry-after']).toBe('5');
      }
    }
    expect(t.logs.some((l) => l.includes('unhandled error'))).toBe(false);

    await pgc.start();
    // nobody touches the server: the next calls succeed again
    const back = await waitForJob({
      what: 'the server answering again after PostgreSQL came back',
      read: async () => (await answered('get-info', t.api('/btz/user/get-info', { token }))).json,
      until: (j) => j?.success === true,
      view: (j) => j?.msg,
      pollMs: 200,
    });
    expect(back.data.commonBidNumber).toBe(copies - 1);

    const p = await waitForJob({
      what: `writing of bid ${id} after the restart`,
      read: () => progress(t, token, id),
      until: (r) => r.status !== 'writing' && r.running === 0 && r.queued === 0,
      view: (r) => r,
    });
    expect(p).toMatchObject({ status: 'written', total, done: total, failed: 0 });
    const d = await detail(t, token, id);
    for (const leaf of leaves(d.outline!)) {
      const s = await section(t, token, id, leaf.id);
      expect(s.state, leaf.title).toBe('written');
      expect(s.revision, `${leaf.title} written more than once`).toBe(1);
      expect(s.chars, leaf.title).toBeGreaterThan(50);
    }
    // the job workers polled on through the outage, saying so as a warning, not as an error per poll
    const errors = t.logs.filter((l) => /jobs: (background step|claim) failed/.test(l));
    expect(errors.map((l) => l.slice(0, 300))).toEqual([]);
    expect(t.logs.some((l) => l.includes('jobs: database unavailable'))).toBe(true);
    // one copy for the one bid, spent once across the restart
    expect((await getInfo(t, token)).commonBidNumber).toBe(copies - 1);
  });
});
