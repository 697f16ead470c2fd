/**
 * Finding 5 of the attack on main: a NUL byte (0x00) in any string answered HTTP 500, because PostgreSQL refuses it in
 * text. The server refuses it at the edge, once for every call — query, JSON and form bodies (keys too), path
 * parameters, the token endpoint's parameters, multipart field names and values — with a Chinese 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startTestServer();
  token = (await newUser(t)).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const NUL = 'a\u0000b';

function expectRefused(res: { status: number; json: any; text: string }, field: string) {
  expect(res.status, res.text).toBe(200);
  expect(res.json).toMatchObject({ code: 400, success: false });
  expect(res.json.msg).toMatch(/[\u4e00-\u9fff]/);
  expect(res.json.msg).toContain(field);
}

describe('anonymous calls', () => {
  it('route-rules?path=a%00b', async () => {
    expectRefused(await t.api('/btz-skip/route-rules', { query: { path: NUL } }), 'path');
  });
  it('news-detail and qr-code-state in the query string', async () => {
    expectRefused(await t.api('/btz-skip/content/news-detail', { query: { id: NUL } }), 'id');
    expectRefused(await t.api('/btz-skip/qr-code-state', { query: { tager: `abcdefgh${NUL}` } }), 'tager');
  });
  it('a JSON body value and a JSON key', async () => {
    const body = { name: NUL, phone: '13800000000', company: '某公司' };
    expectRefused(await t.api('/btz-skip/saveCollabAppoint', { body }), 'name');
    expectRefused(await t.api('/btz-skip/saveCollabAppoint', { body: '{"x\\u0000y": 1}' }), 'x');
  });
  it('the token endpoint answers in its own shape', async () => {
    for (const query of [{ grant_type: 'refresh_token', refresh_token: NUL }, { grant_type: 'social', code: NUL }]) {
      const res = await t.api('/blade-auth/oauth/token', { query });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ success: false, error_code: 400 });
      expect(res.json.error_description).toMatch(/[\u4e00-\u9fff]/);
    }
    const form = await t.request('/api/blade-auth/oauth/token', {
      method: 'POST',
      form: { grant_type: 'refresh_token', refresh_token: NUL },
      headers: { Authorization: `Basic ${Buffer.from('btz:btz_secret').toString('base64')}` },
    });
    expect(form.json).toMatchObject({ success: false, error_code: 400 });
    expect(form.json.error_description).toContain('refresh_token');
  });
  it('a page path parameter', async () => {
    const res = await t.request('/m/pay/2026%00');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 400, success: false });
  });
});

describe('logged-in calls', () => {
  it('update-info body, pay-order query, feedback', async () => {
    expectRefused(await t.api('/btz/user/update-info', { token, query: { nickName: NUL } }), 'nickName');
    expectRefused(await t.api('/btz/bid-order/pay-order', { token, query: { optionId: NUL } }), 'optionId');
    expectRefused(
      await t.api('/btz/common/addFeedback', { token, body: { type: 1, content: '五个字以上的反馈', images: ['/brand/btz/avatar.svg', NUL] } }),
      'images.1',
    );
  });
  it('multipart field names and values', async () => {
    const file = { name: '招标文件.txt', data: Buffer.from('招标公告') };
    expectRefused(await t.upload('/btz/bid/upload-tender', { token, file, fields: { role: NUL } }), 'role');
    expectRefused(await t.upload('/btz/bid/upload-tender', { token, file, fields: { [NUL]: 'x' } }), 'a');
    expectRefused(await t.upload('/btz/bid/upload-tender', { token, file: { ...file, name: `a${NUL}.txt` } }), '文件名');
  });
  it('the server stays healthy and nothing answered 500', async () => {
    expect((await t.request('/healthz')).json).toMatchObject({ status: 'ok' });
    expect(t.logs.filter((l) => l.includes('unhandled error'))).toEqual([]);
  });
});
