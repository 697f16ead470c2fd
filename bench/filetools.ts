/**
 * Metadata clearing on the real corpus (issue 15): `npm run bench -- filetools`. For each tender of ../shared/corpus
 * (DOCX and PDF), the time to clear it (median of 3), what it held and what is left, and whether the cleared file still
 * reads with the same text (the reading module). Then images → PDF and PDF → PNG pages for one PDF.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearDocxMetadata, clearPdfMetadata, pdfPageCount, readDocxMetadata, readPdfMetadata, runFileTool } from '@btz/bid-engine/filetools';
import { readDocument } from '@btz/bid-engine/reading';

const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/corpus/files');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The text a reader gets (a scanned PDF: its page count), to compare before and after. */
const textOf = async (b: Buffer) =>
  readDocument(b, { ocr: false, threads: 0 }).then(
    (r) => r.pages.map((p) => p.text).join('\n').replace(/\s+/g, ''),
    (e: Error) => `unreadable: ${e.message}`,
  );

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    value = await fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), value };
}

const files = readdirSync(corpus).filter((f) => /\.(docx|pdf)$/.test(f)).sort();
console.log('file        size      clear ms   held → left                         same text');
for (const f of files) {
  const data = readFileSync(path.join(corpus, f));
  const kb = `${Math.round(data.length / 1024)} KB`.padEnd(9);
  if (f.endsWith('.docx')) {
    const before = readDocxMetadata(data);
    const { ms, value } = await timed(() => clearDocxMetadata(data));
    const after = readDocxMetadata(value.data);
    const held = `core ${Object.keys(before.core).length}, app ${Object.keys(before.app).length}, rsid ${before.rsids.length}, paraId ${before.paraIds.length}`;
    const left = Object.keys(after.core).length + Object.keys(after.app).length + after.rsids.length + after.paraIds.length + after.docIds.length;
    const same = (await textOf(data)) === (await textOf(value.data));
    console.log(`${f.padEnd(11)} ${kb} ${ms.toFixed(0).padStart(8)}   ${`${held} → ${left}`.padEnd(36)} ${same ? 'yes' : 'NO'}`);
  } else {
    const before = await readPdfMetadata(data);
    const { ms, value } = await timed(() => clearPdfMetadata(data));
    const after = await readPdfMetadata(value.data);
    const left = Object.keys(after.info).length + after.xmp;
    const same = (await textOf(data)) === (await textOf(value.data)) && (await pdfPageCount(data)) === (await pdfPageCount(value.data));
    console.log(`${f.padEnd(11)} ${kb} ${ms.toFixed(0).padStart(8)}   ${`info ${Object.keys(before.info).length}, xmp ${before.xmp} → ${left}`.padEnd(36)} ${same ? 'yes' : 'NO'}`);
  }
}

const pdfName = files.find((f) => f === 'c02.pdf') ?? files.find((f) => f.endsWith('.pdf'));
if (pdfName) {
  const pdf = readFileSync(path.join(corpus, pdfName));
  const t0 = performance.now();
  const pages = await runFileTool({ tool: 'pdf-images', timeoutMs: 600_000, files: [{ name: pdfName, type: 'pdf', data: pdf }] }).catch((e: Error) => ({ files: [], error: e.message }));
  const ms = performance.now() - t0;
  console.log(`\nPDF → PNG (${pdfName}, 110 dpi): ${pages.files.length} pages in ${(ms / 1000).toFixed(1)} s (${(ms / Math.max(1, pages.files.length)).toFixed(0)} ms/page)`);
  if (pages.files.length) {
    const pngs = pages.files.slice(0, 30).map((f) => ({ name: f.name, type: 'png', data: f.data }));
    const t1 = performance.now();
    const back = await runFileTool({ tool: 'images-pdf', timeoutMs: 600_000, files: pngs });
    console.log(`images → PDF: ${pngs.length} pages in ${((performance.now() - t1) / 1000).toFixed(1)} s, ${Math.round(back.files[0]!.data.length / 1024)} KB`);
  }
}
