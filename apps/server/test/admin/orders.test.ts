/**
 * Orders in the console (issue 28): search by order number or phone and filter by status and payment method, within the
 * operator's tenant; the provider's own view of an order — a real query at the local fakes of WeChat Pay v3 and Alipay
 * (paid with its transaction number and amount, unpaid, closed, a transaction number that differs from ours) and the
 * sandbox, which has no remote record. Refunds and reconciliation: refund.test.ts, money.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiToday } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { db, opt, payOrder, postNotify } from '../commerce/helpers.js';
import { startFakeAlipay, startFakeWechat, type FakeAlipay, type FakeWechat } from '../commerce/fakes.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

const A = '000000';
const B = '389572';

let t: TestServer;
let wechat: FakeWechat;
let alipay: FakeAlipay;
let opA: { token: string };
let opB: { token: string };
beforeAll(async () => {
  wechat = await startFakeWechat();
  alipay = await startFakeAlipay();
  t = await startTestServer({ ...wechat.config, ...alipay.config, payProvider: 'wechat,alipay', payQueryIntervalMs: 0, smsResendS: 0 });
  const su = await signInSuper(t);
  opA = await inviteOperator(t, su.token, A, '运营A');
  opB = await inviteOperator(t, su.token, B, '运营B');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await wechat?.close();
  await alipay?.close();
}, 30_000);

const row = (id: string) => db(t).selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const search = async (token: string, query: Record<string, string | number>) => {
  const r = await asOperator(t, token, '/btz/admin/orders/search', { query: { size: 100, ...query } });
  expect(r.json?.success, r.text).toBe(true);
  return r.json.data as { total: number; records: any[] };
};
const providerView = async (token: string, id: string) => (await asOperator(t, token, '/btz/admin/orders/provider', { query: { id } })).json;

/** A buyer with one copy paid through WeChat Pay (a signed notify) — the fake's trade says SUCCESS. */
async function paidWechat() {
  const u = await newUser(t);
  const id = (await payOrder(t, u.token, { optionId: opt('copy-basic'), orderPayType: 1 })).data.orderId as string;
  const o = await row(id);
  const txnId = `4200009${o.order_no}`;
  wechat.trades.set(o.order_no, { state: 'SUCCESS', txnId, totalFen: o.amount_fen });
  const n = wechat.notify({ orderNo: o.order_no, txnId, amountFen: o.amount_fen });
  expect((await postNotify(t, '/api/pay/notify/wechat', n.body, n.headers)).status).toBe(204);
  return { u, id, orderNo: o.order_no, txnId, amountFen: o.amount_fen };
}

/** A buyer with a VIP order made at Alipay, not paid (its QR not scanned). */
async function openAlipay() {
  const u = await newUser(t);
  const id = (await payOrder(t, u.token, { optionId: opt('vip-30d'), orderPayType: 2 })).data.orderId as string;
  const o = await row(id);
  return { u, id, orderNo: o.order_no, amountFen: o.amount_fen };
}

describe('order search', () => {
  it('finds an order by its number and by the buyer’s phone; filters by status and payment method', async () => {
    const w = await paidWechat();
    const a = await openAlipay();

    const byNo = await search(opA.token, { keyword: w.orderNo });
    expect(byNo.records.map((o) => o.id)).toEqual([w.id]);
    expect(byNo.records[0]).toMatchObject({ orderNo: w.orderNo, userPhone: w.u.phone, status: 2, statusName: '已支付', payType: 1, provider: 'wechat', providerTxnId: w.txnId });
    expect(byNo.records[0].amount * 100).toBe(w.amountFen);
    const byPhone = await search(opA.token, { keyword: a.u.phone });
    expect(byPhone.records.map((o) => o.id)).toEqual([a.id]);
    expect(byPhone.records[0]).toMatchObject({ status: 1, payType: 2, provider: 'alipay' });

    const ids = (p: { records: any[] }) => p.records.map((o) => o.id);
    const paid = await search(opA.token, { status: 2 });
    expect(paid.records.every((o) => o.status === 2)).toBe(true);
    expect(ids(paid)).toContain(w.id);
    expect(ids(paid)).not.toContain(a.id);
    const open = await search(opA.token, { status: 1 });
    expect(open.records.every((o) => o.status === 1)).toBe(true);
    expect(ids(open)).toContain(a.id);
    expect(ids(open)).not.toContain(w.id);
    const byWechat = await search(opA.token, { payType: 1 });
    expect(byWechat.records.every((o) => o.payType === 1)).toBe(true);
    expect(ids(byWechat)).toContain(w.id);
    expect(ids(byWechat)).not.toContain(a.id);
    const byAlipay = await search(opA.token, { payType: 2 });
    expect(ids(byAlipay)).toContain(a.id);
    expect(ids(byAlipay)).not.toContain(w.id);
    // both at once: a paid Alipay order — neither of these
    const both = await search(opA.token, { status: 2, payType: 2 });
    expect(ids(both)).not.toContain(w.id);
    expect(ids(both)).not.toContain(a.id);
    // newest first
    const all = await search(opA.token, {});
    expect(ids(all).indexOf(a.id)).toBeLessThan(ids(all).indexOf(w.id));

    // another tenant's operator finds neither, by number or phone; a bad filter is named in Chinese
    expect((await search(opB.token, { keyword: w.orderNo })).total).toBe(0);
    expect((await search(opB.token, { keyword: a.u.phone })).total).toBe(0);
    const bad = await asOperator(t, opA.token, '/btz/admin/orders/search', { query: { status: 9 } });
    expect(bad.json).toMatchObject({ success: false, code: 400, msg: expect.stringContaining('订单状态') });
  });
});

