import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REVIEW_TEXTS, type BidDetail, type BidOutlineNode } from '@btz/shared';
import { uniquePhone, type TestServer } from '../apps/server/test/harness.js';
import { outlinedBid } from '../apps/server/test/writing/helpers.js';
import { launch, newContext, shot, trackErrors } from './browser.js';
import { WAIT, loggedInPage, loginByCookie, onPath, startE2eServer, visible } from './flows.js';

/**
 * Teams through Chromium (issue 27): the admin creates its team on 团队 and invites a colleague's phone; the colleague
 * logs in, sees the invitation and joins; the admin assigns a section of the team's bid to the colleague, who edits it
 * while the admin, on the same section, sees the colleague there (presence, realtime) and then the edit in 动态.
 * Then the review: the member submits, the admin returns it with a comment, the member edits and submits again, the
 * admin approves — the section is locked (the editor read-only, a save refused) — and an @mention in a comment reaches
 * the member's 消息 (the bell's count, the list); 「我的任务」 lists the section with its due date.
 */

let t: TestServer;
let browser: Browser;
let adminCtx: BrowserContext;
let admin: Page;
let adminErrors: string[];
let adminToken: string;
let memberCtx: BrowserContext;
let member: Page;
let memberErrors: string[];
let memberToken = '';
let memberId = '';
const memberPhone = uniquePhone();

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer(), launch()]);
  t = server;
  browser = b;
  ({ context: adminCtx, page: admin, errors: adminErrors, token: adminToken } = await loggedInPage(browser, t));
  memberCtx = await newContext(browser);
  memberCtx.setDefaultTimeout(WAIT);
  member = await memberCtx.newPage();
  memberErrors = trackErrors(member);
});

