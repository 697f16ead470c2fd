/**
 * The data bank over HTTP (issue 14, 资料库): an upload is sniffed and capped, its text read in a reading worker (OCR for
 * a picture) and the fields proposed; the user's confirmed fields saved; list with search, type/tag filters and the
 * expiring list; edit, delete, the file back; documents of the owner only (another user gets 「资料不存在」); a
 * document expiring in 20 days is announced over realtime (`databank.expiring` on `/user/{id}/notice`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataDocDraft, DataDocExpiringMessage, DataDocItem, Page } from '@btz/shared';
import { withCreditCheck } from '../../../../packages/bid-engine/src/databank/index.js';
import { buildTenderDocx, buildTenderPdf, buildZipBomb, renderTextPng } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { CLIENT_BASIC, newUser, startTestServer, type TestServer } from '../harness.js';
import { makeClient, subscribeConfirmed, waitUntil, type TestClient } from '../realtime/helpers.js';
import { readDraft } from './helpers.js';

let t: TestServer;
const clients: TestClient[] = [];
const LIMIT = 3 * 1024 * 1024;
beforeAll(async () => {
  t = await startTestServer({ uploadMaxBytes: LIMIT });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

const CODE = withCreditCheck('91320500608276123');
const dayFromNow = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function upload(token: string, name: string, data: Buffer) {
  return t.upload('/btz/databank/upload', { token, file: { name, data } });
}
/** Uploads and waits for the reading (a queued job) to end: the draft with its proposed fields. */
async function uploadOk(token: string, name: string, data: Buffer): Promise<DataDocDraft> {
  const res = await upload(token, name, data);
  expect(res.json, res.text).toMatchObject({ code: 200, success: true });
  return readDraft(t, token, (res.json.data as DataDocDraft).id);
}
async function save(token: string, id: string, body: Record<string, unknown>) {
  return t.api('/btz/databank/save', { token, query: { id }, body });
}
async function list(token: string, query: Record<string, string | number> = {}): Promise<Page<DataDocItem>> {
  const res = await t.api('/btz/databank/list', { token, query });
  expect(res.json, res.text).toMatchObject({ success: true });
  return res.json.data as Page<DataDocItem>;
}
async function saved(token: string, name: string, fields: Record<string, unknown>): Promise<DataDocItem> {
  const d = await uploadOk(token, `${name}.docx`, await buildTenderDocx([[{ kind: 'p', text: name }]]));
  const res = await save(token, d.id, { type: '资质证书', name, ...fields });
  expect(res.json, res.text).toMatchObject({ success: true });
  return res.json.data as DataDocItem;
}

