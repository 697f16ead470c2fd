import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { BidDetail, BidOutlineNode } from '@btz/shared';
import { buildTenderDocx } from '../packages/bid-engine/test/fixtures/build.js';
import { FACTS, SCORING_ROWS } from '../packages/bid-engine/test/fixtures/tender.js';
import type { TestServer } from '../apps/server/test/harness.js';
import { waitParse } from '../apps/server/test/bid/helpers.js';
import { launch, shot } from './browser.js';
import { WAIT, loggedInPage, onPath, startE2eServer, visible } from './flows.js';

/**
 * Bid pipeline I through Chromium (issue 5, item 6): a tender DOCX the test generates (项目编号 ZB-2026-118 on page 1, a
 * 评分标准 table, the composition 投标函 / 法定代表人授权委托书 / 开标一览表 / 技术方案) is uploaded in 新建标书, parsed
 * (offline writer), and lands in the workspace: the tender card cites page 1 and opens it in the page drawer, the outline's
 * first level follows the composition, 评分覆盖 shows what the server computed, hand edits (rename, add, delete) are
 * saved and survive a reload, and 我的标书 lists the bid. The server's view is read over the API the way another client
 * would; expected texts are written out here.
 */

const COMPOSITION = ['投标函', '法定代表人授权委托书', '开标一览表', '技术方案'];
const RENAMED = '总体技术方案（人工修订）';
const ADDED = '投标函附件（人工添加）';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let tmp: string;
let tenderPath: string;
let bidId = '';

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'btz-e2e-bid-'));
  tenderPath = path.join(tmp, '智慧园区招标文件.docx');
  const [server, b, docx] = await Promise.all([startE2eServer(), launch(), buildTenderDocx()]);
  t = server;
  browser = b;
  writeFileSync(tenderPath, docx);
  ({ context, page, errors, token } = await loggedInPage(browser, t));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/* ---- the server's view ------------------------------------------------------------------------------------------ */

/** A parsed bid: its outline and coverage exist (the detail call answers null for them before parsing ends). */
type ParsedBid = BidDetail & { outline: BidOutlineNode[]; coverage: NonNullable<BidDetail['coverage']> };

async function detail(): Promise<ParsedBid> {
  const res = await t.api('/btz/bid/detail', { token, query: { id: bidId } });
  expect(res.json?.success, res.text).toBe(true);
  const d = res.json.data as BidDetail;
  expect(d.outline, 'outline').not.toBeNull();
  expect(d.coverage, 'coverage').not.toBeNull();
  return d as ParsedBid;
}

const walk = (nodes: readonly BidOutlineNode[], out: BidOutlineNode[] = []): BidOutlineNode[] => {
  for (const n of nodes) {
    out.push(n);
    walk(n.children, out);
  }
  return out;
};

/* ---- the screen ------------------------------------------------------------------------------------------------- */

