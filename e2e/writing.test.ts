import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ENTERPRISE_TEXTS, TEXT, WRITE_TEXTS, type BidDetail, type BidHealth, type BidOutlineNode, type WriteProgress } from '@btz/shared';
import type { TestServer } from '../apps/server/test/harness.js';
import { buyCopies, outlinedBid, progress, waitWritten } from '../apps/server/test/writing/helpers.js';
import { waitForJob } from '../apps/server/test/wait.js';
import { uploadTender, waitParse } from '../apps/server/test/bid/helpers.js';
import { buildTenderDocx } from '../packages/bid-engine/test/fixtures/build.js';
import { SCORING_ROWS, TENDER_PAGES } from '../packages/bid-engine/test/fixtures/tender.js';
import { launch, shot } from './browser.js';
import { WAIT, loggedInPage, startE2eServer, visible } from './flows.js';

/**
 * Bid pipeline II through Chromium (issue 6, item 7): a user with one 普通版 copy (bought through the sandbox payment)
 * opens an outlined bid (the generated tender of e2e/bid.test.ts, parsed by the offline writer), clicks 一键生成全文, skips
 * the enterprise dialog, and watches sections fill in live (the offline writer streams with a delay so it can be seen);
 * a reload mid-way finds the progress and the written sections again; 检查内容 shows a score; 导出 Word downloads a real
 * .docx; 完成编写 turns the workspace read-only. The server's view is read over the API the way another client would.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let tmp: string;
let bidId = '';

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'btz-e2e-writing-'));
  // slow, visible streaming: 60 characters every 160 ms, two sections at a time — slow enough that 取消编写 lands while
  // sections are still being written on a loaded machine (at 80 ms a CI run saw the whole bid written before the cancel)
  const [server, b] = await Promise.all([startE2eServer({ writeStreamDelayMs: 160, llmConcurrency: 2 }), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
  bidId = await outlinedBid(t, token, 1);
  await buyCopies(t, token, 1, 1);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/* ---- the server's view ------------------------------------------------------------------------------------------ */

async function detail(): Promise<BidDetail> {
  const res = await t.api('/btz/bid/detail', { token, query: { id: bidId } });
  expect(res.json?.success, res.text).toBe(true);
  return res.json.data as BidDetail;
}

const leavesOf = (nodes: readonly BidOutlineNode[], out: BidOutlineNode[] = []): BidOutlineNode[] => {
  for (const n of nodes) {
    if (n.children.length) leavesOf(n.children, out);
    else out.push(n);
  }
  return out;
};

/* ---- the screen ------------------------------------------------------------------------------------------------- */

