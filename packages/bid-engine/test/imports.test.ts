/**
 * The engine's files form a graph without cycles (issue 26): an import circle between two files of `src/` fails here with
 * the circle named — but for those of KNOWN_CIRCLES, each with why it is still there (the list may only get shorter;
 * remove a circle from it when it is gone). Type-only and lazy imports count: a circle through them is still two files
 * that cannot be read, moved or tested one without the other. The graph and the circle finder: scripts/import-graph.ts, shared with the server's layers test.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importsOf, sourceFiles } from '../../../scripts/import-graph.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * Circles still there, each sorted by file name. DOC files are read by converting them with LibreOffice, which is the
 * file tools' sandboxed conversion (`reading/read.ts` imports `export/pdf.ts` and `filetools/convert.ts` lazily), while
 * the file tools and `native/` read ZIP and Word files through `reading/`: the converter belongs below both.
 */
const KNOWN_CIRCLES: string[][] = [
  ['export/pdf.ts', 'filetools/convert.ts', 'native/docx-links.ts', 'native/index.ts', 'reading/index.ts', 'reading/read.ts'],
  // the fact sheet writes its blanks with the offline writer's `ph` (the writer's sources are the dup check's stock
  // phrasing, scripts/stock-phrases.mjs: moving the literal out changes that list), and the writer's context holds a sheet
  ['writer/facts.ts', 'writer/offline/context.ts'],
];

/** The engine's import graph, each file named by its path under src/ (with `/` on every platform). */
function engineGraph(): Map<string, Set<string>> {
  const name = (f: string) => path.relative(SRC, f).split(path.sep).join('/');
  const graph = new Map<string, Set<string>>();
  for (const f of sourceFiles(SRC)) {
    const from = name(f);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const i of importsOf(f)) if (i.startsWith(SRC + path.sep) && name(i) !== from) graph.get(from)!.add(name(i));
  }
  return graph;
}

describe('the engine is a graph without cycles', () => {
  it('no import circle between two files of src/ but the known ones', () => {
    const circles = cyclesOf(engineGraph()).sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(circles).toEqual(KNOWN_CIRCLES);
  });

  it('the walk sees the engine (the check reads real imports)', () => {
    const graph = engineGraph();
    expect(graph.get('tender/card.ts')).toContain('tender/rules/scoring.ts');
    expect(graph.get('health/health.ts')).toContain('health/checks/star-unanswered.ts');
  });

  it('the circle finder finds a circle (the check can fail)', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c']]);
  });
});
