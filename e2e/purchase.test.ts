import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  fenToYuan,
  formatYuan,
  pickBestCoupon,
  priceYuan,
  profileIndex,
  yuanToFen,
  type CouponRecord,
  type RechargeOption,
} from '@btz/shared';
import { uniquePhone, type TestServer } from '../apps/server/test/harness.js';
import { launch, newContext, shot, trackErrors } from './browser.js';
import { WAIT, loginByCookie, startE2eServer, visible } from './flows.js';

/**
 * The purchase flow through Chromium (issue 4, item 5): a new user claims the new-user coupons from the gift dialog,
 * picks the 普通版 per-copy pack with quantity 3, sees the automatically picked coupon and the payable, pays on the
 * sandbox page in a second (phone-sized) page, sees 支付成功！ and then the recharged screen, and finds the copies in
 * the header, in get-info and in the recharge records. Also: greyed 「本单不可用」 coupons, the closing rules.
 * Expected texts are written out here (spec §2/§4); prices and coupons come from the server's own lists, worked out with
 * the shared money and coupon rules.
 */

let t: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // the sandbox QR encodes PUBLIC_BASE_URL/m/pay/{orderNo}; unset, it is the address the server really listens on
  [t, browser] = await Promise.all([startE2eServer(), launch()]);
});

afterAll(async () => {
  await Promise.allSettled(contexts.map((c) => c.close()));
  await browser?.close();
  await t?.close();
});

async function open(opts: Parameters<typeof newContext>[1] = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, opts);
  context.setDefaultTimeout(WAIT);
  context.setDefaultNavigationTimeout(WAIT * 2);
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: trackErrors(page) };
}

/* ---- the server's view, read the way another client would -------------------------------------------------------- */

async function personalOptions(token: string): Promise<RechargeOption[]> {
  const res = await t.api('/btz/bid-order/order-option-select', { token, query: { type: 1 } });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as RechargeOption[];
}

/** The 普通版 per-copy pack (unitType 2, bidType 1). */
async function basicPack(token: string): Promise<RechargeOption> {
  const pack = (await personalOptions(token)).find((o) => o.unitType === 2 && o.bidType === 1);
  expect(pack, 'a 普通版 per-copy pack is on sale').toBeDefined();
  return pack!;
}

async function usableCoupons(token: string): Promise<CouponRecord[]> {
  const res = await t.api('/btz/coupon/coupon-list', { token, query: { current: 1, size: 100, status: 1 } });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data.records as CouponRecord[];
}

async function userInfo(token: string) {
  const res = await t.api('/btz/user/get-info', { token });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as { commonBidNumber: number; flagshipBidNumber: number; isVip: number; isNewUser: number };
}

/** What the server charges: unit × number − coupon, never below 0.01 yuan (integer fen). */
function payableOf(unit: number, number: number, coupon: CouponRecord | undefined): number {
  const totalFen = yuanToFen(priceYuan(unit, number));
  return fenToYuan(Math.max(1, totalFen - (coupon ? yuanToFen(coupon.discountAmount) : 0)));
}

/* ---- the dialog ---------------------------------------------------------------------------------------------------- */

