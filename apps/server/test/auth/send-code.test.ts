/**
 * `/btz-skip/send-code` (spec §7) and the SMS rules of PRODUCT.md §7: 60 s between sends, a daily cap per phone,
 * an image captcha once an IP sends too often.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniquePhone, type TestServer } from '../harness.js';

describe('send-code', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a key and the 60 s resend interval, and the console provider logs the code for that phone', async () => {
    const phone = uniquePhone();
    const res = await t.api('/btz-skip/send-code', { query: { phone } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, success: true, data: { interval: 60 } });
    expect(typeof res.json.data.key).toBe('string');
    expect(res.json.data.key.length).toBeGreaterThanOrEqual(16);
    expect(t.smsCode(phone)).toMatch(/^\d{6}$/);
    // the response never carries the code itself
    expect(res.text).not.toContain(t.smsCode(phone));
  });

  it.each(['12345', '23812345678', '1381234567a', '138123456789'])('refuses the malformed phone %s with code 400 on HTTP 200', async (phone) => {
    const res = await t.api('/btz-skip/send-code', { query: { phone } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('手机号（phone）');
    expect(() => t.smsCode(phone)).toThrow();
  });

  it('refuses a missing phone, naming the field', async () => {
    const res = await t.api('/btz-skip/send-code');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('手机号（phone）');
  });

  it('refuses a second send to the same phone within 60 s', async () => {
    const phone = uniquePhone();
    const first = await t.api('/btz-skip/send-code', { query: { phone } });
    expect(first.json.success).toBe(true);
    const code = t.smsCode(phone);
    const again = await t.api('/btz-skip/send-code', { query: { phone } });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ code: 400, success: false });
    expect(again.json.msg).toMatch(/频繁/);
    expect(again.json.msg).toContain('60');
    // no new code went out
    expect(t.smsCode(phone)).toBe(code);
    // another phone is not held up
    const other = await t.api('/btz-skip/send-code', { query: { phone: uniquePhone() } });
    expect(other.json.success).toBe(true);
  });
});

describe('send-code: daily cap per phone', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ smsDailyCapPhone: 2, smsResendS: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('allows the cap, refuses the next send that day, and leaves other phones alone', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 2; i++) {
      const res = await t.api('/btz-skip/send-code', { query: { phone } });
      expect(res.json).toMatchObject({ code: 200, success: true });
    }
    const third = await t.api('/btz-skip/send-code', { query: { phone } });
    expect(third.status).toBe(200);
    expect(third.json).toMatchObject({ code: 400, success: false });
    expect(third.json.msg).toMatch(/今日.*上限/);
    const other = await t.api('/btz-skip/send-code', { query: { phone: uniquePhone() } });
    expect(other.json.success).toBe(true);
  });
});

describe('send-code: image captcha once an IP sends too often', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ smsCaptchaAfter: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const captcha = async () => {
    const res = await t.api('/btz-skip/captcha');
    expect(res.json).toMatchObject({ code: 200, success: true });
    return res.json.data as { captchaId: string; image: string };
  };

  it('asks for a captcha after the first send, draws it as an image, and refuses a wrong answer once and for all', async () => {
    const first = await t.api('/btz-skip/send-code', { query: { phone: uniquePhone() } });
    expect(first.json.success).toBe(true);

    const phone = uniquePhone();
    const asked = await t.api('/btz-skip/send-code', { query: { phone } });
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({ code: 400, success: false, data: { captchaRequired: true } });
    expect(asked.json.msg).toMatch(/图形验证码/);
    expect(() => t.smsCode(phone)).toThrow();

    const c1 = await captcha();
    // a raster image: the digits exist only as pixels (security/captcha-image.test.ts looks closer)
    expect(c1.image).toMatch(/^data:image\/png;base64,/);
    const answer = t.captchaAnswer(c1.captchaId);
    expect(answer).toMatch(/^\d{4}$/);

    const wrong = `${(Number(answer[0]) + 1) % 10}${answer.slice(1)}`;
    const refused = await t.api('/btz-skip/send-code', { query: { phone, captchaId: c1.captchaId, captchaCode: wrong } });
    expect(refused.json).toMatchObject({ code: 400, success: false, data: { captchaRequired: true } });
    expect(refused.json.msg).toMatch(/图形验证码错误/);
    // used up: the right answer no longer opens it
    const reused = await t.api('/btz-skip/send-code', { query: { phone, captchaId: c1.captchaId, captchaCode: answer } });
    expect(reused.json).toMatchObject({ code: 400, success: false, data: { captchaRequired: true } });
    expect(() => t.smsCode(phone)).toThrow();

    const c2 = await captcha();
    expect(c2.captchaId).not.toBe(c1.captchaId);
    const sent = await t.api('/btz-skip/send-code', { query: { phone, captchaId: c2.captchaId, captchaCode: t.captchaAnswer(c2.captchaId) } });
    expect(sent.json).toMatchObject({ code: 200, success: true });
    expect(t.smsCode(phone)).toMatch(/^\d{6}$/);

    // a solved captcha is good for one send only
    const next = await t.api('/btz-skip/send-code', { query: { phone: uniquePhone(), captchaId: c2.captchaId, captchaCode: t.captchaAnswer(c2.captchaId) } });
    expect(next.json).toMatchObject({ code: 400, data: { captchaRequired: true } });
  });
});
