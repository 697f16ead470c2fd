import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../apps/server/test/harness.js';
import { detail, leaves, outlinedBid } from '../apps/server/test/writing/helpers.js';
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

