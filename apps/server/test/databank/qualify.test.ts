/**
 * Qualification chapters from the data bank over HTTP (issue 14): a licence, two certificates (one expiring before the
 * bid deadline) and a 业绩合同 in the data bank; a bid of a generated tender that asks for them written offline; its
 * qualification sections show the pictures (by data-bank URL) with their captions, the certificate table and the
 * performance table; the content check finds the expiring certificate and the required document the bank lacks; the
 * exported .docx carries the pictures and captions; 「从资料库插入」 gives an existing section the same content; another
 * user neither reads this bid's material nor sees these documents in its own bid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidHealth, BidOutlineNode, DataDocDraft, DataDocItem, DataSectionMaterial, SectionContent } from '@btz/shared';
import { listZipEntries, readZipEntry } from '@btz/bid-engine/reading';
import { CONTENT_HEIGHT_PX, CONTENT_WIDTH_PX } from '@btz/bid-engine/export';
import { withCreditCheck } from '../../../../packages/bid-engine/src/databank/index.js';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { drawPicture, reencode } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { DEADLINE, dayFromNow, qualificationTender } from './helpers.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { uploadTender, waitParse } from '../bid/helpers.js';
import { buyCopies, leaves, section, waitWritten } from '../writing/helpers.js';
import { exportBid } from '../export.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await t?.close();
});

const CODE = withCreditCheck('91320500608276123');

async function bankDoc(token: string, file: string, data: Buffer, fields: Record<string, unknown>): Promise<DataDocItem> {
  const up = await t.upload('/btz/databank/upload', { token, file: { name: file, data } });
  expect(up.json, up.text).toMatchObject({ success: true });
  const res = await t.api('/btz/databank/save', { token, query: { id: (up.json.data as DataDocDraft).id }, body: fields });
  expect(res.json, res.text).toMatchObject({ success: true });
  return res.json.data as DataDocItem;
}

const json = (s: SectionContent) => JSON.stringify(s.doc);

describe('qualification chapters filled from the data bank', () => {
  let token: string;
  let bidId: string;
  let outline: BidOutlineNode[];
  const pics: Record<string, Buffer> = {};
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    token = (await newUser(t)).token;
    pics.licence = drawPicture(51, 600, 800);
    pics.iso = await reencode(drawPicture(52, 800, 560), { as: 'jpeg' });
    pics.other = drawPicture(53, 500, 700);
    pics.contract = drawPicture(54, 620, 880);
    ids.licence = (await bankDoc(token, '营业执照.png', pics.licence, { type: '营业执照', name: '苏州示例科技有限公司', creditCode: CODE, issuer: '苏州市市场监督管理局', expiry: dayFromNow(2000) })).id;
    ids.iso = (await bankDoc(token, 'ISO9001.jpg', pics.iso, { type: 'ISO 认证', name: 'ISO9001质量管理体系认证证书', number: 'CQC-9001-0042', issuer: '中国质量认证中心', expiry: dayFromNow(30) })).id;
    ids.other = (await bankDoc(token, 'ISO14001.png', pics.other, { type: 'ISO 认证', name: 'ISO14001环境管理体系认证证书', number: 'CQC-14001-0007', issuer: '中国质量认证中心', expiry: dayFromNow(900) })).id;
    ids.contract = (await bankDoc(token, '业绩合同.png', pics.contract, { type: '业绩合同', name: '滨江智慧社区平台建设项目', client: '滨江区大数据局', year: 2024, amount: 1280000 })).id;

    bidId = await uploadTender(t, token, { name: '招标文件.docx', data: await buildTenderDocx(qualificationTender()) });
    const d = await waitParse(t, token, bidId);
    expect(d.parse.state).toBe('done');
    expect(d.card!.deadline!.value.slice(0, 10)).toBe(DEADLINE);
    if (!d.outline?.length) expect((await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } })).json?.success).toBe(true);
    await buyCopies(t, token, 1, 1);
    const res = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
    expect(res.json?.success, res.text).toBe(true);
    await waitWritten(t, token, bidId);
    const detail = await t.api('/btz/bid/detail', { token, query: { id: bidId } });
    outline = detail.json.data.outline as BidOutlineNode[];
  });

  const leaf = (re: RegExp) => {
    const l = leaves(outline).find((n) => re.test(n.title));
    expect(l, leaves(outline).map((n) => n.title).join(' | ')).toBeTruthy();
    return l!;
  };

  it('the licence section shows the licence picture with its caption and the certificate table', async () => {
    const s = await section(t, token, bidId, leaf(/营业执照/).id);
    const j = json(s);
    expect(j).toContain(`"src":"/api/btz/databank/file?id=${ids.licence}"`);
    expect(s.text).toContain(`图 1 营业执照（统一社会信用代码 ${CODE}）`);
    for (const cell of ['名称', '编号', '发证机关', '有效期至', '苏州市市场监督管理局', CODE, dayFromNow(2000)]) expect(s.text).toContain(cell);
    // no data URLs: the picture is the stored file
    expect(j).not.toContain('data:image');
    // the writer's own text takes the licence's code from the data bank instead of a blank
    expect(s.text).toContain(`营业执照副本复印件（统一社会信用代码：${CODE}）`);
    expect(s.text).not.toContain('【待填写：统一社会信用代码】');
    // and the bidder's name from the licence (the user typed no enterprise facts)
    expect(s.text).toContain('苏州示例科技有限公司满足');
    expect(s.text).not.toContain('【待填写：投标人名称】');
  });

  it('the ISO section shows both certificates, pictures and table; the performance section the contract table', async () => {
    const iso = await section(t, token, bidId, leaf(/ISO9001/).id);
    expect(json(iso)).toContain(`/api/btz/databank/file?id=${ids.iso}`);
    expect(json(iso)).toContain(`/api/btz/databank/file?id=${ids.other}`);
    expect(iso.text).toContain(`ISO9001质量管理体系认证证书（证书编号 CQC-9001-0042，有效期至 ${dayFromNow(30)}）`);
    expect(iso.text).toMatch(/图 \d ISO14001环境管理体系认证证书/);
    expect(iso.text).toContain(`ISO9001质量管理体系认证证书（证书编号：CQC-9001-0042，有效期至：${dayFromNow(30)}）`);
    const perf = await section(t, token, bidId, leaf(/业绩一览表/).id);
    for (const cell of ['项目名称', '客户', '年份', '合同金额', '滨江智慧社区平台建设项目', '滨江区大数据局', '2024', '1,280,000.00 元']) expect(perf.text).toContain(cell);
    expect(json(perf)).toContain(`/api/btz/databank/file?id=${ids.contract}`);
    // each document once in the bid: the technical sections show none
    const tech = await section(t, token, bidId, leaf(/系统架构/).id);
    expect(json(tech)).not.toContain('/api/btz/databank/');
  });

  it('the content check finds the certificate that expires before the deadline and the documents the bank lacks', async () => {
    const res = await t.api('/btz/bid/health', { token, query: { id: bidId } });
    expect(res.json?.success, res.text).toBe(true);
    const h = res.json.data as BidHealth;
    const expiring = h.findings.filter((f) => f.kind === 'certificate-expiry');
    expect(expiring, JSON.stringify(h.findings.map((f) => f.message))).toHaveLength(1);
    expect(expiring[0]).toMatchObject({ nodeId: leaf(/ISO9001/).id, refId: ids.iso, severity: 'high' });
    expect(expiring[0]!.message).toContain(`早于投标截止时间 ${DEADLINE}`);
    const missing = h.findings.filter((f) => f.kind === 'databank-missing').map((f) => f.message);
    expect(missing.some((m) => m.startsWith('资料库缺少：纳税证明'))).toBe(true);
    expect(missing.some((m) => m.startsWith('资料库缺少：营业执照'))).toBe(false);

    // renewing the certificate in the data bank clears the finding on the next read (the basis includes the bank)
    const renew = await t.api('/btz/databank/save', {
      token,
      query: { id: ids.iso },
      body: { type: 'ISO 认证', name: 'ISO9001质量管理体系认证证书', number: 'CQC-9001-0042', issuer: '中国质量认证中心', expiry: dayFromNow(1000) },
    });
    expect(renew.json?.success, renew.text).toBe(true);
    const again = (await t.api('/btz/bid/health', { token, query: { id: bidId } })).json.data as BidHealth;
    expect(again.findings.filter((f) => f.kind === 'certificate-expiry')).toEqual([]);
    // back to expiring, for the export below
    await t.api('/btz/databank/save', {
      token,
      query: { id: ids.iso },
      body: { type: 'ISO 认证', name: 'ISO9001质量管理体系认证证书', number: 'CQC-9001-0042', issuer: '中国质量认证中心', expiry: dayFromNow(30) },
    });
  });

  it('the exported .docx carries the pictures at page width with their captions', async () => {
    const res = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    expect(res.headers['content-type'], `${res.text.slice(0, 300)}\n${t.logs.filter((l) => l.includes('"level":50')).join('\n').slice(-3000)}`).toContain('officedocument');
    const entries = listZipEntries(res.bytes);
    const media = entries.filter((e) => e.name.startsWith('word/media/')).map((e) => readZipEntry(res.bytes, e));
    expect(media.some((m) => m.equals(pics.licence!))).toBe(true);
    expect(media.some((m) => m.equals(pics.contract!))).toBe(true);
    expect(media.some((m) => m.equals(pics.other!))).toBe(true);
    // the JPEG as stored
    expect(media.some((m) => m.equals(pics.iso!))).toBe(true);
    const xml = readZipEntry(res.bytes, entries.find((e) => e.name === 'word/document.xml')!).toString('utf8');
    expect(xml).toContain(`图 1 营业执照（统一社会信用代码 ${CODE}）`);
    expect(xml).toContain('ISO9001质量管理体系认证证书（证书编号 CQC-9001-0042');
    expect(xml).not.toContain('【图片无法导出】');
    // at the page's width (A4 less 2.54 cm margins: 601 px), a picture taller than the page at most the page's height
    const extents = [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"/g)].map((m) => [Number(m[1]) / 9525, Number(m[2]) / 9525]);
    expect(extents.length).toBeGreaterThanOrEqual(4);
    for (const [w, h] of extents) expect(w === CONTENT_WIDTH_PX || h === CONTENT_HEIGHT_PX, `${w}×${h}`).toBe(true);
    expect(extents.filter(([w]) => w === CONTENT_WIDTH_PX).length).toBeGreaterThanOrEqual(3);
  });

  it('「从资料库插入」 gives an existing section the content of the types it asks for, or of the types chosen', async () => {
    const l = leaf(/ISO9001/);
    const res = await t.api('/btz/databank/section', { token, query: { bidId, nodeId: l.id, figureStart: 3 } });
    expect(res.json?.success, res.text).toBe(true);
    const m = res.json.data as DataSectionMaterial;
    expect(m.matched).toEqual(['ISO 认证']);
    expect(m.docs.map((d) => d.id).sort()).toEqual([ids.iso, ids.other].sort());
    expect(m.docs.find((d) => d.id === ids.iso)!.daysLeft).toBe(30);
    expect(JSON.stringify(m.doc)).toContain('图 3 ISO');
    // chosen types: the licence in the ISO section
    const chosen = (await t.api('/btz/databank/section', { token, query: { bidId, nodeId: l.id, types: '营业执照' } })).json.data as DataSectionMaterial;
    expect(chosen.docs.map((d) => d.id)).toEqual([ids.licence]);
    // saved into the section through the ordinary save, it validates
    const s = await section(t, token, bidId, l.id);
    const saved = await t.api('/btz/bid/section/save', {
      token,
      query: { id: bidId, nodeId: l.id },
      body: { revision: s.revision, doc: { type: 'doc', content: [...(s.doc!.content ?? []), ...chosen.doc.content] } },
    });
    expect(saved.json?.success, saved.text).toBe(true);
    const bad = await t.api('/btz/databank/section', { token, query: { bidId, nodeId: l.id, types: '营业执照,护照' } });
    expect(bad.json).toMatchObject({ success: false, msg: expect.stringContaining('资料类型') });
  });

  it('another user neither reads this bid’s material nor gets these documents in its own bid', async () => {
    const other = (await newUser(t)).token;
    const l = leaf(/营业执照/);
    const res = await t.api('/btz/databank/section', { token: other, query: { bidId, nodeId: l.id } });
    expect(res.json).toMatchObject({ success: false, msg: '标书不存在' });
    const own = await uploadTender(t, other, { name: '招标文件.docx', data: await buildTenderDocx(qualificationTender()) });
    const d = await waitParse(t, other, own);
    if (!d.outline?.length) expect((await t.api('/btz/bid/outline/generate', { token: other, query: { id: own } })).json?.success).toBe(true);
    const o = (await t.api('/btz/bid/detail', { token: other, query: { id: own } })).json.data.outline as BidOutlineNode[];
    const lic = leaves(o).find((n) => /营业执照/.test(n.title))!;
    const m = (await t.api('/btz/databank/section', { token: other, query: { bidId: own, nodeId: lic.id } })).json.data as DataSectionMaterial;
    expect(m.matched).toEqual(['营业执照']);
    expect(m.docs).toEqual([]);
    expect(m.doc.content).toEqual([]);
    // a section of the other user that names this user's document by URL exports nothing of it
    const s = (await t.api('/btz/bid/section/get', { token: other, query: { id: own, nodeId: lic.id } })).json.data as SectionContent;
    const saved = await t.api('/btz/bid/section/save', {
      token: other,
      query: { id: own, nodeId: lic.id },
      body: { revision: s.revision, doc: { type: 'doc', content: [{ type: 'image', attrs: { src: `/api/btz/databank/file?id=${ids.licence}`, alt: '别人的执照' } }] } },
    });
    expect(saved.json?.success, saved.text).toBe(true);
    const exp = await exportBid(t.api, { token: other, id: own, format: 'docx' });
    const entries = listZipEntries(exp.bytes);
    expect(entries.filter((e) => e.name.startsWith('word/media/')).map((e) => readZipEntry(exp.bytes, e)).some((b) => b.equals(pics.licence!))).toBe(false);
    expect(readZipEntry(exp.bytes, entries.find((e) => e.name === 'word/document.xml')!).toString('utf8')).toContain('【图片无法导出】');
  });
});
