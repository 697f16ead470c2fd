/**
 * Export is a job (issue 26 item 3): the call that starts it answers at once, the export's progress reaches its user
 * over STOMP as `bid.export`, the file is downloaded once done; a second click follows the running export; a newer
 * export replaces the older file; nobody else sees an export; a deleted bid's exports go; a full upload quota does not
 * stop the user from exporting its own bid. (The restart case: export-kill.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_TEXTS, type BidExport, type BidExportMessage } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { waitUntil, type TestClient } from '../realtime/helpers.js';
import { exportBid, followExport } from '../export.js';
import { outlinedBid, unzip } from './helpers.js';
import { seedLargeBid } from '../security/large-bid.js';
import { tenderDocx } from '../bid/helpers.js';
import { listenAs } from '../realtime/listen.js';

let t: TestServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

const start = async (token: string, id: string, format: 'docx' | 'pdf' = 'docx') => {
  const r = await t.api('/btz/bid/export/start', { token, query: { id, format } });
  expect(r.json?.success, r.text).toBe(true);
  return r.json.data as BidExport;
};

describe('export as a job', () => {
  it('the start answers at once with the export queued; progress comes over STOMP to its user alone; the file downloads once done', async () => {
    const me = await newUser(t);
    const other = await newUser(t);
    // bid.* messages go to the user's `bid` queue (realtime/rules.ts)
    const listen = (u: { token: string; userId: string }) => listenAs(t.port, u, 'bid', clients);
    const mine = await listen(me);
    const theirs = await listen(other);
    const bidId = await outlinedBid(t, me.token);
    // 200 sections of 5,000 characters: an export that takes a moment
    await seedLargeBid(t.server.db.db, bidId, 200, 5_000);

    const e = await start(me.token, bidId);
    // answered before the work: queued (or just claimed by the runner), no file yet
    expect(e).toMatchObject({ bidId, format: 'docx', error: null, size: null, finishTime: null });
    expect(['queued', 'running']).toContain(e.state);
    expect(e.progress).toBeLessThan(100);
    expect(e.name).toMatch(/\.docx$/);
    // not ready yet: the file call says so rather than waiting
    const early = await t.api('/btz/bid/export/file', { token: me.token, query: { id: e.id } });
    expect([WRITE_TEXTS.exportNotReady, undefined]).toContain(early.json?.msg);

    const done = await followExport(t.api, me.token, e.id);
    expect(done).toMatchObject({ id: e.id, state: 'done', progress: 100, error: null });
    expect(done.size).toBeGreaterThan(10_000);

    // the bid queue also carries the parse's bid.* messages: the export's are its own kind
    const msgs = () => mine.messages.map((m) => JSON.parse(m.body) as { kind: string; data: BidExportMessage }).filter((m) => m.kind === 'bid.export');
    await waitUntil(() => msgs().some((m) => m.data.state === 'done'), 5000, 'done message');
    expect(msgs().every((m) => m.data.id === e.id && m.data.bidId === bidId)).toBe(true);
    const progress = msgs().map((m) => m.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // it moved in steps the user can watch: gathering, the sections fed to the worker, the Word file built
    expect(new Set(progress).size).toBeGreaterThanOrEqual(4);
    expect(msgs().at(-1)!.data).toEqual({ id: e.id, bidId, state: 'done', progress: 100, error: null });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.messages.filter((m) => (JSON.parse(m.body) as { kind: string }).kind === 'bid.export')).toHaveLength(0);

    const file = await t.api('/btz/bid/export/file', { token: me.token, query: { id: e.id } });
    expect(file.headers['content-type']).toContain('wordprocessingml');
    expect(file.headers['content-disposition']).toMatch(/filename\*=UTF-8''.+\.docx/);
    expect(file.bytes.length).toBe(done.size);
    const xml = unzip(file.bytes).get('word/document.xml')!;
    expect(xml).toContain('〔第1节〕');
    expect(xml).toContain('〔第200节〕');

    // the export is listed for the bid; the other user sees neither the list nor the export nor its file
    const list = (await t.api('/btz/bid/export/list', { token: me.token, query: { id: bidId } })).json.data as BidExport[];
    expect(list.map((x) => [x.id, x.state])).toEqual([[e.id, 'done']]);
    expect((await t.api('/btz/bid/export/list', { token: other.token, query: { id: bidId } })).json).toMatchObject({ success: false, msg: '标书不存在' });
    for (const p of ['/btz/bid/export/get', '/btz/bid/export/file']) {
      expect((await t.api(p, { token: other.token, query: { id: e.id } })).json, p).toMatchObject({ success: false, msg: WRITE_TEXTS.exportNotFound });
    }
  });

  it('a second click while the export runs follows it; a newer export replaces the older file', async () => {
    const { token } = await newUser(t);
    const bidId = await outlinedBid(t, token);
    await seedLargeBid(t.server.db.db, bidId, 200, 5_000);
    const first = await start(token, bidId);
    const again = await start(token, bidId);
    expect(again.id).toBe(first.id);
    await followExport(t.api, token, first.id);

    const second = await start(token, bidId);
    expect(second.id).not.toBe(first.id);
    await followExport(t.api, token, second.id);
    const list = (await t.api('/btz/bid/export/list', { token, query: { id: bidId } })).json.data as BidExport[];
    expect(list.map((x) => x.id)).toEqual([second.id]);
    expect((await t.api('/btz/bid/export/file', { token, query: { id: first.id } })).json).toMatchObject({ success: false, msg: WRITE_TEXTS.exportNotFound });
    expect((await t.api('/btz/bid/export/file', { token, query: { id: second.id } })).bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it("a deleted bid's exports go with it", async () => {
    const { token } = await newUser(t);
    const bidId = await outlinedBid(t, token);
    const res = await exportBid(t.api, { token, id: bidId });
    expect(res.bytes.subarray(0, 2).toString()).toBe('PK');
    const del = await t.api('/btz/bid/delete', { token, query: { id: bidId } });
    expect(del.json?.success, del.text).toBe(true);
    expect((await t.api('/btz/bid/export/get', { token, query: { id: res.export!.id } })).json).toMatchObject({ success: false, msg: WRITE_TEXTS.exportNotFound });
  });

  it('refusals at the start: no outline, a wrong format, a bid that is not the caller’s', async () => {
    const { token } = await newUser(t);
    const bad = await t.api('/btz/bid/export/start', { token, query: { id: '424242', format: 'rtf' } });
    expect(bad.json).toMatchObject({ success: false, code: 400 });
    expect(bad.json.msg).toContain(WRITE_TEXTS.badFormat);
    expect((await t.api('/btz/bid/export/start', { token, query: { id: '424242' } })).json).toMatchObject({ success: false, msg: '标书不存在' });
    expect((await t.api('/btz/bid/export/get', { token, query: { id: '' } })).json).toMatchObject({ success: false, code: 400 });
  });
});

describe('export and the upload quota', () => {
  let q: TestServer;
  beforeAll(async () => {
    // room for the tender and little more
    q = await startTestServer({ jobPollMs: 50, uploadQuotaBytes: (await tenderDocx()).length + 2_000 });
  });
  afterAll(async () => {
    await q?.close();
  });

  it('a user whose quota is full still exports its bid (exports do not count against it)', async () => {
    const { token } = await newUser(q);
    const bidId = await outlinedBid(q, token);
    await seedLargeBid(q.server.db.db, bidId, 20, 5_000);
    const res = await exportBid(q.api, { token, id: bidId });
    expect(res.export?.state, res.text.slice(0, 300)).toBe('done');
    expect(res.bytes.length).toBeGreaterThan(2_000);
    expect(res.bytes.subarray(0, 2).toString()).toBe('PK');
    // …and the quota still holds for uploads
    const up = await q.upload('/btz/bid/upload-tender', { token, file: { name: '招标文件2.docx', data: await tenderDocx() }, fields: { bidType: 1 } });
    expect(up.json).toMatchObject({ success: false });
    expect(up.json.msg).toContain('存储空间不足');
  });
});
