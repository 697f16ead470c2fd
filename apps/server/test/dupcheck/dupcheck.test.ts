/**
 * 查重 over HTTP (issue 15): a check created, its bids and tender uploaded (sniffed by content; a zip bomb, a text
 * file, an 11th bid and a second tender refused in Chinese), started as a job whose progress is polled, its report
 * (pairs with risk per dimension, shared passages, evidence) read back and exported as Excel; a bid the reader refuses
 * fails the check with the file's name, and retry runs it again; a check interrupted by a dead worker finishes once;
 * checks of another owner look missing.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DupCheckDetail, DupCheckSummary, Page } from '@btz/shared';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { buildDupSet } from '../../../../packages/bid-engine/test/fixtures/dup-bids.js';
import { buildZipBomb } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';

let t: TestServer;
let set: Awaited<ReturnType<typeof buildDupSet>>;
beforeAll(async () => {
  // a stale window wide enough that a live job on a loaded machine is never taken for dead (the dead one is an hour old)
  t = await startTestServer({ jobPollMs: 50, jobStaleMs: 5000, jobHeartbeatMs: 500 });
  set = await buildDupSet(drawPicture);
});
afterAll(async () => {
  await t?.close();
});

async function ok<T = any>(path: string, token: string, query: Record<string, string | number> = {}, body?: unknown): Promise<T> {
  const res = await t.api(path, { token, query, body });
  expect(res.json, `${path} ${res.text}`).toMatchObject({ code: 200, success: true });
  return res.json.data as T;
}
const upload = (token: string, id: string, name: string, data: Buffer, role = 'bid') => t.upload('/btz/dupcheck/upload', { token, query: { id, role }, file: { name, data } });
async function uploadOk(token: string, id: string, name: string, data: Buffer, role = 'bid') {
  const res = await upload(token, id, name, data, role);
  expect(res.json, res.text).toMatchObject({ success: true });
  return res.json.data;
}
async function until(token: string, id: string, states: DupCheckDetail['state'][] = ['done', 'failed']): Promise<DupCheckDetail> {
  return waitForJob({ what: `duplicate check ${id}`, read: () => ok<DupCheckDetail>('/btz/dupcheck/detail', token, { id }), until: (d) => states.includes(d.state) });
}

describe('duplicate check', () => {
  it('uploads, runs as a job, reports the copying pair and exports Excel', async () => {
    const { token } = await newUser(t);
    const { id } = await ok<{ id: string }>('/btz/dupcheck/create', token, {}, { name: '某道路工程查重' });
    expect(await uploadOk(token, id, 'A公司投标文件.docx', set.a)).toMatchObject({ index: 1, role: 'bid', type: 'docx' });
    // one bid is not enough to start
    expect((await t.api('/btz/dupcheck/start', { token, query: { id } })).json).toMatchObject({ success: false, msg: '请至少上传 2 份投标文件' });
    await uploadOk(token, id, 'B公司投标文件.docx', set.b);
    await uploadOk(token, id, 'C公司投标文件.docx', set.c);
    await uploadOk(token, id, '招标文件.docx', set.tender, 'tender');
    expect((await upload(token, id, '招标文件2.docx', set.tender, 'tender')).json).toMatchObject({ success: false, msg: '招标文件只能上传 1 份' });
    expect((await upload(token, id, '说明.txt', Buffer.from('这只是一段文字说明'))).json).toMatchObject({ success: false, msg: '仅支持 DOCX、PDF、DOC 格式的投标文件或招标文件' });
    const bomb = (await upload(token, id, '炸弹.docx', await buildZipBomb(200))).json;
    expect(bomb).toMatchObject({ code: 400, success: false });
    expect(bomb.msg).toContain('疑似压缩炸弹');
    // a file added by mistake is removed
    await uploadOk(token, id, '多余.docx', set.c);
    await ok('/btz/dupcheck/file/remove', token, { id, index: 5 });

    await ok('/btz/dupcheck/start', token, { id });
    expect((await upload(token, id, '晚到.docx', set.c)).json).toMatchObject({ success: false, msg: '查重已开始，不能再修改文件' });
    const d = await until(token, id);
    expect(d, d.error ?? '').toMatchObject({ state: 'done', progress: 100, bids: 3, hasTender: true, risk: 'high' });
    expect(d.files.map((f) => [f.index, f.name, f.role])).toEqual([
      [1, 'A公司投标文件.docx', 'bid'],
      [2, 'B公司投标文件.docx', 'bid'],
      [3, 'C公司投标文件.docx', 'bid'],
      [4, '招标文件.docx', 'tender'],
    ]);
    const r = d.report!;
    expect(r.files.map((f) => f.name)).toEqual(['A公司投标文件.docx', 'B公司投标文件.docx', 'C公司投标文件.docx', '招标文件.docx']);
    const ab = r.pairs.find((p) => p.a === 0 && p.b === 1)!;
    const ac = r.pairs.find((p) => p.a === 0 && p.b === 2)!;
    expect(ab.risks).toMatchObject({ text: 'high', outline: 'high', metadata: 'high', images: 'high', prices: 'high' });
    expect(ab.passages.length).toBeGreaterThan(0);
    expect(['none', 'low']).toContain(ac.risks.text);
    expect(ac.risks).toMatchObject({ metadata: 'none', images: 'none', prices: 'none' });

    const list = await ok<Page<DupCheckSummary>>('/btz/dupcheck/list', token);
    expect(list.records[0]).toMatchObject({ id, name: '某道路工程查重', state: 'done', risk: 'high', bids: 3, hasTender: true });

    const x = await t.api('/btz/dupcheck/export', { token, query: { id } });
    expect(x.status).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(x.headers['content-disposition']))).toContain('查重报告-某道路工程查重.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.bytes as unknown as ArrayBuffer);
    expect(wb.getWorksheet('两两对比')!.getRow(2).getCell(1).value).toBe('A公司投标文件.docx');

    // another user sees nothing of it
    const other = await newUser(t);
    for (const path of ['/btz/dupcheck/detail', '/btz/dupcheck/export', '/btz/dupcheck/delete', '/btz/dupcheck/start']) {
      expect((await t.api(path, { token: other.token, query: { id } })).json, path).toMatchObject({ success: false, msg: '查重任务不存在或已删除' });
    }
    expect((await upload(other.token, id, 'x.docx', set.a)).json).toMatchObject({ success: false, msg: '查重任务不存在或已删除' });
    expect((await ok<Page<DupCheckSummary>>('/btz/dupcheck/list', other.token)).total).toBe(0);
    expect((await t.api('/btz/dupcheck/list')).status).toBe(401);

    await ok('/btz/dupcheck/delete', token, { id });
    expect((await t.api('/btz/dupcheck/detail', { token, query: { id } })).json).toMatchObject({ success: false, msg: '查重任务不存在或已删除' });
  });

  it('a bid the reader refuses fails the check with its name; an 11th bid is refused', async () => {
    const { token } = await newUser(t);
    const { id } = await ok<{ id: string }>('/btz/dupcheck/create', token, {}, { name: '坏文件' });
    await uploadOk(token, id, '正常.docx', set.a);
    // a DOCX whose document part is not XML: sniffed as DOCX, refused by the reader in the job
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(set.b);
    zip.file('word/document.xml', '这不是XML');
    await uploadOk(token, id, '损坏.docx', await zip.generateAsync({ type: 'nodebuffer' }));
    await ok('/btz/dupcheck/start', token, { id });
    const d = await until(token, id);
    expect(d.state).toBe('failed');
    expect(d.error).toMatch(/^文件「损坏\.docx」无法读取：/);
    expect((await t.api('/btz/dupcheck/export', { token, query: { id } })).json).toMatchObject({ success: false, msg: '查重尚未完成，暂无报告' });
    // retried: fails the same way (the file is what it is), and is kept
    await ok('/btz/dupcheck/retry', token, { id });
    expect((await until(token, id)).state).toBe('failed');

    const { id: many } = await ok<{ id: string }>('/btz/dupcheck/create', token, {}, { name: '超过十份' });
    for (let i = 0; i < 10; i++) await uploadOk(token, many, `第${i + 1}份.docx`, set.c);
    expect((await upload(token, many, '第11份.docx', set.c)).json).toMatchObject({ success: false, msg: '投标文件最多 10 份' });
  });

  it('a check whose worker died mid-run is taken up again and finishes once', async () => {
    const { token, userId } = await newUser(t);
    const { id } = await ok<{ id: string }>('/btz/dupcheck/create', token, {}, { name: '中断恢复' });
    await uploadOk(token, id, 'A.docx', set.a);
    await uploadOk(token, id, 'B.docx', set.b);
    // as a killed server leaves it: the check running at 35 %, its job claimed by a dead process long ago
    const db = t.server.db.db;
    const row = await db.selectFrom('dup_checks').select(['tenant_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const jobId = `dead-${id}`;
    await db
      .insertInto('jobs')
      .values({
        id: jobId,
        kind: 'dupcheck',
        tenant_id: row.tenant_id,
        user_id: userId,
        ref_id: id,
        payload: JSON.stringify({ checkId: id }),
        state: 'running',
        attempts: 1,
        max_attempts: 3,
        locked_by: 'dead-host:1:abc',
        locked_at: sql<Date>`now() - interval '1 hour'`,
        heartbeat_at: sql<Date>`now() - interval '1 hour'`,
      } as never)
      .execute();
    await db.updateTable('dup_checks').set({ state: 'running', progress: 35, job_id: jobId }).where('id', '=', id).execute();
    t.server.app.ctx.jobs.poke();
    const d = await until(token, id);
    expect(d).toMatchObject({ state: 'done', progress: 100, risk: 'high' });
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    expect(await db.selectFrom('jobs').select('id').where('ref_id', '=', id).execute()).toHaveLength(1);
  });
});
