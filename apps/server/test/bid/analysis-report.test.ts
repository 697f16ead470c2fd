/**
 * The tender analysis report over real HTTP: the generated tender (with a qualification section and a deadline months
 * ahead), the user's enterprise facts, both files downloaded and reopened (Word: document.xml text via mammoth; Excel:
 * exceljs) — facts, scoring rows with points and totals, the checklist states; another user gets nothing, a bad format
 * or a bid without a card is refused in Chinese, a finished bid still gets its report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { REPORT_TEXTS, creditCodeCheckChar } from '@btz/shared';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { FACTS, TENDER_PAGES, type Block } from '../../../../packages/bid-engine/test/fixtures/tender.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { buyCopies, waitWritten } from '../writing/helpers.js';
import { detail, uploadTender, waitParse } from './helpers.js';

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + 8 * 3600_000 + offsetDays * DAY).toISOString().slice(0, 10);
const DEADLINE = day(200);
const [dy, dm, dd] = DEADLINE.split('-').map(Number);

const QUALS = [
  '1. 具有独立承担民事责任的能力，提供有效的营业执照副本；',
  '2. 具备信息系统集成及服务资质（ITSS）三级及以上；',
  '3. 具有有效的安全生产许可证；',
  '4. 拟派项目负责人须具有高级工程师职称；',
  '5. 具有ISO27001信息安全管理体系认证；',
  '6. 本项目不接受联合体投标。',
];

/** The generated tender the other bid tests use, with a 资格要求 section and a deadline 200 days ahead. */
function tenderWithQualifications(): Promise<Buffer> {
  const pages: Block[][] = TENDER_PAGES.map((blocks) =>
    blocks.flatMap((b): Block[] => {
      if (b.kind === 'p' && b.text === FACTS.deadlineLine) return [{ kind: 'p', text: `投标截止时间：${dy}年${dm}月${dd}日 09:30（北京时间）` }];
      if (b.kind === 'h2' && b.text === '四、投标保证金') {
        return [{ kind: 'h2', text: '四、供应商资格要求' }, ...QUALS.map((text) => ({ kind: 'p' as const, text })), { kind: 'h2', text: '五、投标保证金' }];
      }
      return [b];
    }),
  );
  return buildTenderDocx(pages);
}

const CREDIT = '91330100MA2ABCDE1' + creditCodeCheckChar('91330100MA2ABCDE1');
const ENTERPRISE = {
  name: '江州智联科技有限公司',
  creditCode: CREDIT,
  legalRep: '陈立新',
  qualifications: [
    { name: '信息系统集成及服务资质证书（ITSS）二级', number: 'ITSS-2025-0088', expiry: day(3 * 365) },
    { name: '安全生产许可证', number: '(浙)JZ安许证字[2024]000123', expiry: day(30) },
  ],
  staff: [{ name: '王建华', role: '项目负责人', title: '高级工程师' }],
};

let t: TestServer;
let token: string;
let bidId: string;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  token = (await newUser(t)).token;
  bidId = await uploadTender(t, token, { name: '招标文件.docx', data: await tenderWithQualifications() });
  const d = await waitParse(t, token, bidId);
  expect(d.parse.state).toBe('done');
  const saved = await t.api('/btz/enterprise/info/save', { token, body: ENTERPRISE });
  expect(saved.json?.success, saved.text).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

const report = (format: string | undefined, id = bidId, tk = token) => t.api('/btz/bid/analysis-report', { token: tk, query: { id, format } });

function fileName(disposition: string | string[] | undefined): string {
  const m = /filename\*=UTF-8''([^;]+)/.exec(String(disposition));
  return m ? decodeURIComponent(m[1]!) : '';
}

