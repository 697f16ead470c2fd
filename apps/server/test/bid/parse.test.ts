/**
 * Upload → background parse → tender card → outline, over real HTTP on a real database, with the tender files the
 * document tests generate (DOCX, the text PDF of the same tender, a scanned page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_PARSE_STAGES } from '@btz/shared';
import type { PageViewBlock } from '@btz/shared';
import { FACTS, SCORING_ROWS } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, scannedPdf, tenderDocx, tenderPdf, uploadTender, waitParse } from './helpers.js';

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
});
afterAll(async () => {
  await t?.close();
});

describe('tender upload and parse', () => {
  /** The page viewer gets the page as the document model read it: the scoring table as a table, its rows as cells. */
  async function expectScoringTableOnPage(bidId: string, fileId: string, page: number): Promise<void> {
    const r = await t.api('/btz/bid/page', { token, query: { id: bidId, fileId, page } });
    const blocks = r.json.data.blocks as PageViewBlock[];
    const table = blocks.find((b) => b.type === 'table' && b.rows.some((row) => row.cells.some((c) => c.text === '技术方案')));
    expect(table, JSON.stringify(blocks).slice(0, 400)).toBeDefined();
    const rows = (table as Extract<PageViewBlock, { type: 'table' }>).rows.map((row) => row.cells.map((c) => c.text));
    for (const want of SCORING_ROWS) expect(rows).toContainEqual(want);
    // running headers, page numbers and TOC lines are not content
    expect(blocks.some((b) => b.type !== 'table' && /^第\s*\d+\s*页/.test(b.text))).toBe(false);
  }

  it('a DOCX tender becomes a card with pages, full coverage and an outline that follows the composition', async () => {
    const bidId = await uploadTender(t, token, { name: '智慧园区招标文件.docx', data: await tenderDocx() }, { bidType: 2 });
    const d = await waitParse(t, token, bidId);
    expect(d.parse, JSON.stringify(d.parse)).toMatchObject({ state: 'done', progress: 100, error: null });
    expect(d).toMatchObject({ name: '智慧园区招标文件', bidType: 2, status: 'outlined', writer: 'offline', lot: null, lots: [] });
    expect(d.files).toHaveLength(1);
    expect(d.files[0]).toMatchObject({ name: '智慧园区招标文件.docx', role: 'main', type: 'docx', state: 'parsed', error: null });
    expect(d.files[0]!.pageCount).toBeGreaterThanOrEqual(6);

    const card = d.card!;
    expect(card.projectNumber).toMatchObject({ value: FACTS.projectNumber, verified: true });
    expect(card.projectNumber!.source).toMatchObject({ page: 1, file: '智慧园区招标文件.docx' });
    expect(card.projectName?.value).toBe(FACTS.projectName);
    expect(card.purchaser?.value).toBe(FACTS.purchaser);
    expect(card.budget).toMatchObject({ value: 3_860_000 });
    expect(card.budget!.source.page).toBe(3);
    expect(card.deadline).toMatchObject({ value: '2026-03-18 09:30' });
    expect(card.scoring.map((s) => s.item)).toEqual(['技术方案', '实施计划', '售后服务', '类似业绩', '投标报价']);
    expect(card.scoring[0]!.source.page).toBe(4);
    expect(card.starClauses.length).toBeGreaterThanOrEqual(2);
    expect(card.composition.map((c) => c.title)).toEqual(['投标函', '法定代表人授权委托书', '开标一览表', '技术方案']);

    // outline level 1 = the composition, in order; every scoring item answered
    expect(d.outline!.map((n) => n.title)).toEqual(card.composition.map((c) => c.title));
    expect(d.coverage).toHaveLength(card.scoring.length);
    for (const c of d.coverage!) expect(c.nodeIds.length, c.item).toBeGreaterThan(0);

    // the page a card entry cites can be read
    const page = await t.api('/btz/bid/page', { token, query: { id: bidId, fileId: d.files[0]!.id, page: 1 } });
    expect(page.json.data).toMatchObject({ fileId: d.files[0]!.id, fileName: '智慧园区招标文件.docx', page: 1, pageCount: d.files[0]!.pageCount });
    expect(page.json.data.text).toContain(FACTS.projectNumber);
    const byName = await t.api('/btz/bid/page', { token, query: { id: bidId, file: '智慧园区招标文件.docx', page: 3 } });
    expect(byName.json.data.text).toContain('预算金额');
    await expectScoringTableOnPage(bidId, d.files[0]!.id, card.scoring[0]!.source.page);
    const beyond = await t.api('/btz/bid/page', { token, query: { id: bidId, fileId: d.files[0]!.id, page: 999 } });
    expect(beyond.json).toMatchObject({ success: false, code: 400, msg: `页码超出范围（共 ${d.files[0]!.pageCount} 页）` });

    // the original file, byte for byte, with its Chinese name
    const file = await t.api('/btz/bid/file', { token, query: { id: bidId, fileId: d.files[0]!.id } });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('wordprocessingml');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('智慧园区招标文件.docx')}`);

    // the file's document model is stored once for later features (writer, viewer, bid tools): its blocks, the scoring
    // table as a table, no page texts
    const stored = await t.server.db.db.selectFrom('bid_file_models').select('model').where('file_id', '=', d.files[0]!.id).executeTakeFirst();
    expect(stored?.model.pageCount).toBe(d.files[0]!.pageCount);
    expect(stored!.model.blocks.some((b) => b.type === 'table' && b.rows.some((r) => r.cells.some((c) => c.text.includes('技术方案'))))).toBe(true);
    expect(Object.keys(stored!.model).sort()).toEqual(['blocks', 'furniture', 'pageCount']);
  });

  it('the text PDF of the same tender gives the same key facts on the same pages', async () => {
    const bidId = await uploadTender(t, token, { name: 'tender.pdf', data: await tenderPdf() }, { bidType: 1, name: '智慧园区（PDF）' });
    const d = await waitParse(t, token, bidId);
    expect(d.parse.state).toBe('done');
    expect(d.name).toBe('智慧园区（PDF）');
    const card = d.card!;
    expect(card.projectNumber).toMatchObject({ value: FACTS.projectNumber, verified: true, source: { page: 1 } });
    expect(card.budget).toMatchObject({ value: 3_860_000, source: { page: 3 } });
    expect(card.deadline).toMatchObject({ value: '2026-03-18 09:30', source: { page: 3 } });
    expect(card.scoring.map((s) => s.item)).toEqual(['技术方案', '实施计划', '售后服务', '类似业绩', '投标报价']);
    for (const c of d.coverage!) expect(c.nodeIds.length, c.item).toBeGreaterThan(0);
    await expectScoringTableOnPage(bidId, d.files[0]!.id, card.scoring[0]!.source.page);
  });

  it('a scanned page is read by OCR and its fact is found', async () => {
    const bidId = await uploadTender(t, token, { name: '扫描件.pdf', data: await scannedPdf() });
    const d = await waitParse(t, token, bidId);
    expect(d.parse.state, JSON.stringify(d.parse)).toBe('done');
    expect(d.files[0]).toMatchObject({ pageCount: 2, state: 'parsed' });
    const page2 = await t.api('/btz/bid/page', { token, query: { id: bidId, fileId: d.files[0]!.id, page: 2 } });
    expect(page2.json.data.ocr).toBe(true);
    expect(page2.json.data.text.replace(/\s/g, '')).toContain('付款方式');
    expect(d.card!.projectNumber?.value).toBe(FACTS.projectNumber);
  });

  it('lists bids newest first with the card’s key facts, paged and filtered by status', async () => {
    const { token: own } = await newUser(t);
    const a = await uploadTender(t, own, { name: 'a.docx', data: await tenderDocx() });
    await waitParse(t, own, a);
    const b = await uploadTender(t, own, { name: 'b.docx', data: await tenderDocx() });
    await waitParse(t, own, b);
    const res = await t.api('/btz/bid/list', { token: own, query: { current: 1, size: 1 } });
    expect(res.json.data).toMatchObject({ total: 2, current: 1, size: 1, pages: 2 });
    expect(res.json.data.records[0]).toMatchObject({
      id: b,
      name: 'b',
      bidType: 1,
      status: 'outlined',
      projectName: FACTS.projectName,
      projectNumber: FACTS.projectNumber,
      deadline: '2026-03-18 09:30',
      parseState: 'done',
    });
    const page2 = await t.api('/btz/bid/list', { token: own, query: { current: 2, size: 1 } });
    expect(page2.json.data.records[0].id).toBe(a);
    const drafts = await t.api('/btz/bid/list', { token: own, query: { status: 'draft' } });
    expect(drafts.json.data.total).toBe(0);
    const bad = await t.api('/btz/bid/list', { token: own, query: { status: 'nonsense' } });
    expect(bad.json).toMatchObject({ success: false, code: 400 });
  });

  it('progress is stored with stage names while parsing', async () => {
    const bidId = await uploadTender(t, token, { name: 'x.docx', data: await tenderDocx() });
    const first = await detail(t, token, bidId);
    expect(['queued', 'running', 'done']).toContain(first.parse.state);
    const d = await waitParse(t, token, bidId);
    expect(d.parse.stage).toBe(BID_PARSE_STAGES.done);
  });
});
