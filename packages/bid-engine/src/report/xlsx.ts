/**
 * The analysis report as an Excel workbook (exceljs): sheets 概况, 资格审查, 评分表, ★▲条款, 废标条款, 文件组成 — each
 * with a styled header row that stays frozen and repeats on print, bordered wrapped cells, money as ¥#,##0.00 and pages
 * as numbers. The scoring subtotals and total are formulas (with their values cached, so a viewer that does not
 * recalculate shows them too): a user who corrects a row's points sees the totals follow.
 */
import ExcelJS from 'exceljs';
import { parseShanghaiTime, type ReportCheckState } from '@btz/shared';
import { STATE_FILL } from './docx.js';
import { POINT_STATE_LABELS } from './decision.js';
import type { AnalysisReport, ReportFactRow } from './types.js';

/** Money as yuan with the ¥ sign (quoted: a literal in every locale's Excel and in LibreOffice). */
export const MONEY_FORMAT = '"¥"#,##0.00';
const FONT = '宋体';
const HEADER_FILL = '1F4E78';

interface Col {
  header: string;
  key: string;
  width: number;
  /** centred (numbers, states) */
  center?: boolean;
}

const thin = { style: 'thin' as const, color: { argb: 'FF808080' } };
const BORDER = { top: thin, left: thin, bottom: thin, right: thin };

