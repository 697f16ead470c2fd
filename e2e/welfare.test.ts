import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newUser, type TestServer } from '../apps/server/test/harness.js';
import { asOperator, signInSuper } from '../apps/server/test/admin/helpers.js';
import { launch, shot } from './browser.js';
import { loggedInPage, onPath, startE2eServer, visible } from './flows.js';
import { drawPicture } from '../packages/bid-engine/test/fixtures/pictures.js';

/**
 * 福利中心 and 用户资料 through Chromium (issue 27): a new user finds 完善个人资料 to do, completes the profile on the
 * userData page, comes back and double-clicks 领取 — the reward is granted once (one coupon on the server) and the task
 * reads 已领取; the ShareDialog shows the server's poster and copying the link completes the share task; the userData
 * page lists this device and 「退出所有设备」 ends the token for real. Expected texts are written out here.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let userId: string;

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer(), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors, token, userId } = await loggedInPage(browser, t));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

const task = (title: string) => page.locator('li.wf-task').filter({ hasText: title });
const taskCoupons = () =>
  t.server.db.db.selectFrom('user_coupons').select('id').where('user_id', '=', userId).where('source', '=', 'task').execute();

describe('福利中心', () => {
  it('completes the profile task and claims its reward once, however the button is pressed', async () => {
    await page.goto(`${t.url}/workbench/welfareCenter`);
    await visible(page.getByRole('heading', { name: '福利中心', level: 1 }));
    await visible(page.getByText('已完成 0 项任务，已领取 0 项奖励'));
    for (const title of ['完善个人资料', '完善企业信息', '上传第一份招标文件', '完成第一份标书', '邀请好友注册', '分享邀请海报']) await visible(task(title));
    await visible(task('完善个人资料').getByText('任务奖励券 ¥20（满99元可用）'));
    await shot(page, 'welfare-center-new');

    await task('完善个人资料').getByRole('button', { name: '去完成' }).click();
    await onPath(page, '/workbench/user/userData');
    await visible(page.getByRole('heading', { name: '用户资料', level: 1 }));
    await page.getByLabel('真实姓名').fill('张三');
    await page.getByLabel('省份').fill('浙江省');
    await page.getByLabel('城市').fill('杭州市');
    await page.getByLabel('邮箱').fill('zhangsan@example.com');
    await page.getByRole('button', { name: '保存资料' }).click();
    await visible(page.getByText('资料已保存'));
    const info = (await t.api('/btz/user/get-info', { token })).json.data;
    expect(info).toMatchObject({ realName: '张三', province: '浙江省', city: '杭州市', email: 'zhangsan@example.com' });

    await page.goto(`${t.url}/workbench/welfareCenter`);
    const claim = task('完善个人资料').getByRole('button', { name: '领取' });
    await visible(claim);
    await claim.dblclick();
    await visible(task('完善个人资料').getByRole('button', { name: '已领取' }));
    await visible(page.getByText('领取成功：任务奖励券 ¥20（满99元可用）'));
    await visible(page.locator('.wf-header__earned').getByText('任务奖励券 ¥20（满99元可用）'));
    expect(await taskCoupons()).toHaveLength(1);
    // pressed again over the API: refused, still one coupon
    const again = await t.api('/btz/welfare/claim', { token, query: { code: 'profile' } });
    expect(again.json).toMatchObject({ success: false, msg: '该任务奖励已领取' });
    expect(await taskCoupons()).toHaveLength(1);
    await shot(page, 'welfare-center-claimed');
  });

  it('the ShareDialog shows the server-drawn poster; copying the link completes the share task', async () => {
    await page.getByRole('button', { name: '分享有礼' }).click();
    const dialog = page.getByRole('dialog', { name: '分享有礼' });
    const poster = dialog.getByRole('img', { name: '邀请海报' });
    await visible(poster);
    expect(await poster.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const link = await dialog.getByLabel('邀请链接').inputValue();
    expect(link).toBe(`${t.url}/${(await t.api('/btz/user/get-info', { token })).json.data.inviteCode}`);
    await shot(page, 'welfare-share-dialog');
    await dialog.getByRole('button', { name: '复制链接' }).click();
    await visible(page.getByText('邀请链接已复制，快去分享给好友吧'));
    await page.keyboard.press('Escape');
    await visible(task('分享邀请海报').getByRole('button', { name: '领取' }));
  });
});

describe('用户资料', () => {
  it('更换头像: the picture becomes the avatar on the page and in the header', async () => {
    await page.goto(`${t.url}/workbench/user/userData`);
    await visible(page.getByRole('heading', { name: '用户资料', level: 1 }));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('avatar-upload').click();
    await (await chooser).setFiles({ name: '头像.png', mimeType: 'image/png', buffer: drawPicture(31, 400, 400) });
    await visible(page.getByText('头像已更新'));
    const avatar = (await t.api('/btz/user/get-info', { token })).json.data.avatar as string;
    expect(avatar).toMatch(/^\/avatar\/[0-9a-f]{64}\.jpg$/);
    // the profile card shows the new picture, loaded (a broken image has no natural width)
    const img = page.locator(`.ud-profile__avatar img[src="${avatar}"]`);
    await visible(img);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'user-data-avatar');
  });

  it('我的邀请 shows the code, the link with its QR and the friend who signed up with it; 我的反馈 the feedback with the reply', async () => {
    const info = (await t.api('/btz/user/get-info', { token })).json.data as { inviteCode: string; inviteUrl: string };
    const friend = await newUser(t, { invitationCode: info.inviteCode });
    const sent = await t.api<any>('/btz/common/addFeedback', { token, body: { type: 1, content: '导出的 Word 目录页码与正文不一致', contact: '' } });
    expect(sent.json?.success, sent.text).toBe(true);
    const su = await signInSuper(t);
    const replied = await asOperator(t, su.token, '/btz/admin/feedback/reply', { body: { id: sent.json.data.id, reply: '已修复，请重新导出一次。' } });
    expect(replied.json?.success, replied.text).toBe(true);

    await page.goto(`${t.url}/workbench/user/userData`);
    const invite = page.getByRole('region', { name: '我的邀请' });
    await visible(invite.getByText(info.inviteCode, { exact: true }));
    expect(await invite.getByLabel('我的邀请链接').inputValue()).toBe(info.inviteUrl);
    await visible(invite.locator('.ant-qrcode canvas'));
    await visible(invite.getByRole('cell', { name: `${friend.phone.slice(0, 3)}****${friend.phone.slice(7)}` }));
    const feedback = page.getByRole('region', { name: '我的反馈' });
    await visible(feedback.getByText('导出的 Word 目录页码与正文不一致'));
    await visible(feedback.getByText('已回复'));
    await visible(feedback.getByText('已修复，请重新导出一次。'));
    await invite.scrollIntoViewIfNeeded();
    await shot(page, 'user-data-invite-feedback');
    expect(errors).toEqual([]);
  });

  it('lists this device and 「退出所有设备」 ends its token', async () => {
    await page.goto(`${t.url}/workbench/user/userData`);
    const devices = page.getByRole('region', { name: '登录设备' });
    await visible(devices.getByText('当前设备'));
    // (the invitation card with a friend in it: the step before)
    await visible(page.getByRole('region', { name: '账号安全' }).getByText('未绑定'));
    await shot(page, 'user-data');
    await devices.getByRole('button', { name: '退出所有设备' }).click();
    await page.getByRole('button', { name: '全部退出' }).click();
    await onPath(page, '/');
    expect((await t.api('/btz/user/get-info', { token })).status).toBe(401);
    expect(errors).toEqual([]);
  });
});

describe('invitation and activity pages', () => {
  it('an unknown invitation code shows 「邀请链接无效」 in Chinese; a bare /activity lists the activities', async () => {
    const res = await page.goto(`${t.url}/ZZZZ9999`);
    expect(res?.status()).toBe(404); // still no page for crawlers
    await visible(page.getByRole('heading', { name: '没有找到邀请码「ZZZZ9999」' }));
    await visible(page.getByText('这个邀请链接不存在或已失效'));
    await expect.poll(() => page.title()).toContain('邀请链接无效');
    expect(await page.evaluate(() => localStorage.getItem('invitation_code'))).toBeNull();
    await shot(page, 'invite-unknown');

    const act = await page.goto(`${t.url}/activity`);
    expect(act?.status()).toBe(200);
    await visible(page.getByRole('heading', { name: '优惠活动', level: 1 }));
    await expect.poll(() => page.title()).toContain('优惠活动');
    expect(await page.getByText('页面不存在').count()).toBe(0);
    await shot(page, 'activity-list');
    expect(errors).toEqual([]);
  });
});
