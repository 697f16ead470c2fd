/**
 * Finding 3 of the attack on main: one coupon discounted two paid orders. Order 1 with coupon X; at the same instant
 * pay order 1 on the sandbox page and create order 2 with coupon X; pay order 2. The coupon must discount exactly one
 * paid order. And when money arrives anyway for an order whose coupon another paid order already used (a QR paid at
 * the provider before we closed it), the money is honoured, entitlements granted once, the coupon is not used twice
 * and the order is flagged for the operator (a column and a warn line in the log).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { startFakeWechat, type FakeWechat } from '../commerce/fakes.js';
import { confirmSandbox, db, getInfo, giveCoupon, ledgerFor, opt, orderRow, payOrder, payStatus, postNotify } from '../commerce/helpers.js';

describe('one coupon, two orders, paid at the same instant (sandbox)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ paySandboxConfirm: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  }, 30_000);

  it('discounts exactly one paid order, 10 tries out of 10', async () => {
    for (let i = 0; i < 10; i++) {
      const u = await newUser(t);
      const coupon = await giveCoupon(t, u.userId, { discountFen: 3000, minFen: 0 });
      const first = await payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 1, userCouponId: coupon });
      expect(first).toMatchObject({ code: 200, data: { discountAmount: 30 } });
      const [, second] = await Promise.all([
        confirmSandbox(t, first.data.codeUrl),
        payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 1, userCouponId: coupon }),
      ]);
      if (second.success) await confirmSandbox(t, second.data.codeUrl);
      else expect(second.msg).toMatch(/优惠券/);

      const paid = await db(t).selectFrom('orders').selectAll().where('user_id', '=', u.userId).where('status', '=', 2).execute();
      const discounted = paid.filter((o) => o.discount_fen > 0 && o.user_coupon_id === coupon);
      expect(discounted, `try ${i + 1}: paid orders discounted by one coupon`).toHaveLength(1);
      const c = await db(t).selectFrom('user_coupons').selectAll().where('id', '=', coupon).executeTakeFirstOrThrow();
      expect(c).toMatchObject({ status: 2, order_id: discounted[0]!.id });
      // every paid order granted its entitlement exactly once
      for (const o of paid) expect(await ledgerFor(t, o.id)).toHaveLength(1);
    }
  });

  it('a coupon held by an open order moves to the order that replaces it', async () => {
    const u = await newUser(t);
    const coupon = await giveCoupon(t, u.userId, { discountFen: 3000, minFen: 0 });
    const first = (await payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 1, userCouponId: coupon })).data;
    const second = (await payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 1, userCouponId: coupon })).data;
    expect(second.discountAmount).toBe(30);
    expect((await payStatus(t, u.token, first.orderId)).data).toBe(3);
    // the replaced order's page no longer takes money
    expect((await confirmSandbox(t, first.codeUrl)).status).toBe(410);
    expect((await confirmSandbox(t, second.codeUrl)).status).toBe(200);
    expect((await payStatus(t, u.token, second.orderId)).data).toBe(2);
    // used now: a third order cannot have it
    const third = await payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 1, userCouponId: coupon });
    expect(third).toMatchObject({ code: 400, success: false });
    expect(third.msg).toMatch(/优惠券/);
  });
});

describe('money for an order whose coupon another paid order used (WeChat Pay)', () => {
  let t: TestServer;
  let fake: FakeWechat;
  beforeAll(async () => {
    fake = await startFakeWechat();
    t = await startTestServer({ ...fake.config, payQueryIntervalMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  }, 30_000);

  const NOTIFY = '/api/pay/notify/wechat';
  const pay = async (orderNo: string, amountFen: number) => {
    const n = fake.notify({ orderNo, txnId: `4200008${orderNo}`, amountFen });
    return postNotify(t, NOTIFY, n.body, n.headers);
  };

  it('honours the money, grants once, uses the coupon once and flags the order for the operator', async () => {
    const u = await newUser(t);
    const coupon = await giveCoupon(t, u.userId, { discountFen: 500, minFen: 0 });
    const first = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1, userCouponId: coupon })).data;
    const second = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1, userCouponId: coupon })).data;
    const [r1, r2] = [await orderRow(t, first.orderId), await orderRow(t, second.orderId)];
    expect(r1.status).toBe(3);
    // the QR of the second order is paid, then the (replaced) first one's too: both at the provider, both discounted
    expect((await pay(r2.order_no, r2.amount_fen)).status).toBe(204);
    expect((await pay(r1.order_no, r1.amount_fen)).status).toBe(204);
    expect((await pay(r1.order_no, r1.amount_fen)).status).toBe(204); // a replay changes nothing

    expect((await payStatus(t, u.token, first.orderId)).data).toBe(2);
    expect((await payStatus(t, u.token, second.orderId)).data).toBe(2);
    expect(await ledgerFor(t, first.orderId)).toHaveLength(1);
    expect(await ledgerFor(t, second.orderId)).toHaveLength(1);
    expect((await getInfo(t, u.token)).commonBidNumber).toBe(2);

    const c = await db(t).selectFrom('user_coupons').selectAll().where('id', '=', coupon).executeTakeFirstOrThrow();
    expect(c).toMatchObject({ status: 2, order_id: second.orderId });
    expect((await orderRow(t, second.orderId)).flag).toBeNull();
    expect((await orderRow(t, first.orderId)).flag).toBe('coupon_reused');
    const warn = t.logs.map((l) => JSON.parse(l)).filter((l) => l.level === 40 && l.orderNo === r1.order_no && /coupon/.test(l.msg));
    expect(warn).toHaveLength(1);
  });

  it('money for the replaced order first: it takes the coupon, the open order holding it is closed (here and at WeChat)', async () => {
    const u = await newUser(t);
    const coupon = await giveCoupon(t, u.userId, { discountFen: 500, minFen: 0 });
    const first = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1, userCouponId: coupon })).data;
    const second = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1, userCouponId: coupon })).data;
    const [r1, r2] = [await orderRow(t, first.orderId), await orderRow(t, second.orderId)];
    expect((await pay(r1.order_no, r1.amount_fen)).status).toBe(204);
    expect(await db(t).selectFrom('user_coupons').selectAll().where('id', '=', coupon).executeTakeFirstOrThrow()).toMatchObject({
      status: 2,
      order_id: first.orderId,
    });
    expect(await orderRow(t, second.orderId)).toMatchObject({ status: 3, close_reason: 'coupon_used' });
    expect(fake.calls.some((c) => c.path.includes(r2.order_no) && c.path.endsWith('/close'))).toBe(true);
    // the second QR had been paid at WeChat before the close: honoured once, flagged
    expect((await pay(r2.order_no, r2.amount_fen)).status).toBe(204);
    expect(await orderRow(t, second.orderId)).toMatchObject({ status: 2, flag: 'coupon_reused' });
    expect(await ledgerFor(t, second.orderId)).toHaveLength(1);
    expect((await orderRow(t, first.orderId)).flag).toBeNull();
  });
});
