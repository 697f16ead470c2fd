/**
 * The 技术参数响应偏离表 of a goods tender (issue 24 item 4), over HTTP on a real parse of a generated DOCX: a switchgear
 * purchase whose 技术要求 chapter prints a parameter table (★/▲ on some rows) and parameter sentences. Upload → parse →
 * outline → write offline → read the table's section → export Word: every parameter is a row with its mark and page, the
 * offered value and the deviation are blanks for the bidder, the commercial terms are not rows, and the Word file holds
 * the table as a table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidOutlineNode } from '@btz/shared';
import { GOODS, GOODS_PAGES, PARAMETER_LINES, PARAMETER_PAGE, PARAMETER_ROWS } from '../../../../packages/bid-engine/test/fixtures/goods-tender.js';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail, uploadTender, waitParse } from '../bid/helpers.js';
import { buyCopies, section, unzip, waitWritten } from './helpers.js';
import { exportBid } from '../export.js';

let t: TestServer;
let token: string;
let bidId: string;
let table: BidOutlineNode;

const flat = (nodes: BidOutlineNode[]): BidOutlineNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
  bidId = await uploadTender(t, token, { name: '开关柜招标文件.docx', data: await buildTenderDocx(GOODS_PAGES) });
  const d = await waitParse(t, token, bidId);
  expect(d.parse.state).toBe('done');
  if (!d.outline?.length) {
    const g = await t.api('/btz/bid/outline/generate', { token, query: { id: bidId } });
    expect(g.json?.success, g.text).toBe(true);
  }
  const outline = (await detail(t, token, bidId)).outline!;
  const found = flat(outline).find((n) => n.title === '技术参数响应偏离表');
  expect(found, JSON.stringify(flat(outline).map((n) => n.title))).toBeDefined();
  table = found!;
  await buyCopies(t, token, 1);
  const start = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
  expect(start.json?.success, start.text).toBe(true);
  expect((await waitWritten(t, token, bidId)).status).toBe('written');
});
afterAll(async () => {
  await t?.close();
});

describe('技术参数响应偏离表 of a goods tender (issue 24 item 4)', () => {
  it('the card reads the tender as the switchgear purchase it is', async () => {
    const d = await detail(t, token, bidId);
    expect(d.card!.projectName?.value).toBe(GOODS.projectName);
    expect(table.mode).toBe('table');
  });

  it('the table holds every parameter: its mark and page, the offered value and the deviation as blanks', async () => {
    const s = await section(t, token, bidId, table.id);
    const lines = s.text.split('\n');
    expect(lines).toContain('序号\t招标要求\t投标响应\t偏离\t说明');
    for (const [name, value] of PARAMETER_ROWS) {
      const mark = name.match(/^[★▲]/)?.[0] ?? '';
      const bare = name.replace(/[★▲]/g, '');
      const row = lines.find((l) => l.includes(`${bare}：${value}`));
      expect(row, `${name}\n${s.text}`).toBeDefined();
      const cells = row!.split('\t');
      expect(cells[1]).toBe(`${mark}${bare}：${value}（招标文件第 ${PARAMETER_PAGE} 页）`);
      expect(cells[2]).toBe(`我方响应：【待填写：所投产品的${bare}】`);
      expect(cells[3]).toBe('【待填写：无偏离／正偏离／负偏离】');
    }
    for (const l of PARAMETER_LINES) expect(s.text).toContain(l.replace(/^\d\. /, '').replace(/。$/, ''));
    expect(s.text).not.toMatch(/付款方式|已掌握|知悉/);
  });

  it('no written section restates a parameter as prose', async () => {
    const outline = (await detail(t, token, bidId)).outline!;
    for (const n of flat(outline).filter((x) => !x.children.length && x.mode === 'ai')) {
      const text = (await section(t, token, bidId, n.id)).text;
      expect(text, n.title).not.toMatch(/2000A|IP4X|31\.5kA|已掌握/);
    }
  });

  it('the Word export holds the table as a Word table with the parameters in its rows', async () => {
    const res = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    expect(res.status).toBe(200);
    const xml = unzip(res.bytes).get('word/document.xml')!;
    const tables = [...xml.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((m) =>
      [...m[0].matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((r) => [...r[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((c) => [...c[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((x) => x[1]).join(''))),
    );
    const dev = tables.find((rows) => rows[0]?.join('|') === '序号|招标要求|投标响应|偏离|说明');
    expect(dev, JSON.stringify(tables.map((x) => x[0]))).toBeDefined();
    for (const [name, value] of PARAMETER_ROWS) expect(dev!.some((r) => r[1]?.includes(`${name.replace(/[★▲]/g, '')}：${value}`))).toBe(true);
  });
});
