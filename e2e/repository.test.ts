import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../apps/server/test/harness.js';
import { buildTenderDocx } from '../packages/bid-engine/test/fixtures/build.js';
import type { Block } from '../packages/bid-engine/test/fixtures/tender.js';
import { buyCopies, outlinedBid, waitWritten } from '../apps/server/test/writing/helpers.js';
import { launch, shot } from './browser.js';
import { WAIT, jobStartedBy, loggedInPage, onPath, startE2eServer, visible } from './flows.js';

/**
 * 知识库 through Chromium (issue 14): a past bid DOCX uploaded on repositorys/upload, read into passages (the list shows
 * its passage count), searched on the repository screen (the passage with its heading path, file and page, the words
 * marked); a bid section's 参考段落 tab suggesting it, pinned. Screenshots of each screen.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-repository-'));

const fill = (s: string, n: number) => Array.from({ length: n }, (_, i) => `${s}（第${i + 1}条）`).join('');
const PAST_BID: Block[][] = [
  [
    { kind: 'title', text: '滨江市政务云平台运维项目投标文件' },
    { kind: 'h1', text: '第一章 技术方案' },
    { kind: 'h2', text: '一、总体架构设计' },
    { kind: 'p', text: fill('平台采用微服务架构，分层部署，数据库主备切换，负载均衡保障高可用。', 6) },
  ],
  [
    { kind: 'h2', text: '二、售后服务方案' },
    { kind: 'p', text: fill('我方提供7×24小时驻场运维，故障响应时间不超过30分钟，每季度巡检一次并出具巡检报告。', 5) },
  ],
];

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer({ jobPollMs: 100 }), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

describe('知识库', () => {
  it('uploads a past bid, lists it with its passages, finds a passage by Chinese words', async () => {
    await page.goto(`${t.url}/workbench/repository`);
    await visible(page.getByRole('heading', { name: '知识库', level: 1 }));
    await page.getByRole('button', { name: '上传历史标书' }).first().click();
    await onPath(page, '/workbench/repositorys/upload');
    await visible(page.getByRole('heading', { name: '上传历史标书', level: 1 }));
    await shot(page, 'repository-upload');
    const p = path.join(dir, '政务云运维投标文件.docx');
    writeFileSync(p, await buildTenderDocx(PAST_BID));
    await jobStartedBy(page, t, '/btz/repository/upload', () => page.locator('input[type=file]').setInputFiles(p));
    await onPath(page, '/workbench/repositorys/BidDocuments');
    const row = page.getByTestId('repo-files').locator('li').filter({ hasText: '政务云运维投标文件.docx' });
    await visible(row.getByText(/\d+ 个段落/), WAIT * 3);
    await shot(page, 'repository-files');

    await page.getByRole('button', { name: '返回知识库' }).click();
    await onPath(page, '/workbench/repository');
    await page.getByLabel('搜索知识库').fill('故障响应时间');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const first = page.getByTestId('repo-results').getByTestId('repo-passage').first();
    await visible(first.getByText('第一章 技术方案 › 二、售后服务方案'));
    await visible(first.getByText('政务云运维投标文件.docx · 第 2 页'));
    await expect.poll(() => first.locator('mark').allTextContents()).toEqual(expect.arrayContaining(['故障', '响应', '时间']));
    await shot(page, 'repository-search');
  });

  it("a bid section's 参考段落 tab suggests the passage; it can be pinned", async () => {
    const bidId = await outlinedBid(t, token, 1);
    await buyCopies(t, token, 1, 1);
    expect((await t.api('/btz/bid/write/start', { token, query: { id: bidId } })).json.success).toBe(true);
    await waitWritten(t, token, bidId);
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    const tree = page.getByTestId('outline-tree');
    await visible(tree, WAIT * 2);
    await tree.getByText('响应时间与处理流程').first().click();
    const pane = page.getByTestId('section-pane');
    await visible(pane);
    await pane.getByText('参考段落').click();
    const suggest = pane.getByTestId('repo-suggest');
    const card = suggest.getByTestId('repo-passage').first();
    await visible(card.getByText('第一章 技术方案 › 二、售后服务方案'), WAIT * 2);
    await visible(card.getByText('政务云运维投标文件.docx · 第 2 页'));
    await card.getByRole('button', { name: '固定' }).click();
    await visible(card.getByRole('button', { name: '取消固定' }));
    await shot(page, 'repository-section-suggest');
    expect(errors).toEqual([]);
  });
});
