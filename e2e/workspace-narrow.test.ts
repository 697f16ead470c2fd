import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../apps/server/test/harness.js';
import { outlinedBid } from '../apps/server/test/writing/helpers.js';
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

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer(), launch()]);
  t = server;
  browser = b;
  let token: string;
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
