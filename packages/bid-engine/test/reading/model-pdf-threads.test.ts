import { describe, expect, it } from 'vitest';
import { readDocument, type ReadProgress, type TableBlock } from '../../src/reading/index.js';
import { buildContinuedTablePdf, buildModelPdf, CONTINUED_ROWS } from '../fixtures/model-pdf.js';

/**
 * A long PDF is read in page ranges, one per thread (issue 12 "reading stays fast"); the model must be the one a
 * front-to-back read gives. Split into one-page ranges, the page that continues a table starts its own range, and its
 * thread cannot see the page before — where a range reader deciding on its own would lose the continuation.
 */
// three worker threads each loading pdfjs: on a busy 2-core machine this alone took 30 s (a generous limit, not a goal)
describe('PDF read in page ranges on worker threads', { timeout: 180_000 }, () => {
  it('keeps a table whose last row is alone on the next page joined, as a front-to-back read does', async () => {
    const pdf = await buildContinuedTablePdf();
    const whole = await readDocument(pdf, { ocr: false, threads: 0 });
    const progress: ReadProgress[] = [];
    const split = await readDocument(pdf, { ocr: false, threads: 3, onProgress: (p) => progress.push(p) });
    const table = split.model!.blocks.find((b): b is TableBlock => b.type === 'table');
    expect(table?.parts).toBe(2);
    expect(table?.rows.map((r) => r.cells.map((c) => c.text))).toEqual(CONTINUED_ROWS);
    expect(split.pages).toEqual(whole.pages);
    expect(split.model).toEqual(whole.model);
    expect(progress.filter((p) => p.stage === 'text').at(-1)).toEqual({ stage: 'text', done: 4, total: 4 });
  });

  it('gives the same pages and model on the model fixture (TOC, merged cells, a table continued under its header)', async () => {
    const pdf = await buildModelPdf();
    const whole = await readDocument(pdf, { ocr: false, threads: 0 });
    const split = await readDocument(pdf, { ocr: false, threads: 2 });
    expect(split.pages).toEqual(whole.pages);
    expect(split.model).toEqual(whole.model);
  });
});
