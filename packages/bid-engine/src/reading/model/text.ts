import { findRunningLines, PAGE_NUMBER_LINE, runningKeys } from '../chapters.js';
import type { PageText } from '../paginate.js';
import { classifyLine, levelsFromRanks, tocEntry } from './classify.js';
import { tocLines } from './toc.js';
import type { Block, DocModel, Furniture, HeadingBlock, TableBlock } from './types.js';

/**
 * The model of a file known only as text lines (DOC through word-extractor, TXT): each page's lines classified into
 * the same block kinds as DOCX — headings by their numbering, list items by their markers, paragraphs — with runs of
 * tab-separated lines (DOC table rows, one row per line) as tables, TOC lines and running headers, footers and page
 * numbers (lines at the top or bottom of most pages) as furniture. Pages are the reader's pages, so every block's
 * page is the page whose text holds it.
 */
export function textModel(pages: PageText[]): DocModel {
  interface L {
    page: number;
    text: string;
    edge: Furniture['kind'] | null;
  }
  const running = findRunningLines(pages);
  const lines: L[] = [];
  for (const p of pages) {
    const raw = p.text.split('\n');
    const nonEmpty = raw.map((l, i) => (l.trim() ? i : -1)).filter((i) => i >= 0);
    const top = new Set(nonEmpty.slice(0, 2));
    const bottom = new Set(nonEmpty.slice(-2));
    raw.forEach((text, i) => {
      const t = text.trim();
      let edge: L['edge'] = null;
      if (t && (top.has(i) || bottom.has(i))) {
        if (PAGE_NUMBER_LINE.test(t) && bottom.has(i)) edge = 'page-number';
        else if (runningKeys(t, p.page).some((k) => running.has(k))) edge = top.has(i) ? 'header' : 'footer';
      }
      lines.push({ page: p.page, text, edge });
    });
  }
  const isRow = (t: string) => t.includes('\t') && t.split('\t').filter((c) => c.trim()).length >= 2;
  const toc = tocLines(lines.map((l) => (l.edge ? '' : isRow(l.text) && !/\t\s*\d{1,4}\s*$/.test(l.text) ? null : l.text.trim())));

  const blocks: Block[] = [];
  const furniture: Furniture[] = [];
  const headings: Array<{ block: HeadingBlock; rank: number }> = [];
  const tocRanks: Array<{ f: Furniture; rank?: number }> = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const t = l.text.trim();
    if (!t) continue;
    if (l.edge) {
      furniture.push({ kind: l.edge, page: l.page, text: t });
      continue;
    }
    if (toc.has(i)) {
      const e = tocEntry(t);
      const f: Furniture = { kind: 'toc', page: l.page, text: e.text, ...(e.target !== undefined ? { target: e.target } : {}) };
      const c = classifyLine(e.text);
      tocRanks.push({ f, ...(c.type === 'heading' ? { rank: c.rank } : {}) });
      furniture.push(f);
      continue;
    }
    if (isRow(l.text)) {
      const rows: TableBlock['rows'] = [];
      let j = i;
      for (; j < lines.length; j++) {
        const lj = lines[j]!;
        if (!lj.text.trim() || lj.edge) continue;
        if (!isRow(lj.text) || toc.has(j)) break;
        const cells = lj.text.split('\t').map((c, col) => ({ text: c.trim(), col, colSpan: 1, rowSpan: 1 }));
        rows.push({ page: lj.page, cells });
      }
      const columns = Math.max(...rows.map((r) => r.cells.length));
      blocks.push({ type: 'table', page: rows[0]!.page, pageEnd: rows[rows.length - 1]!.page, columns, rows, parts: 1 });
      i = j - 1;
      continue;
    }
    const c = classifyLine(t);
    if (c.type === 'heading') {
      const h: HeadingBlock = { type: 'heading', page: l.page, pageEnd: l.page, level: 1, numbering: c.numbering, title: c.title, text: c.text };
      if (c.bare) {
        let j = i + 1;
        while (j < lines.length && !lines[j]!.text.trim()) j++;
        const next = lines[j];
        const nt = next?.text.trim() ?? '';
        if (next && !next.edge && !toc.has(j) && nt.length <= 40 && classifyLine(nt).type === 'paragraph' && !/[。；;，,]$/.test(nt)) {
          h.title = nt;
          h.text = `${c.numbering} ${nt}`;
          h.pageEnd = next.page;
          i = j;
        }
      }
      headings.push({ block: h, rank: c.rank });
      blocks.push(h);
    } else if (c.type === 'list-item') {
      blocks.push({ type: 'list-item', page: l.page, pageEnd: l.page, level: c.level, numbering: c.numbering, text: c.text });
    } else {
      blocks.push({ type: 'paragraph', page: l.page, pageEnd: l.page, text: c.text });
    }
  }
  const levels = levelsFromRanks(headings.map((h) => h.rank));
  for (const h of headings) h.block.level = levels.get(h.rank) ?? 1;
  for (const t of tocRanks) if (t.rank !== undefined && levels.has(t.rank)) t.f.level = levels.get(t.rank)!;
  return { blocks, furniture, pageCount: pages.length };
}
