/**
 * Multipart calls declare their form fields (issue 26 item 3): each upload route checks the fields sent against its
 * call's `fields` schema once the upload is read, and refuses a bad or unknown one with a Chinese 400 naming it, before
 * anything is stored. One bad field per multipart route, over HTTP; then the same route with good fields goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { txtTender } from '../bid/helpers.js';

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const TENDER = txtTender(['某园区平台建设项目招标文件\n项目编号：ZB-2026-001\n投标截止时间：2026年3月18日09:30']);
const file = (name = '文件.docx') => ({ name, data: Buffer.from('不是真的文件') });

async function refused(path: string, opts: Parameters<TestServer['upload']>[1], msg: string | RegExp) {
  const res = await t.upload<any>(path, { token, ...opts });
  expect(res.status, path).toBe(200);
  expect(res.json, path).toMatchObject({ success: false, code: 400 });
  if (typeof msg === 'string') expect(res.json.msg, path).toBe(msg);
  else expect(res.json.msg, path).toMatch(msg);
}

describe('multipart fields', () => {
  it('bid upload-tender and add-file: bidType and role', async () => {
    await refused('/btz/bid/upload-tender', { file: { name: '招标文件.txt', data: TENDER }, fields: { bidType: 3 } }, '请选择标书版本（1 普通版，2 旗舰版）');
    await refused('/btz/bid/upload-tender', { file: { name: '招标文件.txt', data: TENDER }, fields: { bidType: '一' } }, '请选择标书版本（1 普通版，2 旗舰版）');
    await refused('/btz/bid/upload-tender', { file: { name: '招标文件.txt', data: TENDER }, fields: { bidType: 1, lot: 'A' } }, '不支持的参数：lot');
    const list = await t.api<any>('/btz/bid/list', { token });
    expect(list.json.data.total).toBe(0);

    const ok = await t.upload<any>('/btz/bid/upload-tender', { token, file: { name: '招标文件.txt', data: TENDER }, fields: { bidType: '2' } });
    expect(ok.json.success).toBe(true);
    const bidId = ok.json.data.bidId as string;
    expect((await t.api<any>('/btz/bid/detail', { token, query: { id: bidId } })).json.data.bidType).toBe(2);
    await refused('/btz/bid/add-file', { query: { id: bidId }, file: { name: '补遗.txt', data: TENDER }, fields: { role: 'appendix' } }, /^文件类型只能是 main/);
  });

  it('picture upload: tags; extraction upload: no fields', async () => {
    const tags = Array.from({ length: 11 }, (_, i) => `标签${i}`).join(',');
    await refused('/btz/picture/upload', { file: file('a.png'), fields: { tags } }, '标签最多 10 个');
    await refused('/btz/picture/upload', { file: file('a.png'), fields: { tags: 'x'.repeat(21) } }, /^标签（tags\.0）/);
    await refused('/btz/picture/extract/upload', { file: file('a.docx'), fields: { pages: '1-3' } }, '不支持的参数：pages');
  });

  it('data bank, repository and duplicate-check uploads take no fields', async () => {
    await refused('/btz/databank/upload', { file: file('a.pdf'), fields: { type: '营业执照' } }, '不支持的参数：type');
    await refused('/btz/repository/upload', { file: file('a.docx'), fields: { tags: '投标' } }, '不支持的参数：tags');
    const check = await t.api<any>('/btz/dupcheck/create', { token, body: { name: '字段测试' } });
    expect(check.json.success).toBe(true);
    // the file's role goes in the query string, not the form
    await refused('/btz/dupcheck/upload', { query: { id: check.json.data.id }, file: file('a.docx'), fields: { role: 'tender' } }, '不支持的参数：role');
    expect((await t.api<any>('/btz/dupcheck/detail', { token, query: { id: check.json.data.id } })).json.data.files).toEqual([]);
  });

  it('bid check upload: kind; file tools upload: tool', async () => {
    await refused('/btz/bidcheck/upload', { file: file('a.docx'), fields: { kind: 'plagiarism' } }, '检查类型只能是暗标检查或废标检查');
    await refused('/btz/bidcheck/upload', { file: file('a.docx'), fields: {} }, '检查类型只能是暗标检查或废标检查');
    await refused('/btz/filetools/upload', { file: file('a.pdf'), fields: { tool: 'zip-all' } }, '请选择处理方式');
    await refused('/btz/filetools/upload', { file: file('a.pdf'), fields: { tool: 'clean', quality: 'high' } }, '不支持的参数：quality');
  });
});
