/** Recharge options and ordering rules (spec §3/§4/§5, PRODUCT.md §4, CONVENTIONS.md Values) on the embedded sandbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT, pickBestCoupon } from '@btz/shared';
import { masked, newUser, startTestServer, type TestServer } from '../harness.js';
import { confirmSandbox, db, giveCoupon, opt, orderRow, payOrder, payStatus } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

describe('order-option-select', () => {
  it('lists the personal options with every field of spec §3, money in yuan', async () => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/bid-order/order-option-select', { token, query: { type: 1 } });
    expect(res.json).toMatchObject({ code: 200, success: true });
    const list = res.json.data as any[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    for (const o of list) {
      expect(Object.keys(o).sort()).toEqual(
        ['bidType', 'cornerMark', 'describes', 'expiryDate', 'id', 'money', 'privilegeValueList', 'privileges', 'sort', 'strokeMoney', 'title', 'type', 'unitType', 'validDay'].sort(),
      );
      expect(o.type).toBe(1);
      expect(typeof o.id).toBe('string');
      expect(typeof o.money).toBe('number');
      expect(o.strokeMoney).toBeGreaterThan(o.money);
    }
    const periods = list.filter((o) => o.unitType === 1);
    expect(periods.map((o) => o.validDay)).toEqual([3, 30, 365]);
    expect(periods.find((o) => o.validDay === 365)).toMatchObject({ title: '年度会员', money: 1280, strokeMoney: 3588, cornerMark: '最受欢迎', bidType: null });
    const packs = list.filter((o) => o.unitType === 2);
    expect(packs.map((o) => o.bidType).sort()).toEqual([1, 2]);
    for (const p of packs) expect(p.describes).toContain('{count}');
    expect(packs.find((p) => p.bidType === 1)).toMatchObject({ title: '普通版标书', money: 99, strokeMoney: 199 });
  });

  it('lists the enterprise packages with their privilege checklist', async () => {
    const { token } = await newUser(t);
    const list = (await t.api('/btz/bid-order/order-option-select', { token, query: { type: 2 } })).json.data as any[];
    expect(list).toHaveLength(3);
    for (const o of list) {
      expect(o).toMatchObject({ type: 2, unitType: 1, validDay: 365 });
      expect(o.privileges.length).toBeGreaterThan(3);
      for (const p of o.privileges) expect(p).toEqual({ id: expect.any(String), name: expect.any(String), isChecked: expect.any(Boolean) });
      expect(o.privilegeValueList).toEqual(o.privileges.filter((p: any) => p.isChecked).map((p: any) => p.id));
    }
  });

  it('answers per tenant: another brand has its own options', async () => {
    const a = await newUser(t);
    const b = await newUser(t, { host: 'jw.example.com' });
    const ours = (await t.api('/btz/bid-order/order-option-select', { token: a.token, query: { type: 1 } })).json.data as any[];
    const theirs = (await t.api('/btz/bid-order/order-option-select', { token: b.token, host: 'jw.example.com', query: { type: 1 } })).json.data as any[];
    expect(ours.every((o) => o.id.startsWith('000000-'))).toBe(true);
    expect(theirs.every((o) => o.id.startsWith('389572-'))).toBe(true);
  });

  it('refuses type 3 with code 400', async () => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/bid-order/order-option-select', { token, query: { type: 3 } });
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('type');
  });

  it('needs a login', async () => {
    const res = await t.api('/btz/bid-order/order-option-select', { query: { type: 1 } });
    expect(res.status).toBe(401);
  });
});

describe('pay-order: price, quantity and coupons', () => {
  it('creates an order: codeUrl of this server and orderId; price = unit × number', async () => {
    const { token } = await newUser(t);
    const res = await payOrder(t, token, { optionId: opt('copy-basic'), orderPayType: 1, number: 3 });
    expect(res).toMatchObject({ code: 200, success: true });
    expect(res.data).toMatchObject({ orderId: expect.any(String), amount: 297, originalAmount: 297, discountAmount: 0, payType: 1, expiresIn: 600 });
    // an absolute URL of this very server (PUBLIC_BASE_URL unset: the port it really listens on)
    expect(res.data.codeUrl).toMatch(new RegExp(`^${t.url.replace(/[.]/g, '\\.')}/m/pay/\\d{22}$`));
    const row = await orderRow(t, res.data.orderId);
    expect(row).toMatchObject({ amount_fen: 29700, number: 3, unit_fen: 9900, status: 1, provider: 'sandbox', pay_type: 1 });
  });

  it('ignores any amount the client sends', async () => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/bid-order/pay-order', {
      token,
      query: { optionId: opt('vip-30d'), orderPayType: 2, amount: '0.01', money: '0.01', price: 1, payAmount: '0.01' },
      body: { amount: 0.01 },
    });
    expect(res.json.data.amount).toBe(199);
    expect((await orderRow(t, res.json.data.orderId)).amount_fen).toBe(19900);
  });

  it('an empty number means 1; a period package is always one period', async () => {
    const { token } = await newUser(t);
    expect((await payOrder(t, token, { optionId: opt('copy-flagship'), number: '' })).data.amount).toBe(299);
    const vip = await payOrder(t, token, { optionId: opt('vip-365d'), number: 5 });
    expect(vip.data.amount).toBe(1280);
    expect((await orderRow(t, vip.data.orderId)).number).toBe(1);
  });

  it.each([['0'], ['10001'], ['1.5'], ['-3'], ['abc'], ['2e9']])('refuses number=%s with code 400 naming the field', async (number) => {
    const { token } = await newUser(t);
    const res = await payOrder(t, token, { optionId: opt('copy-basic'), number });
    expect(res).toMatchObject({ code: 400, success: false });
    expect(res.msg).toContain('购买数量（number）');
    expect(res.msg).toContain('1–10000');
  });

  it('accepts the bounds 1 and 10000', async () => {
    const { token } = await newUser(t);
    expect((await payOrder(t, token, { optionId: opt('copy-basic'), number: 1 })).data.amount).toBe(99);
    expect((await payOrder(t, token, { optionId: opt('copy-basic'), number: 10000 })).data.amount).toBe(990000);
  });

  it('refuses a bad orderPayType, a missing or unknown option, and another tenant’s option', async () => {
    const { token } = await newUser(t);
    const bad = await payOrder(t, token, { optionId: opt('copy-basic'), orderPayType: 3 });
    expect(bad).toMatchObject({ code: 400 });
    expect(bad.msg).toContain('orderPayType');
    const missing = await payOrder(t, token, {});
    expect(missing).toMatchObject({ code: 400 });
    expect(missing.msg).toContain('optionId');
    const unknown = await payOrder(t, token, { optionId: 'nope' });
    const foreign = await payOrder(t, token, { optionId: opt('copy-basic', '389572') });
    expect(unknown).toMatchObject({ code: 400, msg: '套餐不存在或已下架' });
    expect(foreign).toEqual(unknown);
  });

  it('applies a coupon: price − discount; the coupon stays usable until paid', async () => {
    const { token, userId } = await newUser(t);
    const c = await giveCoupon(t, userId, { discountFen: 3000, minFen: 19900 });
    const res = await payOrder(t, token, { optionId: opt('vip-30d'), userCouponId: c });
    expect(res.data).toMatchObject({ amount: 169, originalAmount: 199, discountAmount: 30 });
    const coupon = await db(t).selectFrom('user_coupons').select('status').where('id', '=', c).executeTakeFirstOrThrow();
    expect(coupon.status).toBe(1);
  });

  it('accepts a coupon whose minAmount equals the price, refuses one above it with the spec’s message', async () => {
    const { token, userId } = await newUser(t);
    const equal = await giveCoupon(t, userId, { discountFen: 1000, minFen: 19900 });
    const above = await giveCoupon(t, userId, { discountFen: 1000, minFen: 19901 });
    expect((await payOrder(t, token, { optionId: opt('vip-30d'), userCouponId: equal })).data.amount).toBe(189);
    const refused = await payOrder(t, token, { optionId: opt('vip-30d'), userCouponId: above });
    expect(refused).toMatchObject({ code: 400, success: false, msg: TEXT.couponMinSpend });
  });

  it('minimum spend is checked against unit × number', async () => {
    const { token, userId } = await newUser(t);
    const c = await giveCoupon(t, userId, { discountFen: 3000, minFen: 19900 });
    expect(await payOrder(t, token, { optionId: opt('copy-basic'), number: 2, userCouponId: c })).toMatchObject({ code: 400, msg: TEXT.couponMinSpend });
    expect((await payOrder(t, token, { optionId: opt('copy-basic'), number: 3, userCouponId: c })).data).toMatchObject({
      amount: 267,
      originalAmount: 297,
      discountAmount: 30,
    });
  });

  it('never charges below 0.01 yuan', async () => {
    const { token, userId } = await newUser(t);
    const huge = await giveCoupon(t, userId, { discountFen: 500000, minFen: 0 });
    const res = await payOrder(t, token, { optionId: opt('copy-basic'), userCouponId: huge });
    expect(res.data).toMatchObject({ amount: 0.01, originalAmount: 99, discountAmount: 98.99 });
  });

  it('the server’s rules agree with the dialog’s best pick: the picked coupon is always accepted', async () => {
    const { token, userId } = await newUser(t);
    const ids = [
      await giveCoupon(t, userId, { discountFen: 1000, minFen: 0 }),
      await giveCoupon(t, userId, { discountFen: 3000, minFen: 19900 }),
      await giveCoupon(t, userId, { discountFen: 10000, minFen: 69900 }),
    ];
    const list = (await t.api('/btz/coupon/coupon-list', { token, query: { current: 1, size: 100, status: 1 } })).json.data.records;
    expect(list).toHaveLength(3);
    // 1 period of 199: ¥30 needs minAmount < 199 — 199 is not below 199, so the dialog takes ¥10
    expect(pickBestCoupon(list, 199)?.id).toBe(ids[0]);
    expect(pickBestCoupon(list, 297)?.id).toBe(ids[1]);
    expect(pickBestCoupon(list, 1280)?.id).toBe(ids[2]);
    for (const [optionId, number, price] of [
      [opt('vip-30d'), 1, 199],
      [opt('copy-basic'), 3, 297],
      [opt('vip-365d'), 1, 1280],
    ] as const) {
      const best = pickBestCoupon(list, price)!;
      const res = await payOrder(t, token, { optionId, number, userCouponId: best.id });
      expect(res.data.amount).toBeCloseTo(price - best.discountAmount, 2);
    }
  });

  it('refuses another user’s coupon, a used one, an expired one and an unknown one', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const foreign = await giveCoupon(t, b.userId, { discountFen: 1000, minFen: 0 });
    const used = await giveCoupon(t, a.userId, { discountFen: 1000, minFen: 0, status: 2 });
    const expired = await giveCoupon(t, a.userId, { discountFen: 1000, minFen: 0, deadline: new Date(Date.now() - 1000) });
    expect(await payOrder(t, a.token, { optionId: opt('vip-30d'), userCouponId: foreign })).toMatchObject({ code: 400, msg: '优惠券不存在' });
    expect(await payOrder(t, a.token, { optionId: opt('vip-30d'), userCouponId: 'nope' })).toMatchObject({ code: 400, msg: '优惠券不存在' });
    expect(await payOrder(t, a.token, { optionId: opt('vip-30d'), userCouponId: used })).toMatchObject({ code: 400, msg: '该优惠券已使用' });
    expect(await payOrder(t, a.token, { optionId: opt('vip-30d'), userCouponId: expired })).toMatchObject({ code: 400, msg: '该优惠券已过期' });
  });

  it('allows an enterprise package for a personal user', async () => {
    const { token } = await newUser(t);
    const res = await payOrder(t, token, { optionId: opt('ent-pro'), orderPayType: 1 });
    expect(res.data.amount).toBe(6980);
  });
});

describe('one open order per user', () => {
  it('a second pay-order (method or coupon switch) closes the first: its pay-status becomes 3', async () => {
    const { token, userId } = await newUser(t);
    const first = (await payOrder(t, token, { optionId: opt('vip-30d'), orderPayType: 1 })).data;
    expect((await payStatus(t, token, first.orderId)).data).toBe(1);
    const second = (await payOrder(t, token, { optionId: opt('vip-30d'), orderPayType: 2 })).data;
    expect((await payStatus(t, token, first.orderId)).data).toBe(3);
    expect((await payStatus(t, token, second.orderId)).data).toBe(1);
    const c = await giveCoupon(t, userId, { discountFen: 1000, minFen: 0 });
    const third = (await payOrder(t, token, { optionId: opt('vip-30d'), orderPayType: 2, userCouponId: c })).data;
    expect((await payStatus(t, token, second.orderId)).data).toBe(3);
    expect((await payStatus(t, token, third.orderId)).data).toBe(1);
    const open = await db(t).selectFrom('orders').select('id').where('user_id', '=', userId).where('status', '=', 1).execute();
    expect(open.map((o) => o.id)).toEqual([third.orderId]);
    expect((await orderRow(t, first.orderId)).close_reason).toBe('replaced');
  });

  it('another user’s orders are not touched', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const oa = (await payOrder(t, a.token, { optionId: opt('vip-30d') })).data;
    await payOrder(t, b.token, { optionId: opt('vip-30d') });
    expect((await payStatus(t, a.token, oa.orderId)).data).toBe(1);
  });

  it('concurrent pay-orders of one user leave exactly one open order', async () => {
    const { token, userId } = await newUser(t);
    const all = await Promise.all(Array.from({ length: 5 }, () => payOrder(t, token, { optionId: opt('copy-basic'), number: 2 })));
    expect(all.every((r) => r.success)).toBe(true);
    const open = await db(t).selectFrom('orders').select('id').where('user_id', '=', userId).where('status', '=', 1).execute();
    expect(open).toHaveLength(1);
  });
});

describe('pay-status', () => {
  // (another user's order id answers exactly like a missing one: the authorisation matrix, security/authz-matrix.test.ts)
  it('refuses a missing id with code 400 naming the field', async () => {
    const { token } = await newUser(t);
    const res = await t.api('/btz/bid-order/pay-status', { token });
    expect(res.json).toMatchObject({ code: 400 });
    expect(res.json.msg).toContain('id');
  });
});

describe('the expiry a package card shows', () => {
  const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  it('is the server\'s: Asia/Shanghai day of now + validDay, and counted from a running VIP as the grant is', async () => {
    const { token } = await newUser(t);
    const before = Date.now();
    const list = (await t.api('/btz/bid-order/order-option-select', { token, query: { type: 1 } })).json.data as any[];
    const after = Date.now();
    const threeDay = list.find((o) => o.unitType === 1 && o.validDay === 3);
    expect([shanghaiDay(before + 3 * 86_400_000), shanghaiDay(after + 3 * 86_400_000)]).toContain(threeDay.expiryDate);
    for (const o of list.filter((x) => x.unitType === 2)) expect(o.expiryDate).toBe('');
    // with the month bought, the 3-day package would run on from the month's end
    const order = await payOrder(t, token, { optionId: opt('vip-30d') });
    await confirmSandbox(t, order.data.codeUrl);
    expect(await payStatus(t, token, order.data.orderId)).toMatchObject({ data: 2 });
    const vipExpiry = (await t.api('/btz/user/get-info', { token })).json.data.vipExpiryTime as string;
    const vipMs = new Date(`${vipExpiry.replace(' ', 'T')}+08:00`).getTime();
    const again = (await t.api('/btz/bid-order/order-option-select', { token, query: { type: 1 } })).json.data as any[];
    expect(again.find((o) => o.validDay === 3).expiryDate).toBe(shanghaiDay(vipMs + 3 * 86_400_000));
  });
});

describe('order-list, orderSelect, barrage', () => {
  it('pages the user’s recharge records, newest first, with status and method names', async () => {
    const { token } = await newUser(t);
    const first = (await payOrder(t, token, { optionId: opt('copy-basic'), number: 2, orderPayType: 2 })).data;
    const second = (await payOrder(t, token, { optionId: opt('vip-30d'), orderPayType: 1 })).data;
    const res = (await t.api('/btz/bid-order/order-list', { token, query: { current: 1, size: 10 } })).json.data;
    expect(res).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(res.records[0]).toMatchObject({ id: second.orderId, title: '月度会员', amount: 199, payType: 1, payTypeName: '微信支付', status: 1, statusName: '待支付', paidTime: '' });
    expect(res.records[1]).toMatchObject({ id: first.orderId, title: '普通版标书', number: 2, amount: 198, payType: 2, payTypeName: '支付宝', status: 3, statusName: '已关闭' });
    expect(res.records[0].orderNo).toMatch(/^\d{22}$/);
    expect(res.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const closedOnly = (await t.api('/btz/bid-order/order-list', { token, query: { status: 3 } })).json.data;
    expect(closedOnly.records.map((r: any) => r.id)).toEqual([first.orderId]);
  });

  it('statusIn picks several statuses (充值记录\'s default: paid and refunded, not the closed and unpaid ones)', async () => {
    const { token } = await newUser(t);
    const closed = (await payOrder(t, token, { optionId: opt('copy-basic') })).data;
    const paid = (await payOrder(t, token, { optionId: opt('vip-30d') })).data; // closes the first
    await confirmSandbox(t, paid.codeUrl);
    expect(await payStatus(t, token, paid.orderId)).toMatchObject({ data: 2 });
    await payOrder(t, token, { optionId: opt('vip-3d') }); // left unpaid
    const list = async (query: Record<string, string | number>) =>
      ((await t.api('/btz/bid-order/order-list', { token, query })).json.data.records as { id: string; status: number }[]).map((r) => r.status);
    expect((await list({})).sort()).toEqual([1, 2, 3]);
    expect(await list({ statusIn: '2,4' })).toEqual([2]);
    expect((await list({ statusIn: '1,3' })).sort()).toEqual([1, 3]);
    expect(closed.orderId).toBeTruthy();
    const bad = await t.api('/btz/bid-order/order-list', { token, query: { statusIn: '2;4' } });
    expect(bad.json).toMatchObject({ success: false, msg: expect.stringContaining('订单状态') });
  });

  it('orderSelect lists statuses and pay types', async () => {
    const { token } = await newUser(t);
    const res = (await t.api('/btz/common/orderSelect', { token })).json.data;
    expect(res.status).toEqual([
      { label: '待支付', value: 1 },
      { label: '已支付', value: 2 },
      { label: '已关闭', value: 3 },
      { label: '已退款', value: 4 },
    ]);
    expect(res.payType).toEqual([
      { label: '微信支付', value: 1 },
      { label: '支付宝', value: 2 },
    ]);
  });

  it('barrage (最新动态): only real paid orders of the brand, newest first, phones masked — nothing made up', async () => {
    const barrage = async (host?: string) => (await t.api('/btz/barrage/queryBarrageList', { host, query: { current: 1, size: 100 } })).json.data;
    const before = await barrage();
    // nothing generated: every message is a paid order, none of the old seeded lines
    for (const r of before.records) expect(r.content).toMatch(/^1[3-9]\d\*{4}\d{4} \d{2}-\d{2} \d{2}:\d{2} 购买了\S+/);
    const buyer = await newUser(t);
    const idle = await newUser(t);
    const created = await payOrder(t, buyer.token, { optionId: opt('vip-30d') });
    expect(created.success, JSON.stringify(created)).toBe(true);
    await payOrder(t, idle.token, { optionId: opt('vip-365d') }); // created, never paid
    await confirmSandbox(t, created.data.codeUrl);
    expect(await payStatus(t, buyer.token, created.data.orderId)).toMatchObject({ data: 2 });
    const after = await barrage();
    expect(after.total).toBe(before.total + 1);
    expect(after.records[0]).toEqual({ id: created.data.orderId, content: expect.stringMatching(new RegExp(`^${masked(buyer.phone).replace(/\*/g, '\\*')} \\d{2}-\\d{2} \\d{2}:\\d{2} 购买了月度会员$`)) });
    expect(JSON.stringify(after)).not.toContain(masked(idle.phone));
    expect(JSON.stringify(after)).not.toContain(buyer.phone);
    // another brand does not show this brand's purchases
    expect(JSON.stringify(await barrage('fz.localhost'))).not.toContain(created.data.orderId);
  });
});