const dialog = (page: Page) => page.getByTestId('purchase-dialog');
const qr = (page: Page) => page.getByTestId('pay-qr');
const text = async (l: Locator) => ((await l.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Opens the workbench and the purchase dialog from the header's 开通会员, on the personal tab with its packages. */
async function openDialog(page: Page) {
  await page.goto(`${t.url}/workbench`);
  const buy = page.locator('.wb-header').getByRole('button', { name: '开通会员' });
  await visible(buy);
  await buy.click();
  await visible(dialog(page));
  await visible(page.getByTestId('panel-personal'));
  await expect.poll(() => page.getByRole('tab', { name: '个人VIP' }).getAttribute('aria-selected'), { timeout: WAIT }).toBe('true');
}

/** The QR holds a finished order (its codeUrl), not the spinner of one being made. */
async function qrReady(page: Page): Promise<string> {
  await expect.poll(() => qr(page).getAttribute('data-code-url'), { timeout: WAIT }).toMatch(/^https?:\/\//);
  return (await qr(page).getAttribute('data-code-url'))!;
}

/** Selects a card by its title (the quantity input stops clicks from reaching the card). */
async function pick(page: Page, option: RechargeOption) {
  const card = page.getByTestId(`option-${option.id}`);
  await card.locator('.pd-card__title').click();
  await expect.poll(() => card.getAttribute('aria-checked'), { timeout: WAIT }).toBe('true');
  return card;
}

/** A pay-order request for this option and quantity, answered. */
function orderCreated(page: Page, option: RechargeOption, number: number) {
  return page.waitForResponse(
    (r) => {
      const u = new URL(r.url());
      return (
        u.pathname === '/api/btz/bid-order/pay-order' &&
        u.searchParams.get('optionId') === option.id &&
        u.searchParams.get('number') === String(number)
      );
    },
    { timeout: WAIT * 2 },
  );
}

describe('buying 普通版 copies with the best new-user coupon', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token: string;
  let pack: RechargeOption;
  let paidOrderNo = '';
  let payable = 0;
  let discount = 0;

  beforeAll(async () => {
    ({ context, page, errors } = await open());
    ({ token } = await loginByCookie(context, t, uniquePhone()));
    pack = await basicPack(token);
  });

  it('claims the new-user pack, pays 3 copies on the sandbox page and sees them granted', async () => {
    expect((await userInfo(token)).commonBidNumber).toBe(0);
    await openDialog(page);

    // a new user without coupons: × leads to the new-user gift pack, 立即领取 claims it and the dialog stays open
    await page.getByTestId('purchase-close').click();
    const gift = page.getByTestId('new-user-gift');
    await visible(gift.getByText('新人礼包已为您备好'));
    await visible(gift.getByText('新人大额券'));
    await gift.getByRole('button', { name: '立即领取' }).click();
    await visible(page.getByText('恭喜您，获得新人优惠券！'));
    await gift.waitFor({ state: 'hidden', timeout: WAIT });
    await visible(dialog(page));

    const coupons = await usableCoupons(token);
    expect(coupons.length).toBeGreaterThanOrEqual(3);
    await visible(page.getByTestId('coupon-current'));
    await qrReady(page);
    await shot(page, 'purchase-dialog-personal');

    // the 普通版 pack, quantity 3: the order is re-created for 3 copies with the best coupon for that price
    const price = priceYuan(pack.money, 3);
    const best = pickBestCoupon(coupons, price);
    expect(best, `a coupon fits ${price} yuan`).toBeDefined();
    // the best pick for 3 copies is not simply the largest coupon nor the no-threshold one
    expect(best!.minAmount).toBeGreaterThan(0);
    payable = payableOf(pack.money, 3, best);
    discount = best!.discountAmount;

    const card = await pick(page, pack);
    const created = orderCreated(page, pack, 3);
    const qty = card.getByRole('spinbutton');
    await qty.fill('3');
    await qty.press('Tab');
    const res = await created;
    const sent = new URL(res.url()).searchParams;
    expect(sent.get('userCouponId')).toBe(best!.id);
    const body = (await res.json()) as { success: boolean; data: { codeUrl: string; orderId: string } };
    expect(body.success).toBe(true);
    const { codeUrl } = body.data;

    // the QR is this order's, an absolute URL of this server (the sandbox page); the link beside it opens the same
    await expect.poll(() => qr(page).getAttribute('data-code-url'), { timeout: WAIT }).toBe(codeUrl);
    expect(codeUrl.startsWith(`${t.url}/m/pay/`)).toBe(true);
    expect(await page.getByTestId('sandbox-link').getAttribute('href')).toBe(codeUrl);
    paidOrderNo = decodeURIComponent(new URL(codeUrl).pathname.split('/').pop()!);

    expect(await text(page.getByTestId('pay-amount'))).toBe(formatYuan(payable));
    const current = await text(page.getByTestId('coupon-current'));
    expect(current).toContain(`-${formatYuan(best!.discountAmount)}`);
    expect(current).toContain(best!.title);
    expect(await text(card.locator('.pd-card__desc'))).toMatch(/^3份普通版标书/);
    expect(await text(card.locator('.pd-qty__sum'))).toContain(formatYuan(price));
    await shot(page, 'purchase-copies-qty3');

    // the phone: the sandbox page shows the amount the server computed; 确认支付 pays
    const phone = await open({ width: 390, height: 844 });
    const sandbox = await phone.page.goto(codeUrl);
    expect(sandbox?.status()).toBe(200);
    await visible(phone.page.getByRole('heading', { name: '确认支付' }));
    expect(await text(phone.page.locator('.amount'))).toBe(formatYuan(payable));
    await visible(phone.page.getByText('3 份', { exact: true }));
    await visible(phone.page.getByText(`-${formatYuan(best!.discountAmount)}`, { exact: true }));
    await shot(phone.page, 'purchase-sandbox');
    await phone.page.getByRole('button', { name: '确认支付' }).click();
    await visible(phone.page.getByRole('heading', { name: '支付成功' }));
    expect(await text(phone.page.locator('.amount'))).toBe(formatYuan(payable));
    expect(phone.errors).toEqual([]);

    // back on the computer: 支付成功！, then (after 2 s) the recharged screen
    const success = page.getByTestId('pay-success');
    await visible(success.getByText('支付成功！'));
    await shot(page, 'purchase-success');
    const granted = page.getByTestId('copies-granted');
    await visible(granted);
    expect(await success.count()).toBe(0);
    await visible(granted.getByText('充值成功'));
    await visible(granted.getByText(/3 份普通版标书已到账/));
    // the panel behind the screens still shows what was paid (the spent coupon has left the refetched list by now)
    expect(await text(page.getByTestId('pay-amount'))).toBe(formatYuan(payable));
    await shot(page, 'purchase-granted');

    await granted.getByRole('button', { name: '我知道了' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: WAIT });

    // the new counts: header and get-info; the coupon is spent
    await expect.poll(() => text(page.locator('.wb-header__copies')), { timeout: WAIT }).toContain('普通 3 份');
    const info = await userInfo(token);
    expect(info.commonBidNumber).toBe(3);
    expect(info.flagshipBidNumber).toBe(0);
    const left = await usableCoupons(token);
    expect(left.map((c) => c.id)).not.toContain(best!.id);
    expect(left.length).toBe(coupons.length - 1);
    expect(errors).toEqual([]);
  });

  it('lists the paid order in the recharge records', async () => {
    expect(paidOrderNo, 'the purchase test paid an order').not.toBe('');
    const info = await userInfo(token);
    await page.goto(`${t.url}/workbench/profile?index=${profileIndex(info)}`);
    const records = page.getByTestId('recharge-records');
    await expect.poll(() => page.getByRole('tab', { name: '充值记录' }).getAttribute('aria-selected'), { timeout: WAIT }).toBe('true');
    const row = records.locator('tr', { hasText: paidOrderNo });
    await visible(row);
    // the table has finished loading (no blurred rows under a spinner)
    await expect.poll(() => records.locator('.ant-spin-spinning, .ant-spin-blur').count(), { timeout: WAIT }).toBe(0);
    // …and its fade back from the loading blur is over
    const container = records.locator('.ant-spin-container').first();
    await expect.poll(() => container.evaluate((el) => getComputedStyle(el).opacity), { timeout: WAIT }).toBe('1');
    const cells = await text(row);
    expect(cells).toContain('已支付');
    expect(cells).toContain(formatYuan(payable));
    expect(cells).toContain(`优惠 ${formatYuan(discount)}`);
    expect(cells).toContain('× 3');
    // paid and refunded orders by default: the orders the dialog created and closed stay behind the filter
    const all = (await t.api('/btz/bid-order/order-list', { token, query: { current: 1, size: 10 } })).json.data.records as { status: number }[];
    const settled = all.filter((o) => o.status === 2 || o.status === 4).length;
    expect(await records.locator('tbody tr.ant-table-row').count()).toBe(settled);
    expect(await records.locator('tbody tr', { hasText: '已关闭' }).count()).toBe(0);
    await records.getByLabel('订单状态').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '全部（含未支付、已关闭）' }).click();
    await expect.poll(() => records.locator('tbody tr.ant-table-row').count(), { timeout: WAIT }).toBe(all.length);
    await shot(page, 'purchase-records');
    expect(errors).toEqual([]);
  });
});

