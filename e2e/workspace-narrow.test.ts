import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../apps/server/test/harness.js';
import { detail, leaves, outlinedBid, section } from '../apps/server/test/writing/helpers.js';
import { SHOTS, launch, shot } from './browser.js';
import { WAIT, loggedInPage, startE2eServer, visible } from './flows.js';

/**
 * The bid workspace on a phone (issue 13 item 4): at 375 × 812 the three panes (outline, section, card / coverage /
 * export) stack one under the other, each as wide as the screen allows — none crushed to a sliver — and the page does
 * not scroll sideways.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let bidId = '';
let token = '';

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer(), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
  bidId = await outlinedBid(t, token, 1);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

describe('the bid workspace at 375 px', () => {
  // the stacked panes collapsed to their 2 px borders before (min-height: 0 in a workspace of auto height)
  it('stacks the panes, each at least ~300 px wide, with no sideways scroll', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    await visible(page.getByTestId('bid-workspace'), WAIT * 3);
    await visible(page.getByTestId('outline-tree'), WAIT * 2);
    const panes = page.locator('.bid-pane');
    expect(await panes.count()).toBe(3);
    // page coordinates (the page scrolls past the stacked panes)
    const boxes = await panes.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
      }),
    );
    await shot(page, 'workspace-375');
    await page.screenshot({ path: path.join(SHOTS, 'workspace-375-full.png'), fullPage: true });
    // each pane nearly the screen's width and a real box (not collapsed to its border), stacked one below the other
    for (const b of boxes) expect(b.width, JSON.stringify(boxes)).toBeGreaterThanOrEqual(300);
    for (const b of boxes) expect(b.height, JSON.stringify(boxes)).toBeGreaterThanOrEqual(300);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y, JSON.stringify(boxes)).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height - 1);
    // the page itself fits the screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });
});

describe('the bid workspace at 375 px: tables and tabs (issue 27)', () => {
  it('a six-column price table keeps readable columns, and every tab of the right pane is in sight', async () => {
    const leaf = leaves((await detail(t, token, bidId)).outline!)[2]!;
    const cell = (text: string) => ({ type: 'tableCell', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
    const row = (...texts: string[]) => ({ type: 'tableRow', content: texts.map(cell) });
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            row('序号', '服务内容', '数量', '单位', '单价（元）', '合价（元）'),
            row('1', '数据标注服务', '73600', '条', '12.00', '883200.00'),
          ],
        },
      ],
    };
    const s = await section(t, token, bidId, leaf.id);
    const saved = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId: leaf.id }, body: { revision: s.revision, doc } });
    expect(saved.json?.success, saved.text).toBe(true);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    const tree = await visible(page.getByTestId('outline-tree'), WAIT * 3);
    await tree.locator(`.bid-node[data-node-id="${leaf.id}"]`).click();
    const pane = await visible(page.getByTestId('section-pane'), WAIT);
    await pane.locator('.ant-segmented').getByText('正文', { exact: true }).click();
    const table = await visible(pane.locator('.ProseMirror table'), WAIT);
    await table.scrollIntoViewIfNeeded();
    await shot(page, 'workspace-375-table');
    // each column at least four characters wide (it was one before: 「服/务/内/容」 down the cell)
    const widths = await table.locator('tr').first().locator('td, th').evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().width / parseFloat(getComputedStyle(el).fontSize)),
    );
    expect(widths).toHaveLength(6);
    for (const w of widths) expect(w, JSON.stringify(widths)).toBeGreaterThanOrEqual(4);
    // the page itself still does not scroll sideways: the table scrolls within its column
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);

    // the right pane's six tabs: each whole inside the screen (招标要点 was hidden, 内容检查 cut at the edge)
    const tabs = page.locator('.bid-pane--right .bid-tabs > .ant-tabs-nav .ant-tabs-tab');
    await tabs.first().scrollIntoViewIfNeeded();
    await shot(page, 'workspace-375-tabs');
    const boxes = await tabs.evaluateAll((els) => els.map((el) => ({ text: el.textContent, ...el.getBoundingClientRect().toJSON() })));
    expect(boxes.map((b) => b.text?.replace(/\s/g, ''))).toEqual(['招标要点', expect.stringMatching(/^评分覆盖/), '文件（1）', '内容检查', '导出', '动态']);
    for (const b of boxes) {
      expect(b.x, JSON.stringify(b)).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, JSON.stringify(b)).toBeLessThanOrEqual(375);
      expect(b.width, JSON.stringify(b)).toBeGreaterThan(20);
    }
    expect(errors).toEqual([]);
  });
});

describe('the bid workspace at 1440 px (issue 27)', () => {
  it('the section editor keeps a readable line, the breadcrumb shows whole, the sider marks 我的标书', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    await visible(page.getByTestId('bid-workspace'), WAIT * 3);
    const tree = await visible(page.getByTestId('outline-tree'), WAIT * 2);
    const leaf = leaves((await detail(t, token, bidId)).outline!)[3]!;
    await tree.locator(`.bid-node[data-node-id="${leaf.id}"]`).click();
    const pane = await visible(page.getByTestId('section-pane'), WAIT);
    await pane.locator('.ant-segmented').getByText('正文', { exact: true }).click();
    const prose = await visible(pane.locator('.ProseMirror'), WAIT);
    await shot(page, 'workspace-1440');
    // characters per line: the text column's width over its font size (a CJK character is one em wide)
    const perLine = await prose.evaluate((el) => el.clientWidth / parseFloat(getComputedStyle(el).fontSize));
    expect(perLine).toBeGreaterThanOrEqual(28);
    // the breadcrumb on one line, whole (its chapter and the section)
    const crumbs = pane.locator('.bid-section__crumbs');
    expect(await crumbs.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    expect(await crumbs.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(30);
    // an open bid is one of 我的标书, not 新建标书
    const selected = page.locator('.ant-menu-item-selected');
    expect(await selected.count()).toBe(1);
    expect((await selected.textContent())?.trim()).toBe('我的标书');
    expect(errors).toEqual([]);
  });
});