describe('analysis report', () => {
  it('Word: the project facts, key dates, the checklist against the enterprise, scoring with points and totals', async () => {
    const res = await report('docx');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/wordprocessingml/);
    expect(fileName(res.headers['content-disposition'])).toBe(`${FACTS.projectName}-招标分析报告.docx`);
    expect(res.headers['cache-control']).toContain('no-store');
    const text = (await mammoth.extractRawText({ buffer: res.bytes })).value;
    const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
    for (const s of [FACTS.projectName, '招标分析报告', FACTS.projectNumber, FACTS.purchaser, FACTS.agency, '¥3,860,000.00', '¥3,800,000.00', `${DEADLINE} 09:30`, '50,000.00']) {
      expect(text).toContain(s);
    }
    // a checklist row is: requirement, state, basis, page — the state follows its requirement
    const checklist = lines.findIndex((l) => /^[一二三四五六七八九十]+、资格审查$/.test(l));
    expect(checklist).toBeGreaterThan(0);
    const stateAfter = (req: string) => lines[lines.findIndex((l, i) => i > checklist && l.includes(req)) + 1];
    expect(stateAfter('ITSS')).toBe('已具备');
    expect(stateAfter('安全生产许可证')).toBe('投标截止前到期');
    expect(stateAfter('高级工程师职称')).toBe('已具备');
    expect(stateAfter('ISO27001')).toBe('缺少');
    expect(stateAfter('联合体')).toBe('需人工确认');
    expect(text).toContain(`共 6 项资格要求：已具备 3 项，缺少 1 项，投标截止前到期 1 项，需人工确认 1 项`);
    // scoring rows with their points, the category subtotals and the total
    const pointsOf = (item: string) => lines[lines.findIndex((l) => l === item) + 1];
    expect(pointsOf('技术方案')).toBe('30');
    expect(pointsOf('投标报价')).toBe('35');
    expect(lines[lines.indexOf('技术部分小计（2 项）') + 1]).toBe('45');
    expect(lines[lines.indexOf('合计') + 1]).toBe('100');
    expect(text).toContain('平台须支持不少于 5,000 路视频接入');
    expect(text).toContain('法定代表人授权委托书');
  });

  it('Excel: seven sheets, the decision first; money and pages as numbers; the checklist states; scoring rows and live totals', async () => {
    const res = await report('xlsx');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(fileName(res.headers['content-disposition'])).toBe(`${FACTS.projectName}-招标分析报告.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['投标决策', '概况', '资格审查', '评分表', '★▲条款', '废标条款', '文件组成']);
    const rowsOf = (name: string) => {
      const ws = wb.getWorksheet(name)!;
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      return ws.getRows(2, ws.rowCount - 1)!.map((r) => (r.values as unknown[]).slice(1));
    };
    const overview = rowsOf('概况');
    const budget = overview.find((r) => r[1] === '预算金额')!;
    expect(budget[3]).toBe(3860000);
    expect(budget[4]).toBe(3);
    expect(wb.getWorksheet('概况')!.getRow(overview.indexOf(budget) + 2).getCell(4).numFmt).toContain('#,##0.00');
    expect(overview.find((r) => r[1] === '投标保证金')![3]).toBe(50000);
    expect(overview.find((r) => r[1] === '投标截止时间')![2]).toBe(`${DEADLINE} 09:30`);

    const checks = rowsOf('资格审查').filter((r) => typeof r[0] === 'number');
    const stateOf = (needle: string) => checks.find((r) => String(r[1]).includes(needle))![2];
    expect(checks).toHaveLength(6);
    expect(stateOf('营业执照')).toBe('已具备');
    expect(stateOf('ITSS')).toBe('已具备');
    expect(stateOf('安全生产许可证')).toBe('投标截止前到期');
    expect(stateOf('ISO27001')).toBe('缺少');
    expect(stateOf('联合体')).toBe('需人工确认');
    expect(checks.every((r) => r[4] === 3)).toBe(true);

    const scoring = rowsOf('评分表');
    expect(scoring.slice(0, 5).map((r) => [r[2], r[3]])).toEqual([
      ['技术方案', 30],
      ['实施计划', 15],
      ['售后服务', 10],
      ['类似业绩', 10],
      ['投标报价', 35],
    ]);
    const total = scoring.find((r) => r[0] === '合计')!;
    expect(total[3]).toMatchObject({ formula: 'SUM(D2:D6)', result: 100 });
  });

  it('opens with the go/no-go page: a qualification the enterprise lacks says 不建议投标 and names it; a certificate in the data bank turns it', async () => {
    const { token: own } = await newUser(t);
    const id = await uploadTender(t, own, { name: '招标文件.docx', data: await tenderWithQualifications() });
    expect((await waitParse(t, own, id)).parse.state).toBe('done');
    expect((await t.api('/btz/enterprise/info/save', { token: own, body: ENTERPRISE })).json?.success).toBe(true);
    const decisionOf = async () => {
      const res = await report('docx', id, own);
      expect(res.status).toBe(200);
      const lines = (await mammoth.extractRawText({ buffer: res.bytes })).value.split('\n').map((l) => l.trim()).filter(Boolean);
      const from = lines.indexOf('一、投标决策');
      expect(from, 'the decision is the first part').toBeGreaterThan(0);
      return lines.slice(from, lines.findIndex((l, i) => i > from && /^二、/.test(l)));
    };
    let page = await decisionOf();
    expect(page[1]).toBe('结论：不建议投标');
    expect(page.find((l) => l.startsWith('1. '))).toMatch(/资格要求中有 1 项企业尚不具备.*ISO27001/);
    // the other reasons a bid manager needs: the certificate lapsing before the deadline, the bond, the ★ clauses
    expect(page.join('\n')).toContain('1 项资质在投标截止前到期');
    expect(page).toContain('投标保证金');
    expect(page.join('\n')).toMatch(/★ 实质性条款 \d+ 条/);

    // the ISO27001 certificate uploaded to the data bank (not typed into the enterprise facts) is evidence too
    const up = await t.upload('/btz/databank/upload', { token: own, file: { name: 'ISO27001.docx', data: await buildTenderDocx([[{ kind: 'p', text: 'ISO27001 信息安全管理体系认证证书' }]]) } });
    expect(up.json?.success, up.text).toBe(true);
    const saved = await t.api('/btz/databank/save', { token: own, query: { id: up.json.data.id }, body: { type: 'ISO 认证', name: 'ISO27001信息安全管理体系认证证书', number: 'ISMS-2025-001', expiry: day(700) } });
    expect(saved.json?.success, saved.text).toBe(true);
    page = await decisionOf();
    expect(page[1]).toBe('结论：谨慎投标');
    expect(page.join('\n')).not.toContain('企业尚不具备');
    expect(page.join('\n')).toContain('已具备 4 项，缺少 0 项，截止前到期 1 项，需人工确认 1 项');
  });

  it('another user gets nothing; a bad format is refused in Chinese', async () => {
    const other = (await newUser(t)).token;
    for (const format of ['docx', 'xlsx']) {
      const r = await report(format, bidId, other);
      expect(r.headers['content-type']).toMatch(/json/);
      expect(r.json).toMatchObject({ success: false, code: 400, msg: '标书不存在' });
    }
    const bad = await report('pdf');
    expect(bad.json).toMatchObject({ success: false, code: 400, msg: `报告格式（format）：${REPORT_TEXTS.badFormat}` });
    const none = await t.api('/btz/bid/analysis-report', { token, query: {} });
    expect(none.json).toMatchObject({ success: false, code: 400 });
    expect(none.json.msg).toContain('标书 ID');
    const anonymous = await t.api('/btz/bid/analysis-report', { query: { id: bidId, format: 'docx' } });
    expect(anonymous.json?.success).toBe(false);
    expect(anonymous.bytes.subarray(0, 2).toString()).not.toBe('PK');
  });

  it('no card yet: a failed parse and a parse under way are refused in Chinese', async () => {
    const broken = await uploadTender(t, token, { name: '坏文件.pdf', data: Buffer.from('%PDF-1.7\n这不是一个真正的 PDF 文件') });
    expect((await waitParse(t, token, broken)).parse.state).toBe('failed');
    expect((await report('docx', broken)).json).toMatchObject({ success: false, code: 400, msg: REPORT_TEXTS.failed });
    // a re-parse under way (what add-file or retry leaves until the worker takes it)
    const db = t.server.db.db;
    await db.updateTable('bids').set({ parse_state: 'queued' }).where('id', '=', bidId).execute();
    try {
      expect((await report('xlsx')).json).toMatchObject({ success: false, code: 400, msg: REPORT_TEXTS.parsing });
    } finally {
      await db.updateTable('bids').set({ parse_state: 'done' }).where('id', '=', bidId).execute();
    }
  });

  it('a finished bid still gets its report', async () => {
    await buyCopies(t, token, 1);
    const start = await t.api('/btz/bid/write/start', { token, query: { id: bidId } });
    expect(start.json?.success, start.text).toBe(true);
    await waitWritten(t, token, bidId);
    const fin = await t.api('/btz/bid/finish', { token, query: { id: bidId } });
    expect(fin.json?.success, fin.text).toBe(true);
    expect((await detail(t, token, bidId)).status).toBe('finished');
    for (const format of ['docx', 'xlsx']) {
      const r = await report(format);
      expect(r.status).toBe(200);
      expect(r.bytes.subarray(0, 2).toString()).toBe('PK');
    }
  });
});
