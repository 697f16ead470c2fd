import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totalTarget, type BidOutlineNode } from '@btz/shared';
import type { TestServer } from '../apps/server/test/harness.js';
import { waitParse } from '../apps/server/test/bid/helpers.js';
import { GOODS_PAGES } from '../packages/bid-engine/test/fixtures/goods-tender.js';
import { buildTenderDocx } from '../packages/bid-engine/test/fixtures/build.js';
import { launch, shot } from './browser.js';
import { WAIT, loggedInPage, startE2eServer, visible } from './flows.js';

/**
 * Outline import in the workspace (issue 24 item 4): on a parsed goods tender the user pastes a numbered outline; the
 * tree shows it, the scoring rows no section answers are listed, and 「添加章节」 adds a section answering one of them.
 * Then the whole bid's length is set in pages at a stated characters-per-page and the sections share it.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let bidId = '';

beforeAll(async () => {
  const [server, b, docx] = await Promise.all([startE2eServer({ jobPollMs: 50 }), launch(), buildTenderDocx(GOODS_PAGES)]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
  const up = await t.upload('/btz/bid/upload-tender', { token, file: { name: '开关柜招标文件.docx', data: docx }, fields: { bidType: 1 } });
  expect(up.json?.success, up.text).toBe(true);
  bidId = up.json.data.bidId;
  expect((await waitParse(t, token, bidId)).parse.state).toBe('done');
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

describe('outline import', () => {
  it('a pasted outline becomes the tree; the unmapped scoring rows are listed and one gets a section', async () => {
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    const tree = await visible(page.getByTestId('outline-tree'), WAIT * 3);
    await tree.getByRole('button', { name: '导入目录' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: '导入自己的目录' }));
    await dialog.getByLabel('目录文字').fill('1 技术部分\n1.1 技术参数响应\n1.2 供货与安装方案\n2 商务部分\n2.1 企业概况');
    await dialog.getByRole('button', { name: '导入' }).click();
    // replacing an outline is confirmed first
    await page.getByRole('button', { name: /确\s*定/ }).last().click();
    await visible(tree.getByText('供货与安装方案'));
    const note = await visible(page.getByTestId('unmapped-rows'));
    expect(await note.textContent()).toContain('2 个评分项没有对应的章节');
    expect(await note.textContent()).toContain('售后服务');
    expect(await note.textContent()).toContain('类似业绩');
    await shot(page, 'outline-import');
    await note.getByRole('button', { name: '为「售后服务」添加章节' }).click();
    await visible(tree.getByText('售后服务', { exact: true }));
    expect(await note.textContent()).not.toContain('售后服务');
    // saved: the server's coverage answers the row by the new section
    await visible(page.getByTestId('save-state').getByText('已保存'), WAIT * 2);
    const d = (await t.api('/btz/bid/detail', { token, query: { id: bidId } })).json.data as { card: { scoring: { id: string; item: string }[] }; coverage: { scoringId: string; nodeIds: string[] }[] };
    const row = d.card.scoring.find((s) => s.item === '售后服务')!;
    expect(d.coverage.find((c) => c.scoringId === row.id)!.nodeIds.length).toBe(1);
    expect(errors).toEqual([]);
  });

  it('the whole bid’s length is set in pages; the written sections share it and the saved outline keeps it', async () => {
    const bar = await visible(page.getByTestId('outline-length'));
    await bar.getByRole('button', { name: /设置篇幅/ }).click();
    const dialog = await visible(page.getByRole('dialog', { name: '设置全文篇幅' }));
    await dialog.getByText('页', { exact: true }).click();
    await dialog.getByLabel('每页字数').fill('750');
    await dialog.getByLabel('全文目标').fill('20');
    expect(await dialog.getByTestId('length-preview').textContent()).toContain('合计约 15,000 字（约 20 页）');
    await shot(page, 'outline-length');
    await dialog.getByRole('button', { name: /应\s*用/ }).click();
    await visible(bar.getByText('正文目标：约 15,000 字（约 20 页）', { exact: false }));
    await visible(page.getByTestId('save-state').getByText('已保存'), WAIT * 2);
    const d = (await t.api('/btz/bid/detail', { token, query: { id: bidId } })).json.data as { outline: BidOutlineNode[] };
    expect(Math.abs(totalTarget(d.outline) - 15000)).toBeLessThan(20);
    expect(errors).toEqual([]);
  });
});
