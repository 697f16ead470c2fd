import { despace, groupLines, joinWrapped, type PdfItem } from './lines.js';
import type { HRule, Rulings, VRule } from './rulings.js';
import type { TableCell, TableRow } from '../model/types.js';

/**
 * Ruled tables: rulings that touch each other form a table; its distinct x positions of vertical rules are the column
 * boundaries and the y positions of horizontal rules the row boundaries. A boundary missing between two slots means
 * the cell spans them (colSpan / rowSpan). Text items go to the cell under their first character; a cell's lines are
 * rebuilt inside the cell and joined in reading order (a wrapped line without a break, a new line inside the cell with
 * one), so a cell's text stays whole however the page interleaves columns.
 */

/** A table found on one page, before tables continued across pages are joined. */
export interface PageTable {
  page: number;
  /** column boundaries, left to right (columns + 1 values); for unruled tables the column starts */
  xs: number[];
  /** top and bottom of the table (PDF y, top > bottom) */
  top: number;
  bottom: number;
  rows: TableRow[];
  columns: number;
  ruled: boolean;
}

const TOL = 2.5;

function cluster(values: number[], tol: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  let group: number[] = [];
  for (const v of sorted) {
    if (group.length && v - group[group.length - 1]! > tol) {
      out.push(group.reduce((s, x) => s + x, 0) / group.length);
      group = [];
    }
    group.push(v);
  }
  if (group.length) out.push(group.reduce((s, x) => s + x, 0) / group.length);
  return out;
}

/** Collinear rules that overlap or touch become one. */
function mergeH(rules: HRule[]): HRule[] {
  const sorted = [...rules].sort((a, b) => a.y - b.y || a.x0 - b.x0);
  const out: HRule[] = [];
  for (const r of sorted) {
    const same = out.filter((o) => Math.abs(o.y - r.y) <= 1 && r.x0 <= o.x1 + TOL && r.x1 >= o.x0 - TOL);
    if (same.length) {
      const o = same[0]!;
      o.x0 = Math.min(o.x0, r.x0);
      o.x1 = Math.max(o.x1, r.x1);
    } else out.push({ ...r });
  }
  return out;
}
function mergeV(rules: VRule[]): VRule[] {
  const sorted = [...rules].sort((a, b) => a.x - b.x || a.y0 - b.y0);
  const out: VRule[] = [];
  for (const r of sorted) {
    const same = out.filter((o) => Math.abs(o.x - r.x) <= 1 && r.y0 <= o.y1 + TOL && r.y1 >= o.y0 - TOL);
    if (same.length) {
      const o = same[0]!;
      o.y0 = Math.min(o.y0, r.y0);
      o.y1 = Math.max(o.y1, r.y1);
    } else out.push({ ...r });
  }
  return out;
}

interface Group {
  h: HRule[];
  v: VRule[];
}

/** Rules that cross or touch each other, as groups (union-find). */
function groups(rulings: Rulings): Group[] {
  const h = mergeH(rulings.h);
  const v = mergeV(rulings.v);
  const parent = Array.from({ length: h.length + v.length }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < h.length; i++) {
    const a = h[i]!;
    for (let j = 0; j < v.length; j++) {
      const b = v[j]!;
      if (b.x >= a.x0 - TOL && b.x <= a.x1 + TOL && a.y >= b.y0 - TOL && a.y <= b.y1 + TOL) parent[find(i)] = find(h.length + j);
    }
  }
  const by = new Map<number, Group>();
  const get = (i: number) => {
    const r = find(i);
    let g = by.get(r);
    if (!g) by.set(r, (g = { h: [], v: [] }));
    return g;
  };
  h.forEach((r, i) => get(i).h.push(r));
  v.forEach((r, j) => get(h.length + j).v.push(r));
  return [...by.values()].filter((g) => g.h.length >= 2 && g.v.length >= 2);
}

