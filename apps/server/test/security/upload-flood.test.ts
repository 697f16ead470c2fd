/**
 * Attack (issue 10, finding 7): one user made 500 uploads — 500 parse jobs — in 4.3 s. Uploads (new tender, added file)
 * now count against RATE_LIMIT_UPLOAD per user and per client IP before a byte of the file is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { txtTender } from '../bid/helpers.js';
import { rateLimits } from '../test-config.js';

const MAX = 3;
const FLOOD = /^操作过于频繁，请 \d+ 秒后再试$/;
const tender = (n: number) => ({ name: `招标文件${n}.txt`, data: txtTender([`第一章 招标公告\n项目名称：第 ${n} 号测试项目\n投标截止时间：2030年1月1日`]) });

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ trustProxy: ['127.0.0.1'], rateLimits: rateLimits({ upload: { max: MAX, windowS: 60 } }) });
});
afterAll(async () => {
  await t?.close();
});

const upload = (token: string, n: number, ip?: string) =>
  t.upload('/btz/bid/upload-tender', { token, file: tender(n), fields: { bidType: 1 }, headers: ip ? { 'X-Forwarded-For': ip } : {} });
const bidCount = async (token: string) => (await t.api('/btz/bid/list', { token, query: { current: 1, size: 100 } })).json.data.total as number;

describe('upload flood', () => {
  it('a burst from one user: only the limit gets through, the rest are refused and create nothing', async () => {
    const u = await newUser(t);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(u.token, i, '198.51.100.10')));
    const ok = answers.filter((r) => r.json.success);
    const refused = answers.filter((r) => !r.json.success);
    expect(ok).toHaveLength(MAX);
    for (const r of refused) {
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ code: 400, success: false });
      expect(r.json.msg).toMatch(FLOOD);
    }
    expect(await bidCount(u.token)).toBe(MAX);
    // adding a file to a bid is an upload too
    const added = await t.upload('/btz/bid/add-file', { token: u.token, query: { id: ok[0]!.json.data.bidId }, file: tender(99), headers: { 'X-Forwarded-For': '198.51.100.11' } });
    expect(added.json.msg).toMatch(FLOOD);
  });

  it('one user from many addresses is still one user', async () => {
    const u = await newUser(t);
    for (let i = 0; i < MAX; i++) expect((await upload(u.token, i, `203.0.113.${i + 1}`)).json.success).toBe(true);
    expect((await upload(u.token, 9, '203.0.113.50')).json.msg).toMatch(FLOOD);
    expect(await bidCount(u.token)).toBe(MAX);
  });

  it('many users from one address are still one address', async () => {
    for (let i = 0; i < MAX; i++) expect((await upload((await newUser(t)).token, i, '192.0.2.8')).json.success).toBe(true);
    const late = await newUser(t);
    expect((await upload(late.token, 9, '192.0.2.8')).json.msg).toMatch(FLOOD);
    expect(await bidCount(late.token)).toBe(0);
  });
});