const text = async (l: Locator) => ((await l.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
const tree = (p: Page) => p.getByTestId('outline-tree');
const leafIn = (p: Page, state: string) => tree(p).locator(`.bid-node[data-section-state="${state}"]`);
/** written by the AI, or written and then edited (opening a section may normalise and save it) */
const doneLeaves = (p: Page) => tree(p).locator('.bid-node[data-section-state="written"], .bid-node[data-section-state="edited"]');
const url = () => `${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`;

async function workspaceReady(p: Page) {
  await visible(p.getByTestId('bid-workspace'), WAIT * 3);
  await visible(tree(p), WAIT * 2);
  await visible(p.getByTestId('write-panel'), WAIT);
}

/** 「已完成 3/12 节」 → [3, 12] */
async function shownProgress(p: Page): Promise<[number, number] | null> {
  const m = /已完成 (\d+)\/(\d+) 节/.exec(await text(p.getByTestId('write-progress').locator('.bid-write__count')));
  return m ? [Number(m[1]), Number(m[2])] : null;
}

describe('one-click writing → live sections → reload → health → export → finish', () => {
  let total = 0;

  it('starts writing (enterprise dialog skipped) and shows sections filling in live', async () => {
    const before = await detail();
    expect(before.status).toBe('outlined');
    total = leavesOf(before.outline ?? []).length;
    expect(total).toBeGreaterThan(2);

    await page.goto(url());
    await workspaceReady(page);
    const start = page.getByTestId('write-start');
    expect(await text(start)).toBe('一键生成全文');
    // the stepper: 生成全文 open, 检查 / 导出 not yet
    const steps = page.locator('.bid-steps .ant-steps-item');
    expect(await steps.count()).toBe(6);
    expect(await steps.nth(3).getAttribute('class')).not.toContain('disabled');
    expect(await steps.nth(4).getAttribute('class')).toContain('disabled');
    expect(await steps.nth(5).getAttribute('class')).toContain('disabled');

    await start.click();
    // a new user has no enterprise facts: the dialog asks for them; 跳过 writes with 【待填写】 placeholders
    const dialog = page.getByRole('dialog').filter({ hasText: ENTERPRISE_TEXTS.dialogTitle });
    await visible(dialog);
    const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/write/start', { timeout: WAIT });
    await dialog.getByRole('button', { name: ENTERPRISE_TEXTS.skipAndWrite }).click();
    const answer = await (await started).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    await dialog.waitFor({ state: 'hidden', timeout: WAIT });

    // writing: the progress bar, the cancel button, the note that it goes on in the background
    const bar = await visible(page.getByTestId('write-progress'));
    await visible(bar.getByText('关闭页面后编写会在后台继续', { exact: false }));
    await visible(page.getByTestId('write-cancel'));
    expect((await shownProgress(page))?.[1]).toBe(total);
    // the copy was spent
    const info = (await t.api('/btz/user/get-info', { token })).json.data;
    expect(info.commonBidNumber).toBe(0);

    // a leaf being written: spinner in the tree, the text streaming into the centre pane (it follows the pen)
    await visible(leafIn(page, 'writing'), WAIT);
    const live = page.getByTestId('section-live');
    await visible(live, WAIT);
    await expect.poll(async () => (await text(live.locator('.sec-ed__live-text'))).length, { timeout: WAIT }).toBeGreaterThan(60);
    await shot(page, 'writing-in-progress');

    // a first section written: the green check in the tree, its text in the editor
    await waitForJob({ what: `first section of bid ${bidId}`, read: () => progress(t, token, bidId), until: (p) => p.done >= 1, view: (p) => p });
    await visible(leafIn(page, 'written'), WAIT * 2);
    const first = leafIn(page, 'written').first();
    const firstId = await first.getAttribute('data-node-id');
    await first.click();
    const pane = page.getByTestId('section-pane');
    await expect.poll(() => pane.getAttribute('data-node-id'), { timeout: WAIT }).toBe(firstId);
    expect(await pane.getAttribute('data-section-state')).toMatch(/^(written|edited)$/);
    const editor = pane.locator('.ProseMirror');
    await visible(editor);
    await expect.poll(async () => (await text(editor)).length, { timeout: WAIT }).toBeGreaterThan(100);
    // opening a section is not an edit: past the autosave delay it is still the AI's text, revision 1
    await page.waitForTimeout(2500);
    const sec = (await t.api('/btz/bid/section/get', { token, query: { id: bidId, nodeId: firstId! } })).json.data;
    expect([sec.state, sec.revision]).toEqual(['written', 1]);
  });

  it('after a reload the progress and the written sections are still there', async () => {
    const mid: WriteProgress = await progress(t, token, bidId);
    await page.reload();
    await workspaceReady(page);
    const done = (await detail()).status;
    if (done === 'writing') {
      // still writing: the bar is back with at least what was done before the reload, and it keeps moving
      await visible(page.getByTestId('write-progress'));
      const shown = await shownProgress(page);
      expect(shown?.[1]).toBe(total);
      expect(shown![0]).toBeGreaterThanOrEqual(Math.min(mid.done, total));
      expect(await doneLeaves(page).count()).toBeGreaterThanOrEqual(1);
      await shot(page, 'writing-after-reload');
    }
    // the whole bid written: the bar says so and every leaf has its check
    await waitWritten(t, token, bidId);
    await visible(page.getByTestId('write-finish'), WAIT * 2);
    expect(await text(page.getByTestId('write-panel'))).toContain(`全文已写好（${total}/${total} 节）`);
    await expect.poll(() => doneLeaves(page).count(), { timeout: WAIT }).toBe(total);
    const p = await progress(t, token, bidId);
    expect([p.status, p.done, p.failed]).toEqual(['written', total, 0]);
    // persisted: a fresh load shows the same
    await page.reload();
    await workspaceReady(page);
    await expect.poll(() => doneLeaves(page).count(), { timeout: WAIT }).toBe(total);
    const steps = page.locator('.bid-steps .ant-steps-item');
    expect(await steps.nth(4).getAttribute('class')).not.toContain('disabled');
    expect(await steps.nth(5).getAttribute('class')).not.toContain('disabled');
  });

  it('检查内容 shows the stored result with its time (checked when writing ended), again after a reload; findings open their section', async () => {
    // the server checked the bid as the writing run ended: the panel shows that result without a click
    const stored = (await t.api('/btz/bid/health', { token, query: { id: bidId } })).json.data as BidHealth;
    await page.locator('.bid-steps .ant-steps-item').nth(4).click();
    const panel = await visible(page.getByTestId('health-panel'));
    const score = await visible(page.getByTestId('health-score'), WAIT);
    expect(await text(score.locator('.bid-health__num'))).toBe(`${stored.score}分`);
    expect(await text(panel.getByTestId('health-time'))).toBe(`检查于 ${stored.time.slice(0, 16)} · 编辑保存后自动重新检查`);
    expect(await text(panel.getByRole('button', { name: /重新检查/ }))).toContain('重新检查');
    if (stored.capped) await visible(panel.getByTestId('health-cap'));
    expect(stored.score).toBeGreaterThanOrEqual(0);
    expect(stored.score).toBeLessThanOrEqual(100);
    await shot(page, 'writing-health');

    // 重新检查 checks again (force) and shows that result
    const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/health' && new URL(r.url()).searchParams.get('force') === '1', { timeout: WAIT });
    await panel.getByRole('button', { name: /重新检查/ }).click();
    const forced = (await (await again).json()).data as BidHealth;
    await expect.poll(() => text(page.getByTestId('health-time')), { timeout: WAIT }).toContain(forced.time.slice(0, 16));
    expect(await text(score.locator('.bid-health__num'))).toBe(`${forced.score}分`);

    // 评分覆盖 now judges the text: the server's states and percentage
    await page.getByRole('tab', { name: /评分覆盖/ }).click();
    const cov = await visible(page.getByTestId('coverage'));
    const ring = cov.getByRole('progressbar');
    await expect.poll(async () => ring.getAttribute('aria-valuenow'), { timeout: WAIT }).toBe(String(forced.coverage!.percent));
    expect(await text(cov.locator('.bid-cov__title'))).toBe(`评分项响应 ${forced.coverage!.answered} / ${forced.coverage!.total}`);
    for (const r of forced.coverage!.rows) {
      const row = cov.locator(`.bid-cov__row[data-state="${r.state}"]`).filter({ has: page.locator('.bid-cov__name', { hasText: r.item }) });
      expect(await row.count(), `${r.item} ${r.state}`).toBeGreaterThan(0);
    }
    await shot(page, 'writing-coverage');

    // a reload shows the stored result again, with the same time
    await page.reload();
    await workspaceReady(page);
    await page.locator('.bid-steps .ant-steps-item').nth(4).click();
    await visible(page.getByTestId('health-score'), WAIT);
    expect(await text(page.getByTestId('health-time'))).toBe(`检查于 ${forced.time.slice(0, 16)} · 编辑保存后自动重新检查`);
    const panel2 = page.getByTestId('health-panel');

    // a finding's link opens its section in the centre pane
    const linked = new Set(forced.findings.map((f) => f.nodeId).filter(Boolean));
    const link = panel2.locator('.bid-health__link').first();
    if (linked.size && (await link.count())) {
      await link.click();
      await expect
        .poll(async () => (await page.getByTestId('section-pane').or(page.getByTestId('node-detail')).count()) > 0, { timeout: WAIT })
        .toBe(true);
      const sp = page.getByTestId('section-pane');
      if (await sp.count()) expect(linked.has((await sp.getAttribute('data-node-id')) ?? '')).toBe(true);
    }
  });

  it('历史版本: an edit shows as the difference to the AI\'s text, and restoring brings the AI\'s text back as a new version', async () => {
    const leaf = leavesOf((await detail()).outline!)[0]!;
    const before = (await t.api('/btz/bid/section/get', { token, query: { id: bidId, nodeId: leaf.id } })).json.data;
    await tree(page).locator(`.bid-node[data-node-id="${leaf.id}"]`).first().click();
    const editor = page.getByTestId('section-pane').locator('.ProseMirror');
    await visible(editor);
    await expect.poll(() => editor.getAttribute('contenteditable'), { timeout: WAIT }).toBe('true');
    await editor.click();
    await page.keyboard.press('Control+End');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/section/save', { timeout: WAIT });
    await page.keyboard.type('本节补充：驻场人员八人。');
    expect((await (await saved).json()).success).toBe(true);

    await page.getByTestId('editor-history').click();
    const drawer = await visible(page.getByTestId('section-history'));
    await expect.poll(async () => (await text(drawer.locator('.sec-hist__list'))).match(/第 \d+ 版/g)?.length ?? 0, { timeout: WAIT }).toBe(2);
    expect(await text(drawer.locator('.sec-hist__item').nth(0))).toContain('编辑');
    expect(await text(drawer.locator('.sec-hist__item').nth(1))).toContain('AI 编写');
    // the AI's entry is chosen: what was added since shows in green
    await expect.poll(() => text(drawer.getByTestId('history-diff').locator('ins')), { timeout: WAIT }).toContain('本节补充：驻场人员八人。');
    await shot(page, 'writing-history');

    const restored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/section/restore', { timeout: WAIT });
    await drawer.getByTestId('history-restore').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '恢复' }).click();
    expect((await (await restored).json()).success).toBe(true);
    await expect.poll(() => text(drawer.locator('.sec-hist__item').nth(0)), { timeout: WAIT }).toContain('恢复');
    expect(await drawer.locator('.sec-hist__item').count()).toBe(3);
    await page.keyboard.press('Escape');
    await expect.poll(() => text(editor), { timeout: WAIT }).not.toContain('本节补充');
    const after = (await t.api('/btz/bid/section/get', { token, query: { id: bidId, nodeId: leaf.id } })).json.data;
    expect(after.text).toBe(before.text);
    expect(after.revision).toBeGreaterThan(before.revision + 1);
  });

  it('导出 saves the page settings and downloads a Word file', async () => {
    await page.locator('.bid-steps .ant-steps-item').nth(5).click();
    const panel = await visible(page.getByTestId('export-panel'));
    await visible(panel.locator('.bid-export__form'));
    // 页码格式 第1页 共N页, 起始页码 1, 右
    await panel.getByLabel('页码格式').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('第1页 共N页', { exact: true }).click();
    await panel.getByText('右', { exact: true }).click();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/page-settings', { timeout: WAIT });
    await panel.getByRole('button', { name: /保存设置/ }).click();
    const s = await (await saved).json();
    expect(s.success, JSON.stringify(s)).toBe(true);
    expect(s.data.pageNumber).toMatchObject({ format: 'pageOfTotal', position: 'right' });
    await shot(page, 'writing-export');

    const download = page.waitForEvent('download', { timeout: WAIT * 3 });
    await page.getByTestId('export-docx').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.docx$/);
    const target = path.join(tmp, file.suggestedFilename());
    await file.saveAs(target);
    expect(statSync(target).size).toBeGreaterThan(10 * 1024);
    expect(readFileSync(target).subarray(0, 2).toString('latin1')).toBe('PK');
    // the export ran as a job: the panel lists the file it made, to download again later
    const files = await visible(panel.getByTestId('export-files'));
    expect(await text(files)).toContain(file.suggestedFilename());
    await shot(page, 'writing-export-done');

    // PDF: a file where LibreOffice is installed, else the server's message as it is
    const pdf = page.waitForEvent('download', { timeout: WAIT * 6 }).then((d) => ({ kind: 'file' as const, d }));
    const refused = page
      .getByTestId('export-error')
      .waitFor({ state: 'visible', timeout: WAIT * 6 })
      .then(() => ({ kind: 'error' as const, d: null }));
    await page.getByTestId('export-pdf').click();
    const outcome = await Promise.race([pdf, refused]);
    if (outcome.kind === 'error') expect(await text(page.getByTestId('export-error'))).toBe(WRITE_TEXTS.noPdf);
    else expect(outcome.d.suggestedFilename()).toMatch(/\.pdf$/);
    pdf.catch(() => undefined);
    refused.catch(() => undefined);
  });

  it('完成编写 makes the workspace read-only; export stays available', async () => {
    await page.getByTestId('write-finish').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: WRITE_TEXTS.finished });
    await visible(confirm);
    const finished = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/finish', { timeout: WAIT });
    await confirm.getByRole('button', { name: TEXT.confirm }).click();
    expect((await (await finished).json()).success).toBe(true);

    await visible(page.getByTestId('readonly-banner'));
    expect(await text(page.getByTestId('readonly-banner'))).toContain(TEXT.readOnlyBid);
    expect((await detail()).status).toBe('finished');
    // outline editing is gone, the editor is read-only
    await expect.poll(() => tree(page).getByRole('button', { name: '添加一级章节' }).count(), { timeout: WAIT }).toBe(0);
    expect(await tree(page).locator('.bid-node__more').count()).toBe(0);
    await doneLeaves(page).nth(1).click();
    const editor = page.getByTestId('section-pane').locator('.ProseMirror');
    await visible(editor);
    await expect.poll(() => editor.getAttribute('contenteditable'), { timeout: WAIT }).toBe('false');
    await visible(page.getByTestId('section-pane').locator('.sec-ed__ro'));
    // export still there
    await page.getByRole('tab', { name: '导出' }).click();
    expect(await page.getByTestId('export-docx').isEnabled()).toBe(true);
    await page.getByRole('tab', { name: '内容检查' }).click();
    await visible(page.getByTestId('health-score'));
    await page.waitForTimeout(400); // the tab's ink bar slides
    await shot(page, 'writing-finished');

    // after a reload too
    await page.reload();
    await workspaceReady(page);
    await visible(page.getByTestId('readonly-banner'));
    expect(errors).toEqual([]);
  });
});

