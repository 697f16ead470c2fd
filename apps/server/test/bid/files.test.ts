/**
 * Several files per bid (an amendment overrides a fact; a two-lot tender waits for the user's lot), and bad files:
 * clear Chinese refusals, and nothing lost when a file was accepted before it failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_PARSE_STAGES } from '@btz/shared';
import { LOTS_FILE } from '../../../../packages/bid-engine/test/fixtures/tender-pages.js';
import { buildTenderPdf, buildZipBomb, renderTextPng } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, tenderDocx, txtTender, uploadTender, waitParse } from './helpers.js';

let t: TestServer;
let token: string;
const LIMIT = 2 * 1024 * 1024;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, uploadMaxBytes: LIMIT });
  token = (await newUser(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const AMENDMENT = `智慧园区综合管理平台建设项目补遗（第1号）
项目编号：ZB-2026-118
各潜在投标人：
现对招标文件作如下修改：
一、投标截止时间由2026年3月18日09:30变更为2026年3月25日09:30。
其他内容不变。`;

describe('several files per bid', () => {
  it('an amendment added later overrides the deadline; the card names the file and page', async () => {
    const bidId = await uploadTender(t, token, { name: '招标文件.docx', data: await tenderDocx() });
    const before = await waitParse(t, token, bidId);
    expect(before.card!.deadline?.value).toBe('2026-03-18 09:30');

    const add = await t.upload('/btz/bid/add-file', { token, query: { id: bidId }, file: { name: '补遗1.txt', data: txtTender([AMENDMENT]) }, fields: { role: 'amendment' } });
    expect(add.json, add.text).toMatchObject({ success: true, data: { fileId: expect.any(String) } });
    const d = await waitParse(t, token, bidId);
    expect(d.parse.state).toBe('done');
    expect(d.files.map((f) => [f.name, f.role, f.state])).toEqual([
      ['招标文件.docx', 'main', 'parsed'],
      ['补遗1.txt', 'amendment', 'parsed'],
    ]);
    expect(d.card!.deadline).toMatchObject({ value: '2026-03-25 09:30', source: { file: '补遗1.txt', page: 1 } });
    expect(d.card!.deadline!.overridden?.[0]?.value).toBe('2026-03-18 09:30');
    // the rest of the card still comes from the main file
    expect(d.card!.projectNumber?.source.file).toBe('招标文件.docx');
    expect(d.status).toBe('outlined');

    // the same name again gets a distinct name (page links cite files by name)
    const again = await t.upload('/btz/bid/add-file', { token, query: { id: bidId }, file: { name: '补遗1.txt', data: txtTender([AMENDMENT]) } });
    expect(again.json.success).toBe(true);
    const d2 = await waitParse(t, token, bidId);
    expect(d2.files.map((f) => f.name)).toEqual(['招标文件.docx', '补遗1.txt', '补遗1（2）.txt']);
    // a file can be removed again (not the last one)
    const del = await t.api('/btz/bid/delete-file', { token, query: { id: bidId, fileId: d2.files[2]!.id } });
    expect(del.json.success).toBe(true);
    const d3 = await waitParse(t, token, bidId);
    expect(d3.files).toHaveLength(2);
    const bad = await t.upload('/btz/bid/add-file', { token, query: { id: bidId }, file: { name: 'x.txt', data: txtTender([AMENDMENT]) }, fields: { role: 'appendix' } });
    expect(bad.json).toMatchObject({ success: false, code: 400 });
    expect(bad.json.msg).toContain('amendment');
  });

  it('a two-lot tender lists its lots and waits; select-lot yields one lot’s card and its outline', async () => {
    const bidId = await uploadTender(t, token, { name: '办公设备.txt', data: txtTender(LOTS_FILE.pages.map((p) => p.text)) });
    const d = await waitParse(t, token, bidId);
    expect(d.parse).toMatchObject({ state: 'done', stage: BID_PARSE_STAGES.lot });
    expect(d.status).toBe('parsed');
    expect(d.lots.map((l) => l.id)).toEqual(['1', '2']);
    expect(d.lot).toBeNull();
    expect(d.outline).toBeNull();
    const gen = await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } });
    expect(gen.json).toMatchObject({ success: false, code: 400, msg: '该招标文件包含多个标段，请先选择标段' });

    const wrong = await t.api('/btz/bid/select-lot', { token, query: { id: bidId, lot: '7' } });
    expect(wrong.json).toMatchObject({ success: false, code: 400, msg: '所选标段不存在' });
    const pick = await t.api('/btz/bid/select-lot', { token, query: { id: bidId, lot: '2' } });
    expect(pick.json.success).toBe(true);
    const one = await waitParse(t, token, bidId);
    expect(one).toMatchObject({ lot: '2', status: 'outlined' });
    expect(one.card!.lot).toBe('2');
    expect(one.card!.starClauses.map((c) => c.text).join()).toContain('正版操作系统');
    expect(one.card!.starClauses.map((c) => c.text).join()).not.toContain('甲醛');
    expect(one.outline!.length).toBeGreaterThan(0);
  });
});

describe('bad files', () => {
  const refuse = async (name: string, data: Buffer, msg: string | RegExp) => {
    const res = await t.upload('/btz/bid/upload-tender', { token, file: { name, data }, fields: { bidType: 1 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: false, code: 400 });
    if (typeof msg === 'string') expect(res.json.msg).toBe(msg);
    else expect(res.json.msg).toMatch(msg);
  };

  it('empty, a PNG renamed .pdf, a zip bomb renamed .docx, over the size limit, no file, no version: clear refusals, no bid', async () => {
    const { token: own } = await newUser(t);
    const before = await t.api('/btz/bid/list', { token: own });
    await refuse('空文件.pdf', Buffer.alloc(0), '文件为空');
    await refuse('图片.pdf', renderTextPng(['不是 PDF'], { width: 200, height: 80, fontSize: 20 }), '不支持的文件类型：仅支持 PDF、DOCX、DOC、TXT');
    await refuse('炸弹.docx', await buildZipBomb(100), /压缩炸弹/);
    await refuse('太大.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(LIMIT + 10, 0x20)]), '文件超过 2 MB，请压缩或拆分后重新上传');
    // declared too large: refused before the body is read
    const huge = await t.upload('/btz/bid/upload-tender', { token, file: { name: 'a.pdf', data: Buffer.alloc(LIMIT + 100 * 1024, 0x20) }, fields: { bidType: 1 } });
    expect(huge.json.msg).toBe('文件超过 2 MB，请压缩或拆分后重新上传');
    const noFile = await t.upload('/btz/bid/upload-tender', { token, fields: { bidType: 1 } });
    expect(noFile.json).toMatchObject({ success: false, code: 400, msg: '请选择要上传的招标文件' });
    const noType = await t.upload('/btz/bid/upload-tender', { token, file: { name: 'a.docx', data: await tenderDocx() } });
    expect(noType.json).toMatchObject({ success: false, code: 400, msg: '请选择标书版本（1 普通版，2 旗舰版）' });
    const json = await t.api('/btz/bid/upload-tender', { token, body: { file: 'x' } });
    expect(json.json).toMatchObject({ success: false, code: 400, msg: '请以 multipart/form-data 方式上传文件' });
    const after = await t.api('/btz/bid/list', { token: own });
    expect(after.json.data.total).toBe(before.json.data.total);
  });

  it('a corrupt PDF is kept: the bid lists the file with its error, and retry-parse runs again', async () => {
    const pdf = await buildTenderPdf();
    const broken = pdf.subarray(0, Math.floor(pdf.length * 0.5));
    const bidId = await uploadTender(t, token, { name: '损坏.pdf', data: broken });
    const d = await waitParse(t, token, bidId);
    expect(d.parse.state).toBe('failed');
    expect(d.parse.error).toMatch(/文件已损坏/);
    expect(d.parse.stage).toBe(BID_PARSE_STAGES.failed);
    expect(d.status).toBe('draft');
    expect(d.files[0]).toMatchObject({ name: '损坏.pdf', state: 'failed', size: broken.length });
    expect(d.files[0]!.error).toMatch(/文件已损坏/);
    // the original bytes are still there
    const file = await t.api('/btz/bid/file', { token, query: { id: bidId, fileId: d.files[0]!.id } });
    expect(Buffer.byteLength(file.text, 'latin1')).toBeGreaterThan(0);
    expect(Number(file.headers['content-length'])).toBe(broken.length);

    const retry = await t.api('/btz/bid/retry-parse', { token, query: { id: bidId } });
    expect(retry.json.success).toBe(true);
    const again = await waitParse(t, token, bidId);
    expect(again.parse.state).toBe('failed');
    // the user can add the good file and remove the broken one
    await t.upload('/btz/bid/add-file', { token, query: { id: bidId }, file: { name: '招标文件.pdf', data: pdf }, fields: { role: 'main' } });
    await t.api('/btz/bid/delete-file', { token, query: { id: bidId, fileId: d.files[0]!.id } });
    const fixed = await waitParse(t, token, bidId);
    expect(fixed.parse).toMatchObject({ state: 'done', error: null });
    expect(fixed.card!.projectNumber?.value).toBe('ZB-2026-118');
    const lastFile = await t.api('/btz/bid/delete-file', { token, query: { id: bidId, fileId: fixed.files[0]!.id } });
    expect(lastFile.json).toMatchObject({ success: false, msg: '不能删除标书的最后一个招标文件' });
  });

  it('a zip bomb that lies about its size passes the sniff but fails the parse, kept with the error', async () => {
    const bidId = await uploadTender(t, token, { name: '炸弹2.docx', data: await buildZipBomb(20, { lie: true }) });
    const d = await waitParse(t, token, bidId);
    expect(d.parse.state).toBe('failed');
    expect(d.parse.error).toMatch(/压缩炸弹/);
    expect(d.files[0]).toMatchObject({ state: 'failed' });
    expect((await detail(t, token, bidId)).files).toHaveLength(1);
  });
});
