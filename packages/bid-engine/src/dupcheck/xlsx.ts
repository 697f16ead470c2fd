/**
 * The duplicate-check report as an Excel workbook (exceljs): 概况 (overall and per dimension), 两两对比 (every pair
 * with its six dimensions — CheckTableData), 雷同段落 (shared passages side by side — CommonTableData), 证据明细
 * (metadata, images, tell-tale and price findings, matching headings — ReportTableData), 章节相似度. Header rows frozen
 * and repeated on print.
 */
import ExcelJS from 'exceljs';
import { DUP_BASIS_LABEL as BASIS_LABEL, DUP_DIMENSION_LABEL as DIMENSION_LABEL, DUP_RISK_LABEL as RISK_LABEL, type DupReport } from '@btz/shared';
import { DIMENSIONS, type Risk } from './compare.js';
const RISK_FILL: Record<Risk, string> = { high: 'FFFFCCCC', medium: 'FFFFE8B0', low: 'FFFFF8D8', none: 'FFE8F5E9' };
const FONT = '宋体';
const thin = { style: 'thin' as const, color: { argb: 'FF808080' } };
const BORDER = { top: thin, left: thin, bottom: thin, right: thin };

function sheet(wb: ExcelJS.Workbook, name: string, cols: Array<{ header: string; key: string; width: number }>): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    headerFooter: { oddFooter: '&C第 &P 页 共 &N 页' },
  });
  ws.columns = cols;
  ws.getRow(1).eachCell((c) => {
    c.font = { name: FONT, bold: true, color: { argb: 'FFFFFFFF' } };
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E78' } };
    c.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
    c.border = BORDER;
  });
  return ws;
}

function finish(ws: ExcelJS.Worksheet): void {
  for (let r = 2; r <= ws.rowCount; r++)
    ws.getRow(r).eachCell({ includeEmpty: true }, (c) => {
      c.border = BORDER;
      c.font = { name: FONT, size: 10.5, ...(c.font ?? {}) };
      c.alignment = { vertical: 'top', wrapText: true };
    });
}