describe('no copies → purchase dialog; cancel keeps what is written', () => {
  let second = '';

  it('一键生成全文 without a copy opens the purchase dialog (5003) and writes nothing', async () => {
    second = await outlinedBid(t, token, 1);
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(second)}`);
    await workspaceReady(page);
    await page.getByTestId('write-start').click();
    const ent = page.getByRole('dialog').filter({ hasText: ENTERPRISE_TEXTS.dialogTitle });
    await visible(ent);
    const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/write/start', { timeout: WAIT });
    await ent.getByRole('button', { name: ENTERPRISE_TEXTS.skipAndWrite }).click();
    const answer = await (await started).json();
    expect(answer.code).toBe(5003);
    await visible(page.getByTestId('purchase-dialog'));
    // (closing it walks through the retention steps of e2e/purchase.test.ts: a reload is enough here)
    await page.reload();
    await workspaceReady(page);
    const res = await t.api('/btz/bid/detail', { token, query: { id: second } });
    expect(res.json.data.status).toBe('outlined');
    await visible(page.getByTestId('write-start'));
  });

  it('取消编写 (confirmed) stops the writing; the bid is outlined again and can be started again', async () => {
    await buyCopies(t, token, 1, 1);
    await page.getByTestId('write-start').click();
    const ent = page.getByRole('dialog').filter({ hasText: ENTERPRISE_TEXTS.dialogTitle });
    await visible(ent);
    const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/write/start', { timeout: WAIT * 3 });
    await ent.getByRole('button', { name: ENTERPRISE_TEXTS.skipAndWrite }).click();
    const start = await (await started).json();
    expect(start.success, JSON.stringify(start)).toBe(true);
    await visible(page.getByTestId('write-progress'));
    await page.getByTestId('write-cancel').click();
    const pop = page.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: '取消编写' });
    await visible(pop);
    const cancelled = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/write/cancel', { timeout: WAIT });
    await pop.getByRole('button', { name: '确定' }).click();
    const answer = await (await cancelled).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    const p = answer.data as WriteProgress;
    expect(p.status).toBe('outlined');
    expect(p.running + p.queued).toBe(0);
    // back to the start button; the leaves show what happened to them
    await visible(page.getByTestId('write-start'));
    await expect.poll(() => leafIn(page, 'cancelled').count(), { timeout: WAIT }).toBe(p.cancelled);
    await expect.poll(() => doneLeaves(page).count(), { timeout: WAIT }).toBe(p.done);
    await shot(page, 'writing-cancelled');
    // the copy comes back when nothing was written
    const info = (await t.api('/btz/user/get-info', { token })).json.data;
    expect(info.commonBidNumber).toBe(p.done === 0 ? 1 : 0);
    expect(errors).toEqual([]);
  });
});

describe('评分覆盖 of a tender whose scoring table the reader could not fully find', () => {
  it('shows the missing points as 「未识别」 and claims no percentage', async () => {
    // the tender prints 满分 100 分 but its table holds only 55 points of rows
    const pages = TENDER_PAGES.map((blocks) =>
      blocks.map((b) => (b.kind === 'table' && b.rows === SCORING_ROWS ? { ...b, rows: SCORING_ROWS.filter((r) => r[0] !== '技术方案' && r[0] !== '实施计划') } : b)),
    );
    const id = await uploadTender(t, token, { name: '招标文件.docx', data: await buildTenderDocx(pages) });
    const d = await waitParse(t, token, id);
    if (!d.outline?.length) expect((await t.api('/btz/bid/outline/generate', { token, query: { id } })).json?.success).toBe(true);
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(id)}`);
    await visible(page.getByTestId('bid-workspace'), WAIT * 3);
    const tab = page.getByRole('tab', { name: /评分覆盖/ });
    await expect.poll(() => text(tab), { timeout: WAIT }).toContain('未识别');
    await tab.click();
    const cov = await visible(page.getByTestId('coverage'));
    expect(await text(cov.getByTestId('coverage-unknown'))).toContain('未识别约 45 分的评分项');
    await visible(cov.locator('.bid-cov__row[data-state="unknown"]'));
    expect(await cov.getByRole('progressbar').count()).toBe(0);
    expect(await text(cov)).not.toContain('100%');
    await shot(page, 'coverage-unknown');
    expect(errors).toEqual([]);
  });
});

