import type { TableCell } from '../model/types.js';
import type { RawRow, RawTable, Unit } from './units.js';

/**
 * Word tables into model tables: `w:gridSpan` → colSpan, `w:vMerge` restart/continue → rowSpan on the starting cell
 * (continued slots hold no cell), `w:gridBefore` / `w:gridAfter` shift and pad the row. A table broken at a page break
 * and stored as several consecutive `w:tbl` (only empty paragraphs, page breaks or a '续表' line between them) is joined back before
 * the merges are resolved, so a factor cell merged across the break stays one cell; a header row the continuation
 * repeats is dropped.
 */

export interface JoinedTable {
  /** index of the first unit of the joined table, and every unit it spans (tables and the empty paragraphs between) */
  first: number;
  units: number[];
  rows: RawRow[];
  /** for each row, the unit index of the Word table it came from and its index there */
  rowUnit: number[];
  rowIndex: number[];
  parts: number;
  grid: number[];
}

const cellText = (paras: string[]) => paras.join('\n').trim();
const rowKey = (r: RawRow) => r.cells.map((c) => cellText(c.paras).replace(/\s+/g, '')).join('|');
const rowWidth = (r: RawRow) => r.gridBefore + r.cells.reduce((n, c) => n + c.span, 0) + r.gridAfter;

export function tableColumns(t: { grid: number[]; rows: RawRow[] }): number {
  return Math.max(t.grid.length, ...t.rows.map(rowWidth), 0);
}

function sameGrid(a: number[], b: number[]): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  return a.every((w, i) => Math.abs(w - b[i]!) <= Math.max(30, w * 0.03));
}

/** The rows of `b` that repeat the header of `a` (rows marked w:tblHeader, or a first row printed again verbatim). */
function repeatedHeader(a: RawRow[], b: RawRow[]): number {
  const heads = a.filter((r) => r.header);
  const ref = heads.length ? heads : a.slice(0, 1);
  let n = 0;
  while (n < ref.length && n < b.length && rowKey(b[n]!) === rowKey(ref[n]!) && rowKey(b[n]!).replace(/\|/g, '') !== '') n++;
  if (n === ref.length) return n;
  // a continuation marking its own first rows as headers that match the first part's first rows
  n = 0;
  while (n < b.length && b[n]!.header && n < a.length && rowKey(b[n]!) === rowKey(a[n]!)) n++;
  return n;
}

/**
 * Whether table `b` continues table `a`: same grid column widths; or the same number of columns with `b` either
 * repeating `a`'s header or opening with a row that continues (merged cells continued, or an empty first cell).
 */
export function continues(a: { grid: number[]; rows: RawRow[] }, b: RawTable): boolean {
  if (!a.rows.length || !b.rows.length) return false;
  if (sameGrid(a.grid, b.grid)) return true;
  const ca = tableColumns(a);
  if (ca !== tableColumns(b) || ca < 2) return false;
  if (repeatedHeader(a.rows, b.rows) > 0) return true;
  const first = b.rows[0]!;
  if (first.cells.some((c) => c.vMerge === 'continue')) return true;
  return first.cells.length > 1 && cellText(first.cells[0]!.paras) === '';
}

/**
 * A continuation's first row that only carries on the previous row's text: the same cells, its first cell empty (and
 * not a vertical merge, which would be a sub-row of a merged factor) while the row above has one, and fewer cells
 * filled than the row above with none of them a score ('5', '0~10', '3分') — a sub-row of its own has its points.
 */
const POINTS = /^[\d.]+\s*(?:[~～\-－—]\s*[\d.]+)?\s*分?$/;
function spills(prev: RawRow, row: RawRow): boolean {
  if (prev.cells.length !== row.cells.length || row.cells.length < 2) return false;
  if (row.cells.some((c, k) => c.span !== prev.cells[k]!.span || c.vMerge === 'continue')) return false;
  if (cellText(row.cells[0]!.paras) !== '' || cellText(prev.cells[0]!.paras) === '') return false;
  const filled = row.cells.map((c) => cellText(c.paras)).filter(Boolean);
  const before = prev.cells.filter((c) => cellText(c.paras)).length;
  return filled.length > 0 && filled.length <= Math.max(1, Math.floor(before / 2)) && !filled.some((t) => POINTS.test(t));
}

/** Between two parts of one table: empty paragraphs (page breaks) or a '续表' (table continued) caption. */
const isBlankPara = (u: Unit | undefined) =>
  u?.kind === 'p' && !u.tocField && (u.text.trim() === '' || /^[（(]?\s*续\s*表\s*[)）]?\s*[:：]?$/.test(u.text.trim()));

/** Groups the body's tables into joined tables (a lone table is a group of one). */
export function joinTables(units: Unit[]): JoinedTable[] {
  const out: JoinedTable[] = [];
  let cur: JoinedTable | null = null;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u.kind !== 'table') continue;
    if (cur) {
      const last = cur.units[cur.units.length - 1]!;
      let between = true;
      for (let j = last + 1; j < i; j++) if (!isBlankPara(units[j])) between = false;
      if (between && continues(cur, u)) {
        let from = repeatedHeader(cur.rows, u.rows);
        // rows printed again at the top of the next page are the table's header, whether Word marked them or not
        for (let h = 0; h < from && h < cur.rows.length; h++) if (!cur.rows[h]!.header) cur.rows[h] = { ...cur.rows[h]!, header: true };
        const prev = cur.rows.length - 1;
        if (from < u.rows.length && spills(cur.rows[prev]!, u.rows[from]!)) {
          // the first row only holds the rest of the last row's text, cut at the page break: one row again
          const more = u.rows[from]!;
          const last = cur.rows[prev]!;
          cur.rows[prev] = { ...last, cells: last.cells.map((c, k) => ({ ...c, paras: [...c.paras, ...more.cells[k]!.paras] })) };
          from++;
        }
        for (let j = last + 1; j <= i; j++) cur.units.push(j);
        for (let r = from; r < u.rows.length; r++) {
          cur.rows.push(u.rows[r]!);
          cur.rowUnit.push(i);
          cur.rowIndex.push(r);
        }
        cur.parts++;
        continue;
      }
    }
    cur = { first: i, units: [i], rows: u.rows.slice(), rowUnit: u.rows.map(() => i), rowIndex: u.rows.map((_, r) => r), parts: 1, grid: u.grid };
    out.push(cur);
  }
  return out;
}

/** Resolves spans and vertical merges: each row's cells where they start. */
export function resolveCells(rows: RawRow[]): TableCell[][] {
  const open = new Map<number, TableCell>(); // column → the cell a vertical merge started
  return rows.map((row) => {
    const cells: TableCell[] = [];
    let col = row.gridBefore;
    const touched = new Set<number>();
    for (const c of row.cells) {
      if (c.vMerge === 'continue') {
        const above = open.get(col);
        if (above) {
          above.rowSpan++;
          for (let k = 0; k < c.span; k++) touched.add(col + k);
          col += c.span;
          continue;
        }
      }
      const cell: TableCell = { text: cellText(c.paras), col, colSpan: c.span, rowSpan: 1 };
      cells.push(cell);
      for (let k = 0; k < c.span; k++) {
        touched.add(col + k);
        if (c.vMerge === 'restart') open.set(col + k, cell);
        else open.delete(col + k);
      }
      col += c.span;
    }
    for (const k of [...open.keys()]) if (!touched.has(k)) open.delete(k);
    return cells;
  });
}