function sheet(wb: ExcelJS.Workbook, name: string, cols: Col[], opts: { landscape?: boolean } = {}): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0, activeCell: 'A2' }],
    pageSetup: {
      paperSize: 9,
      orientation: opts.landscape ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
      margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: '&C第 &P 页 共 &N 页' },
  });
  ws.columns = cols.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const head = ws.getRow(1);
  head.height = 22;
  head.eachCell((cell) => {
    cell.font = { name: FONT, bold: true, size: 11, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${HEADER_FILL}` } };
    cell.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
    cell.border = BORDER;
  });
  return ws;
}

/** Width of a text in column units (the width of 「0」): a Chinese character takes about two. */
function textUnits(s: string): number {
  let n = 0;
  for (const ch of s) n += ch.charCodeAt(0) < 0x2e80 ? 1 : 1.9;
  return n;
}

/** Lines a wrapped text takes in a column of `width` units. */
export function wrappedLines(text: string, width: number): number {
  const usable = Math.max(1, width - 1.5);
  return text.split(/\r?\n/).reduce((n, line) => n + Math.max(1, Math.ceil(textUnits(line) / usable)), 0);
}

/**
 * Borders, font and wrapping on every data cell of the rows added so far; centred columns centred; each row as tall as
 * its longest wrapped cell. The height is written out because LibreOffice keeps the default height of a row that has
 * none (Excel would fit it, LibreOffice shows one clipped line).
 */
function finish(ws: ExcelJS.Worksheet, cols: Col[], opts: { filter?: boolean } = {}): void {
  const from = 2;
  for (let r = from; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    let lines = 1;
    cols.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      cell.border = BORDER;
      cell.font = { name: FONT, size: 10.5, ...(cell.font ?? {}) };
      cell.alignment = { vertical: 'top', wrapText: true, ...(c.center ? { horizontal: 'center' } : {}), ...(cell.alignment ?? {}) };
      const v = cell.value;
      if (typeof v === 'string' && !cell.isMerged) lines = Math.max(lines, wrappedLines(v, c.width));
    });
    row.height = Math.min(409, lines * 14 + 4);
  }
  // a filter only where rows are all alike (not over the scoring subtotals)
  if (opts.filter && ws.rowCount >= 2) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: cols.length } };
}

/** A note under the table (no borders): an empty list, a warning, a summary. */
function note(ws: ExcelJS.Worksheet, text: string, color = 'FF7F7F7F', bold = false): void {
  const row = ws.addRow([text]);
  row.getCell(1).font = { name: FONT, size: 10.5, color: { argb: color }, bold };
}

const page = (p: number | null) => (p === null ? null : p);

function factRows(ws: ExcelJS.Worksheet, group: string, rows: ReportFactRow[]): void {
  for (const f of rows) {
    const row = ws.addRow({ group, label: f.label, value: f.value, amount: f.amount, page: page(f.page), note: f.note });
    if (f.amount !== null) row.getCell('amount').numFmt = MONEY_FORMAT;
    if (f.note) row.getCell('note').font = { name: FONT, size: 10.5, color: { argb: 'FFC00000' } };
    row.getCell('label').font = { name: FONT, size: 10.5, bold: true };
  }
}

/** The report as a .xlsx file. */
export async function reportXlsx(r: AnalysisReport): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '标书 AI';
  wb.title = r.title;
  wb.created = new Date(parseShanghaiTime(r.generatedAt));

  // 投标决策
  const d = r.decision;
  const dc: Col[] = [
    { header: '分类', key: 'group', width: 12, center: true },
    { header: '项目', key: 'label', width: 24 },
    { header: '内容', key: 'value', width: 70 },
    { header: '分值', key: 'points', width: 8, center: true },
    { header: '页码', key: 'page', width: 8, center: true },
  ];
  const ds = sheet(wb, '投标决策', dc, { landscape: true });
  const verdict = ds.addRow({ group: '结论', label: d.verdictLabel, value: d.reasons.join('\n') });
  verdict.getCell('label').font = { name: FONT, size: 14, bold: true, color: { argb: d.verdict === 'go' ? 'FF375623' : d.verdict === 'caution' ? 'FFBF8F00' : 'FFC00000' } };
  verdict.getCell('value').alignment = { wrapText: true, vertical: 'top' };
  const q = d.qualification;
  ds.addRow({ group: '资格条件', label: '统计', value: `已具备 ${q.held} 项，缺少 ${q.missing} 项，截止前到期 ${q.expiring} 项，需人工确认 ${q.manual} 项` });
  const p = d.points;
  ds.addRow({ group: '得分预估', label: '合计（仅供参考）', value: `可得至多约 ${p.earnable} 分；难得约 ${p.lost} 分；待确认 ${p.unknown} 分；取决于方案编写 ${p.writing} 分；取决于报价 ${p.price} 分` });
  for (const x of p.rows.filter((x) => x.state === 'earnable' || x.state === 'lost' || x.state === 'unknown')) {
    ds.addRow({ group: '得分预估', label: x.item, value: `${POINT_STATE_LABELS[x.state]}：${x.basis}`, points: x.points, page: page(x.page) });
  }
  for (const c of d.constraints) ds.addRow({ group: '硬性约束', label: c.label, value: c.text, page: page(c.page) });
  d.risks.forEach((t, i) => ds.addRow({ group: '风险提示', label: String(i + 1), value: t }));
  finish(ds, dc);

  // 概况
  const oc: Col[] = [
    { header: '分类', key: 'group', width: 10, center: true },
    { header: '项目', key: 'label', width: 16 },
    { header: '内容', key: 'value', width: 56 },
    { header: '金额（元）', key: 'amount', width: 18 },
    { header: '页码', key: 'page', width: 8, center: true },
    { header: '说明', key: 'note', width: 36 },
  ];
  const ov = sheet(wb, '概况', oc, { landscape: true });
  factRows(ov, '项目概况', r.overview);
  factRows(ov, '关键时间', r.dates);
  for (const l of r.lots) ov.addRow({ group: '标段', label: `标段 ${l.id}`, value: l.name, note: r.lot === l.name ? '本报告针对该标段' : '' });
  factRows(ov, '其他要点', r.terms);
  ov.addRow({ group: '报告', label: '生成时间', value: r.generatedAt });
  if (r.enterpriseName) ov.addRow({ group: '报告', label: '对照企业', value: r.enterpriseName });
  for (const n of r.notes) ov.addRow({ group: '报告', label: '说明', value: n });
  r.review.forEach((t, i) => ov.addRow({ group: '需人工核对', label: String(i + 1), value: t }));
  finish(ov, oc);

  // 资格审查
  const qc: Col[] = [
    { header: '序号', key: 'no', width: 7, center: true },
    { header: '资格要求', key: 'requirement', width: 56 },
    { header: '状态', key: 'state', width: 16, center: true },
    { header: '依据', key: 'basis', width: 48 },
    { header: '页码', key: 'page', width: 8, center: true },
  ];
  const qs = sheet(wb, '资格审查', qc, { landscape: true });
  for (const q of r.checklist) {
    const row = qs.addRow({ no: q.no, requirement: q.requirement, state: q.stateLabel, basis: q.basis, page: page(q.page) });
    const cell = row.getCell('state');
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${STATE_FILL[q.state as ReportCheckState]}` } };
    cell.font = { name: FONT, size: 10.5, bold: true };
  }
  finish(qs, qc, { filter: true });
  if (!r.checklist.length) note(qs, '招标文件中未识别到资格要求。');
  else {
    qs.addRow([]);
    const c = r.checkCounts;
    note(qs, `共 ${r.checklist.length} 项：已具备 ${c.held} 项，缺少 ${c.missing} 项，投标截止前到期 ${c.expiring} 项，需人工确认 ${c.manual} 项。`, 'FF000000', true);
  }

  // 评分表
  const sc: Col[] = [
    { header: '序号', key: 'no', width: 7, center: true },
    { header: '类别', key: 'category', width: 9, center: true },
    { header: '评分项', key: 'item', width: 24 },
    { header: '分值', key: 'points', width: 9, center: true },
    { header: '评分标准', key: 'criteria', width: 70 },
    { header: '页码', key: 'page', width: 8, center: true },
  ];
  const ss = sheet(wb, '评分表', sc, { landscape: true });
  const s = r.scoring;
  for (const x of s.rows) ss.addRow({ no: x.no, category: x.categoryLabel, item: x.item, points: x.points, criteria: x.criteria, page: page(x.page) });
  const last = ss.rowCount;
  const range = (col: string) => `${col}2:${col}${Math.max(2, last)}`;
  const sumRow = (label: string, formula: string, result: number | null, fill: string) => {
    const row = ss.addRow({ item: label });
    row.getCell('points').value = { formula, result: result ?? 0 };
    ss.mergeCells(row.number, 1, row.number, 3);
    row.getCell(1).value = label;
    for (let i = 1; i <= sc.length; i++) {
      const c = row.getCell(i);
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
      c.font = { name: FONT, size: 10.5, bold: true };
    }
    return row;
  };
  if (s.rows.length) {
    for (const g of s.groups) sumRow(`${g.label}部分小计（${g.count} 项）`, `SUMIF(${range('B')},"${g.label}",${range('D')})`, g.points, 'FFF2F2F2');
    const total = sumRow('合计', `SUM(${range('D')})`, s.total, 'FFD9E1F2');
    if (s.printedTotal !== null) total.getCell('criteria').value = `招标文件载明总分 ${s.printedTotal} 分`;
  }
  finish(ss, sc);
  if (!s.rows.length) note(ss, '招标文件中未识别到评分标准。');
  for (const w of s.warnings) note(ss, `⚠ ${w}`, 'FFC00000', true);

  // ★▲条款
  const kc: Col[] = [
    { header: '类型', key: 'type', width: 12, center: true },
    { header: '序号', key: 'no', width: 7, center: true },
    { header: '条款', key: 'text', width: 90 },
    { header: '页码', key: 'page', width: 8, center: true },
  ];
  const ks = sheet(wb, '★▲条款', kc, { landscape: true });
  for (const c of r.stars) ks.addRow({ type: '★ 实质性', no: c.no, text: c.text, page: page(c.page) });
  for (const c of r.important) ks.addRow({ type: '▲ 重要', no: c.no, text: c.text, page: page(c.page) });
  finish(ks, kc, { filter: true });
  if (!r.stars.length && !r.important.length) note(ks, '招标文件中未识别到 ★ / ▲ 条款。');

  // 废标条款
  const ic: Col[] = [
    { header: '序号', key: 'no', width: 7, center: true },
    { header: '废标（无效投标）情形', key: 'text', width: 100 },
    { header: '页码', key: 'page', width: 8, center: true },
  ];
  const is = sheet(wb, '废标条款', ic, { landscape: true });
  for (const c of r.invalid) is.addRow({ no: c.no, text: c.text, page: page(c.page) });
  finish(is, ic, { filter: true });
  if (!r.invalid.length) note(is, '招标文件中未识别到废标条款。');

  // 文件组成
  const pc: Col[] = [
    { header: '序号', key: 'no', width: 7, center: true },
    { header: '组成部分', key: 'title', width: 40 },
    { header: '说明', key: 'note', width: 60 },
    { header: '页码', key: 'page', width: 8, center: true },
  ];
  const ps = sheet(wb, '文件组成', pc, { landscape: true });
  for (const p of r.composition) ps.addRow({ no: p.no, title: p.title, note: p.note, page: page(p.page) });
  finish(ps, pc, { filter: true });
  if (!r.composition.length) note(ps, '招标文件中未识别到投标文件组成。');

  return Buffer.from(await wb.xlsx.writeBuffer());
}
