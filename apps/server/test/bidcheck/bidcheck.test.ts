/**
 * The bid checks over HTTP (issue 15): the 暗标 check of an uploaded DOCX/PDF (against the owner's enterprise facts and
 * the tender's rules), the 废标 check of an uploaded bid against one of the user's tenders (the content-health findings
 * with pages), the 暗标 check of a bid written here and its 一键修复 through the section save path, reports scoped to
 * their owner, exported to Excel, bad files refused with clear errors, a failed check retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { BidCheckDetail, BidCheckSummary, BidCheckTender, BidHealth, Page } from '@btz/shared';
import { buildTenderDocx, buildZipBomb } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { buildWordml, p, pageBreak, r } from '../../../../packages/bid-engine/test/fixtures/wordml.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { settled, waitForJob } from '../wait.js';
import { buyCopies, outlinedBid, section, waitWritten } from '../writing/helpers.js';
import { exportBid } from '../export.js';

// each check is a job reading a file in a worker process: on a loaded machine a test may take longer than the default

let t: TestServer;
const LIMIT = 3 * 1024 * 1024;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, uploadMaxBytes: LIMIT });
});
afterAll(async () => {
  await t?.close();
});

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

async function withEnterprise(): Promise<string> {
  const { token } = await newUser(t);
  const res = await t.api('/btz/enterprise/info/save', { token, body: ENTERPRISE });
  expect(res.json, res.text).toMatchObject({ code: 200 });
  return token;
}

/** A technical bid that names the bidder, its project manager and a phone, with red text and a header. */
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

async function upload(token: string, name: string, data: Buffer, fields: Record<string, string>) {
  return t.upload('/btz/bidcheck/upload', { token, file: { name, data }, fields });
}
async function waitCheck(token: string, id: string): Promise<BidCheckDetail> {
  return waitForJob({
    what: `bid check ${id}`,
    read: async () => {
      const res = await t.api('/btz/bidcheck/detail', { token, query: { id } });
      expect(res.json, res.text).toMatchObject({ success: true });
      return res.json.data as BidCheckDetail;
    },
    until: settled,
  });
}
async function run(token: string, name: string, data: Buffer, fields: Record<string, string>): Promise<BidCheckDetail> {
  const res = await upload(token, name, data, fields);
  expect(res.json, res.text).toMatchObject({ code: 200, success: true });
  return waitCheck(token, (res.json.data as { id: string }).id);
}

