/**
 * Change phone (spec §7): verify the present phone (send-code-present → validate-code → ticket), then the new one
 * (send-code → update-phone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masked, newUser, startTestServer, uniquePhone, wrongCode, type TestServer } from '../harness.js';

describe('change phone', () => {
  let t: TestServer;
  beforeAll(async () => {
    // a user logs in and changes the phone within seconds: no 60 s gap between two sends to one phone here
    t = await startTestServer({ smsResendS: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The first step: a ticket for the logged-in user's present phone. */
  const ticketFor = async (token: string, phone: string) => {
    const sent = await t.api('/btz/user/send-code-present', { token });
    expect(sent.json).toMatchObject({ code: 200, success: true, data: { key: expect.any(String) } });
    const v = await t.api('/btz/user/validate-code', { token, query: { key: sent.json.data.key, code: t.smsCode(phone) } });
    expect(v.json).toMatchObject({ code: 200, success: true, data: { ticket: expect.any(String) } });
    return v.json.data.ticket as string;
  };
  const sendNew = async (token: string, phone: string) => {
    const res = await t.api('/btz/user/send-code', { token, query: { phone } });
    expect(res.json).toMatchObject({ code: 200, success: true });
    return { key: res.json.data.key as string, code: t.smsCode(phone) };
  };

  it('moves the account to the new phone: get-info shows it and logging in with it finds the same user', async () => {
    const a = await newUser(t);
    const ticket = await ticketFor(a.token, a.phone);
    const next = uniquePhone();
    const { key, code } = await sendNew(a.token, next);
    const res = await t.api('/btz/user/update-phone', { token: a.token, query: { phone: next, key, code, ticket } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, success: true, data: { id: a.userId, maskPhone: masked(next) } });
    expect((await t.api('/btz/user/get-info', { token: a.token })).json.data).toMatchObject({ maskPhone: masked(next), account: next });

    const relogin = await t.login(next);
    expect(relogin.user_id).toBe(a.userId);
    // the ticket proved the old phone once: it does not move the account again
    const third = uniquePhone();
    const again = await sendNew(a.token, third);
    const replay = await t.api('/btz/user/update-phone', { token: a.token, query: { phone: third, ...again, ticket } });
    expect(replay.json).toMatchObject({ code: 400, success: false });
    expect(replay.json.msg).toMatch(/原手机号/);
    expect((await t.api('/btz/user/get-info', { token: a.token })).json.data.maskPhone).toBe(masked(next));

    // the old phone is free again: logging in with it makes a new account
    const old = await t.login(a.phone);
    expect(old.user_id).not.toBe(a.userId);
  });

  it('refuses update-phone without a ticket, with a forged one, or with one of another user', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const bTicket = await ticketFor(b.token, b.phone);
    const next = uniquePhone();
    const { key, code } = await sendNew(a.token, next);
    for (const ticket of [undefined, 'forged.ticket', bTicket]) {
      const res = await t.api('/btz/user/update-phone', { token: a.token, query: { phone: next, key, code, ticket } });
      expect(res.json).toMatchObject({ code: 400, success: false });
      expect(res.json.msg).toMatch(/原手机号/);
    }
    expect((await t.api('/btz/user/get-info', { token: a.token })).json.data.maskPhone).toBe(masked(a.phone));
    // the refusals did not spend the new phone's code: with a real ticket it goes through
    const ticket = await ticketFor(a.token, a.phone);
    const ok = await t.api('/btz/user/update-phone', { token: a.token, query: { phone: next, key, code, ticket } });
    expect(ok.json).toMatchObject({ code: 200, data: { maskPhone: masked(next) } });
  });

  it('refuses a wrong code for the present phone (no ticket) and for the new phone', async () => {
    const a = await newUser(t);
    const sent = await t.api('/btz/user/send-code-present', { token: a.token });
    const bad = await t.api('/btz/user/validate-code', { token: a.token, query: { key: sent.json.data.key, code: wrongCode(t.smsCode(a.phone)) } });
    expect(bad.json).toMatchObject({ code: 400, success: false, data: null });
    expect(bad.json.msg).toMatch(/验证码错误/);

    const ticket = await ticketFor(a.token, a.phone);
    const next = uniquePhone();
    const { key, code } = await sendNew(a.token, next);
    const res = await t.api('/btz/user/update-phone', { token: a.token, query: { phone: next, key, code: wrongCode(code), ticket } });
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toMatch(/验证码错误/);
    // a code sent to the present phone cannot stand in for the new phone's code
    const present = await t.api('/btz/user/send-code-present', { token: a.token });
    const swapped = await t.api('/btz/user/update-phone', {
      token: a.token,
      query: { phone: next, key: present.json.data.key, code: t.smsCode(a.phone), ticket },
    });
    expect(swapped.json).toMatchObject({ code: 400, success: false });
    expect((await t.api('/btz/user/get-info', { token: a.token })).json.data.maskPhone).toBe(masked(a.phone));
  });

  it('refuses a new phone that another account already uses, once its code was entered (send-code does not tell)', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const ticket = await ticketFor(a.token, a.phone);
    const { key, code } = await sendNew(a.token, b.phone);
    const res = await t.api('/btz/user/update-phone', { token: a.token, query: { phone: b.phone, key, code, ticket } });
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toMatch(/已注册/);
    expect((await t.api('/btz/user/get-info', { token: a.token })).json.data.maskPhone).toBe(masked(a.phone));
    const same = await t.api('/btz/user/send-code', { token: a.token, query: { phone: a.phone } });
    expect(same.json).toMatchObject({ code: 400, success: false });
    expect(same.json.msg).toMatch(/相同/);
  });

  it('refuses the change when the new phone got its own account after the code was sent', async () => {
    const a = await newUser(t);
    const ticket = await ticketFor(a.token, a.phone);
    const next = uniquePhone();
    const { key, code } = await sendNew(a.token, next);
    const other = await newUser(t, { phone: next });
    const res = await t.api('/btz/user/update-phone', { token: a.token, query: { phone: next, key, code, ticket } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toMatch(/已注册/);
    expect((await t.api('/btz/user/get-info', { token: a.token })).json.data.maskPhone).toBe(masked(a.phone));
    expect((await t.api('/btz/user/get-info', { token: other.token })).json.data.id).toBe(other.userId);
  });

  it('refuses a malformed new phone naming the field', async () => {
    const a = await newUser(t);
    const res = await t.api('/btz/user/send-code', { token: a.token, query: { phone: '1234' } });
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('新手机号（phone）');
  });
});
