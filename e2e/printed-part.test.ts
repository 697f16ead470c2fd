import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PRINTED_PART_NOTE, type BidDetail } from '@btz/shared';
import type { TestServer } from '../apps/server/test/harness.js';
import { waitParse } from '../apps/server/test/bid/helpers.js';
import { tenderWithCoverForm } from '../apps/server/test/writing/helpers.js';
import { launch, shot } from './browser.js';
import { WAIT, loggedInPage, startE2eServer, visible } from './flows.js';

/**
 * The cover part of a bid's outline in the workspace: a tender whose composition opens with 投标文件封面 gets that part in
 * the outline (so the order is the tender's), and opening it shows why there is nothing to write — the Word export prints
 * the cover from the tender's own form — instead of an editor.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let bidId = '';

beforeAll(async () => {
  const [server, b, docx] = await Promise.all([startE2eServer({ jobPollMs: 50 }), launch(), tenderWithCoverForm()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
  const up = await t.upload('/btz/bid/upload-tender', { token, file: { name: '招标文件.docx', data: docx }, fields: { bidType: 1 } });
  expect(up.json?.success, up.text).toBe(true);
  bidId = up.json.data.bidId;
  const d = await waitParse(t, token, bidId);
  expect(d.parse.state).toBe('done');
  if (!d.outline?.length) {
    const g = await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } });
    expect(g.json?.success, g.text).toBe(true);
  }
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

describe('the cover part in the workspace', () => {
  it('opens with the note that the export prints it, not an editor', async () => {
    const d = (await t.api('/btz/bid/detail', { token, query: { id: bidId } })).json.data as BidDetail;
    const cover = d.outline!.find((n) => n.title === '投标文件封面')!;
    expect(cover).toBeDefined();
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    const tree = await visible(page.getByTestId('outline-tree'), WAIT * 3);
    // the part itself when it is a section, else its first section (the outline may put forms under it)
    let leaf = cover;
    while (leaf.children.length) leaf = leaf.children[0]!;
    await tree.locator(`[data-node-id="${leaf.id}"]`).first().click();
    const pane = await visible(page.locator(`[data-testid="section-pane"][data-node-id="${leaf.id}"]`));
    await pane.getByText('正文', { exact: true }).first().click();
    const note = await visible(pane.getByTestId('printed-part-note'));
    expect(await note.textContent()).toContain(PRINTED_PART_NOTE);
    expect(await pane.locator('.ProseMirror').count()).toBe(0);
    await shot(page, 'printed-part-note');
    expect(errors).toEqual([]);
  });
});
