/**
 * WeChat Pay API v3 Native against a local fake vendor: signed requests (create, close, query), notifies verified on
 * the raw body with the platform key chosen by Wechatpay-Serial and decrypted with the APIv3 key; forged, replayed,
 * probe and wrong-amount notifies refused; exactly-once under concurrent notify + poll + confirm.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { applyPayment } from '../../src/modules/order/index.js';
import { sweepOrders } from '../../src/modules/order/janitor.js';
import { WechatPayProvider } from '../../src/providers/payment/wechat.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { startFakeWechat, type FakeWechat } from './fakes.js';
import { confirmSandbox, db, getInfo, giveCoupon, ledgerFor, opt, orderRow, payOrder, payStatus, postNotify } from './helpers.js';

let t: TestServer;
let fake: FakeWechat;
beforeAll(async () => {
  fake = await startFakeWechat();
  t = await startTestServer({ ...fake.config, payQueryIntervalMs: 0, paySandboxConfirm: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 30_000);

const NOTIFY = '/api/pay/notify/wechat';
const callsFor = (orderNo: string) => fake.calls.filter((c) => c.path.includes(orderNo) || c.body?.out_trade_no === orderNo);

async function wechatOrder(query: Record<string, string | number> = {}) {
  const u = await newUser(t);
  const order = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1, number: 2, ...query })).data;
  const row = await orderRow(t, order.orderId);
  return { ...u, order, row };
}

describe('create', () => {
  it('pay-order with orderPayType 1 creates a Native order with a signed request and returns its code_url', async () => {
    const { order, row } = await wechatOrder();
    expect(order.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(row).toMatchObject({ provider: 'wechat', pay_type: 1, amount_fen: 19800, code_url: order.codeUrl });
    const [create] = callsFor(row.order_no);
    expect(create).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', authOk: true });
    expect(create!.body).toMatchObject({
      appid: fake.appid,
      mchid: fake.mchid,
      out_trade_no: row.order_no,
      amount: { total: 19800, currency: 'CNY' },
      notify_url: expect.stringMatching(/\/api\/pay\/notify\/wechat$/),
      description: '普通版标书 × 2',
    });
    expect(create!.body.time_expire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
  });

  it('a replaced order is closed at WeChat Pay too', async () => {
    const { token, row } = await wechatOrder();
    await payOrder(t, token, { optionId: opt('vip-30d'), orderPayType: 1 });
    const close = callsFor(row.order_no).find((c) => c.path.endsWith('/close'));
    expect(close).toMatchObject({ method: 'POST', authOk: true, body: { mchid: fake.mchid } });
    expect(close!.path).toBe(`/v3/pay/transactions/out-trade-no/${row.order_no}/close`);
    expect(fake.trades.get(row.order_no)?.state).toBe('CLOSED');
  });

  it('orderPayType 2 falls back to the sandbox while Alipay is not configured', async () => {
    const u = await newUser(t);
    const order = (await payOrder(t, u.token, { optionId: opt('vip-3d'), orderPayType: 2 })).data;
    expect(order.codeUrl).toMatch(/\/m\/pay\/\d{22}$/);
  });
});

describe('notify', () => {
  it('a signed notify pays the order (204); a replay of it changes nothing and is still acknowledged', async () => {
    const { token, order, row } = await wechatOrder();
    const n = fake.notify({ orderNo: row.order_no, txnId: `4200001${row.order_no}`, amountFen: 19800 });
    const res = await postNotify(t, NOTIFY, n.body, n.headers);
    expect(res.status).toBe(204);
    expect((await payStatus(t, token, order.orderId)).data).toBe(2);
    expect((await getInfo(t, token)).commonBidNumber).toBe(2);
    const again = await postNotify(t, NOTIFY, n.body, n.headers);
    expect(again.status).toBe(204);
    expect((await getInfo(t, token)).commonBidNumber).toBe(2);
    expect(await ledgerFor(t, order.orderId)).toHaveLength(1);
    expect((await orderRow(t, order.orderId)).provider_txn_id).toBe(`4200001${row.order_no}`);
  });

  it('refuses a notify signed with another key, a tampered body, an unknown serial, an old timestamp and a SIGNTEST probe', async () => {
    const { token, order, row } = await wechatOrder();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const good = () => fake.notify({ orderNo: row.order_no, txnId: `4200002${row.order_no}`, amountFen: 19800 });
    const forged = fake.notify({ orderNo: row.order_no, txnId: `4200002${row.order_no}`, amountFen: 19800, signWith: other });
    const tampered = good();
    tampered.body = tampered.body.replace('"summary":"支付成功"', '"summary":"支付成功 "');
    const unknownSerial = fake.notify({ orderNo: row.order_no, txnId: `4200002${row.order_no}`, amountFen: 19800, serial: 'PUB_KEY_ID_UNKNOWN' });
    const replayed = fake.notify({ orderNo: row.order_no, txnId: `4200002${row.order_no}`, amountFen: 19800, timestamp: Math.floor(Date.now() / 1000) - 600 });
    const probe = fake.notify({ orderNo: row.order_no, txnId: `4200002${row.order_no}`, amountFen: 19800, signature: 'WECHATPAY/SIGNTEST/ZmFrZQ==' });
    const noHeaders = good();
    for (const n of [forged, tampered, unknownSerial, replayed, probe]) {
      const res = await postNotify(t, NOTIFY, n.body, n.headers);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.json).toMatchObject({ code: 'FAIL' });
    }
    const bare = await postNotify(t, NOTIFY, noHeaders.body, { 'Content-Type': 'application/json' });
    expect(bare.status).toBeGreaterThanOrEqual(400);
    expect((await payStatus(t, token, order.orderId)).data).toBe(1);
    expect((await getInfo(t, token)).commonBidNumber).toBe(0);
    const rejected = await db(t).selectFrom('payment_events').select(['outcome', 'detail']).where('outcome', '=', 'rejected').execute();
    const details = rejected.map((r) => r.detail);
    expect(details).toEqual(expect.arrayContaining(['bad signature', 'signature probe (WECHATPAY/SIGNTEST/)', 'timestamp outside the allowed window']));
  });

  it('refuses a correctly signed notify whose amount differs from the order, and logs it', async () => {
    const { token, order, row } = await wechatOrder();
    const n = fake.notify({ orderNo: row.order_no, txnId: `4200003${row.order_no}`, amountFen: 1 });
    const res = await postNotify(t, NOTIFY, n.body, n.headers);
    expect(res.status).toBe(400);
    expect((await payStatus(t, token, order.orderId)).data).toBe(1);
    expect(await ledgerFor(t, order.orderId)).toHaveLength(0);
    const ev = await db(t).selectFrom('payment_events').selectAll().where('order_no', '=', row.order_no).execute();
    expect(ev).toMatchObject([{ outcome: 'amount_mismatch', amount_fen: 1, provider: 'wechat', source: 'notify' }]);
  });

  it('a notify for an unknown order is refused; one for another event type is acknowledged and ignored', async () => {
    const unknown = fake.notify({ orderNo: '20990101000000123456', txnId: '4200009', amountFen: 100 });
    expect((await postNotify(t, NOTIFY, unknown.body, unknown.headers)).status).toBe(400);
    const { order, row, token } = await wechatOrder();
    const refund = fake.notify({ orderNo: row.order_no, txnId: `4200004${row.order_no}`, amountFen: 19800, eventType: 'REFUND.SUCCESS' });
    expect((await postNotify(t, NOTIFY, refund.body, refund.headers)).status).toBe(204);
    expect((await payStatus(t, token, order.orderId)).data).toBe(1);
  });

  it('money for an order closed locally is honoured once and logged', async () => {
    const { token, order, row, userId } = await wechatOrder();
    const c = await giveCoupon(t, userId, { discountFen: 500, minFen: 0 });
    const second = (await payOrder(t, token, { optionId: opt('vip-30d'), orderPayType: 1, userCouponId: c })).data;
    expect((await payStatus(t, token, order.orderId)).data).toBe(3);
    const n = fake.notify({ orderNo: row.order_no, txnId: `4200005${row.order_no}`, amountFen: 19800 });
    expect((await postNotify(t, NOTIFY, n.body, n.headers)).status).toBe(204);
    expect((await postNotify(t, NOTIFY, n.body, n.headers)).status).toBe(204);
    expect((await payStatus(t, token, order.orderId)).data).toBe(2);
    expect((await getInfo(t, token)).commonBidNumber).toBe(2);
    expect(await ledgerFor(t, order.orderId)).toHaveLength(1);
    const ev = await db(t).selectFrom('payment_events').select('outcome').where('order_id', '=', order.orderId).execute();
    expect(ev.map((e) => e.outcome)).toEqual(expect.arrayContaining(['paid_after_close', 'replay']));
    // the newer order is untouched, and its coupon still usable
    expect((await payStatus(t, token, second.orderId)).data).toBe(1);
  });

  it('one provider transaction id cannot pay two orders', async () => {
    const a = await wechatOrder();
    const b = await wechatOrder();
    const txn = `4200006${a.row.order_no}`;
    const na = fake.notify({ orderNo: a.row.order_no, txnId: txn, amountFen: 19800 });
    const nb = fake.notify({ orderNo: b.row.order_no, txnId: txn, amountFen: 19800 });
    expect((await postNotify(t, NOTIFY, na.body, na.headers)).status).toBe(204);
    expect((await postNotify(t, NOTIFY, nb.body, nb.headers)).status).toBe(400);
    expect((await payStatus(t, b.token, b.order.orderId)).data).toBe(1);
  });
});

describe('query and reconciliation', () => {
  it('the status poll completes a payment whose notify was lost (query at WeChat Pay)', async () => {
    const { token, order, row } = await wechatOrder();
    expect((await payStatus(t, token, order.orderId)).data).toBe(1);
    const q = callsFor(row.order_no).find((c) => c.method === 'GET');
    expect(q).toMatchObject({ authOk: true, path: `/v3/pay/transactions/out-trade-no/${row.order_no}?mchid=${fake.mchid}` });
    fake.trades.set(row.order_no, { state: 'SUCCESS', txnId: `4200007${row.order_no}`, totalFen: 19800 });
    expect((await payStatus(t, token, order.orderId)).data).toBe(2);
    expect((await getInfo(t, token)).commonBidNumber).toBe(2);
  });

  it('an expired order paid at WeChat Pay is applied, not closed; an expired unpaid one is closed there too', async () => {
    const paid = await wechatOrder();
    const unpaid = await wechatOrder();
    await db(t).updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', 'in', [paid.order.orderId, unpaid.order.orderId]).execute();
    fake.trades.set(paid.row.order_no, { state: 'SUCCESS', txnId: `4200008${paid.row.order_no}`, totalFen: 19800 });
    expect((await payStatus(t, paid.token, paid.order.orderId)).data).toBe(2);
    expect((await payStatus(t, unpaid.token, unpaid.order.orderId)).data).toBe(3);
    expect(callsFor(unpaid.row.order_no).some((c) => c.path.endsWith('/close'))).toBe(true);
  });

  it('an answer not signed with the trusted platform key is not believed', async () => {
    // the adapter as configured, but trusting another platform key than the one the vendor signs with
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const adapter = new WechatPayProvider({
      mchid: fake.mchid,
      appid: fake.appid,
      serial: String(fake.config.wechatpaySerial),
      privateKey: String(fake.config.wechatpayPrivateKey),
      apiV3Key: fake.apiV3Key,
      platformPublicKey: stranger,
      platformSerial: fake.platformSerial,
      apiBase: fake.url,
      notifyUrl: 'http://localhost/api/pay/notify/wechat',
    });
    const orderNo = '20260101000000999999';
    fake.trades.set(orderNo, { state: 'SUCCESS', txnId: '4200099', totalFen: 100 });
    await expect(adapter.query(orderNo)).rejects.toThrow(/bad signature/);
    await expect(adapter.create({ orderNo: '20260101000000999998', amountFen: 100, title: 'x', expiresAt: new Date(Date.now() + 60_000) })).rejects.toThrow(
      /bad signature/,
    );
    // the vendor did accept our merchant signature: only its answer was refused
    const mine = fake.calls.filter((c) => c.path.includes('999999') || c.body?.out_trade_no === '20260101000000999998');
    expect(mine).toHaveLength(2);
    expect(mine.every((c) => c.authOk)).toBe(true);
  });

  it('a create the provider refuses answers code 500 and closes the order', async () => {
    const u = await newUser(t);
    fake.failCreates = true;
    try {
      const res = await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1 });
      expect(res).toMatchObject({ code: 500, success: false, msg: '支付下单失败，请稍后重试' });
    } finally {
      fake.failCreates = false;
    }
    const rows = await db(t).selectFrom('orders').selectAll().where('user_id', '=', u.userId).execute();
    expect(rows).toMatchObject([{ status: 3, close_reason: 'create_failed' }]);
  });
});

describe('the order job', () => {
  it('applies a payment found at WeChat Pay for an order near expiry, and closes expired unpaid ones there, with nobody polling', async () => {
    const u = await newUser(t);
    const paid = (await payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 1 })).data;
    const paidRow = await orderRow(t, paid.orderId);
    // near expiry (inside PAY_RECONCILE_WINDOW_S) and paid at the vendor, but its notify never came
    await db(t).updateTable('orders').set({ expires_at: new Date(Date.now() + 30_000) }).where('id', '=', paid.orderId).execute();
    fake.trades.set(paidRow.order_no, { state: 'SUCCESS', txnId: `4200013${paidRow.order_no}`, totalFen: 19900 });
    const v = await newUser(t);
    const stale = (await payOrder(t, v.token, { optionId: opt('vip-30d'), orderPayType: 1 })).data;
    const staleRow = await orderRow(t, stale.orderId);
    await db(t).updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', stale.orderId).execute();
    await sweepOrders(t.server.app.ctx);
    expect((await orderRow(t, paid.orderId)).status).toBe(2);
    expect(await getInfo(t, u.token)).toMatchObject({ isVip: 2 });
    expect(await orderRow(t, stale.orderId)).toMatchObject({ status: 3, close_reason: 'expired' });
    expect(callsFor(staleRow.order_no).some((c) => c.path.endsWith('/close'))).toBe(true);
    const ev = await db(t).selectFrom('payment_events').select(['source', 'outcome']).where('order_id', '=', paid.orderId).execute();
    expect(ev).toEqual([{ source: 'janitor', outcome: 'paid' }]);
  });
});

describe('exactly once under concurrency', () => {
  it('concurrent signed notifies + status polls + a direct apply + a sandbox confirm attempt: one grant (several rounds)', async () => {
    for (let round = 0; round < 4; round++) {
      const { token, userId } = await wechatOrder({ number: 5 });
      const c = await giveCoupon(t, userId, { discountFen: 1000, minFen: 0 });
      const withCoupon = (await payOrder(t, token, { optionId: opt('copy-basic'), orderPayType: 1, number: 5, userCouponId: c })).data;
      const r2 = await orderRow(t, withCoupon.orderId);
      expect(r2.amount_fen).toBe(48500);
      const txnId = `4200011${r2.order_no}`;
      fake.trades.set(r2.order_no, { state: 'SUCCESS', txnId, totalFen: 48500 });
      const n1 = fake.notify({ orderNo: r2.order_no, txnId, amountFen: 48500 });
      const n2 = fake.notify({ orderNo: r2.order_no, txnId, amountFen: 48500 });
      const results = await Promise.all([
        postNotify(t, NOTIFY, n1.body, n1.headers),
        payStatus(t, token, withCoupon.orderId),
        confirmSandbox(t, `http://localhost/m/pay/${r2.order_no}`),
        postNotify(t, NOTIFY, n2.body, n2.headers),
        applyPayment(t.server.app.ctx, { orderNo: r2.order_no, providerTxnId: txnId, amountFen: 48500, provider: 'wechat', source: 'manual' }),
        payStatus(t, token, withCoupon.orderId),
        postNotify(t, NOTIFY, n1.body, n1.headers),
      ]);
      expect((results[0] as any).status).toBe(204);
      expect((results[3] as any).status).toBe(204);
      expect((results[6] as any).status).toBe(204);
      // the sandbox page never pays an order of a real provider
      expect((results[2] as any).status).toBe(404);
      expect((await payStatus(t, token, withCoupon.orderId)).data).toBe(2);
      expect((await getInfo(t, token)).commonBidNumber).toBe(5);
      expect(await ledgerFor(t, withCoupon.orderId)).toHaveLength(1);
      const coupon = await db(t).selectFrom('user_coupons').selectAll().where('id', '=', c).executeTakeFirstOrThrow();
      expect(coupon).toMatchObject({ status: 2, order_id: withCoupon.orderId });
      const paidEvents = await db(t).selectFrom('payment_events').select('outcome').where('order_id', '=', withCoupon.orderId).where('outcome', 'like', 'paid%').execute();
      expect(paidEvents).toHaveLength(1);
    }
  });
});

describe('a notify meeting a new order of the same user', () => {
  it('both succeed: the earlier order is paid (money honoured), the new one is open', async () => {
    for (let round = 0; round < 4; round++) {
      const { token, order, row } = await wechatOrder();
      const n = fake.notify({ orderNo: row.order_no, txnId: `4200012${row.order_no}`, amountFen: 19800 });
      const [notified, created] = await Promise.all([
        postNotify(t, NOTIFY, n.body, n.headers),
        payOrder(t, token, { optionId: opt('vip-30d'), orderPayType: 1 }),
      ]);
      expect(notified.status).toBe(204);
      expect(created).toMatchObject({ code: 200, success: true });
      expect((await payStatus(t, token, order.orderId)).data).toBe(2);
      expect((await payStatus(t, token, created.data.orderId)).data).toBe(1);
      expect((await getInfo(t, token)).commonBidNumber).toBe(2);
    }
  });
});

describe('transport and configuration', () => {
  it('the notify path needs no client credentials, every other /api path still does', async () => {
    const res = await postNotify(t, '/api/btz/user/get-info', '{}', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(401);
  });

  it('PAY_PROVIDER=wechat without its keys stops the server at start, naming what is missing', () => {
    expect(() => loadConfig({ PAY_PROVIDER: 'wechat' })).toThrow(ConfigError);
    try {
      loadConfig({ PAY_PROVIDER: 'wechat', WECHATPAY_MCHID: '1' });
    } catch (e) {
      expect((e as Error).message).toContain('WECHATPAY_APIV3_KEY');
      expect((e as Error).message).toContain('WECHATPAY_PLATFORM_PUBLIC_KEY');
      expect((e as Error).message).not.toContain('WECHATPAY_MCHID、');
    }
    expect(() => loadConfig({ PAY_PROVIDER: 'alipay' })).toThrow(/ALIPAY_APP_ID/);
    const withKeys = loadConfig({ PAY_PROVIDER: 'wechat', ...envOf(fake) });
    expect(withKeys.paySandboxConfirm).toBe(false);
    expect(loadConfig({}).paySandboxConfirm).toBe(true);
    expect(loadConfig({ PAY_SANDBOX_CONFIRM: 'false' }).paySandboxConfirm).toBe(false);
  });
});

function envOf(f: FakeWechat): Record<string, string> {
  return {
    WECHATPAY_MCHID: f.mchid,
    WECHATPAY_APPID: f.appid,
    WECHATPAY_SERIAL: String(f.config.wechatpaySerial),
    WECHATPAY_PRIVATE_KEY: String(f.config.wechatpayPrivateKey),
    WECHATPAY_APIV3_KEY: f.apiV3Key,
    WECHATPAY_PLATFORM_PUBLIC_KEY: String(f.config.wechatpayPlatformPublicKey),
    WECHATPAY_PLATFORM_SERIAL: f.platformSerial,
  };
}