interface Grid {
  xs: number[];
  /** top to bottom */
  ys: number[];
  /** owner[r][c] = index into cells */
  owner: number[][];
  cells: Array<{ row: number; col: number; colSpan: number; rowSpan: number; items: PdfItem[] }>;
}

function buildGrid(g: Group): Grid | null {
  const xs = cluster(g.v.map((r) => r.x), TOL);
  const ys = cluster(g.h.map((r) => r.y), TOL).reverse();
  // Open sides (no outer vertical rule): the horizontal rules' ends close the grid.
  const left = Math.min(...g.h.map((r) => r.x0));
  const right = Math.max(...g.h.map((r) => r.x1));
  if (left < xs[0]! - 8) xs.unshift(left);
  if (right > xs[xs.length - 1]! + 8) xs.push(right);
  // Open top or bottom (a table broken by the page often has no rule where the page cut it): the vertical rules' ends.
  const high = Math.max(...g.v.map((r) => r.y1));
  const low = Math.min(...g.v.map((r) => r.y0));
  if (high > ys[0]! + 8) ys.unshift(high);
  if (low < ys[ys.length - 1]! - 8) ys.push(low);
  if (xs.length < 3 || ys.length < 2) return null; // fewer than two columns: a box, not a table
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  const vAt = (x: number, yTop: number, yBot: number) => {
    const mid = (yTop + yBot) / 2;
    const reach = (yTop - yBot) * 0.3;
    return g.v.some((r) => Math.abs(r.x - x) <= TOL && r.y0 <= mid - reach + TOL && r.y1 >= mid + reach - TOL);
  };
  const hAt = (y: number, x0: number, x1: number) => {
    const mid = (x0 + x1) / 2;
    const reach = (x1 - x0) * 0.3;
    return g.h.some((r) => Math.abs(r.y - y) <= TOL && r.x0 <= mid - reach + TOL && r.x1 >= mid + reach - TOL);
  };
  const owner = Array.from({ length: rows }, () => new Array<number>(cols).fill(-1));
  const cells: Grid['cells'] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (owner[r]![c] !== -1) continue;
      let cs = 1;
      while (c + cs < cols && owner[r]![c + cs] === -1 && !vAt(xs[c + cs]!, ys[r]!, ys[r + 1]!)) cs++;
      let rs = 1;
      while (r + rs < rows) {
        let open = true;
        for (let k = c; k < c + cs; k++) if (owner[r + rs]![k] !== -1 || hAt(ys[r + rs]!, xs[k]!, xs[k + 1]!)) open = false;
        if (!open) break;
        rs++;
      }
      const id = cells.length;
      cells.push({ row: r, col: c, colSpan: cs, rowSpan: rs, items: [] });
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) owner[r + dr]![c + dc] = id;
    }
  }
  return { xs, ys, owner, cells };
}

function slot(bounds: number[], v: number, descending: boolean): number {
  for (let i = 0; i < bounds.length - 1; i++) {
    const a = bounds[i]!;
    const b = bounds[i + 1]!;
    if (descending ? v <= a && v > b : v >= a && v < b) return i;
  }
  return -1;
}

/** A line starting like a new item inside a cell (「4.项目需求理解」, 「（2）」, 「注：」) starts a new line of the cell. */
export const ITEM_START = /^(?:\d{1,2}[.．、)）](?!\d)|[（(]\d{1,2}[）)]|[①-⑳]|[一二三四五六七八九十]{1,3}[、.．]|[（(][一二三四五六七八九十]{1,3}[）)]|注\s*\d*\s*[：:]|[●•◆■□▪★▲])/;

/** A cell's items as text: lines rebuilt inside the cell, a line running to the cell's right edge joined to the next. */
function cellText(items: PdfItem[], right: number): string {
  if (!items.length) return '';
  const lines = groupLines(items);
  let out = '';
  let prevEnd = 0;
  let prevSize = 0;
  lines.forEach((l, i) => {
    const text = l.segs.map((s) => despace(s.text)).join(' ');
    if (i === 0) out = text;
    else if (prevEnd >= right - 2.5 * prevSize && !ITEM_START.test(text)) out = joinWrapped(out, text);
    else out += '\n' + text;
    prevEnd = l.x1;
    prevSize = l.size;
  });
  return out;
}

