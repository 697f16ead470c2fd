/**
 * PDF text items → lines, rebuilt from coordinates (pdfjs `transform` e/f = x/y of the baseline, `width`). Items are
 * grouped by baseline (tolerance: half the smaller font size, so a superscript stays on its line) and sorted by x.
 * Chinese PDFs split words into many items, often with stray spaces between them: items are joined without a space
 * unless both sides are Latin letters or digits and there was a real gap. A gap wider than two font sizes starts a new
 * segment (a column of an unruled table, a right-aligned date); segments are joined with a tab in the page text.
 */

export interface PdfItem {
  str: string;
  /** baseline start */
  x: number;
  y: number;
  w: number;
  /** font size (the text matrix's vertical scale) */
  size: number;
}

export interface Segment {
  x0: number;
  x1: number;
  text: string;
}

export interface Line {
  /** baseline */
  y: number;
  x0: number;
  x1: number;
  /** the largest font size on the line */
  size: number;
  segs: Segment[];
  /** segments joined by tabs */
  text: string;
  items: PdfItem[];
}

export interface RawItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

/** A gap wider than this many font sizes separates segments. */
export const SEGMENT_GAP = 2;
/** A gap narrower than this many font sizes is no word gap at all (kerning, split words). */
const WORD_GAP = 0.2;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f\u2018-\u201f\u2026\u2014]/;
const WORDISH = /[A-Za-z0-9]/;

/** Drops empty and whitespace-only items and text drawn twice at the same place (fake bold). */
export function toItems(raw: readonly RawItem[]): PdfItem[] {
  const items: PdfItem[] = [];
  for (const it of raw) {
    if (typeof it.str !== 'string' || !it.transform) continue;
    const str = it.str.replace(/[\s\u00a0\u3000]+/g, ' ');
    if (str.trim() === '') continue;
    const t = it.transform;
    const size = Math.hypot(t[2] ?? 0, t[3] ?? 0) || it.height || 10;
    const item: PdfItem = { str, x: t[4] ?? 0, y: t[5] ?? 0, w: it.width ?? 0, size };
    const prev = items[items.length - 1];
    if (prev && prev.str === item.str && Math.abs(prev.x - item.x) < 1.5 && Math.abs(prev.y - item.y) < 1.5) continue;
    items.push(item);
  }
  return items;
}

/** Whether a space belongs between two pieces of text `gap` apart (font size `size`). */
function spaceBetween(left: string, right: string, gap: number, size: number): boolean {
  if (gap <= WORD_GAP * size) return false;
  const a = left[left.length - 1] ?? '';
  const b = right[0] ?? '';
  if (!a || !b || /\s/.test(a) || /\s/.test(b)) return false;
  if (CJK.test(a) || CJK.test(b)) return false;
  return WORDISH.test(a) || WORDISH.test(b);
}

/** Joins items already on one baseline into segments (sorted by x). */
export function lineOf(items: PdfItem[]): Line {
  items.sort((a, b) => a.x - b.x);
  const segs: Segment[] = [];
  let seg: Segment | null = null;
  let size = 0;
  for (const it of items) {
    size = Math.max(size, it.size);
    const str: string = seg ? it.str : it.str.replace(/^\s+/, '');
    if (seg && it.x - seg.x1 <= SEGMENT_GAP * it.size) {
      const gap = it.x - seg.x1;
      const piece = seg.text.endsWith(' ') ? str.replace(/^\s+/, '') : str;
      seg.text += (spaceBetween(seg.text, piece, gap, it.size) ? ' ' : '') + piece;
      seg.x1 = Math.max(seg.x1, it.x + it.w);
    } else {
      if (seg) segs.push(seg);
      seg = { x0: it.x, x1: it.x + it.w, text: str.replace(/^\s+/, '') };
    }
  }
  if (seg) segs.push(seg);
  for (const s of segs) s.text = tidy(s.text);
  const kept = segs.filter((s) => s.text !== '');
  return {
    y: items.length ? items.reduce((m, it) => (it.size >= size * 0.9 ? Math.min(m, it.y) : m), Infinity) : 0,
    x0: kept[0]?.x0 ?? 0,
    x1: kept[kept.length - 1]?.x1 ?? 0,
    size,
    segs: kept,
    text: kept.map((s) => s.text).join('\t'),
    items,
  };
}

/** Spaces inside one item are the file's own (「第 3 页 共 6 页」): kept, only trimmed at the segment's ends. */
function tidy(s: string): string {
  return s.trim();
}

/** Groups items into lines top to bottom (PDF y grows upwards). */
export function groupLines(items: readonly PdfItem[]): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  let cur: PdfItem[] = [];
  let curY = Number.NaN;
  let curSize = 0;
  for (const it of sorted) {
    // Same line: baselines within half the larger font size; the line's baseline is its largest item's (a superscript
    // seen first does not set it).
    if (cur.length > 0 && Math.abs(it.y - curY) <= 0.5 * Math.max(it.size, curSize)) {
      cur.push(it);
      if (it.size > curSize) {
        curY = it.y;
        curSize = it.size;
      }
      continue;
    }
    if (cur.length) lines.push(lineOf(cur));
    cur = [it];
    curY = it.y;
    curSize = it.size;
  }
  if (cur.length) lines.push(lineOf(cur));
  return lines.filter((l) => l.segs.length > 0);
}

/** Whether two texts join without a space when a line wraps (Chinese) or with one (Latin words). */
export function joinWrapped(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  const x = a[a.length - 1]!;
  const y = b[0]!;
  return WORDISH.test(x) && WORDISH.test(y) && !CJK.test(x) && !CJK.test(y) ? `${a} ${b}` : a + b;
}

const LETTER_SPACED = /[\u4e00-\u9fff](?: [\u4e00-\u9fff]){2,}/g;

/**
 * Text for the model (not the page text, which stays verbatim): Chinese set letter-spaced across a narrow cell or a
 * title (「提 供 证 明 文件」, 「内 容」) closed up. A space between words (「第一章 招标公告」, 「第 3 页」) stays.
 */
export function despace(s: string): string {
  const t = s.replace(LETTER_SPACED, (m) => m.replace(/ /g, ''));
  return /^[\u4e00-\u9fff] [\u4e00-\u9fff]$/.test(t) ? t.replace(' ', '') : t;
}
