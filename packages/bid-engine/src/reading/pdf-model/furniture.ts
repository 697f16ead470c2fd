import { PAGE_NUMBER_LINE, pageNumberTail, runningKeys } from '../chapters.js';
import type { Furniture } from '../model/types.js';
import type { Line } from './lines.js';

/**
 * Page furniture in a PDF: running headers and footers (a line in the top or bottom band of the page whose text —
 * numbers made generic — recurs on 5 pages, or on 40% of a shorter document's pages and at least 3), page numbers in those bands
 * (「第 3 页 共 70 页」, 「- 3 -」, 「3」), and table-of-contents entries (dot leaders and a page number, or a trailing page
 * number on a page titled 目录 or holding several dot-leader lines).
 */

export interface FurniturePage {
  page: number;
  /** the page box in PDF units: bottom and top y */
  y0: number;
  y1: number;
  lines: Line[];
}

/** Share of the page height at the top and at the bottom where headers and footers sit. */
const BAND = 0.1;

/** Dot leaders then a page number at the end (read from the end: no backtracking over a long run of dots or spaces). */
function dotLeader(text: string): boolean {
  const tail = pageNumberTail(text);
  if (!tail) return false;
  const lead = tail.lead;
  if (/(?:\.{3}|…{2}|·{3}|．{3}|-{4}|_{4}|—{3})$/.test(lead.slice(-4))) return true;
  // a wide gap then dots: 「目录项  ……… 3」 read as 「目录项  . 3」
  const dots = lead.length - lead.replace(/[.…·．]+$/, '').length;
  return dots > 0 && /\s{2}$/.test(lead.slice(0, lead.length - dots).slice(-2));
}
const TRAILING_PAGE = /(?:\s|\t)[（(]?(\d{1,4})[)）]?$/;
const TOC_TITLE = /^目\s*录$/;

function band(p: FurniturePage, l: Line): 'header' | 'footer' | null {
  const h = p.y1 - p.y0;
  if (l.y >= p.y1 - BAND * h) return 'header';
  if (l.y <= p.y0 + BAND * h) return 'footer';
  return null;
}

const flat = (l: Line) => l.segs.map((s) => s.text).join(' ');

/** Marks furniture lines; returns them with the kind, per page, and the furniture list. */
export function findFurniture(pages: FurniturePage[]): { marked: Map<Line, Furniture>; furniture: Furniture[] } {
  const counts = new Map<string, number>();
  for (const p of pages) {
    const seen = new Set<string>();
    for (const l of p.lines) {
      if (!band(p, l)) continue;
      for (const k of runningKeys(flat(l), p.page)) {
        if (seen.has(k)) continue;
        seen.add(k);
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    }
  }
  // In the top or bottom band, a line repeated on five pages is furniture even when it runs over only part of the
  // document (a template header on the first chapters, a chapter's own running title).
  const min = Math.max(3, Math.min(5, Math.ceil(pages.length * 0.4)));
  const marked = new Map<Line, Furniture>();
  for (const p of pages) {
    for (const l of p.lines) {
      const where = band(p, l);
      if (!where) continue;
      const text = flat(l);
      if (PAGE_NUMBER_LINE.test(text.trim())) marked.set(l, { kind: 'page-number', page: p.page, text });
      else if (runningKeys(text, p.page).some((k) => (counts.get(k) ?? 0) >= min)) marked.set(l, { kind: where, page: p.page, text });
    }
    const body = p.lines.filter((l) => !marked.has(l));
    const dotted = body.filter((l) => dotLeader(flat(l)));
    const tocPage = body.some((l) => TOC_TITLE.test(flat(l).trim())) || dotted.length >= 3;
    for (const l of body) {
      const text = flat(l);
      if (!dotLeader(text) && !(tocPage && TRAILING_PAGE.test(text) && /[\u4e00-\u9fffA-Za-z]/.test(text))) continue;
      const m = TRAILING_PAGE.exec(text) ?? /(\d{1,4})[)）]?$/.exec(text);
      const entry = text.replace(/[\s.…·．\-_—]*[（(]?\d{1,4}[)）]?$/, '').trim();
      marked.set(l, { kind: 'toc', page: p.page, text: entry || text, ...(m ? { target: Number(m[1]) } : {}) });
    }
  }
  // TOC levels from indentation: the distinct left edges of the entries, left to right, are levels 1, 2, …
  const tocLines = pages.flatMap((p) => p.lines.filter((l) => marked.get(l)?.kind === 'toc'));
  const indents: number[] = [];
  for (const x of tocLines.map((l) => l.x0).sort((a, b) => a - b)) {
    if (!indents.length || x - indents[indents.length - 1]! > 6) indents.push(x);
  }
  for (const l of tocLines) {
    const level = indents.filter((x) => x <= l.x0 + 6).length;
    marked.get(l)!.level = Math.max(1, level);
  }
  const furniture: Furniture[] = [];
  for (const p of pages) {
    for (const l of p.lines) {
      const f = marked.get(l);
      if (f) furniture.push(f);
    }
  }
  return { marked, furniture };
}
