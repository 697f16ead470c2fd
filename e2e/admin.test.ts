/**
 * The operator console in Chromium (issue 28): the super-operator signs in through the one-time link the server printed
 * (binding its phone with an SMS code), finds a user and its entitlements, refunds the user's paid order (sandbox: at
 * once) — the order shows 已退款, the copies are taken back — filters the orders by status and payment method and opens
 * the provider's view, disables and enables the buyer's account, invites an operator of another tenant (who signs in
 * through its link and sees only that tenant's users) and reads the refund in the audit log. Screenshots of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { uniquePhone, type TestServer } from '../apps/server/test/harness.js';
import { confirmSandbox, getInfo, opt, payOrder } from '../apps/server/test/commerce/helpers.js';
import { printedSuperLink } from '../apps/server/test/admin/helpers.js';
import { launch, newContext, shot, trackErrors } from './browser.js';
import { WAIT, onPath, startE2eServer, visible, waitForSmsCode } from './flows.js';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  // the buyer signs in again after its account is enabled: no wait between SMS codes
  [t, browser] = await Promise.all([startE2eServer({ smsResendS: 0 }), launch()]);
  context = await newContext(browser, { width: 1440, height: 900 });
  context.setDefaultTimeout(WAIT);
  page = await context.newPage();
  errors = trackErrors(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

describe('the operator console', () => {
  const operatorPhone = uniquePhone();
  let buyer: { phone: string; token: string; orderNo: string; orderId: string };

  it('an anonymous visitor of /admin is sent to the console sign-in, not the user login', async () => {
    await page.goto(`${t.url}/admin`);
    await onPath(page, '/admin/sign-in');
    await visible(page.getByText('标书AI 运营后台'));
  });

  it('the super-operator signs in through the printed link, binding its phone', async () => {
    const { link } = printedSuperLink(t);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, t.url));
    await visible(page.getByText('首次登录：平台超级运营 · 超级运营员（全部租户）'));
    await page.getByPlaceholder('请输入手机号').fill(operatorPhone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('请输入验证码').fill(await waitForSmsCode(t, operatorPhone));
    await shot(page, 'admin-sign-in');
    await page.getByRole('button', { name: /绑定手机号并登录/ }).click();
    await onPath(page, '/admin');
    await visible(page.getByText(`超级运营员（${operatorPhone}）`));
  });

  it('finds a buyer by phone and sees its copies and ledger', async () => {
    const phone = uniquePhone();
    const login = await t.login(phone);
    const order = (await payOrder(t, login.access_token, { optionId: opt('copy-basic'), orderPayType: 1, number: 2 })).data;
    await confirmSandbox(t, order.codeUrl);
    expect((await getInfo(t, login.access_token)).commonBidNumber).toBe(2);
    buyer = { phone, token: login.access_token, orderNo: order.orderNo, orderId: order.orderId };

    await page.getByPlaceholder('手机号、昵称、姓名或公司').fill(phone);
    await page.getByRole('button', { name: '搜索' }).click();
    const row = page.locator('.ant-table-row', { hasText: phone });
    await visible(row);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await visible(row.getByText('普通版 2 份'));
    await row.getByText('查看').click();
    const drawer = page.getByRole('dialog').filter({ hasText: '用户详情' });
    await visible(drawer.getByText('权益流水'));
    await visible(drawer.locator('.ant-table-row', { hasText: '订单支付' }));
    await shot(page, 'admin-user-detail');
    await drawer.locator('.ant-drawer-close').click();
  });

  it('refunds the paid order: 已退款, the copies taken back', async () => {
    await page.getByRole('menuitem', { name: '订单与退款' }).click();
    await onPath(page, '/admin/orders');
    await page.getByPlaceholder('订单号或手机号').fill(buyer.orderNo);
    await page.getByRole('button', { name: '查询' }).click();
    const row = page.locator('.ant-table-row', { hasText: buyer.orderNo });
    await visible(row.getByText('已支付'));
    await row.locator('.admin-refund').click();
    const dialog = page.getByRole('dialog', { name: '订单退款' });
    await visible(dialog.getByText(`订单 ${buyer.orderNo}`));
    await dialog.getByPlaceholder('退款原因（必填）').fill('用户误购，申请退款');
    await shot(page, 'admin-refund-dialog');
    await dialog.getByRole('button', { name: '确认退款' }).click();
    await visible(page.getByText('退款成功，权益已收回'));
    await visible(row.getByText('已退款'));
    await shot(page, 'admin-orders-refunded');
    expect((await getInfo(t, buyer.token)).commonBidNumber).toBe(0);
    const mine = await t.api<any>('/btz/bid-order/order-list', { token: buyer.token, query: { current: 1, size: 10 } });
    expect(mine.json.data.records.find((o: any) => o.id === buyer.orderId)).toMatchObject({ status: 4, statusName: '已退款' });
  });

  it('filters the orders by status and payment method and shows the provider\'s view of one', async () => {
    await page.getByPlaceholder('订单号或手机号').fill('');
    const pick = async (placeholder: string, option: string) => {
      await page.locator('.admin-toolbar .ant-select', { hasText: placeholder }).click();
      await page.locator('.ant-select-item-option', { hasText: option }).click();
    };
    await pick('全部状态', '已退款');
    await pick('全部支付方式', '支付宝');
    await page.getByRole('button', { name: '查询' }).click();
    // the refunded order was paid with WeChat Pay (the sandbox): not among refunded Alipay orders
    await expect
      .poll(async () => (await page.locator('.ant-table-wrapper .ant-spin-spinning').count()) === 0 && (await page.locator('.ant-table-placeholder').isVisible()))
      .toBe(true);
    expect(await page.locator('.ant-table-row').count()).toBe(0);
    await page.locator('.admin-toolbar .ant-select', { hasText: '支付宝' }).click();
    await page.locator('.ant-select-item-option', { hasText: '微信支付' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    const row = page.locator('.ant-table-row', { hasText: buyer.orderNo });
    await visible(row.getByText('已退款'));
    await expect.poll(async () => (await page.locator('.ant-table-row').allTextContents()).every((r) => r.includes('已退款'))).toBe(true);
    await row.getByText('查询支付平台').click();
    const view = page.locator('.ant-modal-confirm', { hasText: '沙箱的记录' });
    await visible(view.getByText('沙箱支付没有远端记录，以本地订单为准'));
    await visible(view.getByText('已退款'));
    await shot(page, 'admin-orders-filter-provider');
    await view.getByRole('button', { name: /知道了|OK|确/ }).click();
  });

  it('disables the buyer: its login ends at once; enabled again it can sign in', async () => {
    await page.getByRole('menuitem', { name: '用户与企业' }).click();
    await onPath(page, '/admin');
    await page.getByPlaceholder('手机号、昵称、姓名或公司').fill(buyer.phone);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.locator('.ant-table-row', { hasText: buyer.phone }).getByText('查看').click();
    const drawer = page.getByRole('dialog').filter({ hasText: '用户详情' });
    await drawer.getByRole('button', { name: '停用账号' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '停用该账号？' });
    await confirm.getByPlaceholder('原因（必填）').fill('盗号风险，临时停用');
    await shot(page, 'admin-user-disable');
    await confirm.getByRole('button', { name: /^停\s*用$/ }).click();
    await visible(page.getByText('账号已停用'));
    await visible(drawer.getByText('已停用'));
    expect((await t.api('/btz/user/get-info', { token: buyer.token })).status).toBe(401);
    await expect(t.login(buyer.phone)).rejects.toThrow('账号已停用，请联系客服');
    await drawer.getByRole('button', { name: '启用账号' }).click();
    const again = page.locator('.ant-modal-confirm', { hasText: '启用该账号？' });
    await again.getByPlaceholder('原因（必填）').fill('核实为本人');
    await again.getByRole('button', { name: /^启\s*用$/ }).click();
    await visible(page.getByText('账号已启用'));
    await visible(drawer.getByRole('button', { name: '停用账号' }));
    await shot(page, 'admin-user-enabled');
    buyer.token = (await t.login(buyer.phone)).access_token;
    await drawer.locator('.ant-drawer-close').click();
  });

  it('edits a package: the new price is what a new order pays', async () => {
    await page.getByRole('menuitem', { name: '套餐' }).click();
    await onPath(page, '/admin/packages');
    const row = page.locator('.ant-table-row', { hasText: '普通版标书' }).first();
    await visible(row);
    await row.getByText('编辑').click();
    const dialog = page.getByRole('dialog', { name: '编辑套餐' });
    await dialog.getByLabel('角标').fill('限时特惠');
    await shot(page, 'admin-package-edit');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('套餐已保存'));
    await visible(page.locator('.ant-table-row', { hasText: '限时特惠' }));
    await shot(page, 'admin-packages');
    const options = await t.api<any>('/btz/bid-order/order-option-select', { token: buyer.token, query: { type: 1 } });
    expect(options.json.data.some((o: any) => o.cornerMark === '限时特惠')).toBe(true);
  });

  it('generates a batch of redeem codes', async () => {
    await page.getByRole('menuitem', { name: '优惠券与兑换码' }).click();
    await onPath(page, '/admin/coupons');
    await page.getByRole('button', { name: '生成兑换码' }).click();
    const dialog = page.getByRole('dialog', { name: '生成兑换码' });
    // the super-operator picks the tenant the batch is for
    await dialog.getByLabel('所属租户').click();
    await page.locator('.ant-select-item-option', { hasText: '（000000）' }).click();
    await dialog.getByLabel('券名称').fill('元旦兑换券');
    await dialog.getByLabel('优惠金额（元）').fill('30');
    await dialog.getByLabel('兑换码数量').fill('3');
    await dialog.getByRole('button', { name: '生成' }).click();
    await visible(page.getByText('已生成 3 个兑换码'));
    await visible(page.locator('.ant-table-row', { hasText: '元旦兑换券' }).getByText('已用 0 / 3'));
    await shot(page, 'admin-coupons');
  });

  it("invites an operator of tenant 389572 from the console; its link binds its phone and it sees only that tenant's users", async () => {
    const jwPhone = uniquePhone();
    await t.login(jwPhone, { host: 'jw.localhost' });
    await page.getByRole('menuitem', { name: '运营人员' }).click();
    await onPath(page, '/admin/operators');
    await page.getByRole('button', { name: '邀请运营人员' }).click();
    const dialog = page.getByRole('dialog', { name: '邀请运营人员' });
    await dialog.getByLabel('租户').click();
    await page.locator('.ant-select-item-option', { hasText: '（389572）' }).click();
    await dialog.getByLabel('姓名').fill('金网运营小李');
    await dialog.getByRole('button', { name: '生成登录链接' }).click();
    await visible(dialog.getByText('请把这条一次性登录链接发给对方'));
    const link = (await dialog.locator('.ant-typography').first().textContent())!.trim();
    expect(link).toMatch(/\/admin\/sign-in\?ticket=/);
    await shot(page, 'admin-operator-invite');
    await dialog.getByRole('button', { name: '完成' }).click();
    await visible(page.locator('.ant-table-row', { hasText: '金网运营小李' }).getByText('待首次登录'));

    // the invitee, in a browser of its own
    const other = await newContext(browser, { width: 1440, height: 900 });
    other.setDefaultTimeout(WAIT);
    const p2 = await other.newPage();
    const errors2 = trackErrors(p2);
    const phone = uniquePhone();
    await p2.goto(link.replace(/^https?:\/\/[^/]+/, t.url));
    await visible(p2.getByText(/首次登录：租户运营 · 金网运营小李（.+）/));
    await p2.getByPlaceholder('请输入手机号').fill(phone);
    await p2.getByRole('button', { name: '获取验证码' }).click();
    await p2.getByPlaceholder('请输入验证码').fill(await waitForSmsCode(t, phone));
    await p2.getByRole('button', { name: /绑定手机号并登录/ }).click();
    await onPath(p2, '/admin');
    await visible(p2.getByText(`金网运营小李（${phone}）`));
    await visible(p2.getByText('租户运营'));
    // no 运营人员 menu for a tenant's operator; its users are tenant 389572's only
    expect(await p2.getByRole('menuitem', { name: '运营人员' }).count()).toBe(0);
    await visible(p2.locator('.ant-table-row', { hasText: jwPhone }));
    await p2.getByPlaceholder('手机号、昵称、姓名或公司').fill(buyer.phone);
    await p2.getByRole('button', { name: '搜索' }).click();
    await expect
      .poll(async () => (await p2.locator('.ant-table-wrapper .ant-spin-spinning').count()) === 0 && (await p2.locator('.ant-table-placeholder').isVisible()))
      .toBe(true);
    expect(await p2.locator('.ant-table-row').count()).toBe(0);
    await shot(p2, 'admin-tenant-operator');
    expect(errors2).toEqual([]);
    await other.close();
  });

  it('the audit log shows the refund with its reason', async () => {
    await page.getByRole('menuitem', { name: '操作审计' }).click();
    await onPath(page, '/admin/audit');
    const row = page.locator('.ant-table-row', { hasText: '订单退款' });
    await visible(row.getByText('用户误购，申请退款'));
    // the change read as fields, not raw JSON: the order's status by name, the amount in yuan
    await visible(row.getByText('已支付 → 已退款'));
    await visible(row.getByText(/金额：¥\d/));
    expect(await row.textContent()).not.toContain('amountFen');
    await shot(page, 'admin-audit');
    expect(errors).toEqual([]);
  });
});
