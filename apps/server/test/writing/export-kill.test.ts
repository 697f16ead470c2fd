/**
 * An export survives its server (issue 26 item 3): a child-process server killed with SIGKILL while it builds a large
 * bid's Word file, restarted on the same DATA_DIR; the export is handed back, ends done with every section in the file,
 * one export row, one job done. PGlite only (kill -9 of a DATA_DIR): listed in vitest.config.ts `ownEngine`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import type { BidExport } from '@btz/shared';
import { openPGlite } from '../../src/db/connection.js';
import { multipartBody } from '../harness.js';
import { childApi as api, childLogin, startChild, type Child } from '../child-server.js';
import { followExport } from '../export.js';
import { settled, waitForJob } from '../wait.js';
import { tenderDocx } from '../bid/helpers.js';
import { seedLargeBid } from '../security/large-bid.js';
import { unzip } from './helpers.js';

describe('export recovery (kill -9 of a real server process)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-export-kill-'));
  const children: Child[] = [];
  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL mid-export, restart on the same DATA_DIR: the export completes, once', async () => {
    const pgl = await PGlite.create(path.join(dataDir, 'pgdata'), { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    await pgl.close();
    let child = await startChild(dataDir, {}, { startMs: 180_000 });
    children.push(child);
    const token = await childLogin(child);
    const { body, contentType } = multipartBody({ file: { name: '招标文件.docx', data: await tenderDocx() }, fields: { bidType: 1 } });
    const up = await api(child, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } });
    expect(up.json?.success, up.text).toBe(true);
    const bidId = up.json.data.bidId as string;
    await waitForJob({ what: `parse of bid ${bidId}`, read: async () => (await api(child, '/btz/bid/detail', { token, query: { id: bidId } })).json.data.parse, until: settled });
    // a bid large enough that its export is still running when the server dies
    child.proc.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    const handle = await openPGlite({ dir: path.join(dataDir, 'pgdata') });
    const sections = await seedLargeBid(handle.db, bidId, 600, 10_000);
    await handle.close();

    child = await startChild(dataDir, {}, { startMs: 180_000 });
    children.push(child);
    const first = child;
    const start = await api(first, '/btz/bid/export/start', { token, query: { id: bidId, format: 'docx' } });
    expect(start.json?.success, start.text).toBe(true);
    const id = (start.json.data as BidExport).id;
    await waitForJob({
      what: `export ${id} started`,
      read: async () => (await api(first, '/btz/bid/export/get', { token, query: { id } })).json.data as BidExport,
      until: (e) => {
        if (e.state === 'done') throw new Error('export finished before the kill; make the bid larger');
        return e.state === 'running';
      },
      pollMs: 10,
    });
    first.proc.kill('SIGKILL');
    await first.exited;

    const second = await startChild(dataDir, {}, { startMs: 180_000 });
    children.push(second);
    const call = (p: string, o: Parameters<typeof api>[2]) => api(second, p, o);
    const done = await followExport(call, token, id);
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'done', progress: 100, error: null });
    const file = await api(second, '/btz/bid/export/file', { token, query: { id } });
    const xml = unzip(file.bytes).get('word/document.xml')!;
    for (const s of [sections[0]!, sections[299]!, sections.at(-1)!]) expect(xml.includes(s.marker), s.marker).toBe(true);
    const list = (await api(second, '/btz/bid/export/list', { token, query: { id: bidId } })).json.data as BidExport[];
    expect(list.map((e) => e.id)).toEqual([id]);
    expect(second.lines.some((l) => l.includes('re-queued jobs whose worker stopped'))).toBe(true);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // one job for the export, done once
    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    const jobs = await db.query<{ state: string }>(`SELECT state FROM jobs WHERE ref_id = $1`, [id]);
    await db.close();
    expect(jobs.rows.map((r) => r.state)).toEqual(['done']);
  });
});
