/**
 * The tender's own forms in the bid (issue 24 item 1), over HTTP on a real parse of a generated DOCX: a format chapter with
 * a 响应函 of blanks, a price table with quantities, units and unit-price caps, and a 服务承诺函 of six enumerated clauses.
 * Upload → parse → write offline → export Word: each form is its part's section with the tender's fixed text, rows and
 * clauses; blanks are filled from the card and the enterprise; what neither gives is 【待填写：…】; the Word file prints the
 * price form as a table with the tender's columns and rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTS } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail } from '../bid/helpers.js';
import { buyCopies, outlinedBid, section, unzip, waitWritten } from './helpers.js';
import { exportBid } from '../export.js';
import { CLAUSES, ENTERPRISE, PARTS, PRICE_ROWS, tenderWithForms } from './forms-fixture.js';

let t: TestServer;
let token: string;
let bidId: string;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
  const saved = await t.api('/btz/enterprise/info/save', {
    token,
    body: { ...ENTERPRISE, creditCode: '', contacts: [], qualifications: [], staff: [], projects: [] },
  });
  expect(saved.json?.success, saved.text).toBe(true);
  bidId = await outlinedBid(t, token, 1, await tenderWithForms());
  await buyCopies(t, token, 1);
  const start = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
  expect(start.json?.success, start.text).toBe(true);
  expect((await waitWritten(t, token, bidId)).status).toBe('written');
});
afterAll(async () => {
  await t?.close();
});

async function partText(title: string): Promise<string> {
  const d = await detail(t, token, bidId);
  const node = d.outline!.find((n) => n.title === title);
  expect(node, JSON.stringify(d.outline!.map((n) => n.title))).toBeDefined();
  return (await section(t, token, bidId, node!.id)).text;
}

describe('the tender’s forms, filled in (issue 24)', () => {
  it('the card holds the format chapter’s forms, linked from the composition', async () => {
    const d = await detail(t, token, bidId);
    expect(d.card!.composition.map((c) => c.title)).toEqual(PARTS);
    expect(d.card!.forms?.map((f) => f.title)).toEqual(['一、响应函', '二、分项报价表', '三、服务承诺函', '四、技术方案']);
  });

  it('the letter keeps its fixed text; blanks come from the card and the enterprise; the unknown is 【待填写：…】; the signature stays blank', async () => {
    const text = await partText('响应函');
    expect(text).toContain(`致：${FACTS.purchaser}`);
    expect(text).toContain(`我方${ENTERPRISE.name}已仔细研究了项目编号为${FACTS.projectNumber}的采购文件，愿意按采购文件的要求提供服务。`);
    expect(text).toMatch(/响应有效期为自响应截止之日起【待填写：[^】]+】日。/);
    expect(text).toContain(`供应商名称（公章）：${ENTERPRISE.name}`);
    expect(text).toContain('法定代表人（签字）：________');
    expect(text).toContain(`地址：${ENTERPRISE.address}`);
    expect(text).toContain('开户银行：【待填写：开户银行】');
    // nothing but the form: no point responses, no padding
    expect(text).not.toMatch(/投标人|评分|金额大小写/);
  });

  it('the price form carries the tender’s rows, quantities, units and caps; the prices are the bidder’s to fill', async () => {
    const text = await partText('分项报价表');
    expect(text).toContain(`项目名称：${FACTS.projectName}`);
    expect(text).toContain('序号\t名称\t单位\t数量\t单价上限（元）\t单价（元）\t合价（元）');
    for (const r of PRICE_ROWS) expect(text).toContain(`${r.slice(0, 5).join('\t')}\t【待填写：单价（元）】\t【待填写：合价（元）】`);
    expect(text).toContain('注：单价超过单价上限的，其响应无效。');
    // the tender's rows, not a template's
    expect(text).not.toMatch(/软件开发|硬件设备及集成|培训服务/);
  });

  it('the commitment letter keeps its six enumerated clauses, in order', async () => {
    const text = await partText('服务承诺函');
    const at = CLAUSES.map((c, i) => text.indexOf(`${i + 1}、${c}`));
    expect(at.every((i) => i >= 0), text).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain(`致：${FACTS.purchaser}`);
  });

  it('the Word export lays the forms out as the tender’s: the price form is a table of its columns and rows, the clauses follow', async () => {
    const res = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    expect(res.status).toBe(200);
    const xml = unzip(res.bytes).get('word/document.xml')!;
    const tables = [...xml.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((m) =>
      [...m[0].matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((r) => [...r[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((c) => [...c[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((x) => x[1]).join(''))),
    );
    const price = tables.find((rows) => rows[0]?.[0] === '序号' && rows[0]?.[4] === '单价上限（元）');
    expect(price, JSON.stringify(tables.map((x) => x[0]))).toBeDefined();
    expect(price!.map((r) => r.slice(0, 5))).toEqual([['序号', '名称', '单位', '数量', '单价上限（元）'], ...PRICE_ROWS.map((r) => r.slice(0, 5))]);
    const plain = xml.replace(/<[^>]+>/g, '');
    let last = -1;
    for (const c of CLAUSES) {
      const i = plain.indexOf(c);
      expect(i).toBeGreaterThan(last);
      last = i;
    }
  });
});
