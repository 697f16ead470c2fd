/**
 * `/blade-auth/oauth/token` (spec §7): the BladeX answer `{ access_token, … }`, or HTTP 200 `{ success: false,
 * error_description }` in Chinese that the client shows as it is (CONVENTIONS.md Transport).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniquePhone, wrongCode, type TestServer } from '../harness.js';

const CJK = /[\u4e00-\u9fff]/;

function expectRefused(res: { status: number; json: any }, pattern: RegExp) {
  expect(res.status).toBe(200);
  expect(res.json.success).toBe(false);
  expect(res.json.access_token).toBeUndefined();
  expect(res.json.error_description).toMatch(CJK);
  expect(res.json.error_description).toMatch(pattern);
}

describe('token: grant_type=sms_code', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (phone: string) => {
    const res = await t.api('/btz-skip/send-code', { query: { phone } });
    expect(res.json.success).toBe(true);
    return { key: res.json.data.key as string, code: t.smsCode(phone) };
  };
  const token = (phone: string, key: string | undefined, code: string | undefined, query: Record<string, string> = {}) =>
    t.api('/blade-auth/oauth/token', {
      query: { tenantId: '000000', username: phone, grant_type: 'sms_code', source: 1, invitation_code: '', ...query },
      headers: { 'Tenant-Id': '000000', ...(key !== undefined ? { 'Captcha-Key': key } : {}), ...(code !== undefined ? { 'Captcha-Code': code } : {}) },
    });

  it('logs in and answers the token shape the client reads', async () => {
    const phone = uniquePhone();
    const { key, code } = await send(phone);
    const res = await token(phone, key, code);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ token_type: 'bearer', expires_in: 604800, tenant_id: '000000' });
    expect(typeof res.json.access_token).toBe('string');
    expect(typeof res.json.refresh_token).toBe('string');
    expect(res.json.refresh_token).not.toBe(res.json.access_token);
    expect(typeof res.json.user_id).toBe('string');
    expect(res.json.user_id).toMatch(/^\d+$/);
    const info = await t.api('/btz/user/get-info', { token: res.json.access_token });
    expect(info.json).toMatchObject({ code: 200, data: { id: res.json.user_id } });
  });

  it('refuses a wrong code and says how many tries are left', async () => {
    const phone = uniquePhone();
    const { key, code } = await send(phone);
    const res = await token(phone, key, wrongCode(code));
    expectRefused(res, /验证码错误/);
    expect(res.json.error_description).toMatch(/还可尝试 4 次/);
    // the right code still works after one miss
    const ok = await token(phone, key, code);
    expect(typeof ok.json.access_token).toBe('string');
  });

  it('burns the code after 5 wrong tries: the right code then fails too', async () => {
    const phone = uniquePhone();
    const { key, code } = await send(phone);
    const bad = wrongCode(code);
    for (let left = 4; left >= 1; left--) {
      expectRefused(await token(phone, key, bad), new RegExp(`还可尝试 ${left} 次`));
    }
    expectRefused(await token(phone, key, bad), /次数过多/);
    expectRefused(await token(phone, key, code), /次数过多|失效/);
  });

  it('refuses a code once it was used', async () => {
    const phone = uniquePhone();
    const { key, code } = await send(phone);
    expect(typeof (await token(phone, key, code)).json.access_token).toBe('string');
    expectRefused(await token(phone, key, code), /无效|重新获取/);
  });

  it('refuses a login without Captcha-Key or Captcha-Code', async () => {
    const phone = uniquePhone();
    const { key, code } = await send(phone);
    expectRefused(await token(phone, undefined, code), /获取短信验证码/);
    expectRefused(await token(phone, key, undefined), /短信验证码/);
    // neither refusal spent the code
    expect(typeof (await token(phone, key, code)).json.access_token).toBe('string');
  });

  it('refuses a malformed username and a missing grant type', async () => {
    expectRefused(await token('12345', 'k', '123456'), /手机号（username）/);
    const res = await t.api('/blade-auth/oauth/token', { query: { username: uniquePhone() } });
    expectRefused(res, /grant_type/);
  });

  it("refuses phone A's code used with phone B", async () => {
    const a = uniquePhone();
    const b = uniquePhone();
    const { key, code } = await send(a);
    expectRefused(await token(b, key, code), /无效/);
    // B got no account, A still can log in with it
    expect(typeof (await token(a, key, code)).json.access_token).toBe('string');
  });

  it('refuses a tenantId param that does not match the host', async () => {
    const phone = uniquePhone();
    const { key, code } = await send(phone);
    expectRefused(await token(phone, key, code, { tenantId: '389572' }), /租户/);
    // the code was not spent by the refused call
    expect(typeof (await token(phone, key, code)).json.access_token).toBe('string');
  });

  it('refresh_token gives a new working token and the old access token stops working', async () => {
    const first = await t.login(uniquePhone());
    const res = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'refresh_token', refresh_token: first.refresh_token } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ token_type: 'bearer', expires_in: 604800, user_id: first.user_id });
    expect(res.json.access_token).not.toBe(first.access_token);
    const now = await t.api('/btz/user/get-info', { token: res.json.access_token });
    expect(now.json).toMatchObject({ code: 200, data: { id: first.user_id } });
    const old = await t.api('/btz/user/get-info', { token: first.access_token });
    expect(old.status).toBe(401);
    expect(old.json.code).toBe(401);
    // the old refresh token is spent too
    const again = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'refresh_token', refresh_token: first.refresh_token } });
    expectRefused(again, /登录/);
    // an access token is not a refresh token
    const wrongKind = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'refresh_token', refresh_token: res.json.access_token } });
    expectRefused(wrongKind, /登录/);
  });
});

describe('token: an expired code', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ smsCodeTtlS: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a code after its validity', async () => {
    const phone = uniquePhone();
    const sent = await t.api('/btz-skip/send-code', { query: { phone } });
    const code = t.smsCode(phone);
    await new Promise((r) => setTimeout(r, 1200));
    const res = await t.api('/blade-auth/oauth/token', {
      query: { username: phone, grant_type: 'sms_code', source: 1 },
      headers: { 'Captcha-Key': sent.json.data.key, 'Captcha-Code': code },
    });
    expectRefused(res, /过期/);
  });
});