describe('coupons and closing', () => {
  /** A new user who claimed the new-user pack through the API, with the dialog open. */
  async function userWithCoupons() {
    const { context, page, errors } = await open();
    const { token } = await loginByCookie(context, t, uniquePhone());
    const claimed = await t.api('/btz/coupon/getNewUserCoupon', { token });
    expect(claimed.json?.success, claimed.text).toBe(true);
    const coupons = await usableCoupons(token);
    expect(coupons.length).toBeGreaterThanOrEqual(3);
    await openDialog(page);
    return { page, errors, token, coupons };
  }

  it('greys a coupon whose minimum spend exceeds the price and refuses it', async () => {
    const { page, errors, token, coupons } = await userWithCoupons();
    const pack = await basicPack(token);
    const price = priceYuan(pack.money, 1);
    const big = [...coupons].sort((a, b) => b.minAmount - a.minAmount)[0]!;
    expect(big.minAmount).toBeGreaterThan(price);
    const best = pickBestCoupon(coupons, price);
    expect(best).toBeDefined();

    await pick(page, pack);
    await expect.poll(() => text(page.getByTestId('pay-amount')), { timeout: WAIT }).toBe(formatYuan(payableOf(pack.money, 1, best)));
    await expect.poll(() => text(page.getByTestId('coupon-current')), { timeout: WAIT }).toContain(`-${formatYuan(best!.discountAmount)}`);

    await page.getByTestId('coupon-trigger').click();
    const entry = page.getByTestId(`coupon-${big.id}`);
    await visible(entry);
    // the popover has finished zooming in
    await expect.poll(() => page.locator('.pd-coupon-pop').getAttribute('class'), { timeout: WAIT }).not.toMatch(/-(appear|enter)/);
    expect(await entry.getAttribute('class')).toContain('is-unusable');
    expect(await entry.getAttribute('aria-disabled')).toBe('true');
    await visible(entry.getByText('本单不可用'));
    // the usable one is not marked
    expect(await page.getByTestId(`coupon-${best!.id}`).getByText('本单不可用').count()).toBe(0);
    await shot(page, 'purchase-coupons-unusable');

    // aria-disabled (greyed) but still clickable: the click explains why it is refused
    await entry.hover();
    await entry.click({ force: true });
    await visible(page.getByText('未达到最低消费金额，该优惠券无法使用！'));
    // the choice stays on the best usable coupon
    expect(await text(page.getByTestId('coupon-current'))).toContain(`-${formatYuan(best!.discountAmount)}`);
    expect(await text(page.getByTestId('pay-amount'))).toBe(formatYuan(payableOf(pack.money, 1, best)));
    expect(errors).toEqual([]);
  });

  it('ignores Escape and outside clicks; closing with coupons asks to give them up, 狠心离开 closes', async () => {
    const { page, errors } = await userWithCoupons();
    await qrReady(page);

    await page.keyboard.press('Escape');
    // outside the 1200 px dialog on the 1920 px screen: the mask
    await page.mouse.click(20, 540);
    expect(await dialog(page).isVisible()).toBe(true);

    await page.getByTestId('purchase-close').click();
    const giveUp = page.getByTestId('give-up-coupon');
    await visible(giveUp.getByText('确定放弃限时优惠券吗？'));
    const countdown = giveUp.getByTestId('coupon-countdown');
    await expect.poll(() => text(countdown), { timeout: WAIT }).toMatch(/^\d+天\d{2}时\d{2}分\d{2}秒$/);
    const first = await text(countdown);
    // it counts down
    await expect.poll(() => text(countdown), { timeout: WAIT }).not.toBe(first);
    await shot(page, 'purchase-give-up-coupon');

    // 继续开通 keeps the dialog (which, seconds after the Escape and the outside click, is still there and not closing)
    await giveUp.getByRole('button', { name: '继续开通' }).click();
    await giveUp.waitFor({ state: 'hidden', timeout: WAIT });
    expect(await dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).getAttribute('class')).not.toContain('is-hidden');

    await page.getByTestId('purchase-close').click();
    await visible(giveUp.getByText('确定放弃限时优惠券吗？'));
    await giveUp.getByRole('button', { name: '狠心离开' }).click();
    await dialog(page).waitFor({ state: 'detached', timeout: WAIT });
    expect(errors).toEqual([]);
  });
});
