/**
 * Issue 10 findings 1 and 2: one upload must never take the server down. A real server in a child process (so an
 * out-of-memory would kill it, not the test runner, and its peak RSS can be read), a logged-in user uploading the
 * report's hostile files, `/healthz` and a normal API call polled the whole time, and the database read afterwards.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { multipartBody } from '../harness.js';
import { childApi as api, childLogin, startChild, type Child } from '../child-server.js';
import { bombPdf, heavyDocx, reportDocxBomb } from './bombs.js';
import { rssMb, watchServer } from './watch.js';

/** Every answer within this while the server works (a generous bound; the figures go into `npm run bench -- hostile`). */
/** The child's worker heap cap; its own peak RSS must stay far below what the report saw (5.3 GB). */
const WORKER_MB = 256;
const PEAK_RSS_MB = 1500;

// PGlite child processes: vitest.config.ts runs this file in the `api` project only (ownEngine)
describe('hostile tender files (issue 10)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-hostile-'));
  const children: Child[] = [];
  let child: Child;
  let token: string;
  const env = { WORKER_MEMORY_MB: String(WORKER_MB), JOB_RETRY_BASE_MS: '50', JOB_MAX_ATTEMPTS: '3' };

  beforeAll(async () => {
    // a data directory from the migrated dump: skips the child's initdb
    const pgl = await PGlite.create(path.join(dataDir, 'pgdata'), { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    await pgl.close();
    child = await startChild(dataDir, env);
    children.push(child);
    token = await childLogin(child);
  }, 60_000);

  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(name: string, data: Buffer) {
    const { body, contentType } = multipartBody({ file: { name, data }, fields: { bidType: 1 } });
    return api(child, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } });
  }

  /** Polls detail until the parse settles, while /healthz and the bid list are watched; returns both. */
  async function parseWatched(bidId: string, timeoutMs = 120_000) {
    const watch = watchServer(child.url, { token, apiPath: '/btz/bid/list', query: { current: '1', size: '10' } });
    const end = Date.now() + timeoutMs;
    let d: any;
    let seen: Awaited<ReturnType<typeof watch.stop>>;
    try {
      for (;;) {
        d = (await api(child, '/btz/bid/detail', { token, query: { id: bidId } })).json.data;
        if (d.parse.state === 'done' || d.parse.state === 'failed') break;
        if (Date.now() > end) throw new Error(`parse did not settle: ${JSON.stringify(d.parse)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      seen = await watch.stop();
    }
    return { detail: d, seen };
  }

  function expectResponsive(seen: Awaited<ReturnType<ReturnType<typeof watchServer>['stop']>>) {
    expect(seen.failures).toEqual([]);
    // both loops kept getting answers while the hostile file was handled (a dead or blocked server answers none or
    // once); how fast they answered is the hostile bench's figure (`npm run bench -- hostile`), not a test's
    expect(seen.healthz.length).toBeGreaterThan(3);
    expect(seen.api.length).toBeGreaterThan(3);
  }

  /** Stops the child (gracefully), reads the jobs and files of `bidId` from its database, starts it again. */
  async function restartAndRead(bidId: string) {
    child.proc.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    const pgl = await PGlite.create(path.join(dataDir, 'pgdata'));
    const jobs = (await pgl.query<{ id: string; state: string; attempts: number; error: string }>(`SELECT id, state, attempts, error FROM jobs WHERE ref_id = $1 ORDER BY created_at`, [bidId])).rows;
    const files = (await pgl.query<{ state: string; error: string; error_code: string }>(`SELECT state, error, error_code FROM bid_files WHERE bid_id = $1`, [bidId])).rows;
    await pgl.close();
    child = await startChild(dataDir, env);
    children.push(child);
    return { jobs, files };
  }

  it("the report's DOCX bomb (10 MB, document.xml 508 MB at ~51:1) is refused at upload, in Chinese; nothing else stops", async () => {
    const bomb = reportDocxBomb();
    expect(bomb.length).toBeGreaterThan(9 * 1024 * 1024);
    const watch = watchServer(child.url, { token, apiPath: '/btz/bid/list', query: { current: '1', size: '10' } });
    const res = await upload('炸弹.docx', bomb);
    // the server may have gone on parsing it (today's main does, and dies): give it time to show that
    await new Promise((r) => setTimeout(r, 3000));
    const seen = await watch.stop();
    expect(res.json, res.text).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toMatch(/DOCX 文件异常.*疑似压缩炸弹，已拒绝处理/);
    expectResponsive(seen);
    const list = await api(child, '/btz/bid/list', { token, query: { current: '1', size: '10' } });
    expect(list.json.data.records).toEqual([]); // nothing was stored
  }, 120_000);

  it('a DOCX inside the inflation budget that exhausts the parse worker: failed for good with a Chinese message, tried once, never again', async () => {
    const up = await upload('超大文档.docx', heavyDocx());
    expect(up.json?.success, up.text).toBe(true);
    const bidId = up.json.data.bidId as string;
    const { detail, seen } = await parseWatched(bidId);
    expect(detail.parse.state, JSON.stringify(detail.parse)).toBe('failed');
    expect(detail.parse.error).toBe(`文件过大或结构过于复杂，解析超出内存上限（${WORKER_MB} MB），已停止处理。请拆分或精简文件后重新上传`);
    expectResponsive(seen);
    expect(rssMb(child.proc.pid!).peak).toBeLessThan(PEAK_RSS_MB);

    // the job ran once; a restart (recovery at start) does not run it again
    const before = await restartAndRead(bidId);
    expect(before.jobs).toMatchObject([{ state: 'failed', attempts: 1 }]);
    expect(before.files).toMatchObject([{ state: 'failed', error_code: 'OUT_OF_MEMORY' }]);
    await new Promise((r) => setTimeout(r, 1500)); // recovery and a few polls
    const d = (await api(child, '/btz/bid/detail', { token, query: { id: bidId } })).json.data;
    expect(d.parse).toMatchObject({ state: 'failed', error: detail.parse.error });

    // retry-parse is refused with the same message, without reading the file again
    const retry = await api(child, '/btz/bid/retry-parse', { token, query: { id: bidId } });
    expect(retry.json).toMatchObject({ code: 400, success: false, msg: detail.parse.error });
    const after = await restartAndRead(bidId);
    expect(after.jobs).toEqual(before.jobs);
  }, 240_000);

  it("the report's PDF (one FlateDecode stream inflating to 300 MB): failed for good in Chinese, tried once, the server answers throughout", async () => {
    const pdf = bombPdf(300);
    expect(pdf.length).toBeLessThan(1024 * 1024);
    const up = await upload('炸弹.pdf', pdf);
    expect(up.json?.success, up.text).toBe(true);
    const bidId = up.json.data.bidId as string;
    const { detail, seen } = await parseWatched(bidId);
    expect(detail.parse.state, JSON.stringify(detail.parse)).toBe('failed');
    expect(detail.parse.error).toMatch(/^PDF 文件异常：压缩数据解压后超过 \d+ MB（按文件大小允许的上限），疑似压缩炸弹，已拒绝处理$/);
    expectResponsive(seen);
    expect(rssMb(child.proc.pid!).peak).toBeLessThan(PEAK_RSS_MB);
    const { jobs } = await restartAndRead(bidId);
    expect(jobs).toMatchObject([{ state: 'failed', attempts: 1 }]);
  }, 240_000);
});
