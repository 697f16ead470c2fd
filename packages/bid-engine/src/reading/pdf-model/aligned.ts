import { despace, joinWrapped, type Line } from './lines.js';
import type { PageTable } from './grid.js';
import type { TableCell } from '../model/types.js';

/**
 * Tables without rulings, from column alignment: a run of consecutive lines split into segments (gaps of two font
 * sizes or more) whose segment starts repeat at the same x positions. Each multi-segment line is a row; a line with one
 * segment indented into a later column continues the cell above it (a wrapped cell).
 */

const MIN_ROWS = 3;

function columnsOf(rows: Line[], tol: number): number[] {
  const xs = rows.flatMap((l, i) => l.segs.map((s) => ({ x: s.x0, line: i }))).sort((a, b) => a.x - b.x);
  const cols: Array<{ x: number; lines: Set<number> }> = [];
  for (const p of xs) {
    const last = cols[cols.length - 1];
    if (last && p.x - last.x <= tol) last.lines.add(p.line);
    else cols.push({ x: p.x, lines: new Set([p.line]) });
  }
  return cols.filter((c) => c.lines.size >= 2).map((c) => c.x);
}

function columnIndex(cols: number[], x: number, tol: number): number {
  let k = 0;
  for (let i = 0; i < cols.length; i++) if (cols[i]! <= x + tol) k = i;
  return k;
}

export function alignedTables(page: number, lines: Line[]): { tables: PageTable[]; rest: Line[] } {
  const tables: PageTable[] = [];
  const rest: Line[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = lines[i]!;
    if (first.segs.length < 2) {
      rest.push(first);
      i++;
      continue;
    }
    // The run: multi-segment lines, and indented single-segment lines between them, close together.
    let j = i + 1;
    let lastMulti = i;
    while (j < lines.length) {
      const prev = lines[j - 1]!;
      const l = lines[j]!;
      if (prev.y - l.y > 2.6 * Math.max(prev.size, l.size)) break;
      if (l.segs.length >= 2) lastMulti = j;
      else if (l.x0 < first.x0 + 2 * l.size) break;
      j++;
    }
    const run = lines.slice(i, lastMulti + 1);
    const multi = run.filter((l) => l.segs.length >= 2);
    const tol = first.size;
    const cols = columnsOf(multi, tol);
    const aligned = multi.filter((l) => l.segs.every((s) => cols.some((x) => Math.abs(x - s.x0) <= tol))).length;
    if (multi.length < MIN_ROWS || cols.length < 2 || aligned < multi.length * 0.6) {
      rest.push(first);
      i++;
      continue;
    }
    const rows: Array<{ page: number; cells: TableCell[] }> = [];
    for (const l of run) {
      if (l.segs.length >= 2 || !rows.length) {
        const texts = cols.map(() => '');
        for (const s of l.segs) {
          const k = columnIndex(cols, s.x0, tol);
          const t = despace(s.text);
          texts[k] = texts[k] ? `${texts[k]} ${t}` : t;
        }
        rows.push({ page, cells: texts.map((text, col) => ({ text, col, colSpan: 1, rowSpan: 1 })) });
      } else {
        const cell = rows[rows.length - 1]!.cells[columnIndex(cols, l.x0, tol)]!;
        cell.text = joinWrapped(cell.text, l.segs.map((x) => despace(x.text)).join(' '));
      }
    }
    tables.push({ page, xs: cols, top: run[0]!.y + run[0]!.size, bottom: run[run.length - 1]!.y, rows, columns: cols.length, ruled: false });
    i = lastMulti + 1;
  }
  return { tables, rest };
}
