/**
 * 个人中心 · 登录设备 (issue 27): the account's live sign-ins, 「退出所有设备」 that ends every token of the account
 * (access and refresh, this device's too), and unbinding WeChat through the sandbox's real bind flow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  // one phone logs in twice: no 60 s gap between sends
  t = await startTestServer({ smsResendS: 0 });
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const refresh = (refreshToken: string) => t.api('/blade-auth/oauth/token', { query: { grant_type: 'refresh_token', refresh_token: refreshToken } });

describe('sign-ins and 退出所有设备', () => {
  it('lists the live sign-ins with the current one marked; logout-all ends every token of the account only', async () => {
    const a = await newUser(t);
    const a2 = await newUser(t, { phone: a.phone }); // the same account on a second device
    const other = await newUser(t);
    expect(a2.userId).toBe(a.userId);

    const list = await t.api('/btz/user/sessions', { token: a.token });
    expect(list.json, list.text).toMatchObject({ success: true });
    const sessions = list.json.data as { id: string; current: boolean; device: string; ip: string; createTime: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.every((s) => s.device !== '' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s.createTime))).toBe(true);

    const out = await t.api('/btz/user/logout-all', { token: a2.token });
    expect(out.json).toMatchObject({ success: true, data: { count: 2 } });
    for (const token of [a.token, a2.token]) expect((await t.api('/btz/user/get-info', { token })).status).toBe(401);
    const r = await refresh(a.tokenResponse.refresh_token as string);
    expect(r.json.access_token).toBeUndefined();
    expect(JSON.stringify(r.json)).toMatch(/登录/);
    // another account keeps its sign-in
    expect((await t.api('/btz/user/get-info', { token: other.token })).json.success).toBe(true);
    // signing in again works and starts one new session
    const back = await newUser(t, { phone: a.phone });
    expect((await t.api('/btz/user/sessions', { token: back.token })).json.data).toHaveLength(1);
  });

  it('unbinds WeChat bound through the sandbox bind QR; unbinding an unbound account is refused', async () => {
    const u = await newUser(t);
    expect((await t.api('/btz/user/unbind-wechat', { token: u.token })).json).toMatchObject({ success: false, msg: '当前账号未绑定微信' });
    const qr = (await t.api('/btz/user/qr-code', { token: u.token })).json.data as { tager: string; qrUrl: string };
    const u8 = new URL(qr.qrUrl);
    await t.request(`${u8.pathname}${u8.search}`);
    await t.request('/m/wx-login/confirm', { method: 'POST', form: { tager: qr.tager } });
    expect((await t.api('/btz/user/get-info', { token: u.token })).json.data.isBindWeChat).toBe(1);
    const res = await t.api('/btz/user/unbind-wechat', { token: u.token });
    expect(res.json, res.text).toMatchObject({ success: true, data: { isBindWeChat: 0 } });
  });
});