/** The report as a .xlsx file. */
export async function dupReportXlsx(r: DupReport, title: string, generatedAt: Date): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '标书 AI';
  wb.title = title;
  wb.created = generatedAt;
  const name = (i: number) => r.files[i]!.name;

  const ov = sheet(wb, '概况', [
    { header: '项目', key: 'k', width: 20 },
    { header: '内容', key: 'v', width: 80 },
  ]);
  ov.addRow({ k: '查重任务', v: title });
  ov.addRow({ k: '总体风险', v: `${RISK_LABEL[r.risk]}（${r.score} 分）` });
  for (const d of DIMENSIONS) ov.addRow({ k: DIMENSION_LABEL[d], v: RISK_LABEL[r.dimensions[d]] });
  for (const f of r.files) ov.addRow({ k: f.role === 'tender' ? '招标文件' : '投标文件', v: `${f.name}（${f.pages} 页，${f.sentences} 句${f.role === 'bid' ? `，其中 ${f.tenderSentences} 句来自招标文件、不计入` : ''}）` });
  finish(ov);

  const pc = sheet(wb, '两两对比', [
    { header: '文件 A', key: 'a', width: 28 },
    { header: '文件 B', key: 'b', width: 28 },
    { header: '综合得分', key: 'score', width: 10 },
    { header: '风险', key: 'risk', width: 10 },
    ...DIMENSIONS.map((d) => ({ header: `${DIMENSION_LABEL[d]}`, key: d, width: 12 })),
    { header: '雷同句（原文/改写）', key: 'm', width: 16 },
  ]);
  for (const p of r.pairs) {
    const row = pc.addRow({
      a: name(p.a),
      b: name(p.b),
      score: p.score,
      risk: RISK_LABEL[p.risk],
      ...Object.fromEntries(DIMENSIONS.map((d) => [d, `${RISK_LABEL[p.risks[d]]}${d === 'text' || d === 'outline' ? ` ${p.scores[d]}%` : ''}`])),
      m: `${p.matched.verbatim} / ${p.matched.near}`,
    });
    row.getCell('risk').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: RISK_FILL[p.risk] } };
  }
  finish(pc);

  const ps = sheet(wb, '雷同段落', [
    { header: '文件 A', key: 'a', width: 18 },
    { header: '文件 B', key: 'b', width: 18 },
    { header: '类型', key: 'kind', width: 8 },
    { header: '相似度', key: 'sim', width: 9 },
    { header: 'A 位置', key: 'ap', width: 18 },
    { header: 'A 原文', key: 'at', width: 60 },
    { header: 'B 位置', key: 'bp', width: 18 },
    { header: 'B 原文', key: 'bt', width: 60 },
  ]);
  for (const p of r.pairs)
    for (const s of p.passages)
      ps.addRow({ a: name(p.a), b: name(p.b), kind: s.kind === 'verbatim' ? '原文照抄' : '改写雷同', sim: s.similarity, ap: `第${s.a.page}页 ${s.a.section}`, at: s.a.text.slice(0, 4000), bp: `第${s.b.page}页 ${s.b.section}`, bt: s.b.text.slice(0, 4000) });
  ps.getColumn('sim').numFmt = '0.0%';
  finish(ps);

  const ss = sheet(wb, '雷同句', [
    { header: '文件 A', key: 'a', width: 18 },
    { header: '文件 B', key: 'b', width: 18 },
    { header: '类型', key: 'kind', width: 8 },
    { header: '计入', key: 'basis', width: 22 },
    { header: '相似度', key: 'sim', width: 9 },
    { header: 'A 位置', key: 'ap', width: 18 },
    { header: 'A 原句', key: 'at', width: 60 },
    { header: 'B 位置', key: 'bp', width: 18 },
    { header: 'B 原句', key: 'bt', width: 60 },
  ]);
  for (const p of r.pairs)
    for (const s of p.sentences)
      ss.addRow({ a: name(p.a), b: name(p.b), kind: s.kind === 'verbatim' ? '相同' : '近似', basis: BASIS_LABEL[s.basis], sim: s.similarity, ap: `第${s.a.page}页 ${s.a.section}`, at: s.a.text, bp: `第${s.b.page}页 ${s.b.section}`, bt: s.b.text });
  ss.getColumn('sim').numFmt = '0.0%';
  finish(ss);

  const rs = sheet(wb, '多家共有', [
    { header: '共有的投标文件', key: 'files', width: 48 },
    { header: '风险', key: 'risk', width: 10 },
    { header: '共有句数', key: 'n', width: 10 },
    { header: '原句（各文件）', key: 't', width: 100 },
  ]);
  for (const ring of r.rings)
    for (const g of ring.groups)
      rs.addRow({ files: ring.files.map(name).join('、'), risk: `${RISK_LABEL[ring.risk]}${ring.basis !== 'own' ? `（${BASIS_LABEL[ring.basis]}）` : ''}`, n: ring.sentences, t: g.texts.map((x) => `【${name(x.file)} 第${x.page}页】${x.text}`).join('\n') });
  finish(rs);

  const ev = sheet(wb, '证据明细', [
    { header: '文件 A', key: 'a', width: 22 },
    { header: '文件 B', key: 'b', width: 22 },
    { header: '维度', key: 'd', width: 10 },
    { header: '风险', key: 'level', width: 8 },
    { header: '发现', key: 't', width: 36 },
    { header: 'A 中', key: 'av', width: 40 },
    { header: 'B 中', key: 'bv', width: 40 },
  ]);
  for (const p of r.pairs) {
    for (const f of p.findings) ev.addRow({ a: name(p.a), b: name(p.b), d: DIMENSION_LABEL[f.dimension], level: RISK_LABEL[f.level], t: f.title, av: f.a, bv: f.b });
    for (const o of p.outline) ev.addRow({ a: name(p.a), b: name(p.b), d: DIMENSION_LABEL.outline, level: RISK_LABEL[p.risks.outline], t: '相同或近似的标题（顺序一致）', av: o.a, bv: o.b });
  }
  finish(ev);

  const sc = sheet(wb, '章节相似度', [
    { header: '文件 A', key: 'a', width: 22 },
    { header: 'A 章节', key: 'as', width: 36 },
    { header: '文件 B', key: 'b', width: 22 },
    { header: 'B 章节', key: 'bs', width: 36 },
    { header: '相似度', key: 'sim', width: 10 },
  ]);
  for (const p of r.pairs) for (const s of p.sections) sc.addRow({ a: name(p.a), as: s.a, b: name(p.b), bs: s.b, sim: s.similarity });
  sc.getColumn('sim').numFmt = '0.0%';
  finish(sc);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
