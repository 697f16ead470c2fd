/**
 * The console's money side in Chromium (issue 28): the dashboard shows a real paid order's revenue (and nothing for the
 * other tenant), with its charts; a coupon campaign is created, stopped, started again and granted to a user by phone
 * (the user holds it); the LLM usage screen shows the model configured (a local OpenAI-compatible fake, its key never
 * shown) and the tokens and cost of the buyer's parsed bid, the reconciliation and welfare-reward screens open; a refund
 * reaches the user's 充值记录 as 已退款 with its amount and time. Screenshots of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatYuan, profileIndex, shanghaiToday } from '@btz/shared';
import { uniquePhone, type TestServer } from '../apps/server/test/harness.js';
import { confirmSandbox, opt, payOrder } from '../apps/server/test/commerce/helpers.js';
import { tenderDocx, uploadTender, waitParse } from '../apps/server/test/bid/helpers.js';
import { waitForJob } from '../apps/server/test/wait.js';
import type { FakeOpenAi } from '../packages/bid-engine/test/fakes/openai-server.js';
import { startOracleModel } from '../packages/bid-engine/test/fakes/oracle-model.js';
import { asOperator, operatorSignIn, printedSuperLink } from '../apps/server/test/admin/helpers.js';
import { launch, newContext, shot, trackErrors } from './browser.js';
import { ADMIN_TOKEN, WAIT, onPath, startE2eServer, visible } from './flows.js';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let suToken: string;
const buyerPhone = uniquePhone();
let buyer: { token: string; userId: string; orderId: string; orderNo: string; amount: number };
let llm: FakeOpenAi;
let bidId: string;
let served: { prompt: number; completion: number; cached: number };
const API_KEY = 'sk-e2e-console-secret-51c9';
const PRICE = { prompt: 2, completion: 8, cached: 0.5 };

beforeAll(async () => {
  // a local OpenAI-compatible model that answers the tender card's questions from the rule reading of the same file
  ({ llm } = await startOracleModel(await tenderDocx()));
  [t, browser] = await Promise.all([
    startE2eServer({ llmBaseUrl: llm.baseUrl, llmModel: 'fake-model', llmApiKey: API_KEY, llmPrices: { 'fake-model': PRICE }, jobPollMs: 50 }),
    launch(),
  ]);
  context = await newContext(browser, { width: 1440, height: 900 });
  context.setDefaultTimeout(WAIT);
  page = await context.newPage();
  errors = trackErrors(page);
  // the super-operator signs in through the printed link (the console's sign-in screen is e2e/admin.test.ts's)
  const r = await operatorSignIn(t, uniquePhone(), printedSuperLink(t).ticket);
  suToken = r.data.token;
  await context.addInitScript((token: string) => window.localStorage.setItem('btz-operator-token', token), suToken);
  // a buyer of tenant 000000 pays one order (the sandbox confirms it)
  const login = await t.login(buyerPhone);
  const order = (await payOrder(t, login.access_token, { optionId: opt('copy-basic'), orderPayType: 1 })).data;
  await confirmSandbox(t, order.codeUrl);
  buyer = { token: login.access_token, userId: String(login.user_id), orderId: order.orderId, orderNo: order.orderNo, amount: order.amount };
  // the buyer's tender is read with the model: its calls are what the usage screen must show
  bidId = await uploadTender(t, buyer.token, { name: '招标文件.docx', data: await tenderDocx() });
  expect((await waitParse(t, buyer.token, bidId)).parse.state).toBe('done');
  served = llm.requests.reduce((s, r) => ({ prompt: s.prompt + (r.usage?.prompt ?? 0), completion: s.completion + (r.usage?.completion ?? 0), cached: s.cached + (r.usage?.cached ?? 0) }), {
    prompt: 0,
    completion: 0,
    cached: 0,
  });
  expect(served.prompt).toBeGreaterThan(0);
  // each call's usage row is written as it finishes: wait until every served token is booked
  await waitForJob({
    what: 'llm_usage of the bid reaching the served tokens',
    read: async () => (await asOperator(t, suToken, '/btz/admin/llm/usage', { query: { by: 'bid' } })).json.data.rows.find((r: any) => r.key === bidId)?.promptTokens ?? 0,
    until: (p: number) => p === served.prompt,
    view: (p) => p,
  });
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
  await llm?.close();
});

/** the date n days from today in Asia/Shanghai, YYYY-MM-DD */
const inDays = (n: number) => new Date(Date.parse(`${shanghaiToday()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const stat = (label: string) => page.locator('.admin-stat', { hasText: label }).locator('.admin-stat__value');

describe('the console money side', () => {
  it('the dashboard shows the paid order as revenue, with charts; the other tenant shows none', async () => {
    // what the database holds: every paid order of this fresh server is the buyer's one
    const paid = (await asOperator(t, suToken, '/btz/admin/orders/search', { query: { status: 2, size: 100 } })).json.data.records;
    expect(paid.map((o: any) => o.id)).toEqual([buyer.orderId]);
    await page.goto(`${t.url}/admin/dashboard`);
    await visible(page.getByRole('heading', { name: '数据概览' }));
    await expect.poll(() => stat('收入').textContent(), { timeout: WAIT }).toBe(formatYuan(buyer.amount));
    await expect.poll(() => stat('付费用户').textContent(), { timeout: WAIT }).toBe('1');
    await visible(page.getByRole('img', { name: '收入与退款（元）' }));
    await visible(page.getByRole('img', { name: '大模型 token' }));
    expect(await page.locator('.admin-chart').count()).toBe(6);
    await shot(page, 'admin-dashboard');
    // tenant 金网 (389572): no order there
    await page.getByLabel('租户').click();
    await page.locator('.ant-select-item-option', { hasText: '（389572）' }).click();
    await expect.poll(() => stat('收入').textContent(), { timeout: WAIT }).toBe(formatYuan(0));
    await expect.poll(() => stat('付费用户').textContent(), { timeout: WAIT }).toBe('0');
    await shot(page, 'admin-dashboard-tenant');
  });

  it('a coupon campaign: created, stopped, started again and granted to a user by phone', async () => {
    await page.getByRole('menuitem', { name: '优惠券与兑换码' }).click();
    await onPath(page, '/admin/coupons');
    await page.getByRole('button', { name: '新建优惠券' }).click();
    const dialog = page.getByRole('dialog', { name: '新建优惠券' });
    await dialog.getByLabel('所属租户').click();
    await page.locator('.ant-select-item-option', { hasText: '（000000）' }).click();
    await dialog.getByLabel('券名称').fill('年终回馈券');
    await dialog.getByLabel('优惠金额（元）').fill('25');
    await dialog.getByLabel('使用门槛（元，0 为无门槛）').fill('199');
    await dialog.getByLabel('券有效天数（发放后）').fill('10');
    // a campaign that starts tomorrow: listed as not in its window (granting it is refused: admin/coupons.test.ts)
    await dialog.getByLabel('活动开始时间').fill(`${inDays(1)} 00:00`);
    await dialog.getByLabel('活动结束时间').fill(`${inDays(3)} 00:00`);
    await shot(page, 'admin-coupon-new');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('已新建优惠券'));
    const row = page.locator('.ant-table-row', { hasText: '年终回馈券' });
    await visible(row.getByText('活动券'));
    await visible(row.getByText(`${formatYuan(25)}（满 ${formatYuan(199)}）`));
    await visible(row.getByText(`${inDays(1)} 00:00 至 ${inDays(3)} 00:00`));
    await visible(row.getByText('不在活动时间'));
    // its creation time to the minute, as every console time (DESIGN.md)
    const cells = await row.locator('td').allTextContents();
    expect(cells.some((c) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(c.trim())), JSON.stringify(cells)).toBe(true);
    expect(cells.some((c) => /\d{2}:\d{2}:\d{2}/.test(c)), JSON.stringify(cells)).toBe(false);
    await shot(page, 'admin-coupons-window');
    // moved to start yesterday: in force
    await row.getByText('编辑', { exact: true }).click();
    const edit = page.getByRole('dialog', { name: '编辑优惠券' });
    await expect.poll(() => edit.getByLabel('活动开始时间').inputValue(), { timeout: WAIT }).toBe(`${inDays(1)} 00:00`);
    await edit.getByLabel('活动开始时间').fill(`${inDays(-1)} 00:00`);
    await edit.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('已保存，新规则对之后发放的券生效'));
    await visible(row.getByText(`${inDays(-1)} 00:00 至 ${inDays(3)} 00:00`));
    await visible(row.getByText('启用', { exact: true }));
    await row.getByText('停用', { exact: true }).click();
    await visible(row.getByText('已停用'));
    await row.getByText('启用', { exact: true }).click();
    await visible(row.getByText('发放给用户'));
    await row.getByText('发放给用户').click();
    const grant = page.getByRole('dialog', { name: '发放优惠券' });
    await grant.getByLabel('用户手机号').fill(buyerPhone);
    await grant.getByLabel('发放原因').fill('年终老用户回馈');
    await shot(page, 'admin-coupon-grant');
    await grant.getByRole('button', { name: '发放' }).click();
    await visible(page.getByText(`已向 ${buyerPhone} 发放「年终回馈券」`));
    await shot(page, 'admin-coupons-campaign');
    const mine = await t.api<any>('/btz/coupon/coupon-list', { token: buyer.token, query: { current: 1, size: 20 } });
    expect(mine.json.data.records.find((c: any) => c.title === '年终回馈券')).toMatchObject({ discountAmount: 25, minAmount: 199 });
  });

  it("the LLM usage screen: the model in force without its key, the bid's tokens and estimated cost; reconciliation and welfare rewards open", async () => {
    await page.getByRole('menuitem', { name: '大模型用量' }).click();
    await onPath(page, '/admin/llm');
    await visible(page.getByText('OpenAI 兼容接口'));
    await visible(page.getByText('已配置（不显示）'));
    await visible(page.getByText('fake-model：输入 2 · 缓存命中 0.5 · 输出 8'));
    expect(await page.content()).not.toContain(API_KEY);
    await page.getByText('按标书', { exact: true }).click();
    const fmt = (v: number) => v.toLocaleString('zh-CN');
    const cost = ((served.prompt - served.cached) * PRICE.prompt + served.cached * PRICE.cached + served.completion * PRICE.completion) / 1e6;
    const usageRow = page.locator('.ant-table-row', { hasText: fmt(served.prompt) });
    await visible(usageRow);
    expect(await usageRow.locator('td').allTextContents()).toEqual([
      expect.any(String),
      expect.any(String),
      fmt(llm.requests.length),
      fmt(served.prompt),
      fmt(served.cached),
      fmt(served.completion),
      `¥${cost.toFixed(cost < 1 ? 4 : 2)}`,
      'fake-model',
    ]);
    await shot(page, 'admin-llm');
    await page.getByRole('menuitem', { name: '订单与退款' }).click();
    await onPath(page, '/admin/orders');
    await page.getByRole('button', { name: '支付对账' }).click();
    // the sandbox keeps no remote record: its orders are counted, not compared
    await visible(page.getByText(/当日订单 \d+ 笔/));
    await shot(page, 'admin-reconcile');
    await page.locator('.ant-drawer-close').click();
    await page.getByRole('menuitem', { name: '福利任务奖励' }).click();
    await onPath(page, '/admin/welfare');
    const row = page.locator('.ant-table-row', { hasText: '完成第一份标书' }).first();
    await visible(row.getByText('普通版标书 1 份'));
    await shot(page, 'admin-welfare');
  });

  it("a refund reaches the user's 充值记录: 已退款 with the amount and the time", async () => {
    const r = await asOperator(t, suToken, '/btz/admin/orders/refund', { body: { id: buyer.orderId, reason: '用户申请退款' } });
    expect(r.json.data.status).toBe(4);
    const userContext = await newContext(browser);
    userContext.setDefaultTimeout(WAIT);
    const userPage = await userContext.newPage();
    const userErrors = trackErrors(userPage);
    await userContext.addCookies([{ name: ADMIN_TOKEN, value: buyer.token, url: t.url }]);
    const info = (await t.api<any>('/btz/user/get-info', { token: buyer.token })).json.data;
    await userPage.goto(`${t.url}/workbench/profile?index=${profileIndex(info)}`);
    const records = userPage.getByTestId('recharge-records');
    const row = records.locator('tr', { hasText: buyer.orderNo });
    await visible(row.getByText('已退款'));
    const refund = row.getByTestId('order-refund');
    await visible(refund);
    expect(await refund.textContent()).toBe(`${formatYuan(buyer.amount)}${r.json.data.refundTime.slice(0, 16)}`);
    await shot(userPage, 'user-recharge-refunded');
    await userContext.close();
    expect(userErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
