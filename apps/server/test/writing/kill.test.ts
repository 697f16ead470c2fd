/**
 * kill -9 in the middle of writing, restart on the same DATA_DIR (PGlite): the writing finishes and every section is
 * written exactly once — none lost, none written twice (revision 1 each), none half-saved — and the copy is spent once.
 * PGlite only: vitest.config.ts runs this file in the `api` project and leaves it out of `api-postgres`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { childApi as api, childLogin, startChild, type Child } from '../child-server.js';
import { httpRequest, multipartBody } from '../harness.js';
import { tenderDocx } from '../bid/helpers.js';
import { settled, waitForJob } from '../wait.js';

// the first server writes slowly, so the kill lands mid-writing; the restarted one writes at full speed (what it must
// prove is exactly-once, not speed — at 120 ms a piece the rest of the bid took ~60 s, past the wait on a loaded machine)
const ENV = { WRITE_STREAM_DELAY_MS: '120', LLM_CONCURRENCY: '2' };
const RESTART_ENV = { WRITE_STREAM_DELAY_MS: '0', LLM_CONCURRENCY: '2' };


describe('writing recovery (kill -9 of a real server process)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-write-kill-'));
  const children: Child[] = [];
  afterAll(async () => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL mid-writing, restart: every section written exactly once, one copy spent', async () => {
    const pgl = await PGlite.create(path.join(dataDir, 'pgdata'), { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    await pgl.close();
    const first = await startChild(dataDir, ENV);
    children.push(first);
    const token = await childLogin(first);

    // two copies bought through the sandbox payment
    const order = (await api(first, '/btz/bid-order/pay-order', { token, query: { optionId: '000000-copy-basic', number: '2' } })).json.data;
    await httpRequest(first.url, new URL(order.codeUrl).pathname, { method: 'POST', form: {} });
    const info = async (c: Child) => (await api(c, '/btz/user/get-info', { token })).json.data;
    expect((await info(first)).commonBidNumber).toBe(2);

    const { body, contentType } = multipartBody({ file: { name: '招标文件.docx', data: await tenderDocx() }, fields: { bidType: 1 } });
    const up = await api(first, '/btz/bid/upload-tender', { token, body, headers: { 'content-type': contentType } });
    expect(up.json?.success, up.text).toBe(true);
    const bidId = up.json.data.bidId as string;
    const parsed = await waitForJob({
      what: `parse of bid ${bidId}`,
      read: async () => (await api(first, '/btz/bid/detail', { token, query: { id: bidId } })).json.data.parse,
      until: settled,
    });
    expect(parsed.state).toBe('done');

    const start = await api(first, '/btz/bid/write/start', { token, query: { id: bidId } });
    expect(start.json?.success, start.text).toBe(true);
    const total = start.json.data.total as number;
    expect(total).toBeGreaterThan(3);
    // some sections written, some in the middle of streaming: kill without warning
    await waitForJob({
      what: `writing of bid ${bidId} under way`,
      read: async () => (await api(first, '/btz/bid/write/progress', { token, query: { id: bidId } })).json.data,
      until: (p) => {
        if (p.done >= total) throw new Error('writing finished before the kill; slow it down');
        return p.done >= 1 && p.running >= 1;
      },
      view: (p) => p,
      pollMs: 30,
    });
    first.proc.kill('SIGKILL');
    await first.exited;

    const second = await startChild(dataDir, RESTART_ENV);
    children.push(second);
    const p = await waitForJob({
      what: `writing of bid ${bidId} after the restart`,
      read: async () => (await api(second, '/btz/bid/write/progress', { token, query: { id: bidId } })).json.data,
      until: (r) => r.status !== 'writing',
      view: (r) => r,
    });
    expect(p).toMatchObject({ status: 'written', total, done: total, failed: 0 });
    for (const s of p.sections as { nodeId: string }[]) {
      const sec = (await api(second, '/btz/bid/section/get', { token, query: { id: bidId, nodeId: s.nodeId } })).json.data;
      expect(sec.state).toBe('written');
      expect(sec.revision, `${sec.title} written more than once`).toBe(1);
      // the offline writer does not pad a section to its target (issue 24)
      if (sec.targetChars > 0) expect(sec.chars).toBeLessThanOrEqual(Math.ceil(sec.targetChars * 1.2));
      expect(sec.chars).toBeGreaterThan(50);
    }
    expect((await info(second)).commonBidNumber).toBe(1);
    expect(second.lines.some((l) => l.includes('re-queued jobs whose worker stopped'))).toBe(true);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
