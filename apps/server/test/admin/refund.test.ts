/**
 * Refunds from the console through the provider (issue 28), against the local fakes of WeChat Pay v3 and Alipay:
 * exactly once under a double submission and a provider failure retried, the entitlement taken back in the same
 * transaction (ledger 'revoke'), order status 4, a replayed payment notify changing nothing, the buyer told over STOMP,
 * the audit row; the sandbox refunding at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { confirmSandbox, db, getInfo, opt, payOrder, postNotify } from '../commerce/helpers.js';
import { startFakeAlipay, startFakeWechat, type FakeAlipay, type FakeWechat } from '../commerce/fakes.js';
import { listenAs } from '../realtime/listen.js';
import { waitUntil, type TestClient } from '../realtime/helpers.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

let t: TestServer;
let wechat: FakeWechat;
let alipay: FakeAlipay;
let su: { token: string };
const clients: TestClient[] = [];
beforeAll(async () => {
  wechat = await startFakeWechat();
  alipay = await startFakeAlipay();
  t = await startTestServer({ ...wechat.config, ...alipay.config, payProvider: 'wechat,alipay', paySandboxConfirm: true, payQueryIntervalMs: 0, smsResendS: 0 });
  su = await signInSuper(t);
}, 60_000);
afterAll(async () => {
  for (const c of clients) await c.client.deactivate().catch(() => undefined);
  await t?.close();
  await wechat?.close();
  await alipay?.close();
}, 30_000);

const refund = (token: string, id: string, reason = '用户申请退款') => asOperator(t, token, '/btz/admin/orders/refund', { body: { id, reason } });
const ledger = (orderId: string) => db(t).selectFrom('entitlement_ledger').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
const audits = (orderId: string) => db(t).selectFrom('admin_audit').selectAll().where('target_id', '=', orderId).where('action', '=', 'order.refund').execute();

/** A user with 2 paid copies bought through WeChat Pay (a signed notify). */
async function paidWechatOrder() {
  const u = await newUser(t);
  const order = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1, number: 2 })).data;
  const row = await db(t).selectFrom('orders').selectAll().where('id', '=', order.orderId).executeTakeFirstOrThrow();
  const txnId = `4200001${row.order_no}`;
  wechat.trades.set(row.order_no, { state: 'SUCCESS', txnId, totalFen: row.amount_fen });
  const n = wechat.notify({ orderNo: row.order_no, txnId, amountFen: row.amount_fen });
  expect((await postNotify(t, '/api/pay/notify/wechat', n.body, n.headers)).status).toBe(204);
  expect((await getInfo(t, u.token)).commonBidNumber).toBe(2);
  return { ...u, orderId: order.orderId as string, row, notify: n };
}

