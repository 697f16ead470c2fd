/** `/btz/user/get-info`: every User field of spec §3 with the defaults of a new account (CONVENTIONS.md Values). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masked, newUser, startTestServer, type TestServer } from '../harness.js';

const USER_FIELDS = [
  'account',
  'source',
  'bidNumber',
  'name',
  'bidFileShowFlag',
  'projectListShowFlag',
  'rights',
  'tenantId',
  'id',
  'birthday',
  'province',
  'city',
  'district',
  'regionCode',
  'realName',
  'sex',
  'address',
  'isBindWeChat',
  'isTeamAdmin',
  'privilegeList',
  'vipExpiryTime',
  'inviteUrl',
  'createTime',
  'isNewUser',
  'email',
  'inviteCode',
  'nickName',
  'avatar',
  'guide',
  'commonBidNumber',
  'flagshipBidNumber',
  'isVip',
  'loginRole',
  'team',
  'isEmployee',
  'maskPhone',
] as const;

describe('get-info', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every User field of spec §3 with the defaults of a new account', async () => {
    const { phone, token, userId } = await newUser(t);
    const res = await t.api('/btz/user/get-info', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, success: true });
    const u = res.json.data;
    for (const f of USER_FIELDS) expect(u, `field ${f}`).toHaveProperty(f);
    expect(u).toMatchObject({
      id: userId,
      account: phone,
      source: 1,
      tenantId: '000000',
      bidNumber: 0,
      commonBidNumber: 0,
      flagshipBidNumber: 0,
      bidFileShowFlag: 1,
      projectListShowFlag: 1,
      rights: [],
      privilegeList: [],
      isBindWeChat: 0,
      isTeamAdmin: 0,
      isNewUser: 2,
      isVip: 1,
      loginRole: 0,
      isEmployee: 0,
      team: null,
      vipExpiryTime: '',
      nickName: `用户${phone.slice(-4)}`,
      maskPhone: masked(phone),
    });
    // ids are strings
    expect(typeof u.id).toBe('string');
    expect(typeof u.tenantId).toBe('string');
    expect(u.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // created just now, written in Asia/Shanghai time (UTC+8)
    const created = Date.parse(`${u.createTime.replace(' ', 'T')}+08:00`);
    expect(Math.abs(Date.now() - created)).toBeLessThan(60_000);
    expect(u.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(u.inviteUrl).toMatch(new RegExp(`^https?://[^/]+/${u.inviteCode}$`));
    expect(u.avatar).toMatch(/^(\/|https:\/\/)/);
    for (const f of ['name', 'birthday', 'province', 'city', 'district', 'regionCode', 'realName', 'address', 'email'] as const) {
      expect(u[f], f).toBe('');
    }
    expect([0, 1, 2]).toContain(u.sex);
  });

  it("shows another user's data to nobody else: each token reads its own account", async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const ra = await t.api('/btz/user/get-info', { token: a.token });
    const rb = await t.api('/btz/user/get-info', { token: b.token });
    expect(ra.json.data.id).toBe(a.userId);
    expect(rb.json.data.id).toBe(b.userId);
    expect(ra.json.data.inviteCode).not.toBe(rb.json.data.inviteCode);
  });

  it('keeps the invite link on the host the user came in on', async () => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/user/get-info', { token });
    expect(res.json.data.inviteUrl).toBe(`http://127.0.0.1:${t.port}/${res.json.data.inviteCode}`);
  });
});
