/**
 * Users and enterprises from the console (issue 28): search by phone or name within the operator's tenant, entitlements
 * and ledger, grants of copies or VIP with a reason (ledger + audit, to the user or its enterprise), an enterprise's
 * members, and disabling an account — its sessions end at once, its tokens stop working, it cannot sign in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { getInfo } from '../commerce/helpers.js';
import { listenAs } from '../realtime/listen.js';
import type { TestClient } from '../realtime/helpers.js';
import { waitUntil } from '../wait.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

let t: TestServer;
let op: { token: string; id: string };
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await startTestServer({ smsResendS: 0 });
  const su = await signInSuper(t);
  op = await inviteOperator(t, su.token, '000000', '运营A');
}, 60_000);
afterAll(async () => {
  for (const c of clients) await c.client.deactivate().catch(() => undefined);
  await t?.close();
}, 30_000);

const call = (path: string, opts: Parameters<typeof asOperator>[3] = {}) => asOperator(t, op.token, path, opts);

describe('users', () => {
  it('finds a user by phone and by nickname', async () => {
    const u = await newUser(t);
    await t.api('/btz/user/update-info', { token: u.token, query: { nickName: '招投标小王' } });
    const byPhone = (await call('/btz/admin/users/search', { query: { keyword: u.phone } })).json.data;
    expect(byPhone.records.map((r: any) => r.id)).toEqual([u.userId]);
    const byName = (await call('/btz/admin/users/search', { query: { keyword: '小王' } })).json.data;
    expect(byName.records.some((r: any) => r.id === u.userId && r.nickName === '招投标小王')).toBe(true);
  });

  it('grants copies and VIP with a reason: entitlements, ledger and audit', async () => {
    const u = await newUser(t);
    const copies = await call('/btz/admin/users/grant', { body: { userId: u.userId, field: 'flagship', amount: 3, reason: '活动补偿' } });
    expect(copies.json.data.user.personal).toMatchObject({ flagshipBidNumber: 3, isVip: false });
    expect(copies.json.data.ledger[0]).toMatchObject({ kind: 'grant', kindName: '发放', field: 'flagship', delta: 3, reason: '运营赠送：活动补偿' });
    const vip = await call('/btz/admin/users/grant', { body: { userId: u.userId, field: 'vip', amount: 30, reason: '大客户试用' } });
    expect(vip.json.data.user.personal.isVip).toBe(true);
    const info = await getInfo(t, u.token);
    expect(info).toMatchObject({ isVip: 2, flagshipBidNumber: 3 });
    const audit = (await call('/btz/admin/audit/list', { query: { targetId: u.userId } })).json.data.records;
    expect(audit.map((r: any) => r.action)).toEqual(['user.grant', 'user.grant']);
    expect(audit[1]).toMatchObject({ operatorId: op.id, reason: '活动补偿', after: { grant: '旗舰版标书份数 +3', entitlements: { flagshipBidNumber: 3 } } });
    const noReason = await call('/btz/admin/users/grant', { body: { userId: u.userId, field: 'common', amount: 1, reason: '' } });
    expect(noReason.json).toMatchObject({ success: false, code: 400, msg: expect.stringContaining('原因') });
    const toEnterprise = await call('/btz/admin/users/grant', { body: { userId: u.userId, field: 'common', amount: 1, reason: '企业赠送', toEnterprise: true } });
    expect(toEnterprise.json).toMatchObject({ success: false, msg: '该用户还没有企业，无法赠送给企业' });
  });

  it("grants to a user's enterprise and shows its members", async () => {
    const u = await newUser(t);
    await t.api('/btz/user/switch-role', { token: u.token, query: { loginRole: 1 } });
    const r = await call('/btz/admin/users/grant', { body: { userId: u.userId, field: 'common', amount: 5, reason: '企业开通赠送', toEnterprise: true } });
    expect(r.json.data.enterprise).toMatchObject({ entitlements: { commonBidNumber: 5 }, members: [{ id: u.userId, isAdmin: true }] });
    expect(r.json.data.user.personal.commonBidNumber).toBe(0);
    expect(r.json.data.ledger[0]).toMatchObject({ holder: 'enterprise', delta: 5 });
    expect((await getInfo(t, u.token)).commonBidNumber).toBe(5);
  });

  it('disabling an account ends its sessions at once (its realtime connection too); it cannot sign in until enabled again', async () => {
    const u = await newUser(t);
    const second = await t.login(u.phone);
    expect((await t.api('/btz/user/get-info', { token: u.token })).status).toBe(200);
    // the user is online (its notice queue, as the web client listens), and so is another user who stays
    const online = await listenAs(t.port, u, 'notice', clients);
    const other = await newUser(t);
    const bystander = await listenAs(t.port, other, 'notice', clients);
    const off = await call('/btz/admin/users/status', { body: { userId: u.userId, status: 2, reason: '违规使用' } });
    expect(off.json.data).toMatchObject({ status: 2, statusName: '已停用' });
    await waitUntil('the disabled user\'s realtime connection closed by the server', () => online.closes > 0);
    expect(bystander.closes).toBe(0);
    for (const token of [u.token, second.access_token]) {
      const res = await t.api('/btz/user/get-info', { token });
      expect(res.status).toBe(401);
    }
    await expect(t.login(u.phone)).rejects.toThrow('账号已停用，请联系客服');
    const audit = (await call('/btz/admin/audit/list', { query: { targetId: u.userId } })).json.data.records[0];
    expect(audit).toMatchObject({ action: 'user.status', before: { status: 1 }, after: { status: 2, sessionsEnded: 2 }, reason: '违规使用' });
    await call('/btz/admin/users/status', { body: { userId: u.userId, status: 1, reason: '申诉通过' } });
    const back = await t.login(u.phone);
    expect((await t.api('/btz/user/get-info', { token: back.access_token })).status).toBe(200);
  });
});
