/**
 * The bid checks (issue 15): the 暗标 rules the tender card finds on the real corpus (../shared/corpus — never copied into
 * the repository), and the time of each check on long generated bids: the DOCX format scan (package XML), the PDF format
 * scan (pdfjs), the 暗标 text check and the 废标 check (computeHealth on the file as read) — the work of one `bid-check`
 * job after its file is read.
 *
 *   npm run bench -- bidcheck [--pages 200]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readDocument } from '@btz/bid-engine/reading';
import { extractCard } from '@btz/bid-engine/tender';
import { checkAnonymity, checkRejection, scanDocxFormat, scanPdfFormat } from '@btz/bid-engine/bidcheck';
import { buildTenderPdf } from '../packages/bid-engine/test/fixtures/build.js';
import type { Block } from '../packages/bid-engine/test/fixtures/tender.js';
import { MAIN_FILE } from '../packages/bid-engine/test/fixtures/tender-pages.js';
import { buildWordml, p, pageBreak, r } from '../packages/bid-engine/test/fixtures/wordml.js';
import { corpus, loadTruth } from './lib/corpus-bids.js';

const args = process.argv.slice(2);
const pagesArg = Number(args[args.indexOf('--pages') + 1]) || 200;

async function corpusReport(): Promise<void> {
  const truth = loadTruth('bidcheck');
  console.log('\n暗标规则（招标要点 card.anonymity）— 语料库');
  console.log('id   required  clauses  format');
  let required = 0;
  let withFormat = 0;
  for (const t of truth) {
    const file = path.join(corpus, 'files', path.basename(t.file));
    if (!existsSync(file)) continue;
    let card;
    try {
      const read = await readDocument(readFileSync(file), { ocr: false });
      card = extractCard([{ name: path.basename(file), role: 'main', order: 1, pages: read.pages, chapters: read.chapters, model: read.model }]);
    } catch (e) {
      console.log(`${t.id}  （未读出文字：${(e as Error).message.slice(0, 30)}）`);
      continue;
    }
    const a = card.anonymity;
    if (a?.required) required++;
    if (a && Object.keys(a.format).length) withFormat++;
    const fmt = a ? JSON.stringify(a.format) : '—';
    console.log(`${t.id}  ${a?.required ? 'yes' : 'no '}       ${String(a?.clauses.length ?? 0).padEnd(7)}  ${fmt}${a?.advisory ? ' (advisory)' : ''}`);
    for (const c of a?.clauses ?? []) console.log(`       p.${c.source.page} ${c.text.slice(0, 70)}`);
  }
  console.log(`required 暗标: ${required} / ${truth.length}; a prescribed format: ${withFormat}`);
}

const fill = (s: string, n: number) => Array.from({ length: n }, (_, i) => `${s}（第${i + 1}条）`).join('');
const PARA = '项目经理张伟负责实施，采用分层架构设计，确保系统稳定可靠，满足招标文件的全部技术要求，江州智联科技有限公司承诺按期完成。';

function longDocx(pages: number): Buffer {
  const body: string[] = [];
  for (let i = 0; i < pages; i++) {
    body.push(p(`第${i + 1}章 技术方案`, { outline: 0 }));
    for (let k = 0; k < 6; k++) body.push(p(r(fill(PARA, 2)) + (k === 3 ? r('重点内容', '<w:color w:val="FF0000"/>') : '')));
    body.push(pageBreak());
  }
  return buildWordml({ body: body.join(''), header: p('江州智联科技有限公司') });
}

function ms(t0: number): string {
  return `${(performance.now() - t0).toFixed(0)} ms`;
}

async function timing(): Promise<void> {
  const bidder = { name: '江州智联科技有限公司', legalRep: '李明', people: ['张伟', '王芳'], phones: ['13912345678'], numbers: ['XZ-2020-0001'] };
  const docx = longDocx(pagesArg);
  let t0 = performance.now();
  const readDocx = await readDocument(docx, { ocr: false });
  const tRead = ms(t0);
  t0 = performance.now();
  const scan = scanDocxFormat(docx);
  const tScan = ms(t0);
  t0 = performance.now();
  const findings = checkAnonymity({ rules: null, units: readDocx.pages.map((x) => ({ page: x.page, text: x.text })), format: scan, pageCount: readDocx.meta.pageCount, bidder });
  const tCheck = ms(t0);
  console.log(`\nDOCX ${readDocx.meta.pageCount} 页 (${(docx.length / 1024).toFixed(0)} KB): read ${tRead}, format scan ${tScan}, 暗标 check ${tCheck} (${findings.length} findings)`);

  const pdfPages: Block[][] = Array.from({ length: Math.min(pagesArg, 100) }, (_, i) => [
    { kind: 'h1', text: `第${i + 1}章 技术方案` },
    { kind: 'p', text: fill(PARA, 6) },
  ]);
  const pdf = await buildTenderPdf(pdfPages);
  t0 = performance.now();
  await readDocument(pdf, { ocr: false });
  const tReadPdf = ms(t0);
  t0 = performance.now();
  const pscan = await scanPdfFormat(pdf);
  const tScanPdf = ms(t0);
  console.log(`PDF ${pscan.pages} 页 (${(pdf.length / 1024).toFixed(0)} KB): read ${tReadPdf}, format scan ${tScanPdf}`);

  const card = extractCard([MAIN_FILE]);
  t0 = performance.now();
  const rej = checkRejection({ card, document: { model: readDocx.model, pages: readDocx.pages }, bidder: { name: bidder.name, qualifications: [] }, today: '2026-11-26' });
  console.log(`废标 check of the DOCX: ${ms(t0)} (${rej.findings.length} findings, score ${rej.health.score})`);
}

await corpusReport();
await timing();
