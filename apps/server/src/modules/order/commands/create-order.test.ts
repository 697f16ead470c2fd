/**
 * createOrder against a real server's database (a PGlite copy of the migrated dump, or PostgreSQL under
 * api-postgres): the command as the pay-order call runs it, with the app context the server built.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_TEXT, TEXT } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../../../../test/harness.js';
import { db, giveCoupon, opt, orderRow } from '../../../../test/commerce/helpers.js';
import type { AppContext } from '../../../context.js';
import { createOrder } from './create-order.js';

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

/** the message of a refused command (an AppError is a 400 envelope on the wire) */
const refusal = (p: Promise<unknown>) => p.then(
  () => 'no refusal',
  (e: Error) => e.message,
);

describe('createOrder', () => {
  it('prices per copy × quantity minus the coupon, reserves the coupon and returns a payable QR', async () => {
    const { userId } = await newUser(t);
    const option = await db(t).selectFrom('recharge_options').selectAll().where('id', '=', opt('copy-basic')).executeTakeFirstOrThrow();
    const coupon = await giveCoupon(t, userId, { discountFen: 1000, minFen: 0 });
    const o = await createOrder(app, { tenantId: TENANT, userId, optionId: option.id, payType: 1, userCouponId: coupon, number: 3 });
    expect(o.totalFen).toBe(option.money_fen * 3);
    expect(o.discountFen).toBe(1000);
    expect(o.amountFen).toBe(option.money_fen * 3 - 1000);
    expect(o.codeUrl).toMatch(/^http:\/\/.+\/m\/pay\//);
    expect(o.orderNo).toMatch(/^\d{22}$/);
    const row = await orderRow(t, o.orderId);
    expect(row).toMatchObject({ status: 1, user_id: userId, number: 3, amount_fen: o.amountFen, user_coupon_id: coupon, code_url: o.codeUrl });
    const c = await db(t).selectFrom('user_coupons').select(['order_id', 'status']).where('id', '=', coupon).executeTakeFirstOrThrow();
    expect(c).toEqual({ order_id: o.orderId, status: 1 });
  });

  it('a new order closes the user’s earlier open one and takes over its coupon reservation', async () => {
    const { userId } = await newUser(t);
    const coupon = await giveCoupon(t, userId, { discountFen: 500, minFen: 0 });
    const first = await createOrder(app, { tenantId: TENANT, userId, optionId: opt('vip-30d'), payType: 1, userCouponId: coupon, number: 1 });
    const second = await createOrder(app, { tenantId: TENANT, userId, optionId: opt('vip-30d'), payType: 1, userCouponId: coupon, number: 1 });
    expect(await orderRow(t, first.orderId)).toMatchObject({ status: 3, close_reason: 'replaced' });
    expect((await orderRow(t, second.orderId)).status).toBe(1);
    const c = await db(t).selectFrom('user_coupons').select('order_id').where('id', '=', coupon).executeTakeFirstOrThrow();
    expect(c.order_id).toBe(second.orderId);
  });

  it('never charges less than 0.01 yuan, whatever the coupon', async () => {
    const { userId } = await newUser(t);
    const option = await db(t).selectFrom('recharge_options').select('money_fen').where('id', '=', opt('vip-3d')).executeTakeFirstOrThrow();
    const coupon = await giveCoupon(t, userId, { discountFen: option.money_fen * 10, minFen: 0 });
    const o = await createOrder(app, { tenantId: TENANT, userId, optionId: opt('vip-3d'), payType: 2, userCouponId: coupon, number: 1 });
    expect(o.amountFen).toBe(1);
    expect(o.discountFen).toBe(option.money_fen - 1);
  });

  it('refuses another brand’s option, someone else’s coupon, a used one and one above its minimum spend — and creates nothing', async () => {
    const { userId } = await newUser(t);
    const other = await newUser(t);
    const theirs = await giveCoupon(t, other.userId, { discountFen: 500, minFen: 0 });
    const used = await giveCoupon(t, userId, { discountFen: 500, minFen: 0, status: 2 });
    const tooBig = await giveCoupon(t, userId, { discountFen: 500, minFen: 99_999_900 });
    const base = { tenantId: TENANT, userId, payType: 1, number: 1 };
    expect(await refusal(createOrder(app, { ...base, optionId: opt('vip-30d', '000001') }))).toBe(COMMERCE_TEXT.optionNotFound);
    expect(await refusal(createOrder(app, { ...base, optionId: opt('vip-30d'), userCouponId: theirs }))).toBe(COMMERCE_TEXT.couponNotFound);
    expect(await refusal(createOrder(app, { ...base, optionId: opt('vip-30d'), userCouponId: used }))).toBe(COMMERCE_TEXT.couponUsed);
    expect(await refusal(createOrder(app, { ...base, optionId: opt('vip-30d'), userCouponId: tooBig }))).toBe(TEXT.couponMinSpend);
    const orders = await db(t).selectFrom('orders').select('id').where('user_id', '=', userId).execute();
    expect(orders).toEqual([]);
  });
});
