import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readDocxMetadata, readPdfMetadata } from '@btz/bid-engine/filetools';
import { sniffType } from '@btz/bid-engine/reading';
import type { TestServer } from '../apps/server/test/harness.js';
import { drawPicture } from '../packages/bid-engine/test/fixtures/pictures.js';
import { linkedDocx, pdfWithMetadata } from '../packages/bid-engine/test/filetools/fixtures.js';
import { outlinedBid } from '../apps/server/test/writing/helpers.js';
import { newUser } from '../apps/server/test/harness.js';
import { launch, shot } from './browser.js';
import { WAIT, jobStartedBy, loggedInPage, startE2eServer, visible } from './flows.js';
import { exportBid } from '../apps/server/test/export.js';

/** the call that starts a run (its answer names the run, whose job the tests follow) */
const UPLOAD = '/btz/filetools/upload';

/**
 * The bid-file tools through Chromium (issue 15): 元数据清除 — a DOCX dropped, the job's result with what was removed,
 * downloaded without its metadata, a wrong file refused in Chinese, the history; 文件转换 — pictures to one PDF, the PDF to
 * one PNG per page; IP 与设备记录 — the user's sign-in, uploads and export, with the 警示 row when another account exported
 * another bidder's bid from the same IP. Screenshots of each screen.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let userId: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-filetools-'));
const file = (name: string, data: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
};

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer({ jobPollMs: 100 }), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors, token, userId } = await loggedInPage(browser, t));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function download(click: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const pending = page.waitForEvent('download', { timeout: WAIT * 3 });
  await click();
  const d = await pending;
  const target = path.join(dir, `dl-${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(target);
  return { name: d.suggestedFilename(), data: readFileSync(target) };
}

describe('元数据清除', () => {
  it('clears a DOCX: progress, what was removed, the download without metadata; a wrong file is refused', async () => {
    await page.goto(`${t.url}/workbench/tools/MetadataClearing`);
    await visible(page.getByRole('heading', { name: '元数据清除', level: 1 }));
    await visible(page.getByText('还没有处理记录'));
    await shot(page, 'filetools-clearing-empty');

    await page.locator('.ft-dragger input[type=file]').setInputFiles(file('说明.txt', Buffer.from('不是 Word')));
    await visible(page.getByTestId('ft-error').getByText('元数据清除仅支持 DOCX 或 PDF 文件'));

    const docx = file('甲公司投标文件.docx', await linkedDocx({ bidder: '甲公司', body: '我方承诺按期完成。' }));
    await jobStartedBy(page, t, UPLOAD, () => page.locator('.ft-dragger input[type=file]').setInputFiles(docx));
    const done = await visible(page.getByTestId('ft-done'), WAIT * 3);
    await visible(done.getByText('自定义属性 1 项'));
    await visible(done.getByText('批注及其作者 1 处'));
    await visible(page.getByTestId('ft-history').getByText('已完成'));
    await shot(page, 'filetools-clearing-done');
    const got = await download(() => done.getByRole('button', { name: '下载' }).click());
    expect(got.name).toBe('甲公司投标文件-已清除元数据.docx');
    const m = readDocxMetadata(got.data);
    expect(m).toMatchObject({ core: {}, app: {}, custom: {}, rsids: [], commentAuthors: [], template: null, hasThumbnail: false });

    // a PDF, then the history lists both, newest first
    const quote = file('报价文件.pdf', await pdfWithMetadata());
    await jobStartedBy(page, t, UPLOAD, () => page.locator('.ft-dragger input[type=file]').setInputFiles(quote));
    await visible(page.getByTestId('ft-done').getByText('XMP 元数据 1 段'), WAIT * 3);
    const pdf = await download(() => page.getByTestId('ft-done').getByRole('button', { name: '下载' }).click());
    expect((await readPdfMetadata(pdf.data)).info).toEqual({});
    const rows = page.getByTestId('ft-history').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(2);
    await expect.poll(() => rows.first().textContent()).toContain('报价文件.pdf');
    expect(errors).toEqual([]);
  });

  it('shows a run in progress with its bar, moving as the run advances', async () => {
    // a run the job runner is working on (written as the job writes it; no job behind it, so it stays where we put it)
    const db = t.server.db.db;
    const user = await db.selectFrom('users').select(['tenant_id']).where('id', '=', userId).executeTakeFirstOrThrow();
    const id = `9${Date.now()}`;
    await db
      .insertInto('file_tool_runs')
      .values({
        id,
        tenant_id: user.tenant_id,
        owner_type: 'user',
        owner_id: userId,
        user_id: userId,
        tool: 'clean',
        inputs: JSON.stringify([{ index: 1, name: '乙公司投标文件.docx', type: 'docx', mime: 'application/octet-stream', size: 120_000, key: 'none' }]),
        outputs: '[]',
        report: null,
        state: 'running',
        progress: 45,
        error: null,
        job_id: null,
        updated_at: new Date(),
      })
      .execute();
    await page.goto(`${t.url}/workbench/tools/MetadataClearing?id=${id}`);
    const bar = await visible(page.getByTestId('ft-progress'));
    await visible(bar.getByText('正在处理…'));
    await visible(bar.getByText('45%'));
    await visible(page.getByTestId('ft-history').getByText('处理中 45%'));
    await shot(page, 'filetools-clearing-progress');
    await db.updateTable('file_tool_runs').set({ progress: 80 }).where('id', '=', id).execute();
    await visible(bar.getByText('80%'));
    await db.deleteFrom('file_tool_runs').where('id', '=', id).execute();
  });
});

describe('文件转换', () => {
  it('pictures → one PDF, then the PDF → one PNG per page', async () => {
    await page.goto(`${t.url}/workbench/tools/FileConversion`);
    await visible(page.getByRole('heading', { name: '文件转换', level: 1 }));
    await page.getByTestId('ft-picker').getByText('图片转 PDF').click();
    await visible(page.getByText('点击或将图片拖到这里（可多选，最多 30 张）'));
    const pictures = [file('营业执照.png', drawPicture(31)), file('资质证书.png', drawPicture(32, 300, 500))];
    await jobStartedBy(page, t, UPLOAD, () => page.locator('.ft-dragger input[type=file]').setInputFiles(pictures));
    const done = await visible(page.getByTestId('ft-done'), WAIT * 3);
    await visible(done.getByText('营业执照等2张图片.pdf'));
    await shot(page, 'filetools-conversion-images-pdf');
    const pdf = await download(() => done.getByRole('button', { name: '下载' }).click());
    expect(pdf.name).toBe('营业执照等2张图片.pdf');
    expect(sniffType(pdf.data)).toBe('pdf');

    await page.getByTestId('ft-picker').getByText('PDF 转图片').click();
    await jobStartedBy(page, t, UPLOAD, () => page.locator('.ft-dragger input[type=file]').setInputFiles(file('证照.pdf', pdf.data)));
    await visible(page.getByTestId('ft-done').getByText('证照-第2页.png'), WAIT * 3);
    await visible(page.getByRole('button', { name: '全部下载（ZIP）' }));
    await shot(page, 'filetools-conversion-pdf-images');
    const zip = await download(() => page.getByRole('button', { name: '全部下载（ZIP）' }).click());
    expect(zip.name).toBe('证照-图片.zip');
    // the history of conversions (not the clearing runs)
    await expect.poll(() => page.getByTestId('ft-history').locator('tbody tr').count(), { timeout: WAIT }).toBe(2);
    expect(errors).toEqual([]);
  });
});

describe('IP 与设备记录', () => {
  it('lists the sign-in, uploads and export; warns when another bidder was exported from the same IP', async () => {
    await t.api('/btz/enterprise/info/save', { token, body: { name: '甲建设有限公司' } });
    const bid = await outlinedBid(t, token, 1);
    const other = await newUser(t);
    await t.api('/btz/enterprise/info/save', { token: other.token, body: { name: '乙工程有限公司' } });
    const otherBid = await outlinedBid(t, other.token, 1);
    expect((await exportBid(t.api, { token, id: bid, format: 'docx' })).headers['content-type']).toContain('officedocument');
    expect((await exportBid(t.api, { token: other.token, id: otherBid, format: 'docx' })).headers['content-type']).toContain('officedocument');

    await page.goto(`${t.url}/workbench/tools/IpRecord`);
    await visible(page.getByRole('heading', { name: 'IP 与设备记录', level: 1 }));
    const warn = await visible(page.getByTestId('ip-warnings'));
    await visible(warn.getByText('同一 IP 导出了 2 家不同企业的标书', { exact: false }));
    await visible(warn.getByText('甲建设有限公司、其他账号的企业（1 家）', { exact: false }));
    const table = page.getByTestId('ip-records');
    await visible(table.getByText('导出标书').first());
    await visible(table.getByText('登录').first());
    await visible(table.getByText('短信验证码登录'));
    await visible(table.getByText('元数据清除：甲公司投标文件.docx'));
    await visible(table.locator('.ft-warn-tag').first());
    await shot(page, 'filetools-ip-record');
    await page.locator('.ft-filter').getByText('导出标书').click();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: WAIT }).toBe(1);
    expect(errors).toEqual([]);
  });
});
