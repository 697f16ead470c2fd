/**
 * Operator sign-in (issue 28): the super-operator's one-time link printed at start on a 「[运营]」 line, the first sign-in
 * binding the phone, later ones with phone + SMS code; operators invited from the console the same way; sign-out and a
 * disabled operator ending sessions; the audit rows of it all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniquePhone, type TestServer } from '../harness.js';
import { asOperator, operatorSignIn, printedSuperLink, signInSuper } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ smsResendS: 0 });
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

describe('the super-operator', () => {
  let su: { token: string; phone: string; id: string };

  it('the server printed a one-time sign-in link on a line beginning 「[运营]」', () => {
    const { line, link } = printedSuperLink(t);
    expect(line.startsWith('[运营]')).toBe(true);
    expect(line).toContain(link);
    expect(link).toMatch(/\/admin\/sign-in\?ticket=[\w-]{20,}$/);
  });

  it('the link says what it is for; the first sign-in through it binds the phone', async () => {
    const { ticket } = printedSuperLink(t);
    const info = await t.api<any>('/btz/admin/auth/ticket', { query: { ticket } });
    expect(info.json.data).toEqual({ roleName: '平台超级运营', tenantName: '全部租户', name: '超级运营员' });
    su = await signInSuper(t);
    const me = await asOperator(t, su.token, '/btz/admin/auth/me');
    expect(me.json.data).toMatchObject({ role: 'super', tenantId: null, phone: su.phone, bound: true, status: 1 });
  });

  it('the link is good once', async () => {
    const again = await operatorSignIn(t, uniquePhone(), printedSuperLink(t).ticket);
    expect(again).toMatchObject({ success: false, msg: expect.stringContaining('登录链接无效或已过期') });
  });

  it('later sign-ins use phone + SMS code; a wrong code or an unknown phone is refused', async () => {
    const r = await operatorSignIn(t, su.phone);
    expect(r.success).toBe(true);
    expect(r.data.operator.id).toBe(su.id);
    const stranger = await operatorSignIn(t, uniquePhone());
    expect(stranger).toMatchObject({ success: false, msg: expect.stringContaining('不是运营账号') });
    const sent = await t.api<any>('/btz/admin/auth/send-code', { query: { phone: su.phone } });
    const code = t.smsCode(su.phone);
    const wrong = String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
    const bad = await t.api<any>('/btz/admin/auth/sign-in', { body: { phone: su.phone, key: sent.json.data.key, code: wrong } });
    expect(bad.json).toMatchObject({ success: false, msg: expect.stringContaining('验证码错误') });
  });

  it('a user of the app cannot sign in to the console with its own login code, nor its token reach it', async () => {
    const phone = uniquePhone();
    const user = await t.login(phone);
    const res = await asOperator(t, null, '/btz/admin/auth/me', { token: user.access_token });
    expect(res.status).toBe(401);
    const asHeader = await asOperator(t, user.access_token, '/btz/admin/auth/me');
    expect(asHeader.status).toBe(401);
  });

  it('an invited operator signs in through its link; disabling it ends its session at once', async () => {
    const inv = await asOperator(t, su.token, '/btz/admin/operators/invite', { body: { tenantId: '389572', name: '金网运营' } });
    expect(inv.json.data.operator).toMatchObject({ role: 'operator', tenantId: '389572', bound: false, name: '金网运营' });
    const phone = uniquePhone();
    const ticket = new URL(inv.json.data.link).searchParams.get('ticket')!;
    const taken = await operatorSignIn(t, su.phone, ticket);
    expect(taken).toMatchObject({ success: false, msg: '该手机号已绑定其他运营账号' });
    const r = await operatorSignIn(t, phone, ticket);
    expect(r.data.operator).toMatchObject({ tenantId: '389572', phone, bound: true });
    const token = r.data.token as string;
    expect((await asOperator(t, token, '/btz/admin/auth/me')).status).toBe(200);
    const off = await asOperator(t, su.token, '/btz/admin/operators/status', { body: { id: r.data.operator.id, status: 2 } });
    expect(off.json.data.status).toBe(2);
    expect((await asOperator(t, token, '/btz/admin/auth/me')).status).toBe(401);
    expect(await operatorSignIn(t, phone)).toMatchObject({ success: false, msg: '运营账号已停用，请联系平台运营' });
  });

  it('sign-out ends the session', async () => {
    const r = await operatorSignIn(t, su.phone);
    const token = r.data.token as string;
    expect((await asOperator(t, token, '/btz/admin/auth/sign-out')).json.success).toBe(true);
    expect((await asOperator(t, token, '/btz/admin/auth/me')).status).toBe(401);
  });

  it('the audit log holds the bindings, sign-ins, the invitation and the disabling, newest first', async () => {
    const list = await asOperator(t, su.token, '/btz/admin/audit/list', { query: { size: 50 } });
    const actions = list.json.data.records.map((r: any) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.bind_phone', 'operator.sign_in', 'operator.invite', 'operator.status']));
    const status = list.json.data.records.find((r: any) => r.action === 'operator.status');
    expect(status).toMatchObject({ operatorId: su.id, actionName: '启用/停用运营人员', before: { status: 1 }, after: { status: 2 }, tenantId: '389572' });
    expect(status.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
