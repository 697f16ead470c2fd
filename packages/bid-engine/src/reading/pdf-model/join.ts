import type { TableBlock, TableCell, TableRow } from '../model/types.js';
import { ITEM_START, type PageTable } from './grid.js';
import { joinWrapped } from './lines.js';

/**
 * Tables continued across pages: the table ending one page and the table starting the next (nothing but furniture in
 * between) with the same columns at the same x positions are one table. A header row printed again at the top of the
 * next page is kept once (marked `header`). A row broken by the page — the next part's first row leaves empty a column
 * the row above printed in itself (序号, 评分因素, 分值) — is joined back into that row, its cells' text appended; a
 * cell merged over sub-rows that runs on (empty at the top of the next part under a cell spanning from above) grows
 * its rowSpan instead.
 */

export interface TableBuild {
  build: true;
  parts: PageTable[];
}

export function joinTables(t: TableBuild, next: PageTable): boolean {
  const last = t.parts[t.parts.length - 1]!;
  if (next.page !== last.page + 1 || next.ruled !== last.ruled || next.columns !== last.columns) return false;
  const tol = last.ruled ? 3 : 12;
  if (!next.xs.every((x, i) => Math.abs(x - last.xs[i]!) <= tol)) return false;
  t.parts.push(next);
  return true;
}

const rowKey = (r: TableRow) => r.cells.map((c) => c.text.replace(/\s+/g, '')).join('|');

/** The cell of `rows` covering (r, c), with its row index. */
function cover(rows: TableRow[], r: number, c: number): { cell: TableCell; row: number } | null {
  for (let i = r; i >= 0; i--) {
    for (const cell of rows[i]!.cells) {
      if (c >= cell.col && c < cell.col + cell.colSpan && i + cell.rowSpan > r) return { cell, row: i };
    }
  }
  return null;
}

/** A cell broken by the page: the text runs on unless the first part ended a sentence or the second starts an item. */
function append(a: string, b: string): string {
  if (!a || !b) return a || b;
  if (/[。；;：:！？!?]$/.test(a) || ITEM_START.test(b)) return `${a}\n${b}`;
  return joinWrapped(a, b);
}

export function toTableBlock(t: TableBuild): TableBlock {
  const first = t.parts[0]!;
  const rows: TableRow[] = first.rows.map((r) => ({ ...r, cells: r.cells.map((c) => ({ ...c })) }));
  const head = rows[0] ? rowKey(rows[0]) : '';
  for (const part of t.parts.slice(1)) {
    const more: TableRow[] = part.rows.map((r) => ({ ...r, cells: r.cells.map((c) => ({ ...c })) }));
    if (more.length && rows.length && rowKey(more[0]!) === head && head.replace(/\|/g, '') !== '') {
      rows[0]!.header = true;
      more.shift();
    }
    const top = more[0];
    const lastIdx = rows.length - 1;
    if (top && lastIdx >= 0 && part.ruled) {
      const empties = top.cells.filter((c) => c.text === '');
      const covers = empties.map((c) => cover(rows, lastIdx, c.col));
      const brokenRow =
        empties.length > 0 &&
        covers.every((x) => x && x.cell.text !== '') &&
        covers.some((x) => x && x.row === lastIdx);
      if (brokenRow) {
        for (const c of top.cells) {
          if (c.text === '') continue;
          const target = cover(rows, lastIdx, c.col);
          if (target) target.cell.text = append(target.cell.text, c.text);
        }
        // A cell of the broken row that spans further rows of this part keeps spanning them.
        for (const c of top.cells) if (c.rowSpan > 1 && more[1]) more[1].cells.push({ ...c, text: '', rowSpan: c.rowSpan - 1 });
        for (const r of more.slice(1)) r.cells.sort((a, b) => a.col - b.col);
        more.shift();
      } else {
        // Cells merged over sub-rows that run on into this part: the part's empty cell under them extends them.
        for (const c of [...top.cells]) {
          if (c.text !== '') continue;
          const above = cover(rows, lastIdx, c.col);
          if (!above || above.cell.text === '' || above.row === lastIdx || above.cell.col !== c.col || above.cell.colSpan !== c.colSpan) continue;
          above.cell.rowSpan += c.rowSpan;
          top.cells.splice(top.cells.indexOf(c), 1);
        }
      }
    }
    rows.push(...more);
  }
  const last = t.parts[t.parts.length - 1]!;
  const block: TableBlock = { type: 'table', page: first.page, pageEnd: last.page, columns: first.columns, rows, parts: t.parts.length };
  // A span may not reach past the last row.
  rows.forEach((r, i) => r.cells.forEach((c) => (c.rowSpan = Math.max(1, Math.min(c.rowSpan, rows.length - i)))));
  return block;
}
