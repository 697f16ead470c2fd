/**
 * Access rules of access.ts: a finished bid refuses every change while it stays readable. (Another user's bid answering
 * exactly like a missing one, and 401 without a login, on every call: the authorisation matrix,
 * security/authz-matrix.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, tenderDocx, txtTender, uploadTender, waitParse } from './helpers.js';

let t: TestServer;
let owner: string;
let bidId: string;
let fileId: string;
let nodeId: string;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  owner = (await newUser(t)).token;
  bidId = await uploadTender(t, owner, { name: '招标文件.docx', data: await tenderDocx() });
  const d = await waitParse(t, owner, bidId);
  fileId = d.files[0]!.id;
  nodeId = d.outline![0]!.id;
});
afterAll(async () => {
  await t?.close();
});

type Call = { name: string; run: (token: string, id: string) => Promise<{ json: any; text: string }> };
const file = { name: '补遗.txt', data: txtTender(['补遗：投标截止时间变更为2026年3月25日09:30。']) };
const MUTATIONS: Call[] = [
  { name: 'add-file', run: (tk, id) => t.upload('/btz/bid/add-file', { token: tk, query: { id }, file, fields: { role: 'amendment' } }) },
  { name: 'delete-file', run: (tk, id) => t.api('/btz/bid/delete-file', { token: tk, query: { id, fileId } }) },
  { name: 'retry-parse', run: (tk, id) => t.api('/btz/bid/retry-parse', { token: tk, query: { id } }) },
  { name: 'select-lot', run: (tk, id) => t.api('/btz/bid/select-lot', { token: tk, query: { id, lot: '1' } }) },
  { name: 'rename', run: (tk, id) => t.api('/btz/bid/rename', { token: tk, query: { id, name: '新名字' } }) },
  { name: 'outline/generate', run: (tk, id) => t.api('/btz/bid/outline/generate', { token: tk, query: { id } }) },
  { name: 'outline/save', run: (tk, id) => t.api('/btz/bid/outline/save', { token: tk, query: { id }, body: { nodes: [] } }) },
  { name: 'outline/regenerate', run: (tk, id) => t.api('/btz/bid/outline/regenerate', { token: tk, query: { id, nodeId } }) },
  { name: 'delete', run: (tk, id) => t.api('/btz/bid/delete', { token: tk, query: { id } }) },
];
const READS: Call[] = [
  { name: 'detail', run: (tk, id) => t.api('/btz/bid/detail', { token: tk, query: { id } }) },
  { name: 'page', run: (tk, id) => t.api('/btz/bid/page', { token: tk, query: { id, fileId, page: 1 } }) },
  { name: 'file', run: (tk, id) => t.api('/btz/bid/file', { token: tk, query: { id, fileId } }) },
];

describe('bid access', () => {
  it('a finished bid refuses every change with the read-only message and stays readable', async () => {
    await t.server.db.db.updateTable('bids').set({ status: 'finished' }).where('id', '=', bidId).execute();
    for (const c of MUTATIONS) {
      const res = await c.run(owner, bidId);
      expect(res.json, `${c.name}: ${res.text}`).toEqual({ code: 400, success: false, data: null, msg: TEXT.readOnlyBid });
    }
    for (const c of READS) {
      const res = await c.run(owner, bidId);
      expect(res.text.length, c.name).toBeGreaterThan(0);
      if (c.name !== 'file') expect(res.json.success, c.name).toBe(true);
    }
    const d = await detail(t, owner, bidId);
    expect(d).toMatchObject({ status: 'finished', name: '招标文件' });
    expect(d.files).toHaveLength(1);
    const list = await t.api('/btz/bid/list', { token: owner, query: { status: 'finished' } });
    expect(list.json.data.records.map((r: { id: string }) => r.id)).toEqual([bidId]);
  });

  it('rename and delete (soft) for a bid in progress', async () => {
    const id = await uploadTender(t, owner, { name: 'b.docx', data: await tenderDocx() });
    await waitParse(t, owner, id);
    const bad = await t.api('/btz/bid/rename', { token: owner, query: { id, name: '   ' } });
    expect(bad.json).toMatchObject({ success: false, msg: '标书名称不能为空，且不超过 100 个字' });
    await t.api('/btz/bid/rename', { token: owner, query: { id, name: '  新的标书名  ' } });
    expect((await detail(t, owner, id)).name).toBe('新的标书名');
    const del = await t.api('/btz/bid/delete', { token: owner, query: { id } });
    expect(del.json.success).toBe(true);
    const gone = await t.api('/btz/bid/detail', { token: owner, query: { id } });
    expect(gone.json.msg).toBe('标书不存在');
    const row = await t.server.db.db.selectFrom('bids').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
