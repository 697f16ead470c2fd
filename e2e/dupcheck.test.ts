import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../apps/server/test/harness.js';
import type { Realtime } from '../apps/server/src/realtime/server.js';
import { drawPicture } from '../packages/bid-engine/test/fixtures/pictures.js';
import { buildDupSet, buildRingSet } from '../packages/bid-engine/test/fixtures/dup-bids.js';
import { launch, shot } from './browser.js';
import { WAIT, jobStartedBy, loggedInPage, onPath, startE2eServer, visible } from './flows.js';

/**
 * 标书查重 through Chromium (issue 15): three bids and the tender dropped on BiddingCheck, the check started and its
 * progress shown in the list until 查看报告; ReportView with the gauge, the pairs, the passages side by side and the
 * evidence; the Excel export downloaded; the bar chart (G2) of a pair's chapters; the three detail tables as routed
 * views. Screenshots of each screen.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-dupcheck-'));
const file = (name: string, data: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
};

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer({ jobPollMs: 100 }), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors } = await loggedInPage(browser, t));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

describe('标书查重', () => {
  it('uploads bids and the tender, runs the check with progress, opens the report', async () => {
    const set = await buildDupSet(drawPicture);
    await page.goto(`${t.url}/workbench/tools/BiddingCheck`);
    await visible(page.getByRole('heading', { name: '标书查重', level: 1 }));
    await visible(page.getByText('还没有查重记录'));
    await page.getByPlaceholder('查重任务名称').fill('道路工程投标查重');
    await page.getByTestId('bid-drop').locator('input[type=file]').setInputFiles([file('甲公司投标文件.docx', set.a), file('乙公司投标文件.docx', set.b), file('丙公司投标文件.docx', set.c)]);
    await page.getByTestId('tender-drop').locator('input[type=file]').setInputFiles([file('招标文件.docx', set.tender)]);
    await visible(page.getByText('已选 3 份投标文件，1 份招标文件'));
    await shot(page, 'dupcheck-upload');
    await jobStartedBy(page, t, '/btz/dupcheck/start', () => page.getByRole('button', { name: '开始查重' }).click());
    const row = page.getByTestId('check-list').locator('tr').filter({ hasText: '道路工程投标查重' });
    await visible(row);
    await visible(row.getByText('3 份投标 + 招标'));
    await visible(row.getByRole('link', { name: '查看报告' }), WAIT * 2);
    await visible(row.getByText('高风险'));
    await shot(page, 'dupcheck-list');

    await row.getByRole('link', { name: '查看报告' }).click();
    await onPath(page, '/workbench/tools/ReportView');
    await visible(page.getByRole('heading', { name: /查重报告/, level: 1 }));
    const summary = page.getByTestId('report-summary');
    await visible(summary.getByText('总体风险'));
    await visible(summary.getByText('文本：高风险'));
    await visible(summary.getByText(/\d+ 句来自招标文件、不计入/).first());
    const pairs = page.getByTestId('check-table');
    await visible(pairs.locator('tr').filter({ hasText: '甲公司投标文件.docx' }).filter({ hasText: '乙公司投标文件.docx' }).first());
    await visible(page.getByTestId('common-table').locator('mark').first());
    await visible(page.getByTestId('report-table').getByText('文档根编辑会话（rsidRoot）相同'));
    await shot(page, 'dupcheck-report');
    // the 雷同句 count opens the sentences behind it, side by side, as many as it says
    const count = pairs.locator('tr').filter({ hasText: '甲公司投标文件.docx' }).filter({ hasText: '乙公司投标文件.docx' }).first().getByTestId('sentences-open');
    const [verbatim, near] = (await count.innerText()).split('/').map((x) => Number(x.trim()));
    await count.click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByTestId('sentence-table'));
    await visible(dialog.getByText(`相同 ${verbatim} 句，近似 ${near} 句`, { exact: false }));
    await shot(page, 'dupcheck-sentences');
    await dialog.getByRole('button', { name: /close|关闭/i }).click();

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: WAIT }), page.getByRole('button', { name: '导出 Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('查重报告-道路工程投标查重.xlsx');
    const saved = path.join(dir, 'report.xlsx');
    await download.saveAs(saved);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(saved);
    expect(wb.worksheets.map((w) => w.name)).toContain('雷同段落');

    // print to PDF: Chromium's own PDF of the report page (the print stylesheet hides the buttons)
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });
  }, 180_000);

  it('shows the chapter bar chart and the three detail tables as views of the report', async () => {
    const url = new URL(page.url());
    const id = url.searchParams.get('id')!;
    await page.getByRole('button', { name: '相似度图表' }).click();
    await onPath(page, '/workbench/tools/barChart');
    await visible(page.getByRole('heading', { name: /章节相似度图表/, level: 1 }));
    await visible(page.getByTestId('bar-chart').locator('canvas').first());
    await page.waitForTimeout(500); // the chart's entry animation, for the screenshot only
    await shot(page, 'dupcheck-barchart');

    for (const [path, heading, testId, name] of [
      ['components/CheckTableData', '两两对比明细', 'check-table', 'dupcheck-check-table'],
      ['components/CommonTableData', '雷同段落', 'common-table', 'dupcheck-common-table'],
      ['components/ReportTableData', '证据明细', 'report-table', 'dupcheck-report-table'],
    ] as const) {
      await page.goto(`${t.url}/workbench/tools/${path}?id=${encodeURIComponent(id)}`);
      await visible(page.getByRole('heading', { name: new RegExp(heading), level: 1 }));
      await visible(page.getByTestId(testId).locator('tbody tr.ant-table-row').first());
      await shot(page, name);
    }
    await visible(page.getByTestId('report-table').getByText('分项报价呈固定比例', { exact: false }).first());
    expect(errors).toEqual([]);
  }, 120_000);

  it('three companion bids among six: the report shows them as a ring, each shared sentence in every bid side by side', async () => {
    const set = await buildRingSet();
    await page.goto(`${t.url}/workbench/tools/BiddingCheck`);
    await visible(page.getByRole('heading', { name: '标书查重', level: 1 }));
    await page.getByPlaceholder('查重任务名称').fill('六家投标查围标');
    await page.getByTestId('bid-drop').locator('input[type=file]').setInputFiles(set.bids.map(([name, data]) => file(name, data)));
    await page.getByTestId('tender-drop').locator('input[type=file]').setInputFiles([file('招标文件.docx', set.tender)]);
    await visible(page.getByText('已选 6 份投标文件，1 份招标文件'));
    await jobStartedBy(page, t, '/btz/dupcheck/start', () => page.getByRole('button', { name: '开始查重' }).click());
    const row = page.getByTestId('check-list').locator('tr').filter({ hasText: '六家投标查围标' });
    await visible(row.getByRole('link', { name: '查看报告' }), WAIT * 2);
    await row.getByRole('link', { name: '查看报告' }).click();
    await onPath(page, '/workbench/tools/ReportView');
    const ring = page.getByTestId('ring-table').locator('tr.ant-table-row').filter({ has: page.locator('[data-risk=high]') });
    await expect.poll(() => ring.count(), { timeout: WAIT }).toBe(1);
    for (const name of ['投标人2.docx', '投标人3.docx', '投标人4.docx']) await visible(ring.getByText(name));
    await ring.locator('.ant-table-row-expand-icon').click();
    await visible(page.locator('.dup-ring').getByText('本标段东侧紧邻既有排水箱涵', { exact: false }).first());
    await page.getByTestId('ring-card').scrollIntoViewIfNeeded();
    await shot(page, 'dupcheck-rings');
    // a pair of the ring: its 雷同句 count opens the sentences side by side
    const count = page.getByTestId('check-table').locator('tr').filter({ hasText: '投标人2.docx' }).filter({ hasText: '投标人3.docx' }).first().getByTestId('sentences-open');
    const [verbatim, near] = (await count.innerText()).split('/').map((x) => Number(x.trim()));
    await count.click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(`相同 ${verbatim} 句，近似 ${near} 句`, { exact: false }));
    await expect.poll(() => dialog.getByTestId('sentence-table').locator('tr.ant-table-row').count(), { timeout: WAIT }).toBe(Math.min(50, verbatim! + near!));
    await shot(page, 'dupcheck-ring-sentences');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('the bar of a running check follows the realtime push; the list poll is only the fallback', async () => {
    const set = await buildDupSet(drawPicture);
    await page.goto(`${t.url}/workbench/tools/BiddingCheck`);
    await visible(page.getByRole('heading', { name: '标书查重', level: 1 }));
    // the page's STOMP session is open (the push reaches it)
    const realtime = t.server.app.ctx.realtime as Realtime;
    await expect.poll(() => realtime.stats().sessions, { timeout: WAIT }).toBeGreaterThanOrEqual(1);

    const name = '推送进度查重';
    // what the list calls answered for this check, and every percentage its bar showed
    const answered = new Set<number>();
    page.on('response', async (res) => {
      if (!res.url().includes('/btz/dupcheck/list')) return;
      const body = (await res.json().catch(() => null)) as { data?: { records?: { name: string; state: string; progress: number }[] } } | null;
      for (const r of body?.data?.records ?? []) if (r.name === name && r.state === 'running') answered.add(r.progress);
    });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __shown: string[] }).__shown = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid=check-list] [role=progressbar]')) {
          const v = el.getAttribute('aria-valuenow') ?? '';
          if (!seen.includes(v)) seen.push(v);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });

    await page.getByPlaceholder('查重任务名称').fill(name);
    const bids = ['甲', '乙', '丙', '丁', '戊', '己'].map((who, i) => file(`${who}公司投标文件.docx`, [set.a, set.b, set.c][i % 3]!));
    await page.getByTestId('bid-drop').locator('input[type=file]').setInputFiles(bids);
    await visible(page.getByText('已选 6 份投标文件'));
    await page.getByRole('button', { name: '开始查重' }).click();
    const row = page.getByTestId('check-list').locator('tr').filter({ hasText: name });
    // the bar while the check runs (for the screenshot; the assertions below do not depend on catching it)
    await page
      .waitForFunction(() => [...document.querySelectorAll('[data-testid=check-list] [role=progressbar]')].some((el) => Number(el.getAttribute('aria-valuenow')) >= 30), null, { timeout: 20_000, polling: 'raf' })
      .then(() => shot(page, 'dupcheck-running'))
      .catch(() => undefined);
    await visible(row.getByRole('link', { name: '查看报告' }), 90_000);

    const shown = (await page.evaluate(() => (window as unknown as { __shown: string[] }).__shown))
      .map(Number)
      .filter((v) => v > 0);
    // the bar showed steps no list answer carried: they came from the push
    const pushedOnly = shown.filter((v) => !answered.has(v));
    expect(pushedOnly.length, `shown ${shown.join(',')} / answered ${[...answered].join(',')}`).toBeGreaterThanOrEqual(2);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(errors).toEqual([]);
  }, 180_000);
});
