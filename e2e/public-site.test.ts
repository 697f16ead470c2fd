import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { uniquePhone, type TestServer } from '../apps/server/test/harness.js';
import { launch, newContext, shot, trackErrors } from './browser.js';
import { WAIT, loginByCookie, onPath, startE2eServer, visible } from './flows.js';

/**
 * The public site in Chromium at a desktop and a phone width: the news list and an article (and back), the merchant
 * directory's filters, the cooperation form (Chinese validation errors, then success), the customer-service page
 * (anonymous login prompt, feedback once logged in) and the 404 page for an unknown article.
 * Expected texts are written out here rather than imported from the app.
 */

let t: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [t, browser] = await Promise.all([startE2eServer(), launch()]);
});

afterAll(async () => {
  await Promise.allSettled(contexts.map((c) => c.close()));
  await browser?.close();
  await t?.close();
});

async function open(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, { width, height: width < 800 ? 812 : 1080 });
  context.setDefaultTimeout(WAIT);
  context.setDefaultNavigationTimeout(WAIT * 2);
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: trackErrors(page) };
}

/** Follows a top-navigation link; on a phone the links sit behind the menu button. */
async function navTo(page: Page, label: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: '展开菜单' }).click();
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: label, exact: true }).click();
}

async function noSideScroll(page: Page, width: number) {
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(w).toBeLessThanOrEqual(width);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe.each([
  { width: 1920, tag: '1920', phone: false },
  { width: 375, tag: '375', phone: true },
])('public site at $width px', ({ width, tag, phone }) => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await open(width));
  });

  it('home → 行业动态 → an article → back to the list', async () => {
    await page.goto(t.url);
    await visible(page.getByRole('button', { name: '免费开始写标书' }));

    await navTo(page, '行业动态', phone);
    await onPath(page, '/home/industry_dynamics.html');
    await expect.poll(() => h1(page).textContent(), { timeout: WAIT }).toBe('行业动态');
    const first = page.locator('.sx-news__item a').first();
    await visible(first);
    expect(await page.locator('.sx-news__item').count()).toBeGreaterThanOrEqual(5);
    await noSideScroll(page, width);
    await shot(page, `site-news-${tag}`);

    // a category tab narrows the list and lands in the query string
    const tab = page.getByRole('tab').nth(1);
    const category = (await tab.textContent())!.trim();
    await tab.click();
    await page.waitForURL((u) => u.searchParams.get('category') === category);
    await expect
      .poll(async () => (await page.locator('.sx-news__item .sx-chip').allTextContents()).every((c) => c === category), { timeout: WAIT })
      .toBe(true);
    await page.getByRole('tab', { name: '全部' }).click();
    await page.waitForURL((u) => !u.searchParams.has('category'));
    // the unfiltered list has replaced the filtered one (more than one category shows again)
    await expect
      .poll(async () => new Set(await page.locator('.sx-news__item .sx-chip').allTextContents()).size, { timeout: WAIT })
      .toBeGreaterThan(1);

    // read the title and click the same item in one tick, so a re-render cannot slip in between
    const title = await page.evaluate(() => {
      const item = document.querySelector('.sx-news__item')!;
      const text = item.querySelector('.sx-news__title')!.textContent!.trim();
      (item.querySelector('a') as HTMLAnchorElement).click();
      return text;
    });
    await page.waitForURL(/\/dynamic\/\d+\.html$/);
    await expect.poll(() => h1(page).textContent(), { timeout: WAIT }).toBe(title);
    await expect.poll(() => page.title(), { timeout: WAIT }).toContain(title);
    await visible(page.getByText('下一篇'));
    await noSideScroll(page, width);
    await shot(page, `site-article-${tag}`);

    await page.goBack();
    await onPath(page, '/home/industry_dynamics.html');
    await visible(page.locator('.sx-news__item').first());
    expect(errors).toEqual([]);
  });

  it('the merchant directory filters by region and by keyword', async () => {
    await page.goto(`${t.url}/home/merchant.html`);
    await expect.poll(() => h1(page).textContent(), { timeout: WAIT }).toBe('商家名录');
    await visible(page.locator('.sx-merchant').first());
    const all = await page.locator('.sx-merchant').count();
    expect(all).toBeGreaterThanOrEqual(8);

    const region = page.getByLabel('地区');
    const options = (await region.locator('option').allTextContents()).filter((o) => o !== '全部地区');
    expect(options.length).toBeGreaterThan(1);
    await region.selectOption(options[0]!);
    await page.waitForURL((u) => u.searchParams.get('region') === options[0]);
    await expect.poll(() => page.locator('.sx-merchant').count(), { timeout: WAIT }).toBeLessThan(all);
    for (const where of await page.locator('.sx-merchant .sx-merchant__where').allTextContents()) expect(where).toContain(options[0]);
    await noSideScroll(page, width);
    await shot(page, `site-merchants-${tag}`);

    await page.getByRole('button', { name: '重置' }).click();
    await expect.poll(() => page.locator('.sx-merchant').count(), { timeout: WAIT }).toBe(all);
    await page.getByLabel('关键词').fill('不存在的商家名称xyz');
    await page.getByRole('button', { name: '搜索' }).click();
    await visible(page.getByText('没有找到符合条件的商家'));

    // a card opens the merchant's page
    await page.getByRole('button', { name: '清除筛选' }).click();
    const name = (await page.locator('.sx-merchant__name').first().textContent())!.trim();
    await page.locator('.sx-merchant a').first().click();
    await page.waitForURL(/\/merchantDetail\/\d+\.html$/);
    await expect.poll(() => h1(page).textContent(), { timeout: WAIT }).toBe(name);
    await visible(page.getByRole('heading', { name: '联系商家' }));
    expect(errors).toEqual([]);
  });

  it('the cooperation form shows Chinese errors, then stores a valid request', async () => {
    await page.goto(`${t.url}/home/business.html`);
    const form = page.getByRole('form', { name: '商务合作申请' });
    await visible(form);
    await form.getByRole('button', { name: '提交申请' }).click();
    await visible(form.getByText('请输入公司名称'));
    await visible(form.getByText('请输入联系人姓名'));
    await visible(form.getByText('请输入手机号'));

    await form.getByLabel('公司名称').fill('杭州测试建设工程有限公司');
    await form.getByLabel('联系人').fill('王工');
    await form.getByLabel('手机号').fill('12800001111');
    await form.getByRole('button', { name: '提交申请' }).click();
    await visible(form.getByText('手机号格式不正确，请输入 11 位手机号'));
    expect(await form.getByText('请输入公司名称').count()).toBe(0);
    await form.getByLabel('手机号').scrollIntoViewIfNeeded();
    await shot(page, `site-business-error-${tag}`);

    await form.getByLabel('手机号').fill(uniquePhone());
    await form.getByLabel('合作类型').selectOption('企业团队采购');
    await form.getByLabel('需求说明').fill('团队 20 人，希望了解企业会员与统一开票。');
    await form.getByRole('button', { name: '提交申请' }).click();
    await visible(page.getByRole('heading', { name: '提交成功' }));
    await noSideScroll(page, width);
    await shot(page, `site-business-ok-${tag}`);
    expect(errors).toEqual([]);
  });

  it('an unknown article is the 404 page, with HTTP 404', async () => {
    const res = await page.goto(`${t.url}/dynamic/999999.html`);
    expect(res?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: '页面不存在' }));
    await visible(page.getByText('/dynamic/999999.html'));
    await expect.poll(() => page.title(), { timeout: WAIT }).toContain('页面不存在');
    await shot(page, `site-404-${tag}`);
    // the document's own 404 status is logged by Chromium as a failed resource, not a page error
    expect(errors).toEqual([]);
  });

  it('an unknown /home/{code}.html is the 404 page and lists the pages that exist', async () => {
    const res = await page.goto(`${t.url}/home/nosuch.html`);
    expect(res?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: '页面不存在' }));
    const pages = page.getByRole('navigation', { name: '本站的专题页面' });
    await visible(pages.getByRole('link', { name: '网站地图' }));
    await visible(pages.getByRole('link', { name: '关于我们' }));
    await shot(page, `site-404-home-${tag}`);
    // the site map lists the same stored pages, and opens them
    await pages.getByRole('link', { name: '网站地图' }).click();
    await onPath(page, '/home/website_map.html');
    const map = page.locator('.sitemap-grid');
    await visible(map.getByRole('link', { name: '关于我们' }));
    await shot(page, `site-map-${tag}`);
    await map.getByRole('link', { name: '关于我们' }).click();
    await visible(page.getByRole('heading', { name: '关于我们' }));
    expect(errors).toEqual([]);
  });

  it('the demo walks through the six steps', async () => {
    await page.goto(`${t.url}/demo`);
    await visible(page.getByRole('heading', { name: '第 1 步：上传招标文件' }));
    for (const next of ['解析', '目录', '生成全文', '检查', '导出']) {
      await page.getByRole('button', { name: `下一步：${next}` }).click();
      await visible(page.getByRole('heading', { name: new RegExp(`：${next}$`) }));
    }
    await visible(page.getByRole('button', { name: '用我的招标文件试一试' }));
    await noSideScroll(page, width);
    await shot(page, `site-demo-${tag}`);
    expect(errors).toEqual([]);
  });
});

