import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ENTERPRISE_LABELS, ENTERPRISE_TEXTS, type BidDetail, type BidOutlineNode } from '@btz/shared';
import type { TestServer } from '../apps/server/test/harness.js';
import { buyCopies, outlinedBid, waitWritten } from '../apps/server/test/writing/helpers.js';
import { FACTS } from '../packages/bid-engine/test/fixtures/tender.js';
import { CLAUSES, ENTERPRISE, PRICE_ROWS, tenderWithForms } from '../apps/server/test/writing/forms-fixture.js';
import { launch, shot } from './browser.js';
import { WAIT, loggedInPage, startE2eServer, visible } from './flows.js';

/**
 * The tender's own forms in the workspace (issue 24, must hold): a tender whose format chapter holds a price table with
 * quantities, units and unit-price caps and a commitment letter of six enumerated clauses. The user (company name and
 * legal representative entered) clicks 一键生成全文, gives the credit code the dialog asks for and, once written, opens 分项报价表: a table of the tender's columns and rows — the same
 * items, quantities and caps, the prices left to them as 【待填写】 — then 服务承诺函: the six clauses in the tender's order,
 * addressed to the purchaser, signed with the company's name.
 */

let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let bidId = '';
const CREDIT_CODE = '91350100M000100Y43';

const text = async (l: Locator) => ((await l.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
const tree = (p: Page) => p.getByTestId('outline-tree');
const detail = async () => (await t.api('/btz/bid/detail', { token, query: { id: bidId } })).json.data as BidDetail;
const leafTitled = (nodes: BidOutlineNode[], title: string): BidOutlineNode | undefined => {
  for (const n of nodes) {
    if (n.title === title) {
      let leaf = n;
      while (leaf.children.length) leaf = leaf.children[0]!;
      return leaf;
    }
    const inner = leafTitled(n.children, title);
    if (inner) return inner;
  }
  return undefined;
};

beforeAll(async () => {
  const [server, b, docx] = await Promise.all([startE2eServer({ jobPollMs: 50 }), launch(), tenderWithForms()]);
  t = server;
  browser = b;
  ({ context, page, errors, token } = await loggedInPage(browser, t));
  const saved = await t.api('/btz/enterprise/info/save', { token, body: { ...ENTERPRISE, creditCode: '', contacts: [], qualifications: [], staff: [], projects: [] } });
  expect(saved.json?.success, saved.text).toBe(true);
  bidId = await outlinedBid(t, token, 1, docx);
  await buyCopies(t, token, 1);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await t?.close();
});

/** Opens a part's section in the workspace and answers its editor, once it shows text. */
async function openPart(title: string): Promise<Locator> {
  const leaf = leafTitled((await detail()).outline ?? [], title);
  expect(leaf, `${title} in the outline`).toBeDefined();
  await tree(page).locator(`[data-node-id="${leaf!.id}"]`).first().click();
  const pane = await visible(page.locator(`[data-testid="section-pane"][data-node-id="${leaf!.id}"]`));
  const editor = pane.locator('.ProseMirror');
  await visible(editor);
  await expect.poll(async () => (await text(editor)).length, { timeout: WAIT }).toBeGreaterThan(20);
  return editor;
}

describe('the tender’s forms in the workspace (issue 24)', () => {
  it('一键生成全文 writes the bid with the enterprise’s facts', async () => {
    await page.goto(`${t.url}/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`);
    await visible(page.getByTestId('bid-workspace'), WAIT * 3);
    await visible(tree(page), WAIT * 2);
    await page.getByTestId('write-start').click();
    // the one essential still missing is asked for, the name and the legal representative prefilled from the facts
    const dialog = await visible(page.getByRole('dialog').filter({ hasText: ENTERPRISE_TEXTS.dialogTitle }));
    await expect.poll(() => dialog.getByLabel(ENTERPRISE_LABELS.name!).inputValue(), { timeout: WAIT }).toBe(ENTERPRISE.name);
    expect(await dialog.getByLabel(ENTERPRISE_LABELS.legalRep!).inputValue()).toBe(ENTERPRISE.legalRep);
    await dialog.getByLabel(ENTERPRISE_LABELS.creditCode!).fill(CREDIT_CODE);
    const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/btz/bid/write/start', { timeout: WAIT * 3 });
    await dialog.getByRole('button', { name: ENTERPRISE_TEXTS.saveAndWrite }).click();
    const answer = await (await started).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
    expect((await waitWritten(t, token, bidId)).status).toBe('written');
  });

  it('分项报价表 is the tender’s table: its columns, items, quantities and caps; the prices are the bidder’s to fill', async () => {
    const editor = await openPart('分项报价表');
    const table = await visible(editor.locator('table').first());
    const rows = await table.locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => (c.textContent ?? '').replace(/\s+/g, ''))));
    expect(rows[0]).toEqual(['序号', '名称', '单位', '数量', '单价上限（元）', '单价（元）', '合价（元）']);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual(PRICE_ROWS.map((r) => r.slice(0, 5)));
    for (const r of rows.slice(1)) expect(r.slice(5)).toEqual(['【待填写：单价（元）】', '【待填写：合价（元）】']);
    expect(await text(editor)).toContain('注：单价超过单价上限的，其响应无效。');
    // the tender's rows, not a template's
    expect(await text(editor)).not.toMatch(/软件开发|硬件设备及集成|培训服务/);
    await shot(page, 'tender-forms-price-table');
  });

  it('服务承诺函 keeps the six clauses in the tender’s order, signed with the company’s name', async () => {
    const editor = await openPart('服务承诺函');
    const shown = (await editor.textContent()) ?? '';
    const at = CLAUSES.map((c, i) => shown.indexOf(`${i + 1}、${c}`));
    expect(at.every((i) => i >= 0), shown).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(shown).toContain(`供应商名称（公章）：${ENTERPRISE.name}`);
    expect(shown).toContain(`致：${FACTS.purchaser}`);
    await shot(page, 'tender-forms-commitment');
    expect(errors).toEqual([]);
  });
});
