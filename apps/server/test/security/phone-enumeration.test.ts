/**
 * Finding 17 of the attack on main: `/btz/user/send-code` told anyone logged in whether a phone number had an account
 * (该手机号已注册其他账号). Now a registered and an unregistered number get the same answer; the registration is told only
 * at update-phone, to someone whose SMS code proved they hold that phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, uniquePhone, wrongCode, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const shape = (j: any) => ({ code: j.code, success: j.success, msg: j.msg, data: j.data && Object.keys(j.data).sort(), interval: j.data?.interval });

describe('send-code for a new phone', () => {
  it('answers a registered and an unregistered number alike', async () => {
    const attacker = await newUser(t);
    const victim = await newUser(t);
    const registered = (await t.api('/btz/user/send-code', { token: attacker.token, query: { phone: victim.phone } })).json;
    const free = (await t.api('/btz/user/send-code', { token: attacker.token, query: { phone: uniquePhone() } })).json;
    expect(registered.msg).not.toMatch(/注册/);
    expect(shape(registered)).toEqual(shape(free));
    expect(registered).toMatchObject({ code: 200, success: true });

    // without the code (which went to the victim's phone) update-phone tells nothing either, even with a valid ticket
    const present = (await t.api('/btz/user/send-code-present', { token: attacker.token })).json.data;
    const ticket = (
      await t.api('/btz/user/validate-code', { token: attacker.token, query: { key: present.key, code: t.smsCode(attacker.phone) } })
    ).json.data.ticket;
    const guess = await t.api('/btz/user/update-phone', {
      token: attacker.token,
      query: { phone: victim.phone, key: registered.data.key, code: wrongCode(t.smsCode(victim.phone)), ticket },
    });
    expect(guess.json.msg).toMatch(/验证码错误/);
    expect(guess.json).toMatchObject({ code: 400, success: false });
    expect(guess.json.msg).not.toMatch(/注册/);
  });
});