const text = async (l: Locator) => ((await l.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
const tree = (p: Page) => p.getByTestId('outline-tree');
const nodeRow = (p: Page, id: string) => tree(p).locator(`[data-node-id="${id}"]`);
const level1Titles = (p: Page) => tree(p).locator('.bid-node--l1 .bid-node__title').allTextContents();
const allTitles = async (p: Page) => (await tree(p).locator('.bid-node__title').allTextContents()).map((s) => s.trim());
const saveState = (p: Page) => p.getByTestId('save-state');
/** The open dropdown menu (closed ones stay in the DOM, hidden). */
const openMenu = (p: Page) => p.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

async function nodeMenu(p: Page, node: Pick<BidOutlineNode, 'id' | 'title'>, item: RegExp) {
  // a menu closed a moment ago fades out: never click into it
  await expect.poll(() => openMenu(p).count(), { timeout: WAIT }).toBe(0);
  await nodeRow(p, node.id).getByRole('button', { name: `操作 ${node.title}` }).click();
  const menu = openMenu(p);
  await visible(menu);
  await expect.poll(async () => (await menu.count()) === 1 && !/-(enter|appear|leave)/.test((await menu.getAttribute('class')) ?? ''), { timeout: WAIT }).toBe(true);
  await menu.getByRole('menuitem', { name: item }).click();
  await expect.poll(() => openMenu(p).count(), { timeout: WAIT }).toBe(0);
}

/** Waits for the workspace's panes (the outline and the card) of a parsed bid. */
async function workspaceReady(p: Page) {
  await visible(p.getByTestId('bid-workspace'), WAIT * 3);
  await visible(p.getByTestId('tender-card'), WAIT * 3);
  await visible(tree(p), WAIT);
}

/** The coverage tab, open, with the numbers it shows. */
async function openCoverage(p: Page) {
  await p.getByRole('tab', { name: /评分覆盖/ }).click();
  const cov = await visible(p.getByTestId('coverage'));
  return cov;
}

/**
 * What the coverage panel must say of an outlined bid (nothing written yet): each non-price row mapped to the sections the
 * server says, none counted as answered — coverage is by the text that responds, checked once there is text.
 */
function expectedCoverage(bid: ParsedBid) {
  const scoring = bid.card!.scoring;
  const mappedIds = new Set(bid.coverage.filter((c) => c.nodeIds.length > 0).map((c) => c.scoringId));
  const rows = scoring.filter((s) => s.category !== 'price');
  const points = (list: typeof scoring) => list.reduce((a, s) => a + (s.points ?? 0), 0);
  return {
    rows: scoring.length,
    total: rows.length,
    mapped: rows.filter((s) => mappedIds.has(s.id)).length,
    pointsTotal: points(rows),
    gaps: rows.filter((s) => !mappedIds.has(s.id)).map((s) => s.item),
  };
}

async function expectCoverageMatches(p: Page, bid: ParsedBid) {
  const want = expectedCoverage(bid);
  const cov = await openCoverage(p);
  await expect.poll(() => text(cov.locator('.bid-cov__title')), { timeout: WAIT }).toBe(`评分项响应 0 / ${want.total}`);
  await visible(cov.getByText(`已分配章节 ${want.mapped} / ${want.total}，已响应分值 0 / ${want.pointsTotal} 分`));
  // not checked before there is text: no percentage
  expect(await cov.getByRole('progressbar').count()).toBe(0);
  await visible(cov.locator('.bid-cov__pending'));
  expect(await cov.locator('.bid-cov__row').count()).toBe(want.rows);
  expect(await cov.locator('.bid-cov__row[data-covered="true"]').count()).toBe(0);
  const gapNames = (await cov.locator('.bid-cov__row[data-state="unmapped"] .bid-cov__name').allTextContents()).map((s) => s.trim());
  expect(gapNames).toEqual(want.gaps);
  return { cov, want };
}

describe('tender file → card → outline edits → coverage → 我的标书', () => {
  it('uploads the DOCX as 普通版, shows the parse and then the card; 第1页 opens the tender text of page 1', async () => {
    await page.goto(`${t.url}/workbench/document`);
    await visible(page.getByRole('heading', { name: '新建标书' }));
    await visible(page.getByText('点击或将招标文件拖到这里'));
    await shot(page, 'bid-upload-empty');

    await page.locator('.bid-new__dragger input[type=file]').setInputFiles(tenderPath);
    await visible(page.getByTestId('chosen-file').getByText('智慧园区招标文件.docx'));
    const basic = page.locator('.bid-new__version').filter({ hasText: '普通版' });
    await basic.click();
    await expect.poll(() => basic.locator('input[type=radio]').isChecked(), { timeout: WAIT }).toBe(true);
    await shot(page, 'bid-upload');

    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/upload-tender', { timeout: WAIT * 2 });
    await page.getByRole('button', { name: '上传并开始解析' }).click();
    const answer = await (await uploaded).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    bidId = String(answer.data.bidId);
    await onPath(page, '/workbench/document/BidingDocument', WAIT * 2);
    expect(new URL(page.url()).searchParams.get('id')).toBe(bidId);

    // the parse screen (progress, stage, loading tips) shows while the job runs — if this machine is slow enough to see it
    const progress = page.getByTestId('parse-progress');
    const card = page.getByTestId('tender-card');
    await visible(progress.or(card), WAIT * 3);
    if (await progress.isVisible()) await shot(page, 'bid-parsing'); // best effort: the parse may end any moment

    await waitParse(t, token, bidId);
    await workspaceReady(page);
    const bid = await detail();
    expect(bid.parse.state).toBe('done');
    expect(bid.bidType).toBe(1);
    expect(bid.card?.projectNumber?.value).toBe(FACTS.projectNumber);
    expect(bid.card?.projectNumber?.source?.page).toBe(1);

    await page.getByRole('tab', { name: '招标要点' }).click();
    const number = card.locator('.bid-fact[data-key="projectNumber"]');
    await visible(number.getByText(FACTS.projectNumber));
    expect(await text(number.locator('.bid-fact__label'))).toBe('项目编号');
    await visible(page.locator('.bid-head').getByText('普通版'));
    // every scoring row of the tender's table is in the card
    for (const [item] of SCORING_ROWS.slice(1)) await visible(card.locator('.bid-scoring').getByText(item!, { exact: true }));
    await shot(page, 'bid-card');

    const link = number.locator('.bid-src');
    expect(await text(link)).toBe('第1页');
    await link.click();
    const drawer = page.getByRole('dialog').filter({ hasText: '招标原文 · 第 1 页' });
    await visible(drawer);
    // slid in completely (the panel's right edge on the viewport's)
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? Math.round(box.x + box.width) : -1;
      }, { timeout: WAIT })
      .toBe(page.viewportSize()!.width);
    const pageText = drawer.getByTestId('page-text');
    await expect.poll(() => text(pageText), { timeout: WAIT }).toContain(`项目编号：${FACTS.projectNumber}`);
    // the excerpt the card cites is highlighted on the page
    await visible(pageText.locator('mark'));
    expect(await text(pageText.locator('mark'))).toContain(FACTS.projectNumber);
    await shot(page, 'bid-page-drawer');

    await drawer.locator('.ant-drawer-close').click();
    await pageText.waitFor({ state: 'hidden', timeout: WAIT });

    // a scoring row's source opens its page as the document model read it: the scoring table as a table
    const [firstItem] = SCORING_ROWS[1]!;
    const row = card.locator('.bid-scoring tr').filter({ hasText: firstItem! });
    const rowLink = row.locator('.bid-src');
    const rowPage = Number((await text(rowLink)).replace(/\D/g, ''));
    await rowLink.click();
    const tableDrawer = page.getByRole('dialog').filter({ hasText: `招标原文 · 第 ${rowPage} 页` });
    const table = tableDrawer.locator('.bid-page__table');
    await visible(table.first());
    const cells = (await table.first().locator('td, th').allTextContents()).map((s) => s.trim());
    for (const cell of SCORING_ROWS.flat()) expect(cells).toContain(cell);
    // the excerpt the card cites is marked inside the table
    await visible(table.first().locator('mark'));
    await shot(page, 'bid-page-table');
    // the plain text is one click away
    await tableDrawer.getByText('原文文本').click();
    await expect.poll(() => text(tableDrawer.getByTestId('page-text')), { timeout: WAIT }).toContain(firstItem!);
    expect(await tableDrawer.locator('.bid-page__table').count()).toBe(0);
    await tableDrawer.locator('.ant-drawer-close').click();
    await tableDrawer.getByTestId('page-text').waitFor({ state: 'hidden', timeout: WAIT });
    expect(errors).toEqual([]);
  });

  it('builds the first outline level from the composition, and 评分覆盖 shows the server’s mapping (every row has a section, none answered before writing)', async () => {
    expect(bidId).not.toBe('');
    const bid = await detail();
    expect(bid.card!.composition.map((c) => c.title)).toEqual(COMPOSITION);
    expect(bid.outline.map((n) => n.title)).toEqual(COMPOSITION);
    await expect.poll(async () => (await level1Titles(page)).map((s) => s.trim()), { timeout: WAIT }).toEqual(COMPOSITION);
    // the numbers on screen are the server's
    const numbers = (await tree(page).locator('.bid-node--l1 .bid-node__num').allTextContents()).map((s) => s.trim());
    expect(numbers).toEqual(bid.outline.map((n) => n.number));

    // the tender's scoring table is fully answered
    expect(bid.card!.scoring.map((s) => s.item)).toEqual(SCORING_ROWS.slice(1).map((r) => r[0]));
    expect(bid.coverage.length).toBe(bid.card!.scoring.length);
    expect(bid.coverage.every((c) => c.nodeIds.length > 0)).toBe(true);
    const { cov, want } = await expectCoverageMatches(page, bid);
    expect(want.gaps).toEqual([]);
    await visible(cov.getByText('每个评分项都已分配章节；写好正文后会按正文检查是否逐条响应评分要点'));
    // each row names the sections the server says answer it
    for (const entry of bid.coverage) {
      const row = cov.locator('.bid-cov__row').filter({ has: page.locator('.bid-cov__name', { hasText: new RegExp(`^${entry.item}$`) }) });
      const titles = walk(bid.outline).filter((n) => entry.nodeIds.includes(n.id)).map((n) => `${n.number} ${n.title}`);
      expect((await row.locator('.bid-cov__node').allTextContents()).map((s) => s.trim())).toEqual(titles);
    }
    // every row has a section and nothing is written: no gap to count, no percentage claimed
    await expect.poll(() => text(page.getByRole('tab', { name: /评分覆盖/ })), { timeout: WAIT }).toBe('评分覆盖');
    await shot(page, 'bid-coverage');
    expect(errors).toEqual([]);
  });

  it('keeps hand edits of the outline (rename, add a child, delete) through the autosave and a reload', async () => {
    const before = await detail();
    const tech = before.outline.find((n) => n.title === '技术方案')!;
    const letter = before.outline.find((n) => n.title === '投标函')!;
    const proxy = before.outline.find((n) => n.title === '法定代表人授权委托书')!;
    const target = tech.children.find((n) => n.title === '总体技术方案')!;
    expect(target, 'the 技术方案 scoring item gets a 总体技术方案 section').toBeDefined();
    const techItem = before.card!.scoring.find((s) => s.item === '技术方案')!;
    expect(target.scoringIds).toContain(techItem.id);

    // rename: double-click the title, type, Enter
    await nodeRow(page, target.id).locator('.bid-node__title').dblclick();
    const input = tree(page).getByRole('textbox', { name: '章节标题' });
    await visible(input);
    await input.fill(RENAMED);
    await input.press('Enter');
    await visible(nodeRow(page, target.id).locator('.bid-node__title').getByText(RENAMED, { exact: true }));

    // add a child to a level-1 chapter from its menu: the new node opens in rename mode
    await nodeMenu(page, letter, /添加子章节/);
    const fresh = tree(page).getByRole('textbox', { name: '章节标题' });
    await visible(fresh);
    await expect.poll(() => fresh.inputValue(), { timeout: WAIT }).toBe('新章节');
    await fresh.fill(ADDED);
    await fresh.press('Enter');
    // (polled on the titles so that a failure names what the tree shows)
    await expect.poll(() => allTitles(page), { timeout: WAIT }).toContain(ADDED);

    // delete a chapter: 系统提示 → 确定
    await nodeMenu(page, proxy, /删除/);
    const confirm = await visible(page.getByRole('dialog').filter({ hasText: '系统提示' }));
    await visible(confirm.getByText(`确定删除「${proxy.number} ${proxy.title}」吗？`, { exact: false }));
    await confirm.getByRole('button', { name: /^确\s*定$/ }).click();
    await confirm.waitFor({ state: 'hidden', timeout: WAIT });
    await nodeRow(page, proxy.id).waitFor({ state: 'detached', timeout: WAIT });

    // the autosave runs after a quiet moment; the server then holds all three edits
    await expect.poll(() => text(saveState(page)), { timeout: WAIT * 2 }).toBe('已保存');
    await expect
      .poll(
        async () => {
          const o = (await detail()).outline;
          const nodes = walk(o);
          return {
            level1: o.map((n) => n.title),
            renamed: nodes.find((n) => n.id === target.id)?.title,
            added: o.find((n) => n.id === letter.id)?.children.map((c) => c.title),
            deleted: nodes.some((n) => n.id === proxy.id),
          };
        },
        { timeout: WAIT * 2, interval: 250 },
      )
      .toEqual({ level1: ['投标函', '开标一览表', '技术方案'], renamed: RENAMED, added: [ADDED], deleted: false });
    expect(await text(saveState(page))).toBe('已保存');

    const after = await detail();
    const addedNode = after.outline[0]!.children[0]!;
    expect(addedNode).toMatchObject({ title: ADDED, level: 2, number: '1.1', parentId: letter.id });
    // renumbered on screen as on the server
    await expect.poll(async () => (await level1Titles(page)).map((s) => s.trim()), { timeout: WAIT }).toEqual(['投标函', '开标一览表', '技术方案']);
    expect(await text(nodeRow(page, addedNode.id).locator('.bid-node__num'))).toBe('1.1');
    // coverage follows the edits: the screen still says what the server says, naming the renamed section
    const { cov } = await expectCoverageMatches(page, after);
    const renamedNode = walk(after.outline).find((n) => n.id === target.id)!;
    const techRow = cov.locator('.bid-cov__row').filter({ has: page.locator('.bid-cov__name', { hasText: /^技术方案$/ }) });
    await visible(techRow.locator('.bid-cov__node').getByText(`${renamedNode.number} ${RENAMED}`, { exact: true }));
    await nodeRow(page, target.id).scrollIntoViewIfNeeded();
    await shot(page, 'bid-outline-edited');

    // a reload shows the saved outline
    await page.reload();
    await workspaceReady(page);
    await expect.poll(async () => (await level1Titles(page)).map((s) => s.trim()), { timeout: WAIT }).toEqual(['投标函', '开标一览表', '技术方案']);
    const titles = await allTitles(page);
    expect(titles).toContain(RENAMED);
    expect(titles).toContain(ADDED);
    expect(titles).not.toContain(target.title);
    expect(titles).not.toContain('法定代表人授权委托书');
    expect(titles).toEqual(walk(after.outline).map((n) => n.title));
    expect(await text(saveState(page))).toBe('已保存');
    await expectCoverageMatches(page, await detail());
    await shot(page, 'bid-outline-reloaded');
    expect(errors).toEqual([]);
  });

  it('lists the bid in 我的标书 with its project; a click on the row opens the workspace', async () => {
    await page.goto(`${t.url}/workbench/historyBook`);
    await visible(page.getByRole('heading', { name: '我的标书' }));
    const row = page.locator('.bid-list__row').filter({ hasText: FACTS.projectNumber });
    await visible(row);
    await visible(row.getByText(FACTS.projectName, { exact: true }));
    await visible(row.getByText('普通版'));
    const listed = await t.api('/btz/bid/list', { token, query: { current: 1, size: 10 } });
    expect(listed.json?.success, listed.text).toBe(true);
    const record = (listed.json.data.records as Array<{ id: string; name: string; projectName: string; projectNumber: string }>).find(
      (r) => String(r.id) === bidId,
    );
    expect(record).toMatchObject({ projectName: FACTS.projectName, projectNumber: FACTS.projectNumber });
    await visible(row.locator('.bid-list__name').getByText(record!.name, { exact: true }));
    await shot(page, 'bid-history');

    await row.locator('.bid-list__name').click();
    await onPath(page, '/workbench/document/BidingDocument');
    expect(new URL(page.url()).searchParams.get('id')).toBe(bidId);
    await workspaceReady(page);
    await visible(page.getByTestId('tender-card').locator('.bid-fact[data-key="projectNumber"]').getByText(FACTS.projectNumber));
    expect(errors).toEqual([]);
  });
});
