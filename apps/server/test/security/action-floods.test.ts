/**
 * Attack (issue 10, finding 7): besides SMS and the appointment form, nothing was rate limited — a script could export,
 * re-parse, call the model, start writings and post forms as fast as it liked. Every such call now counts against its
 * family's limit per client IP and per user, before anything else runs (so even refused calls count), and the refusal
 * is an ordinary business error the client shows: HTTP 200, code 400, 「操作过于频繁，请 N 秒后再试」.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, uniquePhone, type HttpResult, type TestServer } from '../harness.js';
import { rateLimits } from '../test-config.js';

const FLOOD = /^操作过于频繁，请 \d+ 秒后再试$/;
const MAX = 2;
const every = { max: MAX, windowS: 60 };
let ipSeq = 0;
/** a client address of its own (the test client plays the listed balancer) */
const freshIp = () => `198.51.100.${++ipSeq}`;

function expectFlood(res: HttpResult<any>) {
  expect(res.status).toBe(200);
  expect(res.json, res.text).toMatchObject({ code: 400, success: false });
  expect(res.json.msg).toMatch(FLOOD);
}
function expectNotFlood(res: HttpResult<any>) {
  expect(res.status).toBe(200);
  expect(String(res.json?.msg ?? '')).not.toMatch(FLOOD);
}

describe('bid actions and forms', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      trustProxy: ['127.0.0.1'],
      rateLimits: rateLimits({ export: every, parse: every, ai: every, write: every, form: every, coupon: every }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const bidCalls: [string, string, Record<string, string>, unknown?][] = [
    ['export', '/btz/bid/export/start', { id: '424242', format: 'docx' }],
    ['retry-parse', '/btz/bid/retry-parse', { id: '424242' }],
    ['select-lot (re-parses)', '/btz/bid/select-lot', { id: '424242', lot: '1' }],
    ['outline/generate (model)', '/btz/bid/outline/generate', { id: '424242' }],
    ['section/ai (model)', '/btz/bid/section/ai', { id: '424242', nodeId: '1' }, { action: 'polish', text: '一段要润色的文字' }],
    ['write/start', '/btz/bid/write/start', { id: '424242' }],
    ['feedback form', '/btz/common/addFeedback', {}, { type: 1, content: '希望增加导出 PDF 功能' }],
    // guessing coupon codes: every try is a call against the limit, wrong codes included
    ['coupon redeem', '/btz/coupon/redeem', { code: 'GUESS0001' }],
  ];

  it.each(bidCalls)('%s: refused after the limit from one IP, even when every call failed anyway', async (_n, path, query, body) => {
    const u = await newUser(t);
    const ip = freshIp();
    const call = () => t.api(path, { token: u.token, query, body, headers: { 'X-Forwarded-For': ip } });
    for (let i = 0; i < MAX; i++) expectNotFlood(await call());
    expectFlood(await call());
  });

  it('counts one user across addresses, and one address across users', async () => {
    const u = await newUser(t);
    const exportFrom = (token: string, ip: string) =>
      t.api('/btz/bid/export/start', { token, query: { id: '424242' }, headers: { 'X-Forwarded-For': ip } });
    for (let i = 0; i < MAX; i++) expectNotFlood(await exportFrom(u.token, freshIp()));
    expectFlood(await exportFrom(u.token, freshIp()));

    const shared = freshIp();
    for (let i = 0; i < MAX; i++) expectNotFlood(await exportFrom((await newUser(t)).token, shared));
    expectFlood(await exportFrom((await newUser(t)).token, shared));
  });

  it('the anonymous appointment form: refused after the limit per IP, and another IP is not', async () => {
    const ip = freshIp();
    const post = (from: string) => t.api('/btz-skip/saveCollabAppoint', { body: { company: '某某公司' }, headers: { 'X-Forwarded-For': from } });
    for (let i = 0; i < MAX; i++) expect((await post(ip)).json.msg).toMatch(/联系人|手机号/);
    expectFlood(await post(ip));
    expectNotFlood(await post(freshIp()));
  });
});

describe('SMS code variants and login images', () => {
  let t: TestServer;
  let user: { token: string };
  beforeAll(async () => {
    t = await startTestServer({ trustProxy: ['127.0.0.1'], rateLimits: rateLimits({ sms: every }) });
    user = await newUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['send-code', '/btz-skip/send-code', () => ({ phone: uniquePhone() })],
    ['captcha', '/btz-skip/captcha', () => ({})],
    ['login QR', '/btz-skip/qr-code', () => ({})],
  ])('%s: refused after the limit per IP', async (_n, path, query) => {
    const ip = freshIp();
    for (let i = 0; i < MAX; i++) expectNotFlood(await t.api(path, { query: query(), headers: { 'X-Forwarded-For': ip } }));
    expectFlood(await t.api(path, { query: query(), headers: { 'X-Forwarded-For': ip } }));
  });

  it('the change-phone codes: one user from many addresses', async () => {
    const call = (path: string) => t.api(path, { token: user.token, query: { phone: uniquePhone() }, headers: { 'X-Forwarded-For': freshIp() } });
    expectNotFlood(await call('/btz/user/send-code-present'));
    expectNotFlood(await call('/btz/user/send-code'));
    expectFlood(await call('/btz/user/send-code-present'));
    expectFlood(await call('/btz/user/send-code'));
  });

  it('the phone page of a WeChat login shows the refusal', async () => {
    const qr = await t.api('/btz-skip/qr-code', { headers: { 'X-Forwarded-For': freshIp() } });
    const tager = qr.json.data.tager as string;
    const ip = freshIp();
    const send = () => t.request('/m/wx-login/send', { method: 'POST', form: { tager, phone: uniquePhone() }, headers: { 'X-Forwarded-For': ip } });
    for (let i = 0; i < MAX; i++) expect((await send()).text).not.toMatch(/操作过于频繁/);
    const over = await send();
    expect(over.status).toBe(200);
    expect(over.text).toMatch(/操作过于频繁，请 \d+ 秒后再试/);
    expect(over.text).not.toContain('name="code"');
  });
});
