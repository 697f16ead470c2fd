/**
 * Analysis report benchmark (issue 12 item 4): the report of every tender of the real corpus (../shared/corpus, never
 * copied into the repo) — each file read with readDocument, its offline card (extractCard), the report built for a
 * sample enterprise as a Word file (opening with the 投标决策 page and its verdict) and an Excel workbook, and each reopened: the .docx with mammoth, the .xlsx with
 * exceljs, and, where LibreOffice is installed, both converted with `soffice --headless --convert-to pdf` (a PDF must come
 * out). Prints per tender: card rows, sizes, opened yes/no, times; exits 1 when any report failed to open.
 *
 *   node --import tsx bench/report.ts [--no-ocr] [--keep] [--only c01,c07]
 *
 * The report of a tender with a deadline is made as of 14 days before it (the corpus tenders have closed; made today, every
 * verdict would be 「不建议投标：已截止」).
 *
 * --keep leaves the files (and the PDFs) in the temp directory it names, to look at them. Stops by itself (hard limit 20
 * minutes).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { findSoffice } from '@btz/bid-engine/export';
import { readDocument, shutdownOcr } from '@btz/bid-engine/reading';
import { buildAnalysisReport, reportDocx, reportXlsx, type ReportEnterprise } from '@btz/bid-engine/report';
import { extractCard } from '@btz/bid-engine/tender';

const HARD_LIMIT_MS = 20 * 60_000;
const hard = setTimeout(() => {
  console.error('bench/report: hard time limit reached, stopping');
  process.exit(2);
}, HARD_LIMIT_MS);
hard.unref();

const args = process.argv.slice(2);
const OCR = !args.includes('--no-ocr');
const KEEP = args.includes('--keep');
const onlyAt = args.indexOf('--only');
const ONLY = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',').filter(Boolean)) : null;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus/files');
const run = promisify(execFile);

/** A sample enterprise, so the checklist has something to hold the requirements against. */
const ENTERPRISE: ReportEnterprise = {
  name: '江州智联科技有限公司',
  creditCode: '91330100MA2ABCDE1X',
  qualifications: [
    { name: 'ISO9001质量管理体系认证', expiry: '2028-06-30' },
    { name: '安全生产许可证', expiry: '2025-12-31' },
    { name: '物业服务企业资质 二级', expiry: '长期有效' },
  ],
  staff: [{ name: '王建华', role: '项目经理', title: '高级工程师', certificate: '一级建造师' }],
  projects: [{ name: '江东区智慧社区平台项目', year: 2025, amount: '268 万元' }],
};

interface Row {
  id: string;
  pages: number;
  rows: string;
  docxKb: string;
  xlsxKb: string;
  docx: string;
  xlsx: string;
  pdf: string;
  readMs: number;
  buildMs: number;
  convertMs: number | null;
}

const kb = (n: number) => (n / 1024).toFixed(0);
const ms = (n: number | null) => (n === null ? '—' : `${n.toFixed(0)} ms`);

if (!fs.existsSync(corpus)) {
  console.error(`没有找到语料目录 ${corpus}（应在仓库旁的 ../shared/corpus）`);
  process.exit(2);
}
const soffice = findSoffice();
if (!soffice) console.log('LibreOffice 未安装，跳过');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'btz-bench-report-'));
const files = fs
  .readdirSync(corpus)
  .filter((f) => /\.(pdf|docx?|txt)$/i.test(f))
  .filter((f) => !ONLY || ONLY.has(f.replace(/\.[^.]+$/, '')))
  .sort();
const now = new Date();
const rows: Row[] = [];
let failed = 0;

