import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BidCheckTender } from '@btz/shared';
import type { TestServer } from '../apps/server/test/harness.js';
import { buildTenderDocx } from '../packages/bid-engine/test/fixtures/build.js';
import { TENDER_PAGES } from '../packages/bid-engine/test/fixtures/tender.js';
import { buildWordml, p, pageBreak, r } from '../packages/bid-engine/test/fixtures/wordml.js';
import { uploadTender, waitParse } from '../apps/server/test/bid/helpers.js';
import { buyCopies, waitWritten } from '../apps/server/test/writing/helpers.js';
import { launch, shot } from './browser.js';
import { WAIT, jobStartedBy, loggedInPage, visible } from './flows.js';
import { startE2eServer } from './flows.js';

/**
 * 标书工具 through Chromium (issue 15): the hub with a card per tool; the 暗标 check of an uploaded DOCX (progress, then
 * the findings with pages, printed and exported); the 废标 check of an uploaded bid against a tender; the 暗标 check of
 * a bid written here started from its 内容检查 and fixed with 一键修复; recent reports on the hub. Screenshots of each.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-bidcheck-'));

const ENTERPRISE = {
  name: '江州智联科技有限公司',
  creditCode: '91350100M000100Y43',
  legalRep: '李明',
  address: '',
  contacts: [{ name: '王芳', phone: '13912345678', role: '商务经理' }],
  qualifications: [{ name: '信息系统集成资质证书', number: 'XZ-2020-0001', expiry: '2021-06-30' }],
  staff: [{ name: '张伟', role: '项目经理', title: '高级工程师' }],
  projects: [],
};

function anonBid(): Buffer {
  return buildWordml({
    body: [
      p('第一章 技术方案', { outline: 0 }),
      p('本项目技术方案采用分层架构设计，确保系统稳定可靠，满足招标文件的全部技术要求。'),
      pageBreak(),
      p('第二章 项目团队', { outline: 0 }),
      p(r('项目经理张伟负责实施，联系电话13912345678。') + r('江州智联科技有限公司承诺按期完成。', '<w:color w:val="FF0000"/>')),
    ].join(''),
    header: p('江州智联科技有限公司'),
  });
}

beforeAll(async () => {
  const [server, b] = await Promise.all([startE2eServer({ jobPollMs: 100 }), launch()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
  const res = await t.api('/btz/enterprise/info/save', { token, body: ENTERPRISE });
  expect(res.json, res.text).toMatchObject({ code: 200 });
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

async function pickTender(name: string) {
  await page.getByTestId('tender-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
}

describe('标书工具', () => {
  it('the hub lists every tool; the 暗标 check of an uploaded DOCX lists each violation with its page; print and Excel', async () => {
    await page.goto(`${t.url}/workbench/BiddingTool`);
    await visible(page.getByRole('heading', { name: '标书工具', level: 1 }));
    for (const name of ['标书查重', '暗标检查', '废标检查', '元数据清除', '文件转换', 'IP与设备记录']) await visible(page.getByTestId('tool-cards').getByText(name, { exact: true }));
    await expect.poll(() => page.getByTestId('tool-dup').getAttribute('href')).toBe('/workbench/tools/BiddingCheck');
    await shot(page, 'bidcheck-hub');

    await page.getByTestId('tool-anonymity').click();
    await visible(page.getByRole('heading', { name: '暗标检查', level: 1 }));
    await shot(page, 'bidcheck-anonymity-start');
    const file = path.join(dir, '技术标.docx');
    writeFileSync(file, anonBid());
    await jobStartedBy(page, t, '/btz/bidcheck/upload', () => page.locator('input[type=file]').setInputFiles(file));
    await visible(page.getByRole('heading', { name: '暗标检查报告', level: 1 }));
    const table = page.getByTestId('check-findings');
    await visible(table, WAIT * 2);
    await visible(table.getByText('出现投标人名称「江州智联科技有限公司」').first());
    await visible(table.getByText('第 2 页').first());
    await visible(table.getByText('页眉有内容「江州智联科技有限公司」', { exact: false }));
    await visible(page.getByTestId('check-summary').getByText('严重', { exact: false }).first());
    await shot(page, 'bidcheck-anonymity-report');

    const download = page.waitForEvent('download');
    await page.getByTestId('check-excel').click();
    expect((await download).suggestedFilename()).toBe('技术标-暗标检查报告.xlsx');

    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('.wb__sider').isVisible()).toBe(false);
    await shot(page, 'bidcheck-anonymity-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('the 废标 check of an uploaded bid against a tender; the 暗标 check of a bid written here from 内容检查, fixed', async () => {
    // a tender that requires 暗标, parsed, outlined and written offline
    const pages = TENDER_PAGES.map((blocks, i) =>
      i === 2 ? [...blocks, { kind: 'p' as const, text: '技术标（暗标）部分不得出现投标人名称、人员姓名、联系电话等任何能识别投标人身份的信息，正文统一使用宋体小四号字，1.5倍行距。' }] : blocks,
    );
    const bidId = await uploadTender(t, token, { name: '暗标招标文件.docx', data: await buildTenderDocx(pages) });
    expect((await waitParse(t, token, bidId)).parse.state).toBe('done');
    const g = await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } });
    expect(g.json?.success, g.text).toBe(true);
    await buyCopies(t, token, 1, 1);
    expect((await t.api('/btz/bid/write/start', { token, query: { id: bidId } })).json.success).toBe(true);
    await waitWritten(t, token, bidId);
    const tender = ((await t.api('/btz/bidcheck/tenders', { token })).json.data as BidCheckTender[]).find((x) => x.id === bidId)!;
    expect(tender.anonymity).toBe(true);

    await page.goto(`${t.url}/workbench/BiddingTool?tool=reject`);
    await visible(page.getByRole('heading', { name: '废标检查', level: 1 }));
    await pickTender(tender.name);
    const file = path.join(dir, '外部投标文件.docx');
    writeFileSync(
      file,
      buildWordml({
        body: [p('投标函', { outline: 0 }), p('我方承诺按招标文件要求提供服务，投标报价为人民币XXX元。'), pageBreak(), p('资格证明文件', { outline: 0 }), p('信息系统集成资质证书有效期至2021年6月30日。')].join(''),
      }),
    );
    await jobStartedBy(page, t, '/btz/bidcheck/upload', () => page.locator('input[type=file]').setInputFiles(file));
    await visible(page.getByRole('heading', { name: '废标检查报告', level: 1 }));
    await visible(page.getByTestId('check-score'), WAIT * 2);
    const table = page.getByTestId('check-findings');
    await visible(table.getByText('缺少组成部分').first());
    await visible(table.getByText('证书过期').first());
    await shot(page, 'bidcheck-reject-report');

    // 内容检查 of the written bid offers the 暗标 check
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    await page.getByRole('tab', { name: '内容检查' }).click();
    await visible(page.getByTestId('health-anonymity'));
    await shot(page, 'bidcheck-health-entry');
    await page.getByTestId('health-anonymity-run').click();
    await visible(page.getByRole('heading', { name: '暗标检查报告', level: 1 }));
    await visible(page.getByTestId('check-rules').getByText('字体 宋体'), WAIT * 2);
    await shot(page, 'bidcheck-written-report');
    const fix = page.getByTestId('check-fix');
    if (await fix.isVisible()) {
      await fix.click();
      // the fix is a job (the file rewritten, then checked again) and its toast lives seconds: watched from the click on,
      // with the time a loaded machine needs
      const fixed = visible(page.getByText(/已修复 \d+ 处|没有可自动修复的内容/), WAIT * 3);
      await page.getByRole('button', { name: '修 复' }).or(page.getByRole('button', { name: '修复' })).last().click();
      await fixed;
      await visible(page.getByTestId('check-summary'), WAIT * 2);
      await shot(page, 'bidcheck-written-fixed');
    }

    await page.goto(`${t.url}/workbench/BiddingTool`);
    const recent = page.getByTestId('recent-checks');
    await visible(recent.getByText('外部投标文件.docx'));
    await visible(recent.getByText('技术标.docx'));
    await shot(page, 'bidcheck-hub-recent');
    expect(errors).toEqual([]);
  });
});
