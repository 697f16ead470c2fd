import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import type { TenderCard } from '@btz/shared';
import { LOTS_FILE, MAIN_FILE } from '../../test/fixtures/tender-pages.js';
import { listZipEntries, readZipEntry } from '../reading/zip.js';
import { extractCard } from '../tender/card.js';
import { buildAnalysisReport, reportDocx, reportXlsx, MONEY_FORMAT, type ReportEnterprise } from './index.js';
import { wrappedLines } from './xlsx.js';

// the fixture's deadline is 2026-12-18; the report is made three weeks before it
const NOW = new Date('2026-11-27T02:00:00Z');
const ENT: ReportEnterprise = {
  name: '江州智联科技有限公司',
  creditCode: '91330100MA2ABCDE1X',
  qualifications: [{ name: '信息技术服务标准（ITSS）符合性证书 二级', expiry: '2026-12-10' }],
};
const card = extractCard([MAIN_FILE]);
const report = buildAnalysisReport(card, ENT, NOW);

async function xlsxOf(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

describe('buildAnalysisReport', () => {
  it('facts with pages, money in yuan, dates, and the checklist against the enterprise', () => {
    expect(report.title).toBe('智慧园区综合管理平台建设项目招标分析报告');
    expect(report.generatedAt).toBe('2026-11-27 10:00');
    const budget = report.overview.find((f) => f.key === 'budget')!;
    expect(budget).toMatchObject({ amount: 3865000, value: '¥3,865,000.00', page: 3 });
    expect(report.overview.find((f) => f.key === 'bidBond')).toMatchObject({ amount: 50000, page: 3 });
    expect(report.dates.map((d) => [d.label, d.value])).toContainEqual(['投标截止时间', '2026-12-18 09:30']);
    const itss = report.checklist.find((q) => q.requirement.includes('ITSS'))!;
    expect(itss).toMatchObject({ state: 'expiring', stateLabel: '投标截止前到期', page: 3 });
    expect(report.checklist.find((q) => q.requirement.includes('营业执照'))!.state).toBe('held');
    expect(report.checklist.find((q) => q.requirement.includes('联合体'))!.state).toBe('manual');
    expect(report.checkCounts.expiring).toBe(1);
  });

  it('scoring rows in order with category totals that add up to the table total', () => {
    const s = report.scoring;
    expect(s.rows.map((r) => [r.item, r.points])).toContainEqual(['技术方案', 15]);
    expect(s.groups.map((g) => [g.label, g.points])).toEqual([
      ['技术', 50],
      ['商务', 20],
      ['价格', 30],
    ]);
    expect(s.total).toBe(100);
    expect(s.warnings).toEqual([]);
  });

  it('warns when the table does not add up, and carries a warning or printed total the card brings', () => {
    const short: TenderCard = { ...card, scoring: card.scoring.slice(1) };
    expect(buildAnalysisReport(short, ENT, NOW).scoring.warnings[0]).toContain('合计 70 分');
    const printed = { ...short, scoringTotal: 100 } as TenderCard;
    expect(buildAnalysisReport(printed, ENT, NOW).scoring).toMatchObject({ printedTotal: 100 });
    expect(buildAnalysisReport(printed, ENT, NOW).scoring.warnings[0]).toContain('与招标文件载明的总分 100 分不一致');
    const flagged = { ...short, scoringWarning: '评分表合计与满分不一致（第 5 页）' } as TenderCard;
    expect(buildAnalysisReport(flagged, ENT, NOW).scoring.warnings).toEqual(['评分表合计与满分不一致（第 5 页）']);
    const blank: TenderCard = { ...card, scoring: card.scoring.map((x, i) => (i === 0 ? { ...x, points: null } : x)) };
    expect(buildAnalysisReport(blank, ENT, NOW).scoring.warnings.join()).toContain('1 个评分项未识别到分值');
  });

  it('an empty card and no enterprise: a report that says what is missing', () => {
    const empty = buildAnalysisReport({ ...extractCard([LOTS_FILE]), qualifications: [], scoring: [], starClauses: [], composition: [] }, null, NOW);
    expect(empty.lots.length).toBeGreaterThan(1);
    expect(empty.notes.join()).toContain('尚未选择标段');
    expect(empty.notes.join()).toContain('尚未填写企业信息');
    expect(empty.scoring.total).toBeNull();
  });
});

describe('reportDocx', () => {
  it('a Word file with the title page, facts, checklist states, scoring with totals and clauses', async () => {
    const buf = await reportDocx(report);
    const text = (await mammoth.extractRawText({ buffer: buf })).value;
    for (const s of ['智慧园区综合管理平台建设项目', '招标分析报告', '2026年11月27日', 'ZB-2026-118', '¥3,865,000.00', '2026-12-18 09:30', '投标截止前到期', '需人工确认', '技术部分小计（6 项）', '合计', '平台须采用B/S架构', '投标文件组成']) {
      expect(text).toContain(s);
    }
    const xml = readZipEntry(buf, listZipEntries(buf).find((e) => e.name === 'word/document.xml')!).toString('utf8');
    expect(xml).toContain('<w:tblBorders>');
    expect(xml).toContain('<w:tblHeader/>');
    const styles = readZipEntry(buf, listZipEntries(buf).find((e) => e.name === 'word/styles.xml')!).toString('utf8');
    expect(styles).toContain('w:eastAsia="宋体"');
  });
});

describe('what needs a person’s check', () => {
  it('a report of a card the reader was unsure of opens with 需人工核对, in the Word file and the workbook', async () => {
    const unsure: TenderCard = { ...card, scoring: card.scoring.slice(1), failedParts: ['投标文件组成：bad table'] };
    const r = buildAnalysisReport(unsure, ENT, NOW);
    expect(r.review).toEqual([
      '「投标文件组成」部分的结构较特殊，未能自动读取，请对照招标文件核对该部分',
      expect.stringContaining('约 30 分的评分项未识别'),
    ]);
    expect(report.review).toEqual([]);
    const text = (await mammoth.extractRawText({ buffer: await reportDocx(r) })).value;
    expect(text).toContain('一、投标决策');
    expect(text).toContain('二、需人工核对');
    expect(text).toContain('1. 「投标文件组成」部分的结构较特殊');
    expect((await mammoth.extractRawText({ buffer: await reportDocx(report) })).value).not.toContain('需人工核对');
    const wb = await xlsxOf(await reportXlsx(r));
    const rows: string[] = [];
    wb.getWorksheet('概况')!.eachRow((row) => rows.push(row.values!.toString()));
    expect(rows.join('\n')).toContain('需人工核对');
  });
});

describe('reportXlsx', () => {
  it('counts wrapped lines with Chinese characters twice as wide', () => {
    expect(wrappedLines('技术方案', 24)).toBe(1);
    expect(wrappedLines('字'.repeat(40), 24)).toBe(4);
    expect(wrappedLines('a'.repeat(40), 24)).toBe(2);
    expect(wrappedLines('一行\n两行', 24)).toBe(2);
  });


  it('seven sheets (the decision first) with frozen styled headers, money formatted, pages as numbers, live totals', async () => {
    const wb = await xlsxOf(await reportXlsx(report));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['投标决策', '概况', '资格审查', '评分表', '★▲条款', '废标条款', '文件组成']);
    for (const ws of wb.worksheets) {
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    }
    const ov = wb.getWorksheet('概况')!;
    const budgetRow = ov.getRows(2, ov.rowCount - 1)!.find((r) => r.getCell(2).value === '预算金额')!;
    expect(budgetRow.getCell(4).value).toBe(3865000);
    expect(budgetRow.getCell(4).numFmt).toBe(MONEY_FORMAT);
    expect(budgetRow.getCell(5).value).toBe(3);

    const qs = wb.getWorksheet('资格审查')!;
    const itss = qs.getRows(2, report.checklist.length)!.find((r) => String(r.getCell(2).value).includes('ITSS'))!;
    expect(itss.getCell(3).value).toBe('投标截止前到期');

    const ss = wb.getWorksheet('评分表')!;
    const rows = ss.getRows(2, ss.rowCount - 1)!;
    expect(rows[0]!.getCell(3).value).toBe('价格分');
    expect(rows[0]!.getCell(4).value).toBe(30);
    // rows are as tall as their wrapped text (LibreOffice does not fit them itself)
    const long = rows.find((r) => String(r.getCell(5).value).length > 60)!;
    expect(long.height).toBeGreaterThanOrEqual(32);
    const total = rows.find((r) => r.getCell(1).value === '合计')!;
    expect(total.height).toBe(18);
    expect(total.getCell(4).value).toMatchObject({ formula: expect.stringContaining('SUM(D2:D11)'), result: 100 });
  });
});