describe('WeChat Pay refund', () => {
  it('a double submission refunds once: status 4, copies taken back, one revoke row, one audit row, the buyer told', async () => {
    const o = await paidWechatOrder();
    const listener = await listenAs(t.port, o, 'notice', clients);
    const [a, b] = await Promise.all([refund(su.token, o.orderId), refund(su.token, o.orderId)]);
    expect(a.json.data.status).toBe(4);
    expect(b.json.data.status).toBe(4);
    expect(a.json.data).toMatchObject({ statusName: '已退款', refundState: 'done', refundReason: '用户申请退款' });
    const refunds = [...wechat.refunds.entries()].filter(([, r]) => r.orderNo === o.row.order_no);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]![1].refundFen).toBe(o.row.amount_fen);
    const call = wechat.calls.find((c) => c.path === '/v3/refund/domestic/refunds' && c.body?.out_trade_no === o.row.order_no);
    expect(call).toMatchObject({ method: 'POST', authOk: true, body: { amount: { refund: o.row.amount_fen, total: o.row.amount_fen, currency: 'CNY' } } });
    const rows = await ledger(o.orderId);
    expect(rows.map((r) => [r.kind, r.field, r.delta])).toEqual([
      ['grant', 'common', 2],
      ['revoke', 'common', -2],
    ]);
    expect((await getInfo(t, o.token)).commonBidNumber).toBe(0);
    expect(await audits(o.orderId)).toHaveLength(1);
    await waitUntil(() => listener.messages.some((m) => JSON.parse(m.body).kind === 'order.refunded'), 10_000, 'order.refunded');
    const msg = JSON.parse(listener.messages.find((m) => JSON.parse(m.body).kind === 'order.refunded')!.body);
    expect(msg.data).toMatchObject({ orderId: o.orderId, orderNo: o.row.order_no, amount: o.row.amount_fen / 100 });
    // the user's own order list says it
    const list = await t.api<any>('/btz/bid-order/order-list', { token: o.token, query: { current: 1, size: 10 } });
    expect(list.json.data.records[0]).toMatchObject({ id: o.orderId, status: 4, statusName: '已退款' });
  });

  it('a replayed payment notify after the refund changes nothing', async () => {
    const o = await paidWechatOrder();
    expect((await refund(su.token, o.orderId)).json.data.status).toBe(4);
    expect((await postNotify(t, '/api/pay/notify/wechat', o.notify.body, o.notify.headers)).status).toBe(204);
    const row = await db(t).selectFrom('orders').select(['status']).where('id', '=', o.orderId).executeTakeFirstOrThrow();
    expect(row.status).toBe(4);
    expect((await ledger(o.orderId)).length).toBe(2);
    expect((await getInfo(t, o.token)).commonBidNumber).toBe(0);
  });

  it('a provider failure leaves the order paid; submitting again continues the same refund (one refund number)', async () => {
    const o = await paidWechatOrder();
    wechat.failRefunds = 1;
    const failed = await refund(su.token, o.orderId);
    expect(failed.json).toMatchObject({ success: false, code: 500, msg: expect.stringContaining('不会重复退款') });
    const pending = await db(t).selectFrom('orders').select(['status', 'refund_state', 'refund_no']).where('id', '=', o.orderId).executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 2, refund_state: 'pending' });
    expect((await getInfo(t, o.token)).commonBidNumber).toBe(2);
    const ok = await refund(su.token, o.orderId, '第二次提交的原因不覆盖第一次');
    expect(ok.json.data).toMatchObject({ status: 4, refundReason: '用户申请退款' });
    const numbers = wechat.calls.filter((c) => c.path === '/v3/refund/domestic/refunds' && c.body?.out_trade_no === o.row.order_no).map((c) => c.body.out_refund_no);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers)).toEqual(new Set([pending.refund_no]));
    expect([...wechat.refunds.values()].filter((r) => r.orderNo === o.row.order_no)).toHaveLength(1);
    expect((await ledger(o.orderId)).filter((r) => r.kind === 'revoke')).toHaveLength(1);
  });

  it("the provider's refund notify, retried after the refund, changes nothing", async () => {
    const o = await paidWechatOrder();
    expect((await refund(su.token, o.orderId)).json.data.status).toBe(4);
    // WeChat Pay tells the result of a refund on the notify URL and retries until acknowledged: twice here
    const n = wechat.notify({ orderNo: o.row.order_no, txnId: `4200001${o.row.order_no}`, amountFen: o.row.amount_fen, eventType: 'REFUND.SUCCESS' });
    for (let i = 0; i < 2; i++) expect((await postNotify(t, '/api/pay/notify/wechat', n.body, n.headers)).status).toBe(204);
    const row = await db(t).selectFrom('orders').select(['status', 'refund_state']).where('id', '=', o.orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 4, refund_state: 'done' });
    expect((await ledger(o.orderId)).map((r) => r.kind)).toEqual(['grant', 'revoke']);
    expect(await audits(o.orderId)).toHaveLength(1);
    expect((await getInfo(t, o.token)).commonBidNumber).toBe(0);
    expect([...wechat.refunds.values()].filter((r) => r.orderNo === o.row.order_no)).toHaveLength(1);
  });

  it('an unpaid order cannot be refunded', async () => {
    const u = await newUser(t);
    const order = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1 })).data;
    expect((await refund(su.token, order.orderId)).json).toMatchObject({ success: false, msg: '只有已支付的订单可以退款' });
  });
});

const alipayNotify = (form: string) => postNotify(t, '/api/pay/notify/alipay', form, { 'Content-Type': 'application/x-www-form-urlencoded' });

/** A user with 30 VIP days bought through Alipay (a signed notify). */
async function paidAlipayOrder() {
  const u = await newUser(t);
  const order = (await payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 2 })).data;
  const row = await db(t).selectFrom('orders').selectAll().where('id', '=', order.orderId).executeTakeFirstOrThrow();
  const total = (row.amount_fen / 100).toFixed(2);
  alipay.trades.set(row.order_no, { status: 'TRADE_SUCCESS', tradeNo: `2026${row.order_no}`, totalAmount: total });
  const notify = alipay.notify({ orderNo: row.order_no, tradeNo: `2026${row.order_no}`, totalAmount: total });
  expect((await alipayNotify(notify)).text).toBe('success');
  expect((await getInfo(t, u.token)).isVip).toBe(2);
  return { u, order, row, total, notify };
}