describe("the provider's view of an order", () => {
  it('WeChat Pay: a paid order is queried at the provider and matches ours; a differing transaction number is said', async () => {
    const w = await paidWechat();
    const before = wechat.calls.length;
    const v = await providerView(opA.token, w.id);
    expect(v.data).toEqual({ provider: 'wechat', state: 'paid', txnId: w.txnId, amount: w.amountFen / 100, detail: '与本地记录一致' });
    // it asked WeChat Pay (GET …/out-trade-no/{orderNo}), not our own row
    expect(wechat.calls.slice(before).some((c) => c.method === 'GET' && c.path.includes(w.orderNo))).toBe(true);

    wechat.trades.set(w.orderNo, { state: 'SUCCESS', txnId: `4200010${w.orderNo}`, totalFen: w.amountFen });
    expect((await providerView(opA.token, w.id)).data).toMatchObject({ state: 'paid', txnId: `4200010${w.orderNo}`, detail: '交易号与本地记录不一致' });
    // the other tenant's operator cannot ask about it
    expect(await providerView(opB.token, w.id)).toMatchObject({ success: false, msg: '订单不存在' });
  });

  it('a refunded order: WeChat Pay answers REFUND, shown as 已退款 and matched by the reconciliation; refunded only there, it is a mismatch', async () => {
    const w = await paidWechat();
    expect((await asOperator(t, opA.token, '/btz/admin/orders/refund', { body: { id: w.id, reason: '用户申请退款' } })).json.data.status).toBe(4);
    expect(wechat.trades.get(w.orderNo)!.state).toBe('REFUND');
    expect((await providerView(opA.token, w.id)).data).toEqual({ provider: 'wechat', state: 'refunded', txnId: w.txnId, amount: null, detail: '已全额退款，与本地记录一致' });
    const day = shanghaiToday();
    const rec = async () => (await asOperator(t, opA.token, '/btz/admin/orders/reconcile', { query: { date: day } })).json.data;
    expect((await rec()).mismatches.some((m: any) => m.order.id === w.id)).toBe(false);

    // refunded at WeChat Pay (from its merchant platform), still paid here: the console says so
    const other = await paidWechat();
    wechat.trades.get(other.orderNo)!.state = 'REFUND';
    expect((await providerView(opA.token, other.id)).data).toMatchObject({ state: 'refunded', detail: '渠道已全额退款，本地订单未退款' });
    expect((await rec()).mismatches.find((m: any) => m.order.id === other.id)).toMatchObject({ providerState: 'refunded', problem: 'refunded_not_recorded', problemName: '渠道已退款，本地未退款', fixable: false });
    // not fixable (the fix applies a payment to an open order): the call changes nothing
    expect((await asOperator(t, opA.token, '/btz/admin/orders/reconcile-fix', { body: { id: other.id, reason: '对账' } })).json.data).toMatchObject({ id: other.id, status: 2 });
    expect((await row(other.id)).status).toBe(2);
  });

  it('Alipay: not scanned is unpaid, paid shows the trade, refunded in full reads 已退款; closed when the buyer’s next order closed it', async () => {
    const a = await openAlipay();
    expect((await providerView(opA.token, a.id)).data).toMatchObject({ provider: 'alipay', state: 'unpaid', txnId: '', amount: null });
    const total = (a.amountFen / 100).toFixed(2);
    alipay.trades.set(a.orderNo, { status: 'TRADE_SUCCESS', tradeNo: `2026${a.orderNo}`, totalAmount: total });
    // paid at Alipay, no notify yet: the provider's view says so while our row is still open
    expect((await providerView(opA.token, a.id)).data).toMatchObject({ state: 'paid', txnId: `2026${a.orderNo}`, amount: a.amountFen / 100, detail: '交易号与本地记录不一致' });
    expect((await row(a.id)).status).toBe(1);
    // paid (the notify), then refunded in full: Alipay closes the trade — for our refunded order that is the refund
    const n = alipay.notify({ orderNo: a.orderNo, tradeNo: `2026${a.orderNo}`, totalAmount: total });
    expect((await postNotify(t, '/api/pay/notify/alipay', n, { 'Content-Type': 'application/x-www-form-urlencoded' })).text).toBe('success');
    expect((await providerView(opA.token, a.id)).data).toMatchObject({ state: 'paid', detail: '与本地记录一致' });
    expect((await asOperator(t, opA.token, '/btz/admin/orders/refund', { body: { id: a.id, reason: '用户申请退款' } })).json.data.status).toBe(4);
    expect(alipay.trades.get(a.orderNo)!.status).toBe('TRADE_CLOSED');
    expect((await providerView(opA.token, a.id)).data).toEqual({ provider: 'alipay', state: 'refunded', txnId: `2026${a.orderNo}`, amount: null, detail: '全额退款后交易已关闭，与本地记录一致' });

    const c = await openAlipay();
    alipay.trades.set(c.orderNo, { status: 'WAIT_BUYER_PAY', tradeNo: `2026${c.orderNo}`, totalAmount: (c.amountFen / 100).toFixed(2) });
    // the buyer's next order closes this one, here and at Alipay
    await payOrder(t, c.u.token, { optionId: opt('copy-basic'), orderPayType: 2 });
    expect((await row(c.id)).status).toBe(3);
    expect((await providerView(opA.token, c.id)).data).toMatchObject({ provider: 'alipay', state: 'closed', txnId: '', amount: null });
  });
});
