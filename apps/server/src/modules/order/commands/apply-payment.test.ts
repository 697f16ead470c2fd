/**
 * applyPayment against a real server's database: an order made by createOrder (sandbox provider), then the
 * confirmations a provider could send — right, replayed, a second transaction, wrong amount, wrong provider, unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../../../../test/harness.js';
import { db, giveCoupon, ledgerFor, opt, orderRow } from '../../../../test/commerce/helpers.js';
import type { AppContext } from '../../../context.js';
import { applyPayment } from './apply-payment.js';
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

const eventsOf = (orderNo: string) => db(t).selectFrom('payment_events').select(['outcome', 'source']).where('order_no', '=', orderNo).orderBy('created_at').execute();

describe('applyPayment', () => {
  it('pays the order once, grants it and uses its coupon; a replay answers success and changes nothing', async () => {
    const { userId } = await newUser(t);
    const coupon = await giveCoupon(t, userId, { discountFen: 100, minFen: 0 });
    const o = await createOrder(app, { tenantId: TENANT, userId, optionId: opt('vip-30d'), payType: 1, userCouponId: coupon, number: 1 });
    const pay = { orderNo: o.orderNo, providerTxnId: `txn-${o.orderNo}`, amountFen: o.amountFen, provider: 'sandbox', source: 'manual' as const };
    expect(await applyPayment(app, pay)).toEqual({ ok: true, applied: true, outcome: 'paid', orderId: o.orderId });
    expect(await orderRow(t, o.orderId)).toMatchObject({ status: 2, provider_txn_id: pay.providerTxnId });
    const granted = (await ledgerFor(t, o.orderId)).length;
    expect(granted).toBeGreaterThan(0);
    const c = await db(t).selectFrom('user_coupons').select(['status', 'order_id']).where('id', '=', coupon).executeTakeFirstOrThrow();
    expect(c).toEqual({ status: 2, order_id: o.orderId });

    expect(await applyPayment(app, pay)).toEqual({ ok: true, applied: false, outcome: 'replay', orderId: o.orderId });
    expect(await applyPayment(app, { ...pay, providerTxnId: 'another-txn' })).toMatchObject({ ok: true, applied: false, outcome: 'duplicate_payment' });
    expect(await ledgerFor(t, o.orderId)).toHaveLength(granted);
    expect((await eventsOf(o.orderNo)).map((e) => e.outcome).sort()).toEqual(['duplicate_payment', 'paid', 'replay']);
  });

  it('refuses a wrong amount, another provider and an unknown order — the order stays unpaid', async () => {
    const { userId } = await newUser(t);
    const o = await createOrder(app, { tenantId: TENANT, userId, optionId: opt('vip-30d'), payType: 1, number: 1 });
    const pay = { orderNo: o.orderNo, providerTxnId: `txn-${o.orderNo}`, amountFen: o.amountFen, provider: 'sandbox', source: 'notify' as const };
    expect(await applyPayment(app, { ...pay, amountFen: o.amountFen - 1 })).toMatchObject({ ok: false, applied: false, outcome: 'amount_mismatch' });
    expect(await applyPayment(app, { ...pay, provider: 'wechat' })).toMatchObject({ ok: false, applied: false, outcome: 'provider_mismatch' });
    expect(await applyPayment(app, { ...pay, orderNo: '0000000000000000000000' })).toEqual({ ok: false, applied: false, outcome: 'unknown_order' });
    expect((await orderRow(t, o.orderId)).status).toBe(1);
    expect(await ledgerFor(t, o.orderId)).toEqual([]);
  });

  it('money for an order closed locally is still honoured, once', async () => {
    const { userId } = await newUser(t);
    const first = await createOrder(app, { tenantId: TENANT, userId, optionId: opt('vip-30d'), payType: 1, number: 1 });
    await createOrder(app, { tenantId: TENANT, userId, optionId: opt('vip-30d'), payType: 1, number: 1 });
    expect((await orderRow(t, first.orderId)).status).toBe(3);
    const r = await applyPayment(app, { orderNo: first.orderNo, providerTxnId: `txn-${first.orderNo}`, amountFen: first.amountFen, provider: 'sandbox', source: 'notify' });
    expect(r).toEqual({ ok: true, applied: true, outcome: 'paid_after_close', orderId: first.orderId });
    expect((await orderRow(t, first.orderId)).status).toBe(2);
  });
});
