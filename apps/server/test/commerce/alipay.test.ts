/**
 * Alipay precreate against a local fake gateway: RSA2-signed requests, signed answers, async notifies verified over
 * the sorted k=v without sign/sign_type (keys generated here; the app key given as bare base64 like Alipay's tool).
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { startFakeAlipay, type FakeAlipay } from './fakes.js';
import { db, getInfo, ledgerFor, opt, orderRow, payOrder, payStatus, postNotify } from './helpers.js';

let t: TestServer;
let fake: FakeAlipay;
beforeAll(async () => {
  fake = await startFakeAlipay();
  t = await startTestServer({ ...fake.config, payQueryIntervalMs: 0 });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 30_000);

const NOTIFY = '/api/pay/notify/alipay';
const form = { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' };

async function alipayOrder(optionId = opt('vip-30d')) {
  const u = await newUser(t);
  const order = (await payOrder(t, u.token, { optionId, orderPayType: 2 })).data;
  return { ...u, order, row: await orderRow(t, order.orderId) };
}

describe('alipay', () => {
  it('precreate: a signed request with total_amount in yuan, the qr_code comes back as codeUrl', async () => {
    const { order, row } = await alipayOrder();
    expect(order.codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(row).toMatchObject({ provider: 'alipay', pay_type: 2, amount_fen: 19900 });
    const call = fake.calls.find((c) => c.method === 'alipay.trade.precreate' && c.biz.out_trade_no === row.order_no);
    expect(call).toMatchObject({ signOk: true, biz: { total_amount: '199.00', subject: '月度会员' } });
    expect(call!.params.notify_url).toMatch(/\/api\/pay\/notify\/alipay$/);
  });

  it('a signed notify pays the order and is answered with plain success; a replay changes nothing', async () => {
    const { token, order, row } = await alipayOrder();
    const body = fake.notify({ orderNo: row.order_no, tradeNo: `2026${row.order_no}`, totalAmount: '199.00' });
    const res = await postNotify(t, NOTIFY, body, form);
    expect(res.status).toBe(200);
    expect(res.text).toBe('success');
    expect((await payStatus(t, token, order.orderId)).data).toBe(2);
    expect((await getInfo(t, token)).isVip).toBe(2);
    expect((await postNotify(t, NOTIFY, body, form)).text).toBe('success');
    expect(await ledgerFor(t, order.orderId)).toHaveLength(1);
  });

  it('refuses a forged notify, a tampered one, another app’s and a wrong amount', async () => {
    const { token, order, row } = await alipayOrder();
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = fake.notify({ orderNo: row.order_no, tradeNo: `2027${row.order_no}`, totalAmount: '199.00', signWith: stranger });
    const tampered = fake.notify({ orderNo: row.order_no, tradeNo: `2027${row.order_no}`, totalAmount: '1.99' }).replace('total_amount=1.99', 'total_amount=199.00');
    const otherApp = fake.notify({ orderNo: row.order_no, tradeNo: `2027${row.order_no}`, totalAmount: '199.00', appId: '2021999999999999' });
    const wrongAmount = fake.notify({ orderNo: row.order_no, tradeNo: `2027${row.order_no}`, totalAmount: '0.01' });
    for (const body of [forged, tampered, otherApp, wrongAmount]) {
      const res = await postNotify(t, NOTIFY, body, form);
      expect(res.text).toBe('failure');
    }
    expect((await payStatus(t, token, order.orderId)).data).toBe(1);
    expect((await getInfo(t, token)).isVip).toBe(1);
    const ev = await db(t).selectFrom('payment_events').select('outcome').where('order_no', '=', row.order_no).execute();
    expect(ev.map((e) => e.outcome)).toEqual(['amount_mismatch']);
  });

  it('the status poll queries Alipay and applies a payment whose notify was lost', async () => {
    const { token, order, row } = await alipayOrder(opt('copy-flagship'));
    expect((await payStatus(t, token, order.orderId)).data).toBe(1);
    expect(fake.calls.some((c) => c.method === 'alipay.trade.query' && c.biz.out_trade_no === row.order_no && c.signOk)).toBe(true);
    fake.trades.set(row.order_no, { status: 'TRADE_SUCCESS', tradeNo: `2028${row.order_no}`, totalAmount: '299.00' });
    expect((await payStatus(t, token, order.orderId)).data).toBe(2);
    expect((await getInfo(t, token)).flagshipBidNumber).toBe(1);
  });

  it('a replaced order is closed at Alipay', async () => {
    const { token, row } = await alipayOrder();
    await payOrder(t, token, { optionId: opt('vip-3d'), orderPayType: 2 });
    expect(fake.calls.some((c) => c.method === 'alipay.trade.close' && c.biz.out_trade_no === row.order_no && c.signOk)).toBe(true);
  });
});