/** Converts the files to PDF in one soffice run (a private profile: soffice processes sharing one block each other). */
async function toPdf(inputs: string[], dir: string): Promise<void> {
  await run(soffice!, [`-env:UserInstallation=${pathToFileURL(path.join(out, 'lo-profile')).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, ...inputs], {
    timeout: 180_000,
  });
}

async function pdfPages(file: string): Promise<number | null> {
  try {
    const { stdout } = await run('pdfinfo', [file]);
    return Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? NaN) || null;
  } catch {
    return null;
  }
}

try {
  for (const f of files) {
    const id = f.replace(/\.[^.]+$/, '');
    const dir = path.join(out, id);
    fs.mkdirSync(dir);
    let t = performance.now();
    let read;
    try {
      read = await readDocument(fs.readFileSync(path.join(corpus, f)), { ocr: OCR });
    } catch (e) {
      console.log(`${id}  未读出：${(e as Error).message}`);
      failed++;
      continue;
    }
    const readMs = performance.now() - t;
    t = performance.now();
    const card = extractCard([{ name: f, role: 'main', order: 1, pages: read.pages, chapters: read.chapters, model: read.model }]);
    // the corpus tenders have closed: the report is made as a bid manager would have, two weeks before the deadline
    const deadline = /^\d{4}-\d{2}-\d{2}/.exec(card.deadline?.value ?? '')?.[0];
    const report = buildAnalysisReport(card, ENTERPRISE, deadline ? new Date(Date.parse(`${deadline}T02:00:00Z`) - 14 * 86_400_000) : now);
    const docx = await reportDocx(report);
    const xlsx = await reportXlsx(report);
    const buildMs = performance.now() - t;
    const docxFile = path.join(dir, `${id}-招标分析报告.docx`);
    // a name of its own: soffice names each PDF after its input, and both would be 「…招标分析报告.pdf」
    const xlsxFile = path.join(dir, `${id}-招标分析报告-表格.xlsx`);
    fs.writeFileSync(docxFile, docx);
    fs.writeFileSync(xlsxFile, xlsx);

    // reopen: the Word text must hold the title, the project name and the verdict; the workbook its seven sheets
    let docxOk = false;
    let xlsxOk = false;
    try {
      const text = (await mammoth.extractRawText({ buffer: docx })).value;
      // …and open with the decision page, its verdict printed
      docxOk = text.includes('招标分析报告') && text.includes(report.projectName) && text.includes(`结论：${report.decision.verdictLabel}`);
    } catch (e) {
      console.error(`${id} docx: ${(e as Error).message}`);
    }
    try {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
      xlsxOk = wb.worksheets.length === 7 && wb.worksheets[0]!.name === '投标决策' && wb.getWorksheet('评分表')!.rowCount >= 1;
    } catch (e) {
      console.error(`${id} xlsx: ${(e as Error).message}`);
    }

    let pdf = '—';
    let convertMs: number | null = null;
    if (soffice) {
      t = performance.now();
      try {
        await toPdf([docxFile, xlsxFile], dir);
        const [dp, xp] = await Promise.all([pdfPages(docxFile.replace(/\.docx$/, '.pdf')), pdfPages(xlsxFile.replace(/\.xlsx$/, '.pdf'))]);
        const ok = (p: string) => fs.existsSync(p) && fs.readFileSync(p).subarray(0, 5).toString() === '%PDF-';
        const okD = ok(docxFile.replace(/\.docx$/, '.pdf'));
        const okX = ok(xlsxFile.replace(/\.xlsx$/, '.pdf'));
        pdf = `${okD ? `yes (${dp ?? '?'} p)` : 'NO'} / ${okX ? `yes (${xp ?? '?'} p)` : 'NO'}`;
        if (!okD || !okX) failed++;
      } catch (e) {
        pdf = `NO (${(e as Error).message.slice(0, 60)})`;
        failed++;
      }
      convertMs = performance.now() - t;
    }
    if (!docxOk || !xlsxOk) failed++;
    const c = report.checkCounts;
    rows.push({
      id,
      pages: read.meta.pageCount,
      rows: `决策 ${report.decision.verdictLabel}（可得 ${report.decision.points.earnable} / 难得 ${report.decision.points.lost} / 待确认 ${report.decision.points.unknown} 分，约束 ${report.decision.constraints.length}） 资格 ${report.checklist.length}（${c.held}/${c.missing}/${c.expiring}/${c.manual}） 评分 ${report.scoring.rows.length} ★ ${report.stars.length} ▲ ${report.important.length} 废标 ${report.invalid.length} 组成 ${report.composition.length}`,
      docxKb: kb(docx.length),
      xlsxKb: kb(xlsx.length),
      docx: docxOk ? 'yes' : 'NO',
      xlsx: xlsxOk ? 'yes' : 'NO',
      pdf,
      readMs,
      buildMs,
      convertMs,
    });
    const r = rows[rows.length - 1]!;
    console.log(
      `${r.id}  ${String(r.pages).padStart(3)} 页  ${r.rows}\n      docx ${r.docxKb} KiB opened ${r.docx} · xlsx ${r.xlsxKb} KiB opened ${r.xlsx} · PDF (docx / xlsx) ${r.pdf}` +
        `\n      read ${ms(r.readMs)} · card + report + both files ${ms(r.buildMs)} · LibreOffice ${ms(r.convertMs)}`,
    );
  }
} finally {
  await shutdownOcr().catch(() => undefined);
  if (!KEEP) fs.rmSync(out, { recursive: true, force: true });
}

const total = (k: 'buildMs' | 'readMs') => rows.reduce((n, r) => n + r[k], 0);
console.log(
  `\n${rows.length} 份招标文件：报告打开成功 ${rows.filter((r) => r.docx === 'yes' && r.xlsx === 'yes').length} 份` +
    (soffice ? `，LibreOffice 转 PDF 成功 ${rows.filter((r) => !r.pdf.includes('NO')).length} 份` : '') +
    `；生成报告合计 ${ms(total('buildMs'))}（每份 ${ms(total('buildMs') / Math.max(1, rows.length))}），读取合计 ${ms(total('readMs'))}` +
    (KEEP ? `\n文件保留在 ${out}` : ''),
);
process.exit(failed ? 1 : 0);
