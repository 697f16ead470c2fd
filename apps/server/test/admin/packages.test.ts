/**
 * Packages from the console (issue 28): an operator lists its tenant's recharge options (hidden ones too), edits one —
 * the change applies to new orders only, an order already made keeps its price and snapshot — hides one, creates one;
 * bad input named in Chinese; every save audited with before/after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { db, opt, payOrder } from '../commerce/helpers.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

let t: TestServer;
let su: { token: string };
let opA: { token: string };
beforeAll(async () => {
  t = await startTestServer({ smsResendS: 0 });
  su = await signInSuper(t);
  opA = await inviteOperator(t, su.token, '000000', '运营A');
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const save = (token: string, body: Record<string, unknown>) => asOperator(t, token, '/btz/admin/packages/save', { body });
const userOptions = async (token: string) => (await t.api<any>('/btz/bid-order/order-option-select', { token, query: { type: 1 } })).json.data as any[];

describe('packages', () => {
  it("an operator lists its own tenant's packages only", async () => {
    const list = (await asOperator(t, opA.token, '/btz/admin/packages/list')).json.data as any[];
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((p) => p.tenantId === '000000')).toBe(true);
    expect(list.find((p) => p.id === opt('copy-basic'))).toMatchObject({ title: '普通版标书', money: 99, strokeMoney: 199, unitType: 2, bidType: 1, enabled: true });
  });

  it('an edit applies to new orders only; the audit keeps before and after', async () => {
    const u = await newUser(t);
    const before = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1 })).data;
    const res = await save(opA.token, {
      id: opt('copy-basic'),
      title: '普通版标书',
      type: 1,
      unitType: 2,
      bidType: 1,
      money: 88,
      strokeMoney: 199,
      describes: '{count}份普通版标书，限时特惠',
      cornerMark: '特惠',
      sort: 10,
    });
    expect(res.json.data).toMatchObject({ money: 88, cornerMark: '特惠', describes: '{count}份普通版标书，限时特惠' });
    const old = await db(t).selectFrom('orders').selectAll().where('id', '=', before.orderId).executeTakeFirstOrThrow();
    expect(old.unit_fen).toBe(9900);
    expect(old.option_snapshot).toMatchObject({ moneyFen: 9900 });
    expect((await userOptions(u.token)).find((o) => o.id === opt('copy-basic'))).toMatchObject({ money: 88, cornerMark: '特惠' });
    const after = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1 })).data;
    expect(after.amount).toBe(88);
    const audit = (await asOperator(t, opA.token, '/btz/admin/audit/list', { query: { action: 'package.update' } })).json.data.records;
    expect(audit[0]).toMatchObject({ targetId: opt('copy-basic'), before: { money: 99 }, after: { money: 88, cornerMark: '特惠' } });
  });

  it('a hidden package leaves the purchase dialog and cannot be bought', async () => {
    const u = await newUser(t);
    const vip = (await asOperator(t, opA.token, '/btz/admin/packages/list')).json.data.find((p: any) => p.id === opt('vip-30d'));
    expect((await save(opA.token, { ...vip, enabled: false })).json.data.enabled).toBe(false);
    expect((await userOptions(u.token)).some((o) => o.id === opt('vip-30d'))).toBe(false);
    const refused = await payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 1 });
    expect(refused).toMatchObject({ success: false, msg: '套餐不存在或已下架' });
    expect((await save(opA.token, { ...vip, enabled: true })).json.data.enabled).toBe(true);
  });

  it('creates a package of its tenant; bad input is named in Chinese', async () => {
    const noDays = await save(opA.token, { title: '季度会员', type: 1, unitType: 1, money: 199 });
    expect(noDays.json).toMatchObject({ success: false, code: 400, msg: expect.stringContaining('有效天数') });
    const badMoney = await save(opA.token, { title: '季度会员', type: 1, unitType: 1, validDay: 90, money: 0 });
    expect(badMoney.json).toMatchObject({ success: false, code: 400, msg: expect.stringContaining('价格') });
    const noTenant = await save(su.token, { title: '季度会员', type: 1, unitType: 1, validDay: 90, money: 199 });
    expect(noTenant.json).toMatchObject({ success: false, msg: expect.stringContaining('请选择套餐所属的租户') });
    const made = await save(opA.token, { title: '季度会员', type: 1, unitType: 1, validDay: 90, money: 199, privilegeValueList: ['bid_common'], sort: 5 });
    expect(made.json.data).toMatchObject({ tenantId: '000000', validDay: 90, bidType: null, privilegeValueList: ['bid_common'] });
    const u = await newUser(t);
    const seen = (await userOptions(u.token)).find((o) => o.id === made.json.data.id);
    expect(seen).toMatchObject({ title: '季度会员', money: 199, validDay: 90 });
    expect(seen.privileges.find((p: any) => p.id === 'bid_common')).toMatchObject({ isChecked: true });
    const jw = await newUser(t, { host: 'jw.localhost' });
    const jwOptions = (await t.api<any>('/btz/bid-order/order-option-select', { token: jw.token, host: 'jw.localhost', query: { type: 1 } })).json.data;
    expect(jwOptions.some((o: any) => o.id === made.json.data.id)).toBe(false);
  });
});