describe('paying in the purchase dialog that 5003 opened', () => {
  it('starts the writing by itself: no second press of 一键生成全文', async () => {
    // a new user: no copies, no VIP
    const fresh = await loggedInPage(browser, t);
    try {
      const id = await outlinedBid(t, fresh.token, 1);
      const p = fresh.page;
      await p.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(id)}`);
      await workspaceReady(p);
      await p.getByTestId('write-start').click();
      const ent = p.getByRole('dialog').filter({ hasText: ENTERPRISE_TEXTS.dialogTitle });
      await visible(ent);
      const refused = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/write/start', { timeout: WAIT });
      await ent.getByRole('button', { name: ENTERPRISE_TEXTS.skipAndWrite }).click();
      expect((await (await refused).json()).code).toBe(5003);
      await visible(p.getByTestId('purchase-dialog'));
      await expect.poll(() => p.getByTestId('pay-qr').getAttribute('data-code-url'), { timeout: WAIT }).toMatch(/^https?:\/\//);
      const codeUrl = (await p.getByTestId('pay-qr').getAttribute('data-code-url'))!;
      // the phone pays (the sandbox page's 确认支付); the dialog sees it and the writing starts without another click
      const started = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/write/start', { timeout: WAIT * 2 });
      const paid = await t.request(new URL(codeUrl).pathname, { method: 'POST', form: {} });
      expect(paid.status).toBe(200);
      expect((await (await started).json()).success).toBe(true);
      await expect
        .poll(async () => (await t.api('/btz/bid/detail', { token: fresh.token, query: { id } })).json.data.status, { timeout: WAIT })
        .toMatch(/^(writing|written)$/);
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });
});
