/**
 * WeChat QR login, sandbox provider (CONVENTIONS.md WeChat QR login): the QR encodes a page of this server; the phone
 * confirms with phone + SMS code; the polling desktop receives its token once. Binding WeChat to a logged-in account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenInputs, masked, newUser, startTestServer, uniquePhone, wrongCode, type TestServer } from '../harness.js';

/** The path and query of the URL the QR encodes (what a phone opens, here against the test server). */
const pathOf = (qrUrl: string) => {
  const u = new URL(qrUrl);
  return `${u.pathname}${u.search}`;
};

describe('WeChat QR login (sandbox)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const newQr = async (host?: string) => {
    const res = await t.api('/btz-skip/qr-code', { host });
    expect(res.json).toMatchObject({ code: 200, success: true });
    return res.json.data as { tager: string; qrUrl: string; expiresIn: number };
  };
  const state = async (tager: string, host?: string) => (await t.api('/btz-skip/qr-code-state', { query: { tager }, host })).json;

  it('logs the desktop in once the phone confirms with phone + SMS code', async () => {
    const qr = await newQr();
    expect(qr.tager.length).toBeGreaterThanOrEqual(16);
    expect(qr.expiresIn).toBe(300);
    expect(qr.qrUrl).toMatch(/^https?:\/\/[^/]+\/m\/wx-login\?tager=/);
    expect(new URL(qr.qrUrl).searchParams.get('tager')).toBe(qr.tager);
    expect(await state(qr.tager)).toMatchObject({ code: 200, data: { state: 'waiting' } });

    // the phone opens the QR's page
    const page = await t.request(pathOf(qr.qrUrl));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<form method="post" action="/m/wx-login/send"');
    expect(page.text).toMatch(/手机号/);
    expect(page.text).toMatch(/获取验证码/);
    expect(page.text).not.toMatch(/<script/i);
    expect(hiddenInputs(page.text)).toEqual({ tager: qr.tager });
    expect((await state(qr.tager)).data.state).toBe('scanned');

    const phone = uniquePhone();
    const sent = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone } });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('name="code"');
    expect(sent.text).toContain(masked(phone));
    const hidden = hiddenInputs(sent.text);
    expect(hidden).toMatchObject({ tager: qr.tager, phone, key: expect.any(String) });

    const confirmed = await t.request('/m/wx-login/confirm', {
      method: 'POST',
      form: { tager: qr.tager, phone, key: hidden.key!, code: t.smsCode(phone) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('登录成功');

    const polled = await state(qr.tager);
    expect(polled).toMatchObject({ code: 200, data: { state: 'confirmed', token_type: 'bearer', expires_in: 604800, tenant_id: '000000' } });
    const token = polled.data.access_token as string;
    expect(typeof token).toBe('string');
    const info = await t.api('/btz/user/get-info', { token });
    expect(info.json.data).toMatchObject({ id: polled.data.user_id, maskPhone: masked(phone) });

    // the token was handed out once: the next poll sees an expired QR
    expect((await state(qr.tager)).data).toEqual({ state: 'expired' });
    // and the page cannot be used again
    const reopened = await t.request(pathOf(qr.qrUrl));
    expect(reopened.text).toContain('二维码已失效');
  });

  it('shows the error on the page for a bad phone or a wrong code, and keeps the QR usable', async () => {
    const qr = await newQr();
    await t.request(pathOf(qr.qrUrl));
    const bad = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone: '12345' } });
    expect(bad.status).toBe(200);
    expect(bad.text).toMatch(/手机号格式不正确/);
    expect(bad.text).not.toContain('name="code"');

    const phone = uniquePhone();
    const sent = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone } });
    const hidden = hiddenInputs(sent.text);
    const wrong = await t.request('/m/wx-login/confirm', { method: 'POST', form: { ...hidden, code: wrongCode(t.smsCode(phone)) } });
    expect(wrong.text).toMatch(/验证码错误/);
    expect(wrong.text).toContain('name="code"');
    expect((await state(qr.tager)).data.state).toBe('scanned');

    const right = await t.request('/m/wx-login/confirm', { method: 'POST', form: { ...hidden, code: t.smsCode(phone) } });
    expect(right.text).toContain('登录成功');
    expect((await state(qr.tager)).data.state).toBe('confirmed');
  });

  it('escapes what the visitor typed when the page shows it again', async () => {
    const qr = await newQr();
    const res = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone: '"><script>alert(1)</script>' } });
    expect(res.text).not.toContain('<script>alert(1)');
  });

  it("answers 'expired' for an unknown tager and for another brand's tager", async () => {
    expect((await state('no-such-tager-1234')).data).toEqual({ state: 'expired' });
    const qr = await newQr('jw.localhost');
    expect((await state(qr.tager, 'jw.localhost')).data.state).toBe('waiting');
    expect((await state(qr.tager)).data).toEqual({ state: 'expired' });
    const unknownPage = await t.request('/m/wx-login?tager=no-such-tager-1234');
    expect(unknownPage.status).toBe(410);
    expect(unknownPage.text).toContain('二维码已失效');
  });

  it('refuses a state poll without tager, naming the field', async () => {
    const res = await t.api('/btz-skip/qr-code-state');
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('tager');
  });

  describe('binding WeChat to a logged-in account', () => {
    it('binds after the phone confirms; only the owner sees the bind QR confirmed', async () => {
      const owner = await newUser(t);
      const other = await newUser(t);
      const qr = (await t.api('/btz/user/qr-code', { token: owner.token })).json.data;
      expect(qr).toMatchObject({ tager: expect.any(String), qrUrl: expect.stringContaining('/m/wx-login?tager='), expiresIn: 300 });
      const bindState = (token: string) => t.api('/btz/user/qr-code-state', { token, query: { tager: qr.tager } });
      expect((await bindState(owner.token)).json.data).toEqual({ state: 'waiting' });

      const page = await t.request(pathOf(qr.qrUrl));
      expect(page.status).toBe(200);
      expect(page.text).toContain('绑定微信');
      expect((await bindState(owner.token)).json.data).toEqual({ state: 'scanned' });

      const done = await t.request('/m/wx-login/confirm', { method: 'POST', form: { tager: qr.tager } });
      expect(done.status).toBe(200);
      expect(done.text).toContain('绑定成功');

      expect((await bindState(owner.token)).json.data).toEqual({ state: 'confirmed' });
      expect((await t.api('/btz/user/get-info', { token: owner.token })).json.data.isBindWeChat).toBe(1);
      expect((await bindState(other.token)).json.data).toEqual({ state: 'expired' });
      expect((await t.api('/btz/user/get-info', { token: other.token })).json.data.isBindWeChat).toBe(0);
      // a bind QR is no login QR: the anonymous poll gets no token out of it
      expect((await state(qr.tager)).data).toEqual({ state: 'expired' });
    });

    it('needs a login', async () => {
      const res = await t.api('/btz/user/qr-code');
      expect(res.status).toBe(401);
      const poll = await t.api('/btz/user/qr-code-state', { query: { tager: 'whatever-tager' } });
      expect(poll.status).toBe(401);
    });
  });
});

describe('WeChat QR login: an expired QR', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ qrLoginTtlS: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 'expired' after its lifetime, and its page says so", async () => {
    const qr = (await t.api('/btz-skip/qr-code')).json.data;
    expect(qr.expiresIn).toBe(1);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await t.api('/btz-skip/qr-code-state', { query: { tager: qr.tager } })).json.data).toEqual({ state: 'expired' });
    const page = await t.request(pathOf(qr.qrUrl));
    expect(page.status).toBe(410);
    expect(page.text).toContain('二维码已失效');
    const confirm = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone: uniquePhone() } });
    expect(confirm.text).toContain('二维码已失效');
  });
});
