/**
 * Content and feedback in the operator console, in Chromium (issue 28): a tenant's operator writes a news article in the
 * rich-text editor, previews it as the public page renders it, saves it as a draft (the public site does not list it),
 * publishes it — a visitor then finds it in 行业动态 and reads the formatted body. Then a user's feedback is answered
 * from the inbox: the user, on 客服中心, is told at once and reads the reply in 我的反馈. Screenshots of each step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type TestServer } from '../apps/server/test/harness.js';
import { inviteOperator, signInSuper } from '../apps/server/test/admin/helpers.js';
import { launch, newContext, shot, trackErrors } from './browser.js';
import { WAIT, loggedInPage, onPath, startE2eServer, visible } from './flows.js';
import { drawPicture } from '../packages/bid-engine/test/fixtures/pictures.js';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const TITLE = '政府采购评审因素细化：运营后台发布测试';

beforeAll(async () => {
  [t, browser] = await Promise.all([startE2eServer({ smsResendS: 0 }), launch()]);
  const su = await signInSuper(t);
  const op = await inviteOperator(t, su.token, '000000', '内容运营');
  context = await newContext(browser, { width: 1440, height: 900 });
  context.setDefaultTimeout(WAIT);
  // the console keeps its operator's token in its own storage key
  await context.addInitScript((token) => window.localStorage.setItem('btz-operator-token', token), op.token);
  page = await context.newPage();
  errors = trackErrors(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

describe('content in the console', () => {
  it('writes a news article with the editor and previews it as the public page shows it', async () => {
    await page.goto(`${t.url}/admin/content`);
    await visible(page.getByRole('tab', { name: '行业动态' }));
    await page.getByRole('button', { name: '新建行业动态' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '新建行业动态' });
    await drawer.getByLabel('标题').fill(TITLE);
    await drawer.getByLabel('摘要').fill('评审因素应当细化、量化，并与采购需求相对应。');
    await drawer.getByLabel('分类').fill('政策解读');
    const body = drawer.getByRole('textbox', { name: '正文' });
    await body.click();
    await drawer.getByRole('button', { name: '标题', exact: true }).click();
    await page.keyboard.type('一、评审因素的设置');
    await page.keyboard.press('Enter');
    await page.keyboard.type('评审因素应当');
    await drawer.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('细化和量化');
    await drawer.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('，与采购需求对应。');
    await shot(page, 'admin-content-editor');

    await drawer.getByRole('button', { name: '预览' }).click();
    const preview = page.getByTestId('content-preview');
    await visible(preview.getByRole('heading', { level: 1, name: TITLE }));
    await visible(preview.getByRole('heading', { level: 2, name: '一、评审因素的设置' }));
    await expect.poll(() => preview.locator('.site-article strong').textContent()).toBe('细化和量化');
    await visible(preview.getByText('政策解读'));
    await shot(page, 'admin-content-preview');
    await page.locator('.ant-modal-close').click();
    await expect.poll(() => preview.count()).toBe(0);

    await drawer.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('已保存为草稿（未发布，公开页面不显示）'));
    const row = page.locator('.ant-table-row', { hasText: TITLE });
    await visible(row.getByText('草稿'));
  });

  it('a draft is not on the public site; published, a visitor reads it there', async () => {
    const visitor = await (await newContext(browser)).newPage();
    await visitor.goto(`${t.url}/home/industry_dynamics.html`);
    await visible(visitor.locator('a[href^="/dynamic/"]').first());
    expect(await visitor.getByText(TITLE).count()).toBe(0);

    const row = page.locator('.ant-table-row', { hasText: TITLE });
    await row.getByText('发布', { exact: true }).click();
    await page.getByRole('dialog').filter({ hasText: '发布后公开网站立即可见' }).getByRole('button', { name: /^发\s*布$/ }).click();
    await visible(row.getByText('已发布'));
    await shot(page, 'admin-content-published');

    await visitor.reload();
    await visitor.getByText(TITLE).first().click();
    await visitor.waitForURL(/\/dynamic\/\d+\.html$/);
    await visible(visitor.getByRole('heading', { level: 1, name: TITLE }));
    await visible(visitor.getByRole('heading', { level: 2, name: '一、评审因素的设置' }));
    expect(await visitor.locator('.site-article strong').textContent()).toBe('细化和量化');
    await shot(visitor, 'public-news-from-console');
    await visitor.context().close();
  });
});

describe('brand settings', () => {
  it("the operator sets the brand's SEO title and service phone; the public site shows them at once", async () => {
    await page.getByRole('menuitem', { name: '品牌设置' }).click();
    await onPath(page, '/admin/brand');
    await page.getByLabel('客服电话').fill('400-800-2027');
    await page.getByLabel('首页标题').fill('标书AI｜品牌设置生效测试');
    // the header logo uploaded from here (checked on the server like every picture), previewed beside its field
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('logo-upload-homeLogoDark').click();
    await (await chooser).setFiles({ name: '深色Logo.png', mimeType: 'image/png', buffer: drawPicture(51, 360, 120) });
    await visible(page.getByText('已上传，保存品牌设置后生效'));
    await expect.poll(() => page.getByLabel('首页 Logo（深色背景）', { exact: true }).inputValue(), { timeout: WAIT }).toMatch(/^\/brand-file\/[0-9a-f]{64}\.png$/);
    const logoPath = await page.getByLabel('首页 Logo（深色背景）', { exact: true }).inputValue();
    await shot(page, 'admin-brand');
    await page.getByRole('button', { name: '保存品牌设置' }).click();
    await visible(page.getByText('品牌设置已保存，公开网站已生效'));

    const visitor = await (await newContext(browser)).newPage();
    await visitor.goto(`${t.url}/`);
    await expect.poll(() => visitor.title()).toBe('标书AI｜品牌设置生效测试');
    await visible(visitor.getByText('400-800-2027'));
    // every page of the brand carries the title as its site name, also when the app moves there itself
    await visitor.locator('a[href="/home/industry_dynamics.html"]').first().click();
    await onPath(visitor, '/home/industry_dynamics.html');
    await expect.poll(() => visitor.title()).toBe('行业动态 - 标书AI｜品牌设置生效测试');
    await visitor.goBack();
    await onPath(visitor, '/');
    // the public header shows the uploaded logo, loaded
    const logo = visitor.locator(`img[src="${logoPath}"]`).first();
    await visible(logo);
    await expect.poll(() => logo.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(visitor, 'public-brand-logo');
    await visitor.context().close();
  });
});

describe('feedback inbox', () => {
  it('the operator replies; the user on 客服中心 is told at once and reads the reply in 我的反馈', async () => {
    const user = await loggedInPage(browser, t);
    const sent = await t.api<any>('/btz/common/addFeedback', { token: user.token, body: { type: 2, content: '导出 Word 后目录页码与正文不一致', contact: '' } });
    expect(sent.json.success).toBe(true);
    await user.page.goto(`${t.url}/home/CustomerService`);
    const mine = user.page.locator('.sx-feedback li', { hasText: '导出 Word 后目录页码与正文不一致' });
    await visible(mine.getByText('处理中'));

    await page.getByRole('menuitem', { name: '用户反馈' }).click();
    await onPath(page, '/admin/feedback');
    const row = page.locator('.ant-table-row', { hasText: '导出 Word 后目录页码与正文不一致' });
    await visible(row.getByText('待回复'));
    // times to the minute, as on every screen (DESIGN.md)
    await visible(row.locator('td').filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ }));
    expect(await row.textContent()).not.toMatch(/\d{2}:\d{2}:\d{2}/);
    await row.getByRole('button', { name: '回复' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '回复用户反馈' });
    await dialog.getByLabel('回复内容').fill('已修复目录页码的问题，请重新导出一次。');
    await shot(page, 'admin-feedback-reply');
    await dialog.getByRole('button', { name: '发送回复' }).click();
    await visible(page.getByText('已回复，用户可在「我的反馈」中看到'));
    // the filter shows unreplied feedback: the answered one leaves the list
    await expect.poll(() => row.count()).toBe(0);

    await visible(user.page.getByText('客服已回复您的反馈，可在「客服中心 · 我的反馈」查看'));
    await visible(mine.getByText('已修复目录页码的问题，请重新导出一次。'));
    await visible(mine.getByText('已回复'));
    await shot(user.page, 'user-feedback-replied');
    expect(user.errors).toEqual([]);
    await user.context.close();
    expect(errors).toEqual([]);
  });
});
