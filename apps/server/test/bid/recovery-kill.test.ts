/**
 * A parse whose worker died finishes after the restart, exactly once, for real: a child-process server killed with
 * SIGKILL mid-OCR, restarted on the same DATA_DIR. PGlite only (the kill -9 / data-directory case): vitest.config.ts
 * runs this file in the `api` project and leaves it out of `api-postgres`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { FACTS } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { multipartBody } from '../harness.js';
import { childApi as api, childLogin, startChild, type Child } from '../child-server.js';
import { scannedPdf } from './helpers.js';
import { settled, waitForJob } from '../wait.js';

describe('parse recovery (kill -9 of a real server process)', () => {
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
    await waitForJob({
      what: `parse of bid ${bidId} started`,
      read: async () => (await api(first, '/btz/bid/detail', { token, query: { id: bidId } })).json.data.parse,
      until: (parse) => {
        if (parse.state === 'done') throw new Error('parse finished before the kill; make the fixture slower');
        return parse.state === 'running';
      },
      pollMs: 10,
    });
    first.proc.kill('SIGKILL');
    await first.exited;

    const second = await startChild(dataDir);
    children.push(second);
    const d = await waitForJob({
      what: `parse of bid ${bidId} after the restart`,
      read: async () => (await api(second, '/btz/bid/detail', { token, query: { id: bidId } })).json.data,
      until: (b) => settled(b.parse),
      view: (b) => b.parse,
    });
    expect(d.parse, JSON.stringify(d.parse)).toMatchObject({ state: 'done', progress: 100 });
    expect(d.card.projectNumber.value).toBe(FACTS.projectNumber);
    expect(d.files).toHaveLength(1);
    expect(second.lines.some((l) => l.includes('re-queued jobs whose worker stopped'))).toBe(true);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
