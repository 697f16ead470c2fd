/**
 * The phone pages under /m/ (sandbox payment, WeChat QR login, WeChat binding) confirm something with one tap: no site
 * may frame them (clickjacking), and nothing but their own style sheet may load or run. Checked on every kind of page
 * those routes send — the form, the error and the done pages — over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, uniquePhone, type HttpResult, type TestServer } from '../harness.js';
import { confirmSandbox, opt, pathOf, payOrder } from '../commerce/helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of String(csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values.join(' ');
  }
  return out;
}

/** What every phone page must carry; returns the style nonce. */
function expectLockedDown(res: HttpResult, what: string): string {
  expect(res.headers['content-type'], what).toMatch(/^text\/html/);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  const d = directives(res.headers['content-security-policy']);
  expect(d['frame-ancestors'], what).toBe("'none'");
  expect(d['default-src'], what).toBe("'none'");
  expect(d['script-src'], what).toBe("'none'");
  expect(d['form-action'], what).toBe("'self'");
  expect(d['style-src'], what).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}'$/);
  expect(d['style-src'], what).not.toContain('unsafe-inline');
  const nonce = /'nonce-([^']+)'/.exec(d['style-src']!)![1]!;
  // the page's only style sheet carries that nonce (else the browser shows it unstyled); no script, no inline style attribute
  const styles = [...res.text.matchAll(/<style\b([^>]*)>/g)].map((m) => m[1]);
  expect(styles, what).toEqual([` nonce="${nonce}"`]);
  expect(res.text, what).not.toMatch(/<script|\sstyle=/i);
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  return nonce;
}

describe('phone pages under /m/', () => {
  it('the sandbox payment pages: the order, an unknown order, the paid page', async () => {
    const { token } = await newUser(t);
    const order = (await payOrder(t, token, { optionId: opt('copy-basic'), number: 1 })).data;
    const page = await t.request(pathOf(order.codeUrl));
    expect(page.text).toContain('确认支付');
    const nonce = expectLockedDown(page, 'GET /m/pay');
    expectLockedDown(await t.request('/m/pay/00000000000000000000'), 'unknown order');
    const paid = await confirmSandbox(t, order.codeUrl);
    expect(paid.text).toContain('支付成功');
    expect(expectLockedDown(paid, 'POST /m/pay')).not.toBe(nonce); // a new nonce for every response
  });

  it('the WeChat QR login pages: the form, a bad phone, an expired QR', async () => {
    const qr = (await t.api('/btz-skip/qr-code')).json.data as { tager: string; qrUrl: string };
    const u = new URL(qr.qrUrl);
    const page = await t.request(`${u.pathname}${u.search}`);
    expect(page.text).toContain('获取验证码');
    expectLockedDown(page, 'GET /m/wx-login');
    const bad = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone: '123' } });
    expect(bad.text).toContain('手机号格式不正确');
    expectLockedDown(bad, 'POST /m/wx-login/send');
    const sent = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone: uniquePhone() } });
    expectLockedDown(sent, 'code sent');
    expectLockedDown(await t.request('/m/wx-login?tager=no-such-tager-1234'), 'expired QR');
  });

  it('the WeChat binding pages: the confirm form and the done page', async () => {
    const owner = await newUser(t);
    const qr = (await t.api('/btz/user/qr-code', { token: owner.token })).json.data as { tager: string; qrUrl: string };
    const u = new URL(qr.qrUrl);
    const page = await t.request(`${u.pathname}${u.search}`);
    expect(page.text).toContain('绑定微信');
    expectLockedDown(page, 'bind form');
    const done = await t.request('/m/wx-login/confirm', { method: 'POST', form: { tager: qr.tager } });
    expect(done.text).toContain('绑定成功');
    expectLockedDown(done, 'bind done');
  });
});