afterAll(async () => {
  await adminCtx?.close().catch(() => undefined);
  await memberCtx?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

const firstLeaf = (nodes: readonly BidOutlineNode[]): BidOutlineNode => (nodes[0]!.children?.length ? firstLeaf(nodes[0]!.children) : nodes[0]!);
/** The first leaf of the second chapter: a section of another chapter than the assigned one. */
const otherLeaf = (nodes: readonly BidOutlineNode[]): BidOutlineNode => firstLeaf([nodes[1]!]);

describe('a team writes one bid', () => {
  let bidId = '';
  let leaf: BidOutlineNode;

  it('the admin creates the team and invites a phone; the colleague logs in and joins', async () => {
    await admin.goto(`${t.url}/workbench/team`);
    await (await visible(admin.getByRole('button', { name: '切换为企业身份，创建团队' }))).click();
    await visible(admin.getByRole('cell', { name: '管理员' }));
    await admin.getByPlaceholder('同事的手机号').fill(memberPhone);
    await admin.getByTestId('invite-phone').click();
    await visible(admin.getByText(`${memberPhone.slice(0, 3)}****${memberPhone.slice(7)}`));
    await admin.getByRole('button', { name: '生成邀请链接' }).click();
    await visible(admin.getByText(/\/workbench\/team\?join=/));
    await shot(admin, 'team-admin');

    ({ token: memberToken, userId: memberId } = await loginByCookie(memberCtx, t, memberPhone));
    await member.goto(`${t.url}/workbench/team`);
    await visible(member.getByText('邀请你加入'));
    await shot(member, 'team-invitation');
    await member.getByRole('button', { name: '加入团队' }).click();
    await visible(member.getByRole('button', { name: '退出团队' }));
    expect(await member.getByRole('row').count()).toBe(3); // the header and two members
    const info = (await t.api('/btz/user/get-info', { token: memberToken })).json.data;
    expect(info).toMatchObject({ isEmployee: 1, loginRole: 1 });
    await shot(member, 'team-member');
  });

  it('the admin assigns a section; the member edits it while the admin sees it there', async () => {
    bidId = await outlinedBid(t, adminToken, 1);
    const d = (await t.api('/btz/bid/detail', { token: adminToken, query: { id: bidId } })).json.data as BidDetail;
    leaf = firstLeaf(d.outline!);
    const url = `${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`;

    await admin.goto(url);
    const adminPane = await visible(admin.getByTestId('section-pane'), WAIT * 3);
    await admin.locator(`[data-node-id="${leaf.id}"]`).first().click();
    await expect.poll(() => adminPane.getAttribute('data-node-id'), { timeout: WAIT }).toBe(leaf.id);
    const nick = (await t.api('/btz/user/get-info', { token: memberToken })).json.data.nickName as string;
    await admin.getByTestId('assign-select').click();
    const assigned = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/assign');
    await admin.locator('.ant-select-item-option').filter({ hasText: nick }).first().click();
    expect((await (await assigned).json()).data.assignments).toEqual([expect.objectContaining({ nodeId: leaf.id, userId: memberId })]);

    // the member sees the team's bid in its list and opens it at the section
    const list = (await t.api('/btz/bid/list', { token: memberToken })).json.data;
    expect(list.records.map((r: { id: string }) => r.id)).toContain(bidId);
    await member.goto(url);
    const memberPane = await visible(member.getByTestId('section-pane'), WAIT * 3);
    await member.locator(`[data-node-id="${leaf.id}"]`).first().click();
    await expect.poll(() => memberPane.getAttribute('data-node-id'), { timeout: WAIT }).toBe(leaf.id);

    // presence: the admin sees the member on this section, and the member the admin
    await visible(admin.getByTestId('section-viewer'));
    await visible(member.getByTestId('section-viewer'));

    // nothing written yet: the pane opens on 章节设置; the text is on 正文
    await memberPane.locator('.ant-segmented-item').filter({ hasText: '正文' }).click();
    const editor = memberPane.locator('.ProseMirror');
    await visible(editor);
    await expect.poll(() => editor.getAttribute('contenteditable'), { timeout: WAIT }).toBe('true');
    await editor.click();
    await member.keyboard.press('Control+End');
    const saved = member.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/section/save', { timeout: WAIT * 2 });
    await member.keyboard.type('团队成员补充的施工组织说明。');
    await shot(member, 'team-member-typed');
    const res = await (await saved).json();
    expect(res.success, JSON.stringify(res)).toBe(true);
    // 「已保存 09:30」: the time of the server's last save of the section, to the minute (no seconds, not the browser's clock)
    const savedShown = async () => {
      const now = (await t.api('/btz/bid/section/get', { token: memberToken, query: { id: bidId, nodeId: leaf.id } })).json.data;
      return (await memberPane.locator('.sec-ed__status').innerText()) === `已保存 ${String(now.updateTime).slice(11, 16)}`;
    };
    await expect.poll(savedShown, { timeout: WAIT }).toBe(true);
    expect(await memberPane.locator('.sec-ed__status').innerText()).toMatch(/^已保存 \d{2}:\d{2}$/);
    await shot(member, 'team-member-editing');
    // the admin's outline shows the member's edit at once (no reload), and its open section the member's text
    const adminLeaf = admin.locator(`.bid-node[data-node-id="${leaf.id}"]`).first();
    await expect.poll(() => adminLeaf.getAttribute('data-section-state'), { timeout: WAIT }).toBe('edited');
    await adminPane.locator('.ant-segmented-item').filter({ hasText: '正文' }).click();
    await visible(adminPane.locator('.ProseMirror').getByText('团队成员补充的施工组织说明', { exact: false }));
    await shot(admin, 'team-admin-live-edit');

    // another section is not the member's: read only, and says why
    await member.locator(`[data-node-id="${otherLeaf(d.outline!).id}"]`).first().click();
    await visible(member.getByTestId('section-not-mine'));
    await memberPane.locator('.ant-segmented-item').filter({ hasText: '正文' }).click();
    await expect.poll(() => memberPane.locator('.ProseMirror').getAttribute('contenteditable'), { timeout: WAIT }).toBe('false');

    // the admin: the member moved elsewhere (presence strip), and 动态 shows the edit
    await visible(admin.getByTestId('presence-strip'));
    await shot(admin, 'team-admin-presence');
    await admin.getByRole('tab', { name: '动态' }).click();
    const panel = await visible(admin.getByTestId('activity-panel'));
    await visible(panel.getByText('编辑了章节'));
    await visible(panel.getByText('分配了章节'));
    await shot(admin, 'team-activity');
    const sec = (await t.api('/btz/bid/section/get', { token: adminToken, query: { id: bidId, nodeId: leaf.id } })).json.data;
    expect(JSON.stringify(sec.doc)).toContain('团队成员补充的施工组织说明');
    expect(adminErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
  });

  it('历史版本: the admin overwrites the member’s section, then restores the member’s version (a new revision, nothing lost)', async () => {
    const get = async () => (await t.api('/btz/bid/section/get', { token: adminToken, query: { id: bidId, nodeId: leaf.id } })).json.data;
    const members = await get();
    expect(JSON.stringify(members.doc)).toContain('团队成员补充的施工组织说明');
    // the admin replaces the text (another person's save: a history entry of its own)
    const over = await t.api('/btz/bid/section/save', { token: adminToken, query: { id: bidId, nodeId: leaf.id }, body: { revision: members.revision, html: '<p>管理员改写的说明。</p>' } });
    expect(over.json.success, over.text).toBe(true);

    await admin.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}&node=${encodeURIComponent(leaf.id)}`);
    const pane = await visible(admin.getByTestId('section-pane'), WAIT * 3);
    await expect.poll(() => pane.getAttribute('data-node-id'), { timeout: WAIT }).toBe(leaf.id);
    await pane.locator('.ant-segmented-item').filter({ hasText: '正文' }).click();
    await admin.getByTestId('editor-history').click();
    const drawer = await visible(admin.getByTestId('section-history'));
    const items = drawer.locator('.sec-hist__item');
    await expect.poll(() => items.count(), { timeout: WAIT }).toBeGreaterThanOrEqual(2);
    // the member's entry (the older one) chosen: the diff to today's text marks what differs (成员 against 管理员…)
    await items.nth(1).click();
    const diff = drawer.getByTestId('history-diff');
    await expect.poll(() => diff.locator('ins, del').count(), { timeout: WAIT }).toBeGreaterThan(0);
    expect(await diff.textContent()).toContain('管理员');
    await shot(admin, 'team-history');
    const restored = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/section/restore', { timeout: WAIT });
    await drawer.getByTestId('history-restore').click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: '恢复' }).click();
    expect((await (await restored).json()).success).toBe(true);
    await admin.keyboard.press('Escape');
    const after = await get();
    expect(after.text).toBe(members.text);
    expect(after.revision).toBeGreaterThan(members.revision + 1);
    // nothing lost: the restore is the newest entry, and the admin's text is still one of the history
    const hist = (await t.api('/btz/bid/section/history', { token: adminToken, query: { id: bidId, nodeId: leaf.id } })).json.data as { id: string; source: string }[];
    expect(hist[0]!.source).toBe('restore');
    const texts = await Promise.all(
      hist.map(async (h) => (await t.api('/btz/bid/section/revision', { token: adminToken, query: { id: bidId, nodeId: leaf.id, revisionId: h.id } })).json.data.text as string),
    );
    expect(texts.some((x) => x.includes('管理员改写的说明'))).toBe(true);
    expect(adminErrors).toEqual([]);
  });

  it('review: submit, return with a comment, resubmit, approve (locked); an @mention reaches the member’s 消息', async () => {
    const url = `${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}&node=${encodeURIComponent(leaf.id)}`;
    await Promise.all([admin.goto(url), member.goto(url)]);
    const adminPane = await visible(admin.getByTestId('section-pane'), WAIT * 3);
    const memberPane = await visible(member.getByTestId('section-pane'), WAIT * 3);
    await expect.poll(() => memberPane.getAttribute('data-node-id'), { timeout: WAIT }).toBe(leaf.id);
    await expect.poll(() => adminPane.getAttribute('data-node-id'), { timeout: WAIT }).toBe(leaf.id);
    const state = (p: Page) => p.getByTestId('review-state').getAttribute('data-state');
    await expect.poll(() => state(member), { timeout: WAIT }).toBe('todo');
    // the section holds the member's text (typed in the editor in the previous step): only a section with text is submitted
    const sec0 = (await t.api('/btz/bid/section/get', { token: memberToken, query: { id: bidId, nodeId: leaf.id } })).json.data;
    expect(sec0.chars).toBeGreaterThan(0);
    // the admin gives the section a due date (past: 「我的任务」 marks it overdue)
    await admin.getByTestId('due-date').click();
    await admin.keyboard.type('2026-01-05');
    await admin.keyboard.press('Enter');
    await expect.poll(async () => (await t.api('/btz/bid/team', { token: adminToken, query: { id: bidId } })).json.data.reviews[0]?.dueDate, { timeout: WAIT }).toBe('2026-01-05');

    // the member submits
    await member.getByTestId('review-submit').click();
    await expect.poll(() => state(member), { timeout: WAIT }).toBe('submitted');
    // the admin is told (bid.message) and sees it submitted; returns it with a comment
    await expect.poll(() => state(admin), { timeout: WAIT }).toBe('submitted');
    await admin.getByTestId('review-return').click();
    await admin.getByTestId('return-comment').fill('请补充进度计划和人员安排');
    await admin.getByTestId('review-return-confirm').click();
    await expect.poll(() => state(admin), { timeout: WAIT }).toBe('returned');
    // the member sees it returned, with the comment, without reloading
    await visible(member.getByTestId('review-note').filter({ hasText: '请补充进度计划和人员安排' }));
    await shot(member, 'review-returned');

    // the member edits (saved as the member, through the API) and submits again
    const before = (await t.api('/btz/bid/section/get', { token: memberToken, query: { id: bidId, nodeId: leaf.id } })).json.data;
    const edited = await t.api('/btz/bid/section/save', {
      token: memberToken,
      query: { id: bidId, nodeId: leaf.id },
      body: { revision: before.revision, html: '<p>施工组织说明。进度计划：第一周进场，第二周完成安装。</p>' },
    });
    expect(edited.json.success, edited.text).toBe(true);
    await member.getByTestId('review-submit').click();
    await expect.poll(() => state(member), { timeout: WAIT }).toBe('submitted');

    // the admin approves: the section is locked
    await expect.poll(() => state(admin), { timeout: WAIT }).toBe('submitted');
    await admin.getByTestId('review-approve').click();
    await expect.poll(() => state(admin), { timeout: WAIT }).toBe('approved');
    await visible(member.getByTestId('review-locked'));
    await memberPane.locator('.ant-segmented-item').filter({ hasText: '正文' }).click();
    await expect.poll(() => memberPane.locator('.ProseMirror').getAttribute('contenteditable'), { timeout: WAIT }).toBe('false');
    const sec = (await t.api('/btz/bid/section/get', { token: memberToken, query: { id: bidId, nodeId: leaf.id } })).json.data;
    const refused = await t.api('/btz/bid/section/save', { token: memberToken, query: { id: bidId, nodeId: leaf.id }, body: { revision: sec.revision, html: '<p>锁定后</p>' } });
    expect(refused.json).toMatchObject({ success: false, msg: REVIEW_TEXTS.locked });
    await visible(admin.getByTestId('review-counts').locator('[data-state="approved"]').filter({ hasText: '已通过 1' }));
    await shot(member, 'review-approved-locked');
    await shot(admin, 'review-admin-counts');

    // an @mention in a comment: the member's bell counts it, and 消息 lists it
    const nick = (await t.api('/btz/user/get-info', { token: memberToken })).json.data.nickName as string;
    await adminPane.locator('.ant-segmented-item').filter({ hasText: '评论' }).click();
    const input = adminPane.locator('.team-comments__form textarea');
    await input.click();
    await admin.keyboard.type('@');
    await admin.locator('.ant-mentions-dropdown-menu-item').filter({ hasText: nick }).first().click();
    await admin.keyboard.type('请看一下第二段的表述');
    await adminPane.getByTestId('comment-send').click();
    await visible(adminPane.getByTestId('comment').filter({ hasText: '请看一下第二段的表述' }));
    await visible(adminPane.getByTestId('comment').filter({ hasText: '退回意见：请补充进度计划和人员安排' }));
    await shot(admin, 'review-comments');
    await visible(member.locator('.ant-badge').filter({ has: member.getByTestId('messages-bell') }).locator('.ant-badge-count'));
    await member.getByTestId('messages-bell').click();
    await onPath(member, '/workbench/messages');
    const mention = await visible(member.getByTestId('message').filter({ hasText: '请看一下第二段的表述' }));
    expect(await mention.getAttribute('data-read')).toBe('0');
    await visible(member.getByTestId('message').filter({ hasText: '退回了你的章节' }));
    await shot(member, 'review-messages');
    await member.getByRole('button', { name: '全部标为已读' }).click();
    await expect.poll(() => mention.getAttribute('data-read'), { timeout: WAIT }).toBe('1');

    // 「我的任务」: the section, its state and its due date (past, but the section is approved: not overdue)
    await member.goto(`${t.url}/workbench/myTasks`);
    await visible(member.getByTestId('task-link').filter({ hasText: leaf.title }));
    await visible(member.getByRole('cell', { name: '2026-01-05' }));
    expect(await member.getByTestId('task-overdue').count()).toBe(0);
    await shot(member, 'review-my-tasks');
    // ↳ the link opens the editor at that section
    await member.getByTestId('task-link').first().click();
    await expect.poll(async () => member.getByTestId('section-pane').getAttribute('data-node-id'), { timeout: WAIT * 3 }).toBe(leaf.id);
    expect(adminErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
  });

  it('a finished bid is marked 中标; the team sees its win rate on 团队', async () => {
    await t.server.db.db.updateTable('bids').set({ status: 'finished' }).where('id', '=', bidId).execute();
    await admin.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    await (await visible(admin.getByTestId('bid-result-select'), WAIT * 3)).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: /^中标$/ }).click();
    await visible(admin.getByTestId('bid-result-date'));
    await shot(admin, 'review-result');
    await member.goto(`${t.url}/workbench/team`);
    const card = await visible(member.getByTestId('win-rate'));
    await visible(card.getByText('中标率 100%'));
    await shot(member, 'review-win-rate');
    expect(adminErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
  });
});
