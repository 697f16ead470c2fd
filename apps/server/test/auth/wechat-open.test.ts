/**
 * The WeChat Open Platform adapter (website login) against a local fake of WeChat's API: qrconnect URL, the redirect
 * to `/m/wx-callback` with `code` + `state`, the code exchange, and `grant_type=social`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masked, newUser, startTestServer, uniquePhone, type TestServer } from '../harness.js';

const IDENTITIES: Record<string, { openid: string; unionid: string; nickname: string; headimgurl: string }> = {
  'good-code': { openid: 'o_good_0001', unionid: 'u_good_0001', nickname: '微信测试用户', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/good.png' },
  'other-code': { openid: 'o_other_0002', unionid: 'u_other_0002', nickname: '另一位微信用户', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/other.png' },
  'invited-code': { openid: 'o_invited_0004', unionid: 'u_invited_0004', nickname: '受邀微信用户', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/invited.png' },
  'bind-code': { openid: 'o_bind_0003', unionid: 'u_bind_0003', nickname: '绑定用户', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/bind.png' },
};

/** A fake of api.weixin.qq.com: what the adapter calls, and what it sent. */
function startFakeWechat() {
  const calls: URL[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    calls.push(u);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/sns/oauth2/access_token') {
      const p = u.searchParams;
      const code = p.get('code') ?? '';
      if (code === 'server-error') return json(500, { errcode: -1, errmsg: 'system error' });
      if (code === 'hang-up') return req.socket.destroy();
      const who = IDENTITIES[code];
      if (p.get('appid') !== 'wxtest' || p.get('secret') !== 'sec' || p.get('grant_type') !== 'authorization_code' || !who) {
        return json(200, { errcode: 40029, errmsg: 'invalid code' });
      }
      return json(200, { access_token: `at_${who.openid}`, expires_in: 7200, refresh_token: 'rt', openid: who.openid, scope: 'snsapi_login', unionid: who.unionid });
    }
    if (u.pathname === '/sns/userinfo') {
      const who = Object.values(IDENTITIES).find((i) => `at_${i.openid}` === u.searchParams.get('access_token'));
      if (!who || u.searchParams.get('openid') !== who.openid) return json(200, { errcode: 40001, errmsg: 'invalid credential' });
      return json(200, { openid: who.openid, nickname: who.nickname, sex: 0, headimgurl: who.headimgurl, unionid: who.unionid });
    }
    json(404, { errcode: 404, errmsg: 'not found' });
  });
  return new Promise<{ url: string; calls: URL[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        calls,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

describe('WeChat Open Platform login (against a fake WeChat API)', () => {
  let t: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeWechat>>;
  beforeAll(async () => {
    fake = await startFakeWechat();
    t = await startTestServer({ wechatProvider: 'open', wechatAppId: 'wxtest', wechatAppSecret: 'sec', wechatApiBase: fake.url });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const newQr = async () => (await t.api('/btz-skip/qr-code')).json.data as { tager: string; qrUrl: string; expiresIn: number };
  const state = async (tager: string) => (await t.api('/btz-skip/qr-code-state', { query: { tager } })).json.data;
  const callback = (code: string, tager: string) => t.request(`/m/wx-callback?${new URLSearchParams({ code, state: tager })}`);

  it('points the QR at open.weixin.qq.com qrconnect with the app id and state = tager', async () => {
    const qr = await newQr();
    const u = new URL(qr.qrUrl);
    expect(`${u.origin}${u.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(u.searchParams.get('appid')).toBe('wxtest');
    expect(u.searchParams.get('state')).toBe(qr.tager);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('scope')).toBe('snsapi_login');
    expect(new URL(u.searchParams.get('redirect_uri')!).pathname).toBe('/m/wx-callback');
    expect(u.hash).toBe('#wechat_redirect');
    // the secret never leaves the server
    expect(qr.qrUrl).not.toContain('sec&');
    expect(qr.qrUrl).not.toContain('secret');
  });

  it("logs in through WeChat's redirect: the poll yields a token of the WeChat user", async () => {
    const qr = await newQr();
    expect(await state(qr.tager)).toEqual({ state: 'waiting' });
    const page = await callback('good-code', qr.tager);
    expect(page.status).toBe(200);
    expect(page.text).toContain('登录成功');
    const exchange = fake.calls.find((c) => c.pathname === '/sns/oauth2/access_token' && c.searchParams.get('code') === 'good-code');
    expect(exchange?.searchParams.get('appid')).toBe('wxtest');
    expect(exchange?.searchParams.get('secret')).toBe('sec');
    expect(exchange?.searchParams.get('grant_type')).toBe('authorization_code');

    const polled = await state(qr.tager);
    expect(polled).toMatchObject({ state: 'confirmed', token_type: 'bearer', access_token: expect.any(String) });
    const info = (await t.api('/btz/user/get-info', { token: polled.access_token })).json.data;
    expect(info).toMatchObject({
      id: polled.user_id,
      nickName: '微信测试用户',
      // WeChat's avatar host is outside the Content-Security-Policy: the brand's avatar is kept instead
      avatar: '/brand/btz/avatar.svg',
      isBindWeChat: 1,
      source: 0,
      maskPhone: '',
    });
    expect(await state(qr.tager)).toEqual({ state: 'expired' });

    // the same WeChat user again: the same account
    const qr2 = await newQr();
    await callback('good-code', qr2.tager);
    expect((await state(qr2.tager)).user_id).toBe(polled.user_id);
  });

  it("a sign-up through WeChat's redirect is credited to the invitation code the desktop asked for the QR with", async () => {
    const inviter = await newUser(t);
    const inviteCode = (await t.api('/btz/user/get-info', { token: inviter.token })).json.data.inviteCode as string;
    const qr = (await t.api('/btz-skip/qr-code', { query: { invitation_code: inviteCode } })).json.data as { tager: string };
    expect((await callback('invited-code', qr.tager)).text).toContain('登录成功');
    const polled = await state(qr.tager);
    expect(polled).toMatchObject({ state: 'confirmed', access_token: expect.any(String) });
    const invited = (await t.api('/btz/user/invite-user-list', { token: inviter.token })).json.data;
    expect(invited.records.map((r: { id: string }) => r.id)).toEqual([polled.user_id]);
  });

  it('shows a failure page for a code WeChat refuses, and the QR stays unconfirmed', async () => {
    const qr = await newQr();
    const page = await callback('bad-code', qr.tager);
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('授权失败');
    expect(['waiting', 'scanned']).toContain((await state(qr.tager)).state);
    // a real code afterwards still works
    await callback('other-code', qr.tager);
    expect((await state(qr.tager)).state).toBe('confirmed');
  });

  it.each(['server-error', 'hang-up'])('shows a failure page (not an error) when WeChat answers %s', async (code) => {
    const qr = await newQr();
    const page = await callback(code, qr.tager);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toMatch(/授权失败|微信/);
    expect(['waiting', 'scanned']).toContain((await state(qr.tager)).state);
  });

  it('answers an expired page for a callback without a live QR', async () => {
    const page = await callback('good-code', 'no-such-tager-1234');
    expect(page.status).toBe(410);
    expect(page.text).toContain('二维码已失效');
  });

  it('logs the same WeChat user in with grant_type=social and code', async () => {
    const qr = await newQr();
    await callback('good-code', qr.tager);
    const viaQr = await state(qr.tager);
    const res = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'social', code: 'good-code', source: 0 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ token_type: 'bearer', user_id: viaQr.user_id });
    expect((await t.api('/btz/user/get-info', { token: res.json.access_token })).json.data.id).toBe(viaQr.user_id);

    const bad = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'social', code: 'bad-code' } });
    expect(bad.status).toBe(200);
    expect(bad.json).toMatchObject({ success: false });
    expect(bad.json.error_description).toMatch(/微信/);
    const down = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'social', code: 'hang-up' } });
    expect(down.status).toBe(200);
    expect(down.json).toMatchObject({ success: false });
    expect(down.json.error_description).toMatch(/[\u4e00-\u9fff]/);
  });

  it('lets a WeChat-only account add a phone without the present-phone step', async () => {
    const qr = await newQr();
    await callback('other-code', qr.tager);
    const { access_token: token } = await state(qr.tager);
    const present = await t.api('/btz/user/send-code-present', { token });
    expect(present.json).toMatchObject({ code: 400, success: false });
    const phone = uniquePhone();
    const sent = await t.api('/btz/user/send-code', { token, query: { phone } });
    const res = await t.api('/btz/user/update-phone', { token, query: { phone, key: sent.json.data.key, code: t.smsCode(phone) } });
    expect(res.json).toMatchObject({ code: 200, data: { maskPhone: masked(phone), isBindWeChat: 1 } });
  });

  it('binds WeChat to a phone account through the callback, refusing a WeChat that belongs to someone else', async () => {
    const u = await newUser(t);
    const qr = (await t.api('/btz/user/qr-code', { token: u.token })).json.data;
    expect(new URL(qr.qrUrl).searchParams.get('state')).toBe(qr.tager);
    const taken = await callback('good-code', qr.tager);
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('已绑定其他账号');
    expect((await t.api('/btz/user/get-info', { token: u.token })).json.data.isBindWeChat).toBe(0);

    const ok = await callback('bind-code', qr.tager);
    expect(ok.text).toContain('绑定成功');
    expect((await t.api('/btz/user/qr-code-state', { token: u.token, query: { tager: qr.tager } })).json.data).toEqual({ state: 'confirmed' });
    expect((await t.api('/btz/user/get-info', { token: u.token })).json.data.isBindWeChat).toBe(1);
    // from now on that WeChat logs into the phone account
    const res = await t.api('/blade-auth/oauth/token', { query: { grant_type: 'social', code: 'bind-code' } });
    expect(res.json.user_id).toBe(u.userId);
  });
});
