/**
 * The embedded default payment end to end: the sandbox page (GET shows the order, POST pays through applyPayment),
 * pay-status, granted entitlements in get-info, coupon used, `pay.success` on the user's STOMP notice destination,
 * exactly-once under concurrency, expiry, and the switch that turns the sandbox confirm off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, CLIENT_BASIC, type TestServer } from '../harness.js';
import { makeClient, subscribeConfirmed, waitUntil, type TestClient } from '../realtime/helpers.js';
import { confirmSandbox, db, getInfo, giveCoupon, ledgerFor, opt, orderRow, pathOf, payOrder, payStatus, shanghaiMs } from './helpers.js';

const DAY = 86_400_000;
let t: TestServer;
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
}, 30_000);

describe('sandbox payment page', () => {
  it('GET shows a mobile Chinese page with the title, the amount and a 确认支付 button; no scripts', async () => {
    const { token, userId } = await newUser(t);
    const c = await giveCoupon(t, userId, { discountFen: 3000, minFen: 19900 });
    const order = (await payOrder(t, token, { optionId: opt('copy-basic'), number: 12, userCouponId: c })).data;
    const page = await t.request(pathOf(order.codeUrl));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('name="viewport"');
    expect(page.text).toContain('普通版标书');
    expect(page.text).toContain('¥1,158.00'); // 99 × 12 − 30
    expect(page.text).toContain('12 份');
    expect(page.text).toContain('确认支付');
    expect(page.text).toMatch(/<form method="post" action="\/m\/pay\/\d{22}">/);
    expect(page.text).not.toContain('<script');
  });

  it('an unknown order number is a 404 page', async () => {
    const res = await t.request('/m/pay/00000000000000000000');
    expect(res.status).toBe(404);
    expect(res.text).toContain('订单不存在');
  });

  it('POST pays a per-copy pack: pay-status 2, commonBidNumber += number, coupon used, one ledger grant', async () => {
    const { token, userId } = await newUser(t);
    const before = await getInfo(t, token);
    const c = await giveCoupon(t, userId, { discountFen: 1000, minFen: 0 });
    const order = (await payOrder(t, token, { optionId: opt('copy-basic'), number: 3, userCouponId: c })).data;
    const res = await confirmSandbox(t, order.codeUrl);
    expect(res.status).toBe(200);
    expect(res.text).toContain('支付成功');
    expect(res.text).toContain('¥287.00');
    expect((await payStatus(t, token, order.orderId)).data).toBe(2);
    const after = await getInfo(t, token);
    expect(after.commonBidNumber).toBe(before.commonBidNumber + 3);
    expect(after.flagshipBidNumber).toBe(before.flagshipBidNumber);
    expect(after.bidNumber).toBe(before.bidNumber + 3);
    const coupons = (await t.api('/btz/coupon/coupon-list', { token, query: { status: 2 } })).json.data.records;
    expect(coupons.map((x: any) => x.id)).toEqual([c]);
    expect(coupons[0].status).toBe(2);
    const ledger = await ledgerFor(t, order.orderId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'grant', field: 'common', delta: 3, holder_type: 'user', holder_id: userId, actor_user_id: userId });
    const row = await orderRow(t, order.orderId);
    expect(row.provider_txn_id).toBe(`SANDBOX-${row.order_no}`);
    expect(row.paid_at).toBeTruthy();
    // the paid order reads as paid in the records; the page now says it was paid
    const rec = (await t.api('/btz/bid-order/order-list', { token })).json.data.records[0];
    expect(rec).toMatchObject({ id: order.orderId, status: 2, statusName: '已支付' });
    expect(rec.paidTime).toMatch(/^\d{4}-/);
    expect((await t.request(pathOf(order.codeUrl))).text).toContain('支付成功');
  });

  it('flagship copies go to flagshipBidNumber', async () => {
    const { token } = await newUser(t);
    const order = (await payOrder(t, token, { optionId: opt('copy-flagship'), number: 2 })).data;
    await confirmSandbox(t, order.codeUrl);
    expect(await getInfo(t, token)).toMatchObject({ flagshipBidNumber: 2, commonBidNumber: 0, bidNumber: 2 });
  });

  it('a period package grants VIP: isVip 2, vipExpiryTime ≈ now + validDay, the package’s privileges', async () => {
    const { token } = await newUser(t);
    expect((await getInfo(t, token)).isVip).toBe(1);
    const order = (await payOrder(t, token, { optionId: opt('vip-30d'), orderPayType: 2 })).data;
    await confirmSandbox(t, order.codeUrl);
    expect((await payStatus(t, token, order.orderId)).data).toBe(2);
    const info = await getInfo(t, token);
    expect(info.isVip).toBe(2);
    expect(Math.abs(shanghaiMs(info.vipExpiryTime) - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
    expect(info.privilegeList).toEqual(expect.arrayContaining(['bid_common', 'bid_flagship']));
    // a second package extends from the current expiry, not from now
    const more = (await payOrder(t, token, { optionId: opt('vip-3d') })).data;
    await confirmSandbox(t, more.codeUrl);
    const again = await getInfo(t, token);
    expect(shanghaiMs(again.vipExpiryTime) - shanghaiMs(info.vipExpiryTime)).toBe(3 * DAY);
    // a shorter package never takes privileges away
    expect(again.privilegeList).toEqual(expect.arrayContaining(['bid_common', 'bid_flagship', 'illustrated']));
  });

  it('an expired VIP is extended from now', async () => {
    const { token, userId } = await newUser(t);
    await db(t).updateTable('users').set({ vip_expiry: new Date(Date.now() - 5 * DAY), privilege_list: '["duplicate_check"]' }).where('id', '=', userId).execute();
    const order = (await payOrder(t, token, { optionId: opt('vip-3d') })).data;
    await confirmSandbox(t, order.codeUrl);
    const info = await getInfo(t, token);
    expect(Math.abs(shanghaiMs(info.vipExpiryTime) - (Date.now() + 3 * DAY))).toBeLessThan(10_000);
    expect(info.privilegeList).not.toContain('duplicate_check');
  });

  it('an enterprise package grants the buyer’s enterprise (created on the way) and shows in get-info', async () => {
    const { token, userId } = await newUser(t);
    const order = (await payOrder(t, token, { optionId: opt('ent-basic') })).data;
    await confirmSandbox(t, order.codeUrl);
    const info = await getInfo(t, token);
    expect(info).toMatchObject({ loginRole: 1, isTeamAdmin: 1, isVip: 2, team: { id: expect.any(String) } });
    expect(info.privilegeList).toContain('team');
    const ledger = await ledgerFor(t, order.orderId);
    expect(ledger).toMatchObject([{ holder_type: 'enterprise', holder_id: info.team.id, field: 'vip', delta: 365, actor_user_id: userId }]);
    // the personal side stays as it was
    const personal = (await t.api('/btz/user/switch-role', { token, query: { loginRole: 0 } })).json.data;
    expect(personal.isVip).toBe(1);
    expect((await orderRow(t, order.orderId)).enterprise_id).toBe(info.team.id);
  });

  it('a closed order cannot be paid on the sandbox page (410), and the page says so', async () => {
    const { token } = await newUser(t);
    const first = (await payOrder(t, token, { optionId: opt('vip-30d') })).data;
    await payOrder(t, token, { optionId: opt('vip-30d') });
    const res = await confirmSandbox(t, first.codeUrl);
    expect(res.status).toBe(410);
    expect(res.text).toContain('订单已关闭');
    expect((await payStatus(t, token, first.orderId)).data).toBe(3);
    expect((await getInfo(t, token)).isVip).toBe(1);
  });
});

describe('pay.success', () => {
  it('arrives on the user’s STOMP /user/{id}/notice destination', async () => {
    const { token, userId } = await newUser(t);
    const c = makeClient(t.port, 'websocket', token, {
      connectHeaders: { 'Blade-Auth': `Bearer ${token}`, Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest' },
    });
    clients.push(c);
    await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
    await subscribeConfirmed(c, `/user/${userId}/notice`);
    const order = (await payOrder(t, token, { optionId: opt('copy-flagship'), number: 1 })).data;
    await confirmSandbox(t, order.codeUrl);
    await waitUntil(() => c.messages.length === 1, 5000, 'pay.success');
    const body = JSON.parse(c.messages[0]!.body);
    expect(body).toMatchObject({ kind: 'pay.success', data: { orderId: order.orderId, unitType: 2 }, id: expect.any(String) });
    // a replayed confirm publishes nothing more
    await confirmSandbox(t, order.codeUrl);
    await new Promise((r) => setTimeout(r, 200));
    expect(c.messages).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('concurrent confirms and status polls grant once (several rounds)', async () => {
    for (let round = 0; round < 4; round++) {
      const { token, userId } = await newUser(t);
      const c = await giveCoupon(t, userId, { discountFen: 1000, minFen: 0 });
      const order = (await payOrder(t, token, { optionId: opt('copy-basic'), number: 4, userCouponId: c })).data;
      const results = await Promise.all([
        confirmSandbox(t, order.codeUrl),
        payStatus(t, token, order.orderId),
        confirmSandbox(t, order.codeUrl),
        payStatus(t, token, order.orderId),
        confirmSandbox(t, order.codeUrl),
      ]);
      expect([results[0], results[2], results[4]].every((r: any) => r.status === 200 && r.text.includes('支付成功'))).toBe(true);
      expect((await payStatus(t, token, order.orderId)).data).toBe(2);
      expect((await getInfo(t, token)).commonBidNumber).toBe(4);
      expect(await ledgerFor(t, order.orderId)).toHaveLength(1);
      const events = await db(t).selectFrom('payment_events').select('outcome').where('order_id', '=', order.orderId).execute();
      expect(events.filter((e) => e.outcome === 'paid')).toHaveLength(1);
    }
  });
});
