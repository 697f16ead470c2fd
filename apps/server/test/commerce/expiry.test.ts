/** Unpaid orders close after ORDER_TTL_S (here 1 s): on the status poll, and by the server's order job alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { waitForJob } from '../wait.js';
import { confirmSandbox, getInfo, opt, orderRow, pathOf, payOrder, payStatus } from './helpers.js';

describe('order expiry', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ orderTtlS: 1, orderSweepMs: 100 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an unpaid order reads 1, then 3 once its TTL passed; the sandbox page refuses it', async () => {
    const { token } = await newUser(t);
    const created = Date.now();
    const order = (await payOrder(t, token, { optionId: opt('vip-30d') })).data;
    expect(order.expiresIn).toBe(1);
    expect((await payStatus(t, token, order.orderId)).data).toBe(1);
    await new Promise((r) => setTimeout(r, Math.max(0, created + 1100 - Date.now())));
    expect((await payStatus(t, token, order.orderId)).data).toBe(3);
    const res = await confirmSandbox(t, order.codeUrl);
    expect(res.status).toBe(410);
    expect((await getInfo(t, token)).isVip).toBe(1);
    expect((await t.request(pathOf(order.codeUrl))).text).toContain('订单已关闭');
  });

  it('the order job closes an expired order nobody polls', async () => {
    const { token } = await newUser(t);
    const order = (await payOrder(t, token, { optionId: opt('copy-basic'), number: 2 })).data;
    let row = await orderRow(t, order.orderId);
    expect(row.status).toBe(1);
    row = await waitForJob({ what: `order ${order.orderId} closed by the order job`, read: () => orderRow(t, order.orderId), until: (r) => r.status !== 1 });
    expect(row).toMatchObject({ status: 3, close_reason: 'expired' });
  });
});

describe('PAY_SANDBOX_CONFIRM=false', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ paySandboxConfirm: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the page shows the order without a pay button and POST pays nothing', async () => {
    const { token } = await newUser(t);
    const order = (await payOrder(t, token, { optionId: opt('vip-30d') })).data;
    const page = await t.request(pathOf(order.codeUrl));
    expect(page.status).toBe(200);
    expect(page.text).toContain('¥199.00');
    expect(page.text).toContain('沙箱支付已关闭');
    expect(page.text).not.toContain('<form');
    const res = await confirmSandbox(t, order.codeUrl);
    expect(res.status).toBe(403);
    expect((await payStatus(t, token, order.orderId)).data).toBe(1);
  });
});