describe('暗标 check of an uploaded bid', () => {
  it('lists the bidder name, people, phone, red text and header with their pages; exports Excel; scoped to the owner', async () => {
    const token = await withEnterprise();
    const d = await run(token, '技术标.docx', anonBid(), { kind: 'anonymity' });
    expect(d, JSON.stringify(d)).toMatchObject({ state: 'done', kind: 'anonymity', source: 'upload', fileName: '技术标.docx', progress: 100 });
    const rep = d.report!;
    expect(rep.passed).toBe(false);
    expect(rep.pageCount).toBe(2);
    const at = (rule: string) => rep.findings.filter((f) => f.rule === rule);
    expect(at('bidder-name')[0]).toMatchObject({ severity: 'high', page: 2 });
    expect(at('person')[0]).toMatchObject({ page: 2, excerpt: expect.stringContaining('张伟') });
    expect(at('phone')[0]).toMatchObject({ page: 2 });
    expect(at('colour')[0]).toMatchObject({ page: 2 });
    expect(at('header-footer')[0]).toMatchObject({ severity: 'high', excerpt: '江州智联科技有限公司' });
    expect(rep.notes.join()).toContain('暗标通用规则');
    expect(rep.counts.high).toBe(rep.findings.filter((f) => f.severity === 'high').length);

    const list = (await t.api('/btz/bidcheck/list', { token })).json.data as Page<BidCheckSummary>;
    expect(list.records.map((x) => [x.id, x.kind, x.state, x.passed])).toEqual([[d.id, 'anonymity', 'done', false]]);
    expect(list.records[0]!.counts).toEqual(rep.counts);

    const x = await t.api('/btz/bidcheck/export', { token, query: { id: d.id } });
    expect(x.status).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.bytes as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('问题清单')!;
    expect(sheet.rowCount).toBe(rep.findings.length + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe('严重');

    // another user sees nothing of it
    const { token: other } = await newUser(t);
    expect((await t.api('/btz/bidcheck/detail', { token: other, query: { id: d.id } })).json).toMatchObject({ code: 400, msg: '检查记录不存在或已删除' });
    expect((await t.api('/btz/bidcheck/export', { token: other, query: { id: d.id } })).json).toMatchObject({ code: 400 });
    expect(((await t.api('/btz/bidcheck/list', { token: other })).json.data as Page<BidCheckSummary>).total).toBe(0);
    expect((await t.api('/btz/bidcheck/delete', { token: other, query: { id: d.id } })).json).toMatchObject({ code: 400 });
    expect((await t.api('/btz/bidcheck/delete', { token, query: { id: d.id } })).json).toMatchObject({ success: true });
    expect(((await t.api('/btz/bidcheck/list', { token })).json.data as Page<BidCheckSummary>).total).toBe(0);
  });

  it('refuses bad files and fields with clear Chinese errors; a file without text fails and can be retried', async () => {
    const token = await withEnterprise();
    const fake = await upload(token, '标书.docx', Buffer.from('这只是一段文字，不是 Word 文件'), { kind: 'anonymity' });
    expect(fake.json).toMatchObject({ code: 400, msg: '仅支持检查 Word（DOCX）、PDF 或 DOC 格式的投标文件' });
    const bomb = await upload(token, '炸弹.docx', await buildZipBomb(100), { kind: 'anonymity' });
    expect(bomb.json).toMatchObject({ code: 400, success: false });
    const big = await upload(token, '大.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(LIMIT)]), { kind: 'anonymity' });
    expect(big.json.msg).toContain('3 MB');
    const kind = await upload(token, 'a.docx', anonBid(), { kind: 'plagiarism' });
    expect(kind.json).toMatchObject({ code: 400, msg: '检查类型只能是暗标检查或废标检查' });
    const noTender = await upload(token, 'a.docx', anonBid(), { kind: 'reject' });
    expect(noTender.json).toMatchObject({ code: 400, msg: '请选择投标文件对应的招标项目' });
    const strange = await upload(token, 'a.docx', anonBid(), { kind: 'reject', bidId: 'nope' });
    expect(strange.json).toMatchObject({ code: 400, msg: '所选招标项目不存在或无权访问' });
    expect(((await t.api('/btz/bidcheck/list', { token })).json.data as Page<BidCheckSummary>).total).toBe(0);

    const empty = await run(token, '空白.docx', await buildTenderDocx([[{ kind: 'title', text: '' }]]), { kind: 'anonymity' });
    expect(empty.state).toBe('failed');
    expect(empty.error).toMatch(/^未能从文件中读取到文字/);
    expect(empty.report).toBeNull();
    expect((await t.api('/btz/bidcheck/export', { token, query: { id: empty.id } })).json).toMatchObject({ code: 400, msg: '检查尚未完成，请稍后再试' });
    const again = await t.api('/btz/bidcheck/retry', { token, query: { id: empty.id } });
    expect(again.json).toMatchObject({ success: true });
    expect((await waitCheck(token, empty.id)).state).toBe('failed');
    expect((await t.api('/btz/bidcheck/list')).status).toBe(401);
  });
});

describe('the bidder as the data bank knows it', () => {
  it("a certificate holder and number of the owner's 资料库 are found too", async () => {
    const { token, userId } = await newUser(t);
    const db = t.server.db.db;
    const { tenant_id } = await db.selectFrom('users').select('tenant_id').where('id', '=', userId).executeTakeFirstOrThrow();
    await db
      .insertInto('data_documents')
      .values({ id: `dd-${userId}`, tenant_id, owner_type: 'user', owner_id: userId, created_by: userId, state: 'saved', type: '人员证书', name: '一级建造师注册证书', number: 'JZS-2024-778899', person: '赵敏', file_name: 'a.pdf', file_kind: 'pdf', size: 1, storage_key: 'x', tags: '[]', updated_at: new Date() } as never)
      .execute();
    const bid = buildWordml({ body: [p('第一章 项目团队', { outline: 0 }), p('技术负责人赵敏，注册证书编号 JZS-2024-778899，具备丰富经验。')].join('') });
    const d = await run(token, '团队.docx', bid, { kind: 'anonymity' });
    const rules = d.report!.findings.map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['person', 'number']));
  });
});

describe('废标 check of an uploaded bid against a tender', () => {
  it('finds ★ clauses and scoring rows not answered, missing parts, blanks and an expired certificate, with pages', async () => {
    const token = await withEnterprise();
    const bidId = await outlinedBid(t, token);
    const tenders = (await t.api('/btz/bidcheck/tenders', { token })).json.data as BidCheckTender[];
    expect(tenders.map((x) => x.id)).toContain(bidId);
    const bid = buildWordml({
      body: [
        p('投标函', { outline: 0 }),
        p('致：采购人。我方承诺按招标文件要求提供服务，投标报价为人民币XXX元。'),
        pageBreak(),
        p('资格证明文件', { outline: 0 }),
        p('信息系统集成资质证书，证书编号 XZ-2020-0001，有效期至2021年6月30日。'),
      ].join(''),
    });
    const d = await run(token, '外部投标文件.docx', bid, { kind: 'reject', bidId });
    expect(d, JSON.stringify(d)).toMatchObject({ state: 'done', kind: 'reject', bidId });
    const rep = d.report!;
    const rules = new Set(rep.findings.map((f) => f.rule));
    for (const k of ['unanswered-scoring', 'composition-missing', 'certificate-expired', 'placeholder']) expect(rules, k).toContain(k);
    expect(rep.findings.find((f) => f.rule === 'certificate-expired')).toMatchObject({ page: 2 });
    expect(rep.findings.find((f) => f.rule === 'placeholder')).toMatchObject({ page: 1 });
    expect(rep.score).toBeLessThan(60);
    expect(rep.coverage?.total).toBeGreaterThan(0);
    expect(rep.passed).toBe(false);
  });
});

