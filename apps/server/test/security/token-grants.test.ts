/**
 * Findings 12 and 14 of the attack on main.
 * 12: a disabled user still got tokens through `refresh_token`, `social` and the QR poll (only the SMS grant checked
 *     the status); an access token issued before the disable must stop working too.
 * 14: a btz refresh token sent on host jw was refused, but revoked the btz session first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenInputs, newUser, startTestServer, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

/** Disables the account in the database, and tells the server as the console's disable does (its sessions are forgotten). */
const disable = async (userId: string) => {
  await t.server.db.db.updateTable('users').set({ status: 0 }).where('id', '=', userId).execute();
  await t.server.app.ctx.tokens.ended({ userId });
};
const refresh = (refreshToken: string, host?: string) =>
  t.api('/blade-auth/oauth/token', { host, query: { grant_type: 'refresh_token', refresh_token: refreshToken } });

/** A QR confirmed on the phone by `phone` (an existing account), not yet polled. */
async function confirmedQr(phone: string): Promise<string> {
  const qr = (await t.api('/btz-skip/qr-code')).json.data as { tager: string };
  const sent = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone } });
  const key = hiddenInputs(sent.text).key!;
  await t.request('/m/wx-login/confirm', { method: 'POST', form: { tager: qr.tager, phone, key, code: t.smsCode(phone) } });
  return qr.tager;
}

describe('a disabled user', () => {
  it('gets no token from refresh_token, and the access token it holds stops working', async () => {
    const u = await newUser(t);
    expect((await t.api('/btz/user/get-info', { token: u.token })).status).toBe(200);
    await disable(u.userId);
    expect((await t.api('/btz/user/get-info', { token: u.token })).status).toBe(401);
    const res = await refresh(u.tokenResponse.refresh_token);
    expect(res.json.access_token).toBeUndefined();
    expect(res.json).toMatchObject({ success: false });
    expect(res.json.error_description).toMatch(/停用/);
  });

  it('gets no token from the QR poll', async () => {
    const u = await newUser(t);
    const tager = await confirmedQr(u.phone);
    await disable(u.userId);
    const polled = (await t.api('/btz-skip/qr-code-state', { query: { tager } })).json;
    expect(polled.data?.access_token).toBeUndefined();
    expect(polled).toMatchObject({ code: 400, success: false });
    expect(polled.msg).toMatch(/停用/);
  });

  it('gets no token from grant_type=social', async () => {
    const u = await newUser(t);
    const tager = await confirmedQr(u.phone);
    await disable(u.userId);
    const res = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'social', code: tager } });
    expect(res.json.access_token).toBeUndefined();
    expect(res.json).toMatchObject({ success: false });
    expect(res.json.error_description).toMatch(/停用/);
  });
});

describe('a refresh token sent to another tenant', () => {
  it('is refused without revoking its session: it still works on its own host', async () => {
    const u = await newUser(t);
    const onJw = await refresh(u.tokenResponse.refresh_token, 'jw.localhost');
    expect(onJw.json).toMatchObject({ success: false });
    expect(onJw.json.access_token).toBeUndefined();
    // the btz session is alive: its access token works and its refresh token still rotates once
    expect((await t.api('/btz/user/get-info', { token: u.token })).status).toBe(200);
    const home = await refresh(u.tokenResponse.refresh_token);
    expect(home.json.access_token).toBeTruthy();
  });
});
