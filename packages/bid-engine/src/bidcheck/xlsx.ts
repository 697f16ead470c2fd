import ExcelJS from 'exceljs';
import { BID_CHECK_KIND_LABELS, BID_CHECK_RULE_LABELS, BID_CHECK_SEVERITY_LABELS, type BidCheckReport } from '@btz/shared';

/**
 * A bid-check report as an Excel workbook: 概况 (file, tender, counts, the rules checked or the health score) and 问题清单
 * (one row per finding: 序号, 严重程度, 类别, 页码, 原文, 问题, 修改建议), header frozen and repeated on print, A4 landscape.
 */
const FONT = '宋体';
const thin = { style: 'thin' as const, color: { argb: 'FF808080' } };
const BORDER = { top: thin, left: thin, bottom: thin, right: thin };
const SEVERITY_FILL = { high: 'FFFDE2E1', medium: 'FFFFF4D6', low: 'FFF2F2F2' } as const;

function styleHead(ws: ExcelJS.Worksheet): void {
  const head = ws.getRow(1);
  head.height = 22;
  head.eachCell((cell) => {
    cell.font = { name: FONT, bold: true, size: 11, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E78' } };
    cell.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
    cell.border = BORDER;
  });
}

export async function bidCheckXlsx(report: BidCheckReport, checkedAt: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '标书 AI';
  const setup = { paperSize: 9, orientation: 'landscape' as const, fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' };
  const sum = wb.addWorksheet('概况', { pageSetup: setup });
  sum.columns = [
    { header: '项目', key: 'k', width: 18 },
    { header: '内容', key: 'v', width: 90 },
  ];
  const rows: [string, string][] = [
    ['检查类型', BID_CHECK_KIND_LABELS[report.kind]],
    ['投标文件', report.fileName],
    ['招标项目', report.tenderName ?? '未选择（按暗标通用规则检查）'],
    ['页数', String(report.pageCount)],
    ['检查时间', checkedAt],
    ['结论', report.passed ? '未发现严重问题' : `发现 ${report.counts.high} 个严重问题，请修改后再递交`],
    ['问题数量', `严重 ${report.counts.high}，一般 ${report.counts.medium}，提示 ${report.counts.low}`],
  ];
  if (report.score !== undefined) rows.push(['内容健康分', `${report.score} 分${report.capped ? `（${report.capped.reasons.join('；')}）` : ''}`]);
  if (report.rules) {
    const f = report.rules.format;
    const parts = [
      report.rules.required ? '招标文件要求暗标' : '招标文件未要求暗标（按暗标通用规则检查）',
      f.font && `字体 ${f.font}`,
      f.sizeName && `字号 ${f.sizeName}`,
      f.lineSpacing && `行距 ${f.lineSpacing.text}`,
      f.paper && `纸张 ${f.paper}`,
      f.marginCm !== undefined && `页边距 ${f.marginCm} 厘米`,
      f.maxPages && `不超过 ${f.maxPages} 页`,
      f.blackText && '文字为黑色',
      f.noHeaderFooter && '不得设置页眉页脚',
    ].filter(Boolean);
    rows.push(['检查规则', parts.join('；')]);
    for (const c of report.rules.clauses) rows.push([`招标文件第 ${c.source.page} 页`, c.text]);
  }
  for (const n of report.notes) rows.push(['说明', n]);
  for (const [k, v] of rows) sum.addRow({ k, v });
  styleHead(sum);
  sum.eachRow((row, i) => {
    if (i === 1) return;
    row.eachCell((cell) => {
      cell.font = { name: FONT, size: 10.5 };
      cell.alignment = { vertical: 'top', wrapText: true };
      cell.border = BORDER;
    });
  });

  const ws = wb.addWorksheet('问题清单', { views: [{ state: 'frozen', ySplit: 1, xSplit: 0, activeCell: 'A2' }], pageSetup: setup, headerFooter: { oddFooter: '&C第 &P 页 共 &N 页' } });
  ws.columns = [
    { header: '序号', key: 'n', width: 6 },
    { header: '严重程度', key: 'sev', width: 9 },
    { header: '类别', key: 'rule', width: 14 },
    { header: '页码', key: 'page', width: 12 },
    { header: '原文', key: 'excerpt', width: 36 },
    { header: '问题', key: 'message', width: 50 },
    { header: '修改建议', key: 'fix', width: 30 },
  ];
  report.findings.forEach((f, i) => {
    const pages = f.page === null ? '全文' : [f.page, ...(f.pages ?? [])].slice(0, 10).join('、');
    const row = ws.addRow({
      n: i + 1,
      sev: BID_CHECK_SEVERITY_LABELS[f.severity],
      rule: BID_CHECK_RULE_LABELS[f.rule] ?? f.rule,
      page: f.page !== null && !f.pages?.length ? f.page : pages,
      excerpt: f.excerpt ?? '',
      message: f.message,
      fix: f.fix,
    });
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cell.font = { name: FONT, size: 10.5 };
      cell.alignment = { vertical: 'top', wrapText: true, horizontal: col <= 4 ? 'center' : 'left' };
      cell.border = BORDER;
      if (col === 2) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: SEVERITY_FILL[f.severity] } };
    });
  });
  styleHead(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
