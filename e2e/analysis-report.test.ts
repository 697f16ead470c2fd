import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { REPORT_TEXTS } from '@btz/shared';
import { buildTenderDocx } from '../packages/bid-engine/test/fixtures/build.js';
import { FACTS } from '../packages/bid-engine/test/fixtures/tender.js';
import type { TestServer } from '../apps/server/test/harness.js';
import { waitParse } from '../apps/server/test/bid/helpers.js';
import { launch, shot } from './browser.js';
import { WAIT, loggedInPage, startE2eServer, visible } from './flows.js';

/**
 * 招标分析报告 through Chromium (issue 12 item 4): a parsed bid of the generated tender opens in the workspace; the
 * button above the card offers Word and Excel; each click downloads the file under its Chinese name, and the files
 * reopen with the project's facts and scoring. The bid is uploaded over the API (the upload screen has its own test).
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
  tmp = mkdtempSync(path.join(os.tmpdir(), 'btz-e2e-report-'));
  const [server, b, docx] = await Promise.all([startE2eServer({ jobPollMs: 50 }), launch(), buildTenderDocx()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
  const up = await t.upload('/btz/bid/upload-tender', { token, file: { name: '招标文件.docx', data: docx }, fields: { bidType: 1 } });
  expect(up.json?.success, up.text).toBe(true);
  bidId = up.json.data.bidId;
  expect((await waitParse(t, token, bidId)).parse.state).toBe('done');
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

async function downloadVia(label: string): Promise<{ name: string; data: Buffer }> {
  await page.getByTestId('analysis-report').click();
  const item = await visible(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText(label, { exact: true }));
  if (label === REPORT_TEXTS.word) await shot(page, 'analysis-report-menu');
  const download = page.waitForEvent('download', { timeout: WAIT * 3 });
  await item.first().click();
  const file = await download;
  const target = path.join(tmp, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), data: readFileSync(target) };
}

describe('招标分析报告', () => {
  it('downloads the Word and the Excel report from the workspace', async () => {
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${bidId}`);
    await visible(page.getByTestId('tender-card'));
    const button = await visible(page.getByTestId('analysis-report'));
    expect(await button.first().isEnabled()).toBe(true);
    await shot(page, 'analysis-report-workspace');
    // what the reader was unsure of is said above the card, the same list the report opens with
    const review = await visible(page.getByTestId('card-review'));
    expect(await review.first().innerText()).toMatch(/需要人工核对（\d+ 项）/);
    await review.first().scrollIntoViewIfNeeded();
    await shot(page, 'tender-card-review');

    const word = await downloadVia(REPORT_TEXTS.word);
    expect(word.name).toBe(`${FACTS.projectName}-招标分析报告.docx`);
    const text = (await mammoth.extractRawText({ buffer: word.data })).value;
    expect(text).toContain(FACTS.projectNumber);
    expect(text).toContain('技术方案');
    await visible(page.getByText(REPORT_TEXTS.exported(word.name)));
    await shot(page, 'analysis-report-downloaded');

    const excel = await downloadVia(REPORT_TEXTS.excel);
    expect(excel.name).toBe(`${FACTS.projectName}-招标分析报告.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(excel.data as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toContain('评分表');
    const scoring = wb.getWorksheet('评分表')!;
    expect(scoring.getRow(2).getCell(3).value).toBe('技术方案');
    expect(scoring.getRow(2).getCell(4).value).toBe(30);
    expect(errors).toEqual([]);
  });
});
