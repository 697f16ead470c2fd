import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BidOutlineNode, DataDocDraft } from '@btz/shared';
import type { TestServer } from '../apps/server/test/harness.js';
import { withCreditCheck } from '../packages/bid-engine/src/databank/index.js';
import { buildTenderDocx, renderTextPng } from '../packages/bid-engine/test/fixtures/build.js';
import { uploadTender, waitParse } from '../apps/server/test/bid/helpers.js';
import { buyCopies, waitWritten } from '../apps/server/test/writing/helpers.js';
import { dayFromNow, qualificationTender } from '../apps/server/test/databank/helpers.js';
import { launch, shot } from './browser.js';
import { WAIT, loggedInPage, startE2eServer, visible } from './flows.js';

/**
 * Qualification chapters from the data bank through Chromium (issue 14): a licence and an ISO certificate that expires
 * before the bid deadline in the data bank, a bid written offline; the workspace warns of the certificate, the licence
 * section shows the licence picture (loaded with the login header) with its caption and the certificate table, the ISO
 * section the certificate, 内容检查 lists the expiring certificate; 「从资料库插入」 inserts into an existing section.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;

const CODE = withCreditCheck('91320500608276123');

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

async function bankDoc(file: string, data: Buffer, fields: Record<string, unknown>): Promise<string> {
  const up = await t.upload('/btz/databank/upload', { token, file: { name: file, data } });
  expect(up.json?.success, up.text).toBe(true);
  const id = (up.json.data as DataDocDraft).id;
  const res = await t.api('/btz/databank/save', { token, query: { id }, body: fields });
  expect(res.json?.success, res.text).toBe(true);
  return id;
}

const leaves = (nodes: BidOutlineNode[]): BidOutlineNode[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

describe('资格章节 from the data bank', () => {
  it('shows the pictures with captions in the qualification sections and the expiring certificate in 内容检查', async () => {
    const licence = renderTextPng(['营业执照', `统一社会信用代码 ${CODE}`, '名称 苏州示例科技有限公司', '登记机关 苏州市市场监督管理局'], { width: 1000, height: 700, fontSize: 40 });
    const cert = renderTextPng(['质量管理体系认证证书', 'ISO 9001:2015', '证书编号 CQC-9001-0042', `有效期至 ${dayFromNow(30)}`], { width: 1000, height: 700, fontSize: 40 });
    await bankDoc('营业执照.png', licence, { type: '营业执照', name: '苏州示例科技有限公司', creditCode: CODE, issuer: '苏州市市场监督管理局', expiry: dayFromNow(2000) });
    await bankDoc('ISO9001.png', cert, { type: 'ISO 认证', name: 'ISO9001质量管理体系认证证书', number: 'CQC-9001-0042', issuer: '中国质量认证中心', expiry: dayFromNow(30) });

    const bidId = await uploadTender(t, token, { name: '招标文件.docx', data: await buildTenderDocx(qualificationTender()) });
    const d = await waitParse(t, token, bidId);
    expect(d.parse.state).toBe('done');
    if (!d.outline?.length) expect((await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } })).json?.success).toBe(true);
    await buyCopies(t, token, 1, 1);
    expect((await t.api('/btz/bid/write/start', { token, query: { id: bidId } })).json.success).toBe(true);
    await waitWritten(t, token, bidId);
    const outline = (await t.api('/btz/bid/detail', { token, query: { id: bidId } })).json.data.outline as BidOutlineNode[];
    const licenceLeaf = leaves(outline).find((n) => /营业执照/.test(n.title))!;
    const isoLeaf = leaves(outline).find((n) => /ISO9001/.test(n.title))!;

    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    const tree = page.getByTestId('outline-tree');
    await visible(tree, WAIT * 2);
    // the workspace warns of the certificate that expires before the deadline
    const banner = await visible(page.getByTestId('cert-expiry-banner'), WAIT * 2);
    await visible(banner.getByText(/ISO9001质量管理体系认证证书.*早于投标截止时间/));

    // the licence section: its picture (drawn from the data bank with the login header), caption and table
    await tree.locator(`[data-node-id="${licenceLeaf.id}"]`).click();
    const editor = page.getByTestId('section-pane').locator('.ProseMirror');
    const img = editor.locator(`img[src^="blob:"][alt^="图 1 营业执照"]`);
    await visible(img);
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth), { timeout: WAIT }).toBe(1000);
    await visible(editor.getByText(`图 1 营业执照（统一社会信用代码 ${CODE}）`));
    await visible(editor.locator('table').getByText('苏州市市场监督管理局'));
    await img.scrollIntoViewIfNeeded();
    await shot(page, 'qualify-licence-section');

    // the ISO section, then 内容检查 with the finding on it
    await tree.locator(`[data-node-id="${isoLeaf.id}"]`).click();
    await visible(editor.locator('img[alt^="图 1 ISO9001质量管理体系认证证书"]'));
    await page.getByRole('tab', { name: '内容检查' }).click();
    const panel = await visible(page.getByTestId('health-panel'));
    await visible(page.getByTestId('health-score'), WAIT);
    await visible(panel.getByText(/ISO9001质量管理体系认证证书.*有效期至.*早于投标截止时间/).first());
    await visible(panel.getByText(/资料库缺少：纳税证明/).first());
    await shot(page, 'qualify-health-finding');

    // 「从资料库插入」 in an existing section: the licence into the ISO section, at the cursor
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.getByTestId('editor-databank').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '从资料库插入' });
    await visible(dialog.getByText('本节需要：ISO 认证'));
    await dialog.getByRole('checkbox', { name: '营业执照' }).check();
    await visible(dialog.getByText('苏州示例科技有限公司'));
    await page.waitForTimeout(400); // the dialog's opening animation
    await shot(page, 'qualify-insert-dialog');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/section/save', { timeout: WAIT * 2 });
    await dialog.getByTestId('bank-insert-ok').click();
    await visible(editor.getByText(`图 2 营业执照（统一社会信用代码 ${CODE}）`));
    expect((await (await saved).json()).success).toBe(true);
    expect(errors).toEqual([]);
  });
});
