/**
 * Attack (issue 22, finding 5): each 资料库 upload started its own reading process inside the request — six parallel
 * picture uploads made six OCR processes (1.8 GB) that ran on after the clients left. Now the reading is a job of the
 * jobs queue: at most DATABANK_READ_CONCURRENCY (here 1) reading processes at once, the upload answers at once with a
 * queued draft, deleting the draft cancels its reading (its process killed), and a picture over OCR_MAX_PIXELS is
 * scaled down before OCR, with a notice.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataDocDraft } from '@btz/shared';
import { buildTenderDocx, renderTextPng } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { waitForJob, waitUntil } from '../wait.js';
import { readDraft } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ databankReadConcurrency: 1, ocrMaxPixels: 300_000 });
});
afterAll(async () => {
  await t?.close();
});

/** Reading worker processes of this (in-process) server: children running the worker entry. */
function readingProcesses(): number {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return 0; // no children
  }
  return out.split('\n').filter((l) => /workers\/(entry\.ts|worker\.js)/.test(l)).length;
}

const picture = (n: number) =>
  renderTextPng([`资质证书 第 ${n} 号`, '统一社会信用代码 91320500608276123X', '有效期至 2030年6月30日'], { width: 1200, height: 700, fontSize: 40 });

describe('资料库 reading as a capped, cancellable job', () => {
  it('six parallel uploads: every call answers at once, at most one reading process runs, all six are read', async () => {
    const { token } = await newUser(t);
    const files = await Promise.all(Array.from({ length: 6 }, (_, i) => buildTenderDocx([[{ kind: 'title', text: `安全生产许可证 ${i}` }, { kind: 'p', text: `证书编号：AQ-2026-${i}` }]])));
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, readingProcesses());
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const answers = await Promise.all(files.map((data, i) => t.upload('/btz/databank/upload', { token, file: { name: `许可证${i}.docx`, data } })));
    for (const a of answers) expect(a.json, a.text).toMatchObject({ success: true, data: { readState: expect.stringMatching(/^(queued|running|done)$/) } });
    const drafts = await Promise.all(answers.map((a) => readDraft(t, token, (a.json.data as DataDocDraft).id)));
    sampling = false;
    await sampler;
    expect(drafts.map((d) => d.readState)).toEqual(Array(6).fill('done'));
    drafts.forEach((d, i) => expect(d.proposal.number).toBe(`AQ-2026-${i}`));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(1);
  });

  it('saving the fields of a draft still being read stops its reading: the saved fields stay as typed', async () => {
    const { token } = await newUser(t);
    const up = (await t.upload('/btz/databank/upload', { token, file: { name: '扫描件.png', data: picture(9) } })).json.data as DataDocDraft;
    const saved = await t.api('/btz/databank/save', { token, query: { id: up.id }, body: { type: '资质证书', name: '手填的证书', expiry: '2030-01-01' } });
    expect(saved.json).toMatchObject({ success: true, data: { name: '手填的证书', expiry: '2030-01-01' } });
    const job = await t.server.app.ctx.db.selectFrom('jobs').select('state').where('kind', '=', 'databank-read').where('ref_id', '=', up.id).executeTakeFirstOrThrow();
    expect(['cancelled', 'done']).toContain(job.state);
    expect((await readDraft(t, token, up.id)).readState).toBe('done');
    await t.server.app.ctx.jobs.idle(60_000);
    expect((await t.api('/btz/databank/detail', { token, query: { id: up.id } })).json.data).toMatchObject({ name: '手填的证书', expiry: '2030-01-01' });
  });

  it('deleting a draft while it is read cancels the reading and kills its process; the next one is read', async () => {
    const { token } = await newUser(t);
    const first = await t.upload('/btz/databank/upload', { token, file: { name: '扫描件1.png', data: picture(1) } });
    const second = await t.upload('/btz/databank/upload', { token, file: { name: '扫描件2.png', data: picture(2) } });
    const a = first.json.data as DataDocDraft;
    const b = second.json.data as DataDocDraft;
    // wait until the first is being read by its process
    await waitForJob({
      what: `reading of draft ${a.id} by its process`,
      read: async () => ({ ...((await t.api('/btz/databank/draft', { token, query: { id: a.id } })).json.data as DataDocDraft), processes: readingProcesses() }),
      until: (d) => d.readState === 'running' && d.processes > 0,
    });
    const del = await t.api('/btz/databank/delete', { token, query: { id: a.id } });
    expect(del.json).toMatchObject({ success: true });
    expect((await t.api('/btz/databank/draft', { token, query: { id: a.id } })).json).toMatchObject({ code: 400, msg: '资料不存在' });
    const job = await t.server.app.ctx.db.selectFrom('jobs').select('state').where('kind', '=', 'databank-read').where('ref_id', '=', a.id).executeTakeFirstOrThrow();
    expect(job.state).toBe('cancelled');
    // the second waits for nothing but its own reading
    const read = await readDraft(t, token, b.id);
    expect(read.readState).toBe('done');
    // a picture over OCR_MAX_PIXELS (1200×700 > 300,000) was scaled down first, and the draft says so
    expect(read.readNotice).toMatch(/已缩小后识别/);
    await waitUntil('the reading processes ended', () => readingProcesses() === 0);
    expect(readingProcesses()).toBe(0);
  });
});
