/**
 * Attack (issue 10, finding 7): there was no storage quota — a user could fill the disk with uploads. Now the tender
 * files a user keeps in their live bids are limited to UPLOAD_QUOTA_BYTES; an upload past it is refused with a Chinese
 * message and stores nothing: no file in storage, no bid, no parse job.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { txtTender } from '../bid/helpers.js';

const QUOTA = 4000;
/** a distinct tender of about `bytes` bytes (distinct: storage is content-addressed) */
const tender = (n: number, bytes: number) => {
  const head = `第一章 招标公告\n项目名称：第 ${n} 号测试项目\n`;
  return { name: `招标文件${n}.txt`, data: txtTender([head + '正文'.repeat(Math.ceil((bytes - Buffer.byteLength(head)) / 6))]) };
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ uploadQuotaBytes: QUOTA });
});
afterAll(async () => {
  await t?.close();
});

function storedFiles(): string[] {
  const root = path.join(t.server.app.ctx.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}
const bids = async (token: string) => (await t.api('/btz/bid/list', { token, query: { current: 1, size: 100 } })).json.data;
const upload = (token: string, file: { name: string; data: Buffer }) =>
  t.upload('/btz/bid/upload-tender', { token, file, fields: { bidType: 1 } });

describe('storage quota per user', () => {
  it('refuses the upload that would pass the quota, stores nothing, and frees the space when a bid is deleted', async () => {
    const u = await newUser(t);
    const a = tender(1, 1500);
    const b = tender(2, 1500);
    const first = await upload(u.token, a);
    expect(first.json, first.text).toMatchObject({ success: true });
    expect((await upload(u.token, b)).json.success).toBe(true);
    const used = a.data.length + b.data.length;
    expect(used).toBeLessThanOrEqual(QUOTA);

    const filesBefore = storedFiles();
    const over = await upload(u.token, tender(3, 1500));
    expect(over.status).toBe(200);
    expect(over.json).toMatchObject({ code: 400, success: false });
    expect(over.json.msg).toMatch(/^存储空间不足/);
    expect(storedFiles()).toEqual(filesBefore);
    expect((await bids(u.token)).total).toBe(2);

    // adding a file to an existing bid counts the same
    const added = await t.upload('/btz/bid/add-file', { token: u.token, query: { id: first.json.data.bidId }, file: tender(4, 1500) });
    expect(added.json.msg).toMatch(/^存储空间不足/);
    expect(storedFiles()).toEqual(filesBefore);
    const detail = await t.api('/btz/bid/detail', { token: u.token, query: { id: first.json.data.bidId } });
    expect(detail.json.data.files).toHaveLength(1);

    // another user has a quota of their own
    expect((await upload((await newUser(t)).token, tender(5, 1500))).json.success).toBe(true);

    // deleting a bid gives its bytes back
    expect((await t.api('/btz/bid/delete', { token: u.token, query: { id: first.json.data.bidId } })).json.success).toBe(true);
    expect((await upload(u.token, tender(6, 1500))).json.success).toBe(true);
  });

  it('parallel uploads of one user cannot squeeze past the quota together', async () => {
    const u = await newUser(t);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(u.token, tender(100 + i, 1500))));
    // 1500-byte files under a 4000-byte quota: two fit, whatever the order they arrive in
    expect(answers.filter((r) => r.json.success)).toHaveLength(2);
    for (const r of answers.filter((x) => !x.json.success)) expect(r.json.msg).toMatch(/^存储空间不足/);
    expect((await bids(u.token)).total).toBe(2);
  });
});
