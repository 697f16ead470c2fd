/**
 * Access tokens over HTTP (CONVENTIONS.md Transport): a missing, forged, expired or revoked token answers HTTP 401 with
 * body code 401; the server authenticates by header only, never by cookie; every call carries the client's Basic
 * credentials.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC, newUser, startTestServer, type TestServer } from '../harness.js';

function expect401(res: { status: number; json: any }) {
  expect(res.status).toBe(401);
  expect(res.json).toMatchObject({ code: 401, success: false });
  expect(res.json.msg).toMatch(/[\u4e00-\u9fff]/);
}

describe('tokens', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const getInfo = (headers: Record<string, string>) => t.api('/btz/user/get-info', { headers });

  it('refuses a call without Blade-Auth', async () => {
    const res = await t.api('/btz/user/get-info');
    expect401(res);
    expect(res.json.msg).toBe('登录已过期，请重新登录');
  });

  it('refuses malformed Blade-Auth values', async () => {
    const { token } = await newUser(t);
    for (const value of [token, `Basic ${token}`, 'bearer', 'bearer not-a-token', `bearer ${token} extra`]) {
      expect401(await getInfo({ 'Blade-Auth': value }));
    }
  });

  it('accepts the scheme as Bearer or bearer', async () => {
    const { token, userId } = await newUser(t);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await getInfo({ 'Blade-Auth': `${scheme} ${token}` });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ code: 200, data: { id: userId } });
    }
  });

  it('refuses a token whose payload or signature was tampered with', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const [body, sig] = a.token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    // claim to be user B, keep A's signature
    const asB = Buffer.from(JSON.stringify({ ...payload, uid: b.userId })).toString('base64url');
    expect401(await getInfo({ 'Blade-Auth': `bearer ${asB}.${sig}` }));
    // push the expiry out by a year
    const longer = Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 365 * 86400 })).toString('base64url');
    expect401(await getInfo({ 'Blade-Auth': `bearer ${longer}.${sig}` }));
    // flip one character of the signature
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    expect401(await getInfo({ 'Blade-Auth': `bearer ${body}.${flipped}` }));
    // no signature at all
    expect401(await getInfo({ 'Blade-Auth': `bearer ${body}` }));
    // A's real token still works
    expect((await getInfo({ 'Blade-Auth': `bearer ${a.token}` })).json.data.id).toBe(a.userId);
  });

  it('refuses a well-formed token signed with another secret', async () => {
    const a = await newUser(t);
    const payload = JSON.parse(Buffer.from(a.token.split('.')[0]!, 'base64url').toString('utf8'));
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const sig = createHmac('sha256', 'some-other-secret').update(body).digest('base64url');
    expect401(await getInfo({ 'Blade-Auth': `bearer ${body}.${sig}` }));
  });

  it('refuses a token after logout, while other logins go on', async () => {
    const first = await newUser(t);
    const other = await newUser(t);
    const out = await t.api('/blade-auth/oauth/logout', { token: first.token });
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({ code: 200, success: true });
    expect401(await t.api('/btz/user/get-info', { token: first.token }));
    const still = await t.api('/btz/user/get-info', { token: other.token });
    expect(still.json).toMatchObject({ code: 200, data: { id: other.userId } });
    // the refresh token of the ended session is dead too
    const refreshed = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'refresh_token', refresh_token: first.tokenResponse.refresh_token } });
    expect(refreshed.json.success).toBe(false);
    // logging out again (or without a token) is harmless
    expect((await t.api('/blade-auth/oauth/logout', { token: first.token })).json.success).toBe(true);
    expect((await t.api('/blade-auth/oauth/logout')).json.success).toBe(true);
  });

  it('logout on another brand\'s host revokes nothing: the token stays good on its own host', async () => {
    const a = await newUser(t);
    const out = await t.api('/blade-auth/oauth/logout', { token: a.token, host: 'jw.localhost' });
    expect(out.json).toMatchObject({ code: 200, success: true });
    const still = await t.api('/btz/user/get-info', { token: a.token });
    expect(still.json).toMatchObject({ code: 200, data: { id: a.userId } });
    // its own host ends it
    expect((await t.api('/blade-auth/oauth/logout', { token: a.token })).json.success).toBe(true);
    expect401(await t.api('/btz/user/get-info', { token: a.token }));
  });

  it('ignores the Admin-Token cookie: a valid token sent only as a cookie is refused', async () => {
    const { token } = await newUser(t);
    expect401(await getInfo({ Cookie: `Admin-Token=${token}` }));
    expect401(await getInfo({ Cookie: `Admin-Token=${encodeURIComponent(`bearer ${token}`)}` }));
  });

  it('refuses a call without the client Basic credentials, or with wrong ones', async () => {
    const { token } = await newUser(t);
    expect401(await t.api('/btz-skip/boot', { noClient: true }));
    expect401(await t.api('/btz/user/get-info', { noClient: true, token }));
    const wrong = `Basic ${Buffer.from('btz:not_the_secret').toString('base64')}`;
    expect401(await t.api('/btz-skip/boot', { noClient: true, headers: { Authorization: wrong } }));
    expect401(await t.api('/btz-skip/send-code', { noClient: true, headers: { Authorization: `${CLIENT_BASIC}x` }, query: { phone: '13800000000' } }));
    expect401(await t.api('/blade-auth/oauth/token', { noClient: true, query: { grant_type: 'refresh_token', refresh_token: 'x' } }));
    // the right ones pass
    expect((await t.api('/btz-skip/boot', { noClient: true, headers: { Authorization: CLIENT_BASIC } })).json.code).toBe(200);
  });
});

describe('tokens: expiry', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ tokenTtlS: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an access token (and its refresh token) after the login lifetime', async () => {
    const { token, tokenResponse } = await newUser(t);
    expect(tokenResponse.expires_in).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect401(await t.api('/btz/user/get-info', { token }));
    const refreshed = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'refresh_token', refresh_token: tokenResponse.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.success).toBe(false);
    expect(refreshed.json.error_description).toMatch(/登录已过期/);
  });
});
