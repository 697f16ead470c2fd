/**
 * Document parsing benchmark (issue 5 §7): parse time of a generated 300-page Chinese text PDF tender with
 * readDocument (pdfjs-dist text per page + line joining + chapter detection), beside poppler's `pdftotext` on the same
 * file, with the ratio and pages per second.
 *
 *   node --import tsx bench/parse.ts [--pages 300] [--runs 3]
 *
 * The first readDocument run also loads pdfjs (cold); the figures compared are the median of the warm runs. pdftotext
 * comes from Debian's poppler-utils; without it only our figures are printed. Then DOCX (issue 12 item 1: ≤ 1 s per
 * 100 pages, document model included): a generated 100-page DOCX and, when the corpus is there, the 109-page
 * ../shared/corpus/files/c08.docx — wall time and CPU time of the process (the machine may be shared). Stops by
 * itself (hard limit 5 minutes).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readDocument } from '@btz/bid-engine/reading';
import { buildTenderDocx, buildTenderPdf } from '../packages/bid-engine/test/fixtures/build.js';
import { longTenderPages } from '../packages/bid-engine/test/fixtures/tender.js';

const HARD_LIMIT_MS = 5 * 60_000;
const hard = setTimeout(() => {
  console.error('bench/parse: hard time limit reached, stopping');
  process.exit(2);
}, HARD_LIMIT_MS);
hard.unref();

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : def;
  return Number.isFinite(v) && v > 0 ? v : def;
};
const PAGES = Math.min(2000, arg('pages', 300));
const RUNS = Math.min(10, arg('runs', 3));
const run = promisify(execFile);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'btz-bench-parse-'));
try {
  let t = performance.now();
  const pdf = await buildTenderPdf(longTenderPages(PAGES));
  const file = path.join(dir, 'tender.pdf');
  fs.writeFileSync(file, pdf);
  console.log(`generated ${PAGES}-page tender PDF: ${(pdf.length / 1024).toFixed(0)} KiB in ${ms(performance.now() - t)}`);

  const ours: number[] = [];
  let cold = 0;
  let result: Awaited<ReturnType<typeof readDocument>> | undefined;
  for (let i = 0; i <= RUNS; i++) {
    t = performance.now();
    result = await readDocument(pdf, { ocr: false });
    const dt = performance.now() - t;
    if (i === 0) cold = dt;
    else ours.push(dt);
  }
  const r = result!;
  const ourMs = median(ours);
  console.log(
    `readDocument: cold ${ms(cold)} (incl. loading pdfjs), warm median ${ms(ourMs)} over ${RUNS} runs → ` +
      `${((r.meta.pageCount / ourMs) * 1000).toFixed(0)} pages/s; ${r.meta.pageCount} pages, ${r.meta.chars} chars, ` +
      `${r.chapters.length} chapters (${r.chapters.filter((c) => c.level === 1).length} at level 1)`,
  );
  if (r.meta.pageCount !== PAGES) throw new Error(`expected ${PAGES} pages, read ${r.meta.pageCount}`);

  let have = true;
  try {
    await run('pdftotext', ['-v']);
  } catch {
    have = false;
  }
  if (!have) {
    console.log('pdftotext: not installed (apt-get install -y poppler-utils) — no comparison');
  } else {
    const theirs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      await run('pdftotext', ['-enc', 'UTF-8', file, path.join(dir, 'out.txt')], { timeout: 60_000 });
      theirs.push(performance.now() - t);
    }
    const theirMs = median(theirs);
    const text = fs.readFileSync(path.join(dir, 'out.txt'), 'utf8');
    const popplerChars = text.replace(/\s/g, '').replace(/\f/g, '').length;
    console.log(
      `pdftotext:    median ${ms(theirMs)} over ${RUNS} runs (process start included) → ` +
        `${((PAGES / theirMs) * 1000).toFixed(0)} pages/s; ${popplerChars} chars`,
    );
    console.log(`ratio readDocument / pdftotext: ${(ourMs / theirMs).toFixed(2)}x (cold: ${(cold / theirMs).toFixed(2)}x)`);
  }

  // DOCX: XML read into page texts and the document model
  const docxRuns = async (label: string, buf: Buffer, printedPages?: number) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    let res: Awaited<ReturnType<typeof readDocument>> | undefined;
    for (let i = 0; i <= RUNS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      res = await readDocument(buf);
      const c = process.cpuUsage(c0);
      if (i > 0) {
        wall.push(performance.now() - t0);
        cpu.push((c.user + c.system) / 1000);
      }
    }
    const pages = printedPages ?? res!.meta.pageCount;
    const per100 = (x: number) => `${((x / pages) * 100).toFixed(0)} ms`;
    console.log(
      `DOCX ${label}: ${pages} pages (${res!.meta.pageCount} read), ${res!.model?.blocks.length ?? 0} blocks — warm median ` +
        `${ms(median(wall))} wall / ${ms(median(cpu))} CPU over ${RUNS} runs → ${per100(median(wall))} wall, ${per100(median(cpu))} CPU per 100 pages`,
    );
  };
  t = performance.now();
  const docx = await buildTenderDocx(longTenderPages(100));
  console.log(`generated 100-page tender DOCX: ${(docx.length / 1024).toFixed(0)} KiB in ${ms(performance.now() - t)}`);
  await docxRuns('generated', docx);
  const c08 = path.resolve(import.meta.dirname, '../../shared/corpus/files/c08.docx');
  if (fs.existsSync(c08)) await docxRuns('corpus c08 (109 pages as LibreOffice prints it)', fs.readFileSync(c08), 109);
  else console.log('DOCX corpus c08: not found (../shared/corpus) — skipped');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
