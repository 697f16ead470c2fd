/**
 * Attack (issue 10, finding 7): 2,000 token requests in 2.7 s went through. Now the token endpoint (login and refresh)
 * counts calls per client IP and per account (the phone a login names, the user of a refresh token) and answers a flood
 * in its own shape: HTTP 200 `{ success: false, error_description: 「操作过于频繁，请 N 秒后再试」 }`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, uniquePhone, type TestServer } from '../harness.js';
import { rateLimits } from '../test-config.js';

const LIMIT = 3;
const FLOOD = /^操作过于频繁，请 \d+ 秒后再试$/;

const token = (t: TestServer, query: Record<string, string | number>, xff?: string) =>
  t.api('/blade-auth/oauth/token', { query, headers: { 'Captcha-Key': 'k'.repeat(24), 'Captcha-Code': '000000', ...(xff ? { 'X-Forwarded-For': xff } : {}) } });

describe('token endpoint flood from one IP', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimits: rateLimits({ token: { max: LIMIT, windowS: 60 } }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the token failure shape after the limit, for any account and for a valid login too', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await token(t, { grant_type: 'sms_code', username: uniquePhone() });
      // an ordinary refusal of a wrong code: the limit is not reached yet
      expect(res.json).toMatchObject({ success: false });
      expect(res.json.error_description).not.toMatch(FLOOD);
    }
    const burst = await Promise.all(Array.from({ length: 20 }, () => token(t, { grant_type: 'sms_code', username: uniquePhone() })));
    for (const res of burst) {
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ success: false, error_code: 400 });
      expect(res.json.error_description).toMatch(FLOOD);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // a right code does not get past it either
    const phone = uniquePhone();
    const sent = await t.api('/btz-skip/send-code', { query: { phone } });
    const real = await t.api('/blade-auth/oauth/token', {
      query: { grant_type: 'sms_code', username: phone },
      headers: { 'Captcha-Key': sent.json.data.key, 'Captcha-Code': t.smsCode(phone) },
    });
    expect(real.json.access_token).toBeUndefined();
    expect(real.json.error_description).toMatch(FLOOD);
  });
});

describe('token endpoint flood on one account from many IPs', () => {
  let t: TestServer;
  beforeAll(async () => {
    // the test client plays a balancer, so each request can come from another client address
    t = await startTestServer({ trustProxy: ['127.0.0.1'], rateLimits: rateLimits({ token: { max: LIMIT, windowS: 60 } }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits guesses at one phone however many addresses they come from', async () => {
    const victim = uniquePhone();
    const answers = [];
    for (let i = 0; i < LIMIT + 3; i++) answers.push(await token(t, { grant_type: 'sms_code', username: victim }, `198.51.100.${i + 1}`));
    expect(answers.slice(0, LIMIT).every((r) => !FLOOD.test(r.json.error_description))).toBe(true);
    for (const r of answers.slice(LIMIT)) expect(r.json.error_description).toMatch(FLOOD);
    // another account from a fresh address is not affected
    const other = await token(t, { grant_type: 'sms_code', username: uniquePhone() }, '198.51.100.200');
    expect(other.json.error_description).not.toMatch(FLOOD);
  });

  it('limits refreshes of one user however many addresses they come from', async () => {
    const u = await newUser(t);
    let refresh = u.tokenResponse.refresh_token as string;
    for (let i = 0; i < LIMIT; i++) {
      const res = await token(t, { grant_type: 'refresh_token', refresh_token: refresh }, `203.0.113.${i + 1}`);
      expect(res.json.access_token, JSON.stringify(res.json)).toBeTruthy();
      refresh = res.json.refresh_token;
    }
    const over = await token(t, { grant_type: 'refresh_token', refresh_token: refresh }, '203.0.113.99');
    expect(over.json).toMatchObject({ success: false });
    expect(over.json.error_description).toMatch(FLOOD);
  });
});