const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

/**
 * An item drawn across a column rule (「序号 评分因素」 as one text run over two header cells) is cut at its spaces,
 * each piece placed by its share of the item's width (a Chinese character counting twice a Latin one).
 */
function splitAcross(it: PdfItem, grids: Grid[]): PdfItem[] {
  if (!/\S\s+\S/.test(it.str)) return [it];
  const end = it.x + it.w;
  const crosses = grids.some((g) => g.xs.some((x) => x > it.x + it.size * 0.5 && x < end - it.size * 0.5) && it.y < g.ys[0]! && it.y > g.ys[g.ys.length - 1]!);
  if (!crosses) return [it];
  const weight = (s: string) => [...s].reduce((n, ch) => n + (WIDE.test(ch) ? 1 : 0.5), 0);
  const scale = it.w / Math.max(weight(it.str), 0.5);
  const out: PdfItem[] = [];
  for (const m of it.str.matchAll(/\S+/g)) {
    const before = weight(it.str.slice(0, m.index));
    const w = weight(m[0]) * scale;
    out.push({ ...it, str: m[0], x: it.x + before * scale, w });
  }
  return out;
}

/**
 * Ruled tables on a page: claims the items inside each table (removed from `items`, which keeps the rest) and returns
 * the tables with their cells' text.
 */
export function ruledTables(page: number, rulings: Rulings, items: PdfItem[]): { tables: PageTable[]; rest: PdfItem[] } {
  const grids = groups(rulings)
    .map(buildGrid)
    .filter((g): g is Grid => g !== null);
  if (!grids.length) return { tables: [], rest: items };
  const rest: PdfItem[] = [];
  for (const it of items.flatMap((i) => splitAcross(i, grids))) {
    const cx = it.x + Math.min(it.w, it.size) / 2;
    const cy = it.y + it.size * 0.3;
    let placed = false;
    for (const g of grids) {
      const c = slot(g.xs, cx, false);
      const r = slot(g.ys, cy, true);
      if (c < 0 || r < 0) continue;
      g.cells[g.owner[r]![c]!]!.items.push(it);
      placed = true;
      break;
    }
    if (!placed) rest.push(it);
  }
  const tables: PageTable[] = [];
  for (const g of grids) {
    const withText = g.cells.filter((c) => c.items.length > 0);
    if (withText.length < 2) {
      // A box around a paragraph or an empty form: its text is ordinary text.
      for (const c of g.cells) rest.push(...c.items);
      continue;
    }
    const rows: TableRow[] = g.ys.slice(0, -1).map(() => ({ page, cells: [] as TableCell[] }));
    for (const c of g.cells) {
      rows[c.row]!.cells.push({
        text: cellText(c.items, g.xs[c.col + c.colSpan]!),
        col: c.col,
        colSpan: c.colSpan,
        rowSpan: c.rowSpan,
      });
    }
    tables.push({
      page,
      xs: g.xs,
      top: g.ys[0]!,
      bottom: g.ys[g.ys.length - 1]!,
      rows: dropEmptyRows(rows),
      columns: g.xs.length - 1,
      ruled: true,
    });
  }
  return { tables, rest };
}

/** Rows with no text of their own and no cell spanning into or out of them (double rules, spacer rows). */
function dropEmptyRows(rows: TableRow[]): TableRow[] {
  const covered = new Set<number>();
  rows.forEach((r, i) => r.cells.forEach((c) => { for (let k = 1; k < c.rowSpan; k++) covered.add(i + k); }));
  return rows.filter((r, i) => covered.has(i) || r.cells.some((c) => c.text !== '' || c.rowSpan > 1));
}
