/**
 * A bid check whose server died mid-check finishes after the restart, exactly once: a child-process server killed with
 * SIGKILL while the check reads a long PDF, restarted on the same DATA_DIR; the check ends done with its report, one job
 * row done, one check in the list. PGlite only (kill -9 of a DATA_DIR): listed in vitest.config.ts `ownEngine`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { buildTenderPdf } from '../../../../packages/bid-engine/test/fixtures/build.js';
import type { Block } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { multipartBody } from '../harness.js';
import { childApi as api, childLogin, startChild, type Child } from '../child-server.js';
import { settled, waitForJob } from '../wait.js';

const fill = (s: string, n: number) => Array.from({ length: n }, (_, i) => `${s}（第${i + 1}条）`).join('');
/** 80 pages of a technical bid that names its bidder on every page. */
const LONG_BID: Block[][] = Array.from({ length: 80 }, (_, i) => [
  { kind: 'h1', text: `第${i + 1}章 技术方案` },
  { kind: 'p', text: fill('江州智联科技有限公司采用微服务架构，分层部署，数据库主备切换，负载均衡保障高可用。', 8) },
]);

describe('bid check recovery (kill -9 of a real server process)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-bidcheck-kill-'));
  const children: Child[] = [];
  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL mid-check, restart on the same DATA_DIR: the check completes, once', async () => {
    const pgl = await PGlite.create(path.join(dataDir, 'pgdata'), { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    await pgl.close();
    const first = await startChild(dataDir);
    children.push(first);
    const token = await childLogin(first);
    const ent = await api(first, '/btz/enterprise/info/save', {
      token,
      body: Buffer.from(JSON.stringify({ name: '江州智联科技有限公司', creditCode: '', legalRep: '', address: '', contacts: [], qualifications: [], staff: [], projects: [] })),
      headers: { 'content-type': 'application/json' },
    });
    expect(ent.json?.success, ent.text).toBe(true);
    const { body, contentType } = multipartBody({ file: { name: '长技术标.pdf', data: await buildTenderPdf(LONG_BID) }, fields: { kind: 'anonymity' } });
    const up = await api(first, '/btz/bidcheck/upload', { token, body, headers: { 'content-type': contentType } });
    expect(up.json?.success, up.text).toBe(true);
    const id = up.json.data.id as string;
    await waitForJob({
      what: `bid check ${id} started`,
      read: async () => (await api(first, '/btz/bidcheck/detail', { token, query: { id } })).json.data,
      until: (c) => {
        if (c.state === 'done') throw new Error('check finished before the kill; make the fixture longer');
        return c.state === 'running';
      },
      pollMs: 10,
    });
    first.proc.kill('SIGKILL');
    await first.exited;

    const second = await startChild(dataDir);
    children.push(second);
    const d = await waitForJob<any>({
      what: `bid check ${id} after the restart`,
      read: async () => (await api(second, '/btz/bidcheck/detail', { token, query: { id } })).json.data,
      until: settled,
    });
    expect(d, JSON.stringify({ ...d, report: undefined })).toMatchObject({ state: 'done', progress: 100 });
    expect(d.report.pageCount).toBe(80);
    expect(d.report.findings.filter((f: { rule: string }) => f.rule === 'bidder-name').length).toBeGreaterThan(0);
    const list = (await api(second, '/btz/bidcheck/list', { token })).json.data;
    expect(list.total).toBe(1);
    expect(second.lines.some((l) => l.includes('re-queued jobs whose worker stopped'))).toBe(true);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // one job for the check, done once
    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    const jobs = await db.query<{ state: string }>(`SELECT state FROM jobs WHERE ref_id = $1`, [id]);
    await db.close();
    expect(jobs.rows.map((r) => r.state)).toEqual(['done']);
  });
});