describe('customer service', () => {
  it('asks anonymous visitors to log in, and takes feedback once logged in', async () => {
    const { context, page, errors } = await open(1920);
    await page.goto(`${t.url}/home/CustomerService`);
    await visible(page.getByRole('button', { name: '登录后反馈' }));
    await visible(page.getByRole('img', { name: /微信客服二维码/ }));

    await loginByCookie(context, t, uniquePhone());
    await page.reload();
    const form = page.getByRole('form', { name: '意见反馈' });
    await visible(form);
    await visible(page.getByText('您还没有提交过反馈。'));
    await form.getByRole('button', { name: '提交反馈' }).click();
    await visible(form.getByText('请填写反馈内容'));
    await form.getByRole('radio', { name: '问题反馈' }).click();
    await form.getByLabel('反馈内容').fill('导出 Word 时页码从第二页开始，希望可以自定义起始页。');
    await form.getByRole('button', { name: '提交反馈' }).click();
    await visible(form.getByText(/感谢您的反馈/));
    await visible(page.locator('.sx-feedback li').filter({ hasText: '导出 Word 时页码从第二页开始' }));
    await visible(page.locator('.sx-feedback li').filter({ hasText: '问题反馈' }));
    await shot(page, 'site-customer-service-1920');

    // the public profile page shows the logged-in user and leads to the workbench profile
    await page.goto(`${t.url}/user/profile`);
    await expect.poll(() => h1(page).textContent(), { timeout: WAIT }).toBe('个人资料');
    await visible(page.getByText('普通用户'));
    await visible(page.getByRole('link', { name: '前往个人中心修改资料' }));
    await shot(page, 'site-profile-1920');
    expect(errors).toEqual([]);
  });

  it('sends anonymous visitors of /user/profile home with the login dialog', async () => {
    const { page } = await open(375);
    await page.goto(`${t.url}/user/profile`);
    await onPath(page, '/');
    await visible(page.getByRole('dialog').filter({ hasText: '手机号登录' }));
  });
});
