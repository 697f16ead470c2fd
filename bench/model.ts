/**
 * Document model on the real corpus (issue 12 item 1): reads every file of ../shared/corpus (or the ids given) with
 * readDocument and prints per file its blocks by type, tables (and how many were joined from several parts), headings
 * found, TOC entries and other furniture, with the warm read time (wall and CPU; per 100 pages as printed). `--tables` also prints every table whose rows mention
 * 分 (points) as Markdown, to check the scoring tables by eye; `--headings` lists the headings.
 *
 *   node --import tsx bench/model.ts [c07 c08 …] [--tables] [--headings]     (npm run bench -- model)
 */
import fs from 'node:fs';
import path from 'node:path';
import { readDocument, tableMarkdown, type TableBlock } from '@btz/bid-engine/reading';

const dir = path.resolve(import.meta.dirname, '../../shared/corpus/files');
if (!fs.existsSync(dir)) {
  console.log(`bench/model: no corpus at ${dir}`);
  process.exit(0);
}
const args = process.argv.slice(2);
const ids = args.filter((a) => /^c\d+$/.test(a));
const files = fs
  .readdirSync(dir)
  .filter((f) => !/\.pdf$/i.test(f) || ids.length > 0)
  .filter((f) => !ids.length || ids.some((id) => f.startsWith(id)))
  .sort();

// pages as printed (truth.json: pdfinfo, or a LibreOffice rendering of the DOCX) for the per-100-pages figure
const truthFile = path.join(dir, '../truth.json');
const printed = new Map<string, number>(
  fs.existsSync(truthFile) ? (JSON.parse(fs.readFileSync(truthFile, 'utf8')) as Array<{ id: string; pages: number }>).map((t) => [t.id, t.pages]) : [],
);
for (const f of files) {
  const buf = fs.readFileSync(path.join(dir, f));
  await readDocument(buf, { ocr: false }); // warm-up: module loading and JIT are not the figure
  const c0 = process.cpuUsage();
  const t = performance.now();
  const r = await readDocument(buf, { ocr: false });
  const ms = performance.now() - t;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000;
  const pages = printed.get(f.replace(/\..*$/, '')) ?? r.meta.pageCount;
  const m = r.model;
  if (!m) {
    console.log(`${f}: no model (${r.type})`);
    continue;
  }
  const count = (k: string) => m.blocks.filter((b) => b.type === k).length;
  const tables = m.blocks.filter((b): b is TableBlock => b.type === 'table');
  const fur = (k: string) => m.furniture.filter((x) => x.kind === k).length;
  console.log(
    `${f}: ${r.meta.pageCount} pages read (${pages} printed) in ${ms.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU ` +
      `(${((ms / pages) * 100).toFixed(0)} / ${((cpu / pages) * 100).toFixed(0)} ms per 100 printed pages); ` +
      `blocks ${m.blocks.length}: ${count('heading')} headings, ${count('paragraph')} paragraphs, ${count('list-item')} list items, ` +
      `${tables.length} tables (${tables.filter((x) => x.parts > 1).length} joined from ${tables.reduce((n, x) => n + (x.parts > 1 ? x.parts : 0), 0)} parts); ` +
      `furniture: ${fur('toc')} toc, ${fur('header')} header, ${fur('footer')} footer, ${fur('page-number')} page-number`,
  );
  if (args.includes('--headings')) {
    for (const b of m.blocks) if (b.type === 'heading') console.log(`  ${'  '.repeat(b.level - 1)}H${b.level} p${b.page} [${b.numbering}] ${b.title}`);
  }
  if (args.includes('--tables')) {
    for (const tb of tables) {
      const text = tb.rows.map((row) => row.cells.map((c) => c.text).join(' ')).join(' ');
      if (!/评分|分值|得分/.test(text)) continue;
      console.log(`\n  table p${tb.page}-${tb.pageEnd}, ${tb.rows.length} rows × ${tb.columns} columns, ${tb.parts} part(s)`);
      console.log(tableMarkdown(tb).split('\n').map((l) => `  ${l.slice(0, 220)}`).join('\n'));
    }
  }
}
