/**
 * An outline the user brings (issue 24 item 4), over HTTP on a parsed goods tender: a pasted numbered list and a DOCX of
 * headings each become the bid's outline; the tender's scoring rows are mapped onto the sections that name them and the
 * rows no section answers come back; the written sections' targets share the whole bid's target the user gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenOutline, totalTarget, type OutlineImportResult } from '@btz/shared';
import { GOODS_PAGES } from '../../../../packages/bid-engine/test/fixtures/goods-tender.js';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, uploadTender, waitParse } from './helpers.js';

let t: TestServer;
let token: string;
let bidId: string;

beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
  bidId = await uploadTender(t, token, { name: '开关柜招标文件.docx', data: await buildTenderDocx(GOODS_PAGES) });
  expect((await waitParse(t, token, bidId)).parse.state).toBe('done');
});
afterAll(async () => {
  await t?.close();
});

const PASTED = '1 技术部分\n1.1 技术参数响应\n1.2 供货与安装方案\n2 商务部分\n2.1 企业概况';

describe('outline import (issue 24 item 4)', () => {
  it('a pasted numbered list becomes the outline; the unmapped scoring rows come back', async () => {
    const res = await t.api('/btz/bid/outline/import', { token, query: { id: bidId }, body: { text: PASTED, totalChars: 12000 } });
    expect(res.json?.success, res.text).toBe(true);
    const data = res.json.data as OutlineImportResult;
    expect(flattenOutline(data.outline).map((n) => `${n.number} ${n.title}`)).toEqual(['1 技术部分', '1.1 技术参数响应', '1.2 供货与安装方案', '2 商务部分', '2.1 企业概况']);
    expect(data.unmapped.map((s) => s.item).sort()).toEqual(['售后服务', '类似业绩']);
    expect(Math.abs(totalTarget(data.outline) - 12000)).toBeLessThan(10);
    // what the user sees after a reload: the imported outline, the rows mapped in its coverage
    const d = await detail(t, token, bidId);
    expect(flattenOutline(d.outline!).map((n) => n.title)).toContain('供货与安装方案');
    const card = d.card!;
    const mapped = d.coverage!.filter((c) => c.nodeIds.length).map((c) => card.scoring.find((s) => s.id === c.scoringId)!.item);
    expect(mapped).toEqual(expect.arrayContaining(['技术参数响应', '供货与安装方案']));
  });

  it('a DOCX’s headings become the outline', async () => {
    const docx = await buildTenderDocx([
      [
        { kind: 'h1', text: '第一章 技术部分' },
        { kind: 'h2', text: '一、供货与安装方案' },
        { kind: 'p', text: '这里是以往标书的正文，不进入目录。' },
        { kind: 'h2', text: '二、售后服务方案' },
        { kind: 'h1', text: '第二章 业绩与资信' },
        { kind: 'h2', text: '一、类似业绩' },
      ],
    ]);
    const res = await t.upload('/btz/bid/outline/import-file', { token, query: { id: bidId }, file: { name: '我的目录.docx', data: docx }, fields: { totalChars: 9000 } });
    expect(res.json?.success, res.text).toBe(true);
    const data = res.json.data as OutlineImportResult;
    expect(flattenOutline(data.outline).map((n) => `${n.level} ${n.title}`)).toEqual(['1 技术部分', '2 供货与安装方案', '2 售后服务方案', '1 业绩与资信', '2 类似业绩']);
    expect(data.unmapped.map((s) => s.item)).toEqual(['技术参数响应']);
  });

  it('refuses an empty text and a text without headings, in Chinese', async () => {
    const empty = await t.api('/btz/bid/outline/import', { token, query: { id: bidId }, body: { text: '  ' } });
    expect(empty.json?.success).toBe(false);
    expect(empty.json?.msg).toBe('请粘贴目录文字，或上传含标题的 Word 文件');
    const none = await t.api('/btz/bid/outline/import', { token, query: { id: bidId }, body: { text: '1.\n2.\n——' } });
    expect(none.json?.success).toBe(false);
    expect(none.json?.msg).toMatch(/没有读到目录/);
  });
});