describe('data bank', () => {
  it('proposes the fields of a DOCX licence from its text; the confirmed ones are saved and listed', async () => {
    const { token } = await newUser(t);
    const docx = await buildTenderDocx([
      [
        { kind: 'title', text: '营业执照' },
        { kind: 'p', text: `统一社会信用代码：${CODE}` },
        { kind: 'p', text: '名称：苏州示例科技有限公司' },
        { kind: 'p', text: '登记机关：苏州市市场监督管理局' },
        { kind: 'p', text: '发证日期：2021年3月1日' },
        { kind: 'p', text: '有效期至：二〇三一年二月二十八日' },
      ],
    ]);
    const d = await uploadOk(token, '营业执照.docx', docx);
    expect(d).toMatchObject({ fileKind: 'docx', readError: null });
    expect(d.proposal).toMatchObject({
      type: '营业执照',
      name: '苏州示例科技有限公司',
      creditCode: CODE,
      issuer: '苏州市市场监督管理局',
      validFrom: '2021-03-01',
      expiry: '2031-02-28',
    });
    // a draft is not in the list until saved
    expect((await list(token)).total).toBe(0);
    const res = await save(token, d.id, { ...d.proposal, tags: ['基本资质'] });
    expect(res.json, res.text).toMatchObject({ success: true });
    const item = res.json.data as DataDocItem;
    expect(item).toMatchObject({ type: '营业执照', creditCode: CODE, expiry: '2031-02-28', tags: ['基本资质'], fileName: '营业执照.docx' });
    expect(item.daysLeft).toBeGreaterThan(365);
    const page = await list(token);
    expect(page.total).toBe(1);
    expect(page.records[0]!.id).toBe(d.id);
    const file = await t.api('/btz/databank/file', { token, query: { id: d.id } });
    expect(file.bytes.equals(docx)).toBe(true);
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
  });

  it('proposes the fields of an ISO certificate PDF (text layer)', async () => {
    const { token } = await newUser(t);
    const pdf = await buildTenderPdf([
      [
        { kind: 'title', text: '质量管理体系认证证书' },
        { kind: 'p', text: '证书号：00124Q31234R1M' },
        { kind: 'p', text: '符合标准：GB/T 19001-2016 / ISO 9001:2015' },
        { kind: 'p', text: '有效期：2024年1月5日至2027年1月4日' },
        { kind: 'p', text: '认证机构：中国质量认证中心' },
      ],
    ]);
    const d = await uploadOk(token, 'ISO9001.pdf', pdf);
    expect(d).toMatchObject({ fileKind: 'pdf', readError: null });
    expect(d.proposal).toMatchObject({ type: 'ISO 认证', number: '00124Q31234R1M', validFrom: '2024-01-05', expiry: '2027-01-04', issuer: '中国质量认证中心' });
    const file = await t.api('/btz/databank/file', { token, query: { id: d.id } });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.bytes.equals(pdf)).toBe(true);
  });

  it('reads a scanned licence picture through OCR (chi_sim) and proposes the code and the expiry', async () => {
    const { token } = await newUser(t);
    const png = renderTextPng(['营业执照', `统一社会信用代码 ${CODE}`, '名称 苏州示例科技有限公司', '登记机关 苏州市市场监督管理局', '有效期至 2030年6月30日'], {
      width: 1400,
      height: 800,
      fontSize: 44,
    });
    const d = await uploadOk(token, '执照扫描.png', png);
    expect(d.fileKind).toBe('png');
    expect(d.readError).toBeNull();
    expect(d.proposal).toMatchObject({ type: '营业执照', creditCode: CODE, expiry: '2030-06-30' });
    const file = await t.api('/btz/databank/file', { token, query: { id: d.id } });
    expect(file.headers['content-type']).toBe('image/png');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline/);
  });

  it('a scanned code it cannot read whole is left blank with the reason and what was seen, not silently', async () => {
    const { token } = await newUser(t);
    // the picture holds the label and only 13 of the code's 18 characters (the rest cut off by the scan)
    const png = renderTextPng(['营业执照', `统一社会信用代码 ${CODE.slice(0, 13)}`, '名称 苏州示例科技有限公司', '有效期至 2030年6月30日'], { width: 1400, height: 800, fontSize: 44 });
    const d = await uploadOk(token, '执照扫描不全.png', png);
    expect(d.readError).toBeNull();
    expect(d.proposal.creditCode).toBeNull();
    // what the upload screen shows above the fields (DataUploadPage's readNotice)
    expect(d.readNotice).toMatch(/统一社会信用代码未能完整识别：只识别到「[0-9A-Z]+」（\d+ 位，应为 18 位），请对照原件填写。/);
    expect(d.readNotice).toContain(CODE.slice(0, 8));
  });

  it('refuses what it cannot read with Chinese errors, stores nothing, and keeps what was there', async () => {
    const { token } = await newUser(t);
    const kept = await saved(token, '安全生产许可证', { expiry: '2030-01-01' });
    const fake = await upload(token, '证书.pdf', Buffer.from('这不是 PDF，只是一段文字'));
    expect(fake.json).toMatchObject({ code: 400, success: false, msg: '不支持的文件格式，仅支持 PDF、Word（DOCX）和 PNG/JPEG 图片' });
    const big = await upload(token, '大文件.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(LIMIT)]));
    expect(big.json).toMatchObject({ code: 400, success: false });
    expect(big.json.msg).toContain('3 MB');
    // a zip bomb is refused from its directory, before anything is stored
    const bomb = await upload(token, '炸弹.docx', await buildZipBomb(200));
    expect(bomb.json).toMatchObject({ code: 400, success: false });
    expect(bomb.json.msg).toContain('疑似压缩炸弹');
    // a broken PDF is kept as a draft with the reading error: the user types the fields
    const broken = await uploadOk(token, '损坏.pdf', Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage'));
    expect(broken.readError).toMatch(/[\u4e00-\u9fa5]/);
    const bad = await save(token, broken.id, { type: '资质证书', name: '手填证书', expiry: '2026-13-01' });
    expect(bad.json).toMatchObject({ code: 400, success: false });
    expect(bad.json.msg).toContain('有效期至');
    const code = await save(token, broken.id, { type: '营业执照', name: '手填证书', creditCode: CODE.slice(0, 17) });
    expect(code.json).toMatchObject({ code: 400, success: false });
    expect(code.json.msg).toContain('统一社会信用代码');
    expect((await save(token, broken.id, { type: '资质证书', name: '手填证书', number: 'A-001' })).json).toMatchObject({ success: true });
    const page = await list(token);
    expect(page.records.map((r) => r.name).sort()).toEqual(['安全生产许可证', '手填证书']);
    expect(page.records.find((r) => r.id === kept.id)).toMatchObject({ expiry: '2030-01-01' });
  });

  it('search, type and tag filters, paging, edit and delete', async () => {
    const { token } = await newUser(t);
    const a = await saved(token, '建筑业企业资质证书', { number: 'D232000001', tags: ['建筑'] });
    await saved(token, 'ISO9001 质量管理体系认证', { type: 'ISO 认证', issuer: '中国质量认证中心', tags: ['体系'] });
    await saved(token, '张三一级建造师', { type: '人员证书', person: '张三', tags: ['建筑', '人员'] });
    await saved(token, '某医院门诊楼施工合同', { type: '业绩合同', client: '某市人民医院', year: 2024, amount: 1_280_000.5 });
    expect((await list(token, { keyword: 'D2320' })).records.map((r) => r.id)).toEqual([a.id]);
    expect((await list(token, { keyword: '张三' })).records.map((r) => r.name)).toEqual(['张三一级建造师']);
    expect((await list(token, { keyword: '人民医院' })).records[0]).toMatchObject({ client: '某市人民医院', year: 2024, amount: 1_280_000.5 });
    expect((await list(token, { type: 'ISO 认证' })).records.map((r) => r.name)).toEqual(['ISO9001 质量管理体系认证']);
    expect((await list(token, { tag: '建筑' })).total).toBe(2);
    const p2 = await list(token, { size: 3, current: 2 });
    expect(p2).toMatchObject({ total: 4, pages: 2, current: 2 });
    expect(p2.records).toHaveLength(1);
    expect((await t.api('/btz/databank/tags', { token })).json.data).toEqual(['人员', '体系', '建筑']);

    const edited = await save(token, a.id, { type: '资质证书', name: '建筑业企业资质证书（贰级）', number: 'D232000001', expiry: '2029-12-31' });
    expect(edited.json.data).toMatchObject({ name: '建筑业企业资质证书（贰级）', expiry: '2029-12-31', tags: [] });
    expect((await t.api('/btz/databank/delete', { token, query: { id: a.id } })).json).toMatchObject({ success: true });
    expect((await t.api('/btz/databank/detail', { token, query: { id: a.id } })).json).toMatchObject({ code: 400, msg: '资料不存在' });
    expect((await list(token)).total).toBe(3);
  });

  // (another user's document answers 「资料不存在」 like a missing one, on every call: security/authz-matrix.test.ts)
  it('the enterprise\'s documents are shared by its members; the personal bank comes back with the personal role', async () => {
    const me = await newUser(t);
    const doc = await saved(me.token, '我的营业执照', {});
    // enterprise role: its own bank, shared with a member
    const switched = await t.api('/btz/user/switch-role', { token: me.token, query: { loginRole: 1 } });
    const enterpriseId = switched.json.data.team.id as string;
    expect((await list(me.token)).total).toBe(0);
    const shared = await saved(me.token, '企业资质证书', {});
    const member = await newUser(t);
    await t.server.db.db.updateTable('users').set({ enterprise_id: enterpriseId, login_role: 1 }).where('id', '=', member.userId).execute();
    expect((await list(member.token)).records.map((r) => r.id)).toEqual([shared.id]);
    await t.api('/btz/user/switch-role', { token: me.token, query: { loginRole: 0 } });
    expect((await list(me.token)).records.map((r) => r.id)).toEqual([doc.id]);
  });

  it('the expiring list: within 90 days, expired ones first with negative days; a 20-day expiry is announced once over realtime', async () => {
    const me = await newUser(t);
    const c = makeClient(t.port, 'websocket', me.token, {
      connectHeaders: { 'Blade-Auth': `Bearer ${me.token}`, Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest' },
    });
    clients.push(c);
    await waitUntil(() => c.connects.length === 1, 5000, 'CONNECTED');
    await subscribeConfirmed(c, `/user/${me.userId}/notice`);

    const gone = await saved(me.token, '过期的纳税证明', { type: '纳税证明', expiry: dayFromNow(-3) });
    const soon = await saved(me.token, '即将到期的资质证书', { expiry: dayFromNow(20) });
    const later = await saved(me.token, '两个月后到期', { expiry: dayFromNow(60) });
    await saved(me.token, '一年后到期', { expiry: dayFromNow(365) });
    await saved(me.token, '长期有效', {});
    const expiring = await list(me.token, { expiring: 90 });
    expect(expiring.records.map((r) => [r.id, r.daysLeft])).toEqual([
      [gone.id, -3],
      [soon.id, 20],
      [later.id, 60],
    ]);

    const notices = () => c.messages.map((m) => JSON.parse(m.body) as { kind: string; data: DataDocExpiringMessage }).filter((m) => m.kind === 'databank.expiring');
    await waitUntil(() => notices().length >= 1, 5000, 'databank.expiring');
    // saving it again (the same expiry) does not announce it twice; the expired and the later ones are not announced
    await save(me.token, soon.id, { type: '资质证书', name: '即将到期的资质证书', expiry: dayFromNow(20) });
    await new Promise((r) => setTimeout(r, 300));
    expect(notices().map((m) => m.data)).toEqual([{ docId: soon.id, name: '即将到期的资质证书', type: '资质证书', expiry: dayFromNow(20), daysLeft: 20 }]);
  });
});
