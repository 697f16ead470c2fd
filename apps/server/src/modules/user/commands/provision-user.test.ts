/**
 * provisionUser against a real server's database, and the ways in that use it: an account created by any of them is
 * credited to the inviter whose code the visitor arrived with (the SMS login always did; the QR pages now do too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_SOURCE } from '@btz/shared';
import { hiddenInputs, newUser, startTestServer, uniquePhone, type TestServer } from '../../../../test/harness.js';
import type { AppContext } from '../../../context.js';
import { provisionUser } from './provision-user.js';

let t: TestServer;
let app: AppContext;
const TENANT = '000000';

beforeAll(async () => {
  t = await startTestServer();
  app = t.server.app.ctx;
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const inviteCodeOf = async (token: string) => (await t.api('/btz/user/get-info', { token })).json.data.inviteCode as string;
const invitedBy = async (token: string) =>
  ((await t.api('/btz/user/invite-user-list', { token, query: { current: 1, size: 100 } })).json.data.records as { id: string }[]).map((r) => r.id);

describe('provisionUser', () => {
  it('creates a phone account once, linked to the inviter; later calls find it and never re-link', async () => {
    const inviter = await newUser(t);
    const other = await newUser(t);
    const phone = uniquePhone();
    const code = (await inviteCodeOf(inviter.token)).toLowerCase();
    const created = await provisionUser(app, { tenantId: TENANT, identity: { kind: 'phone', phone }, source: LOGIN_SOURCE.phone, avatar: '/a.svg', invitationCode: code });
    expect(created).toMatchObject({ phone, tenant_id: TENANT, nick_name: `用户${phone.slice(-4)}`, avatar: '/a.svg', source: LOGIN_SOURCE.phone, inviter_id: inviter.userId });
    const again = await provisionUser(app, {
      tenantId: TENANT,
      identity: { kind: 'phone', phone },
      source: LOGIN_SOURCE.wechat,
      avatar: '/b.svg',
      invitationCode: await inviteCodeOf(other.token),
    });
    expect(again).toEqual(created);
    expect(await invitedBy(inviter.token)).toEqual([created.id]);
    expect(await invitedBy(other.token)).toEqual([]);
  });

  it('creates a WeChat account by openid with WeChat’s nickname, linked to the inviter', async () => {
    const inviter = await newUser(t);
    const openid = `o_cmd_${Date.now()}`;
    const u = await provisionUser(app, {
      tenantId: TENANT,
      identity: { kind: 'wechat', openid, unionid: 'u_cmd', nickname: '' },
      source: LOGIN_SOURCE.wechat,
      avatar: '/a.svg',
      invitationCode: await inviteCodeOf(inviter.token),
    });
    expect(u).toMatchObject({ wechat_openid: openid, wechat_unionid: 'u_cmd', phone: null, nick_name: '微信用户', inviter_id: inviter.userId });
    expect((await provisionUser(app, { tenantId: TENANT, identity: { kind: 'wechat', openid }, source: 0, avatar: '' })).id).toBe(u.id);
  });

  it('an unknown invitation code or another brand’s creates the account without an inviter', async () => {
    const u = await provisionUser(app, { tenantId: TENANT, identity: { kind: 'phone', phone: uniquePhone() }, source: 1, avatar: '', invitationCode: 'NOSUCH00' });
    expect(u.inviter_id).toBeNull();
  });
});

describe('a sign-up through the sandbox QR pages', () => {
  it('credits the invitation code the desktop asked for the QR with', async () => {
    const inviter = await newUser(t);
    const qr = (await t.api('/btz-skip/qr-code', { query: { invitation_code: await inviteCodeOf(inviter.token) } })).json.data as { tager: string };
    const phone = uniquePhone();
    const sent = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.tager, phone } });
    const { key } = hiddenInputs(sent.text);
    const confirmed = await t.request('/m/wx-login/confirm', { method: 'POST', form: { tager: qr.tager, phone, key: key!, code: t.smsCode(phone) } });
    expect(confirmed.text).toContain('登录成功');
    const polled = (await t.api('/btz-skip/qr-code-state', { query: { tager: qr.tager } })).json.data;
    expect(polled).toMatchObject({ state: 'confirmed', access_token: expect.any(String) });
    expect(await invitedBy(inviter.token)).toEqual([polled.user_id]);
  });

  it('a QR asked for without a code (or with a bad one) still logs in, crediting nobody', async () => {
    const qr = (await t.api('/btz-skip/qr-code', { query: { invitation_code: 'x'.repeat(200) } })).json;
    expect(qr).toMatchObject({ code: 200, success: true });
    const phone = uniquePhone();
    const sent = await t.request('/m/wx-login/send', { method: 'POST', form: { tager: qr.data.tager, phone } });
    const { key } = hiddenInputs(sent.text);
    await t.request('/m/wx-login/confirm', { method: 'POST', form: { tager: qr.data.tager, phone, key: key!, code: t.smsCode(phone) } });
    const polled = (await t.api('/btz-skip/qr-code-state', { query: { tager: qr.data.tager } })).json.data;
    expect(polled.state).toBe('confirmed');
    const row = await t.server.db.db.selectFrom('users').select('inviter_id').where('id', '=', polled.user_id).executeTakeFirstOrThrow();
    expect(row.inviter_id).toBeNull();
  });
});