describe('one scoring function: the workspace and 废标检查 agree on the same bid', () => {
  it('a bid written here, exported to Word and uploaded to 废标检查, gets the workspace’s scoring coverage', async () => {
    const token = await withEnterprise();
    const bidId = await outlinedBid(t, token);
    await buyCopies(t, token, 1);
    const start = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
    expect(start.json?.success, start.text).toBe(true);
    expect((await waitWritten(t, token, bidId)).status).toBe('written');
    const health = await t.api('/btz/bid/health', { token, query: { id: bidId, force: '1' } });
    expect(health.json?.success, health.text).toBe(true);
    const ws = health.json.data as BidHealth;
    const exported = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    expect(exported.status).toBe(200);
    const d = await run(token, '导出的投标文件.docx', exported.bytes, { kind: 'reject', bidId });
    expect(d, JSON.stringify(d)).toMatchObject({ state: 'done', kind: 'reject' });
    const rows = (c: { rows: { scoringId: string; state: string }[] }) => c.rows.map((r) => [r.scoringId, r.state === 'answered' || r.state === 'price' ? r.state : 'not answered']);
    expect(ws.coverage).toBeDefined();
    expect(rows(d.report!.coverage!)).toEqual(rows(ws.coverage!));
    expect([d.report!.coverage!.answered, d.report!.coverage!.total]).toEqual([ws.coverage!.answered, ws.coverage!.total]);
  });
});

describe('暗标 of a bid written here, and 一键修复', () => {
  it('finds the bidder in a section, fixes it through the section save (new revision), and the re-check is clean of it', async () => {
    const token = await withEnterprise();
    const bidId = await outlinedBid(t, token);
    const det = (await t.api('/btz/bid/detail', { token, query: { id: bidId } })).json.data;
    // a leaf of the technical part (the 暗标's scope; the 投标函 must name the bidder)
    const leaf = (function first(ns: any[], tech: boolean): any {
      for (const n of ns) {
        const inTech = tech || n.kind === '技术';
        if (!n.children?.length && inTech) return n;
        const f = first(n.children ?? [], inTech);
        if (f) return f;
      }
    })(det.outline, false);
    expect(leaf).toBeDefined();
    const s = await section(t, token, bidId, leaf.id);
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '江州智联科技有限公司项目经理张伟，电话13912345678。' }, { type: 'text', text: '重点', marks: [{ type: 'highlight' }] }] }] };
    const saved = await t.api('/btz/bid/section/save', { token, query: { id: bidId, nodeId: leaf.id }, body: { revision: s.revision, doc } });
    expect(saved.json, saved.text).toMatchObject({ success: true });

    const start = await t.api('/btz/bidcheck/bid', { token, query: { bidId } });
    expect(start.json, start.text).toMatchObject({ success: true });
    const d = await waitCheck(token, start.json.data.id);
    expect(d).toMatchObject({ state: 'done', source: 'bid' });
    const found = d.report!.findings.filter((f) => f.nodeId === leaf.id).map((f) => f.rule);
    expect(found).toEqual(expect.arrayContaining(['bidder-name', 'person', 'phone', 'colour']));
    expect(d.report!.findings.find((f) => f.nodeId === leaf.id)!.section).toBe(leaf.title);
    // the commercial forms (投标函) name the bidder and are not checked
    expect(d.report!.notes.join()).toContain('只检查技术部分的章节');

    const fix = await t.api('/btz/bidcheck/fix', { token, query: { id: d.id } });
    expect(fix.json, fix.text).toMatchObject({ success: true, data: { sections: 1, replacements: 3, colours: 1 } });
    const after = await section(t, token, bidId, leaf.id);
    expect(after.revision).toBe(s.revision + 2);
    expect(JSON.stringify(after.doc)).toContain('我方项目经理项目经理，电话。');

    const re = await t.api('/btz/bidcheck/bid', { token, query: { bidId } });
    const d2 = await waitCheck(token, re.json.data.id);
    expect(d2.report!.findings.filter((f) => f.nodeId === leaf.id && ['bidder-name', 'person', 'phone', 'colour'].includes(f.rule))).toEqual([]);
    // an uploaded file's check cannot be "fixed"
    const up = await run(token, '技术标.docx', anonBid(), { kind: 'anonymity' });
    expect((await t.api('/btz/bidcheck/fix', { token, query: { id: up.id } })).json).toMatchObject({ code: 400, msg: '只有在本平台编写的标书可以一键修复' });
    // another user's bid cannot be checked
    const { token: other } = await newUser(t);
    expect((await t.api('/btz/bidcheck/bid', { token: other, query: { bidId } })).json).toMatchObject({ code: 400, msg: '所选招标项目不存在或无权访问' });
  });
});