describe('Alipay refund', () => {
  it('a VIP order refunded through Alipay takes its days back; a second submission moves no money', async () => {
    const { u, order, row, total } = await paidAlipayOrder();
    const first = await refund(su.token, order.orderId);
    expect(first.json.data.status).toBe(4);
    expect((await getInfo(t, u.token)).isVip).toBe(1);
    const rows = await ledger(order.orderId);
    expect(rows.find((r) => r.kind === 'revoke')).toMatchObject({ field: 'vip', delta: -30 });
    const call = alipay.calls.find((c) => c.method === 'alipay.trade.refund' && c.biz.out_trade_no === row.order_no);
    expect(call).toMatchObject({ signOk: true, biz: { refund_amount: total } });
    const second = await refund(su.token, order.orderId);
    expect(second.json.data.status).toBe(4);
    expect(alipay.calls.filter((c) => c.method === 'alipay.trade.refund' && c.biz.out_trade_no === row.order_no)).toHaveLength(1);
  });

  it('a provider failure, then two submissions at once, then the notifies Alipay retries: one refund number, money once, one revoke', async () => {
    const { u, order, row, total, notify } = await paidAlipayOrder();
    alipay.failRefunds = 1;
    const failed = await refund(su.token, order.orderId);
    expect(failed.json).toMatchObject({ success: false, code: 500, msg: expect.stringContaining('不会重复退款') });
    const pending = await db(t).selectFrom('orders').select(['status', 'refund_state', 'refund_no']).where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 2, refund_state: 'pending' });
    expect((await getInfo(t, u.token)).isVip).toBe(2);
    const [a, b] = await Promise.all([refund(su.token, order.orderId, '并发提交一'), refund(su.token, order.orderId, '并发提交二')]);
    expect([a.json.data?.status, b.json.data?.status]).toEqual([4, 4]);
    const calls = alipay.calls.filter((c) => c.method === 'alipay.trade.refund' && c.biz.out_trade_no === row.order_no);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((c) => c.biz.out_request_no))).toEqual(new Set([pending.refund_no]));
    const moved = [...alipay.refunds.values()].filter((r) => r.orderNo === row.order_no);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.refundFen).toBe(row.amount_fen);
    // Alipay's notifies after a full refund (TRADE_CLOSED), and the payment's own notify again, each delivered twice
    const closed = alipay.notify({ orderNo: row.order_no, tradeNo: `2026${row.order_no}`, totalAmount: total, tradeStatus: 'TRADE_CLOSED' });
    for (const form of [closed, closed, notify, notify]) expect((await alipayNotify(form)).text).toBe('success');
    const after = await db(t).selectFrom('orders').select(['status', 'refund_state', 'refund_reason']).where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 4, refund_state: 'done', refund_reason: '用户申请退款' });
    expect((await ledger(order.orderId)).map((r) => [r.kind, r.field, r.delta])).toEqual([
      ['grant', 'vip', 30],
      ['revoke', 'vip', -30],
    ]);
    expect(await audits(order.orderId)).toHaveLength(1);
    expect((await getInfo(t, u.token)).isVip).toBe(1);
  });
});

describe('sandbox refund and the tenant scope', () => {
  it("the sandbox refunds at once; another tenant's operator cannot refund the order", async () => {
    const host = 'jw.localhost';
    const jw = await newUser(t, { host });
    const made = await t.api<any>('/btz/bid-order/pay-order', { token: jw.token, host, query: { optionId: opt('copy-basic', '389572'), orderPayType: 1 } });
    const row = await db(t).selectFrom('orders').selectAll().where('id', '=', made.json.data.orderId).executeTakeFirstOrThrow();
    // an order made while only the sandbox was on (this server has WeChat Pay for orderPayType 1)
    const page = `${t.url}/m/pay/${row.order_no}`;
    await db(t).updateTable('orders').set({ provider: 'sandbox', code_url: page }).where('id', '=', row.id).execute();
    await confirmSandbox(t, page);
    const info = async () => (await t.api<any>('/btz/user/get-info', { token: jw.token, host })).json.data.commonBidNumber;
    expect(await info()).toBe(1);
    const opA = await inviteOperator(t, su.token, '000000', '标书AI运营');
    const opJw = await inviteOperator(t, su.token, '389572', '金网运营');
    expect((await refund(opA.token, row.id)).json).toMatchObject({ success: false, msg: '订单不存在' });
    const done = await refund(opJw.token, row.id);
    expect(done.json.data).toMatchObject({ status: 4, provider: 'sandbox', tenantId: '389572' });
    expect(await info()).toBe(0);
  });
});
