import { parseHeading } from '../chapters.js';
import type { Block, HeadingBlock, ListItemBlock, ParagraphBlock } from '../model/types.js';
import { joinTables, toTableBlock, type TableBuild } from './join.js';
import { despace, joinWrapped, type Line } from './lines.js';
import type { PageTable } from './grid.js';
import { CN_NUMERAL_CHARS } from '../../text/numerals.js';

/**
 * Content lines and tables → blocks. Headings by their numbering (第X章, 第X节, 一、, （一）, 1.1 — parseHeading, the
 * same patterns as the chapter list) on a short line, or by a font clearly larger than the body text; list items by
 * their marker; other lines make paragraphs, a line joined to the one before when that one ran to the right margin
 * (Chinese without a space). A table that ends a page and one that starts the next with the same columns are one table.
 */

export type Element = { kind: 'line'; line: Line } | { kind: 'table'; table: PageTable };

export interface ContentPage {
  page: number;
  elements: Element[];
  /** OCR'd page text (no layout): one paragraph per line */
  ocrText?: string;
}

const CN = CN_NUMERAL_CHARS;
const NUMBERING = new RegExp(
  `^(?:第\\s*[${CN}\\d]+\\s*(?:部分|篇|卷|章|节)|[${CN}]{1,3}\\s*[、.．]|[（(]\\s*[${CN}]{1,3}\\s*[）)]|\\d{1,2}(?:[.．]\\d{1,2}){0,3}[.．、]?)`,
);
const CLAUSE = new RegExp(`^(第\\s*[${CN}\\d]+\\s*条)\\s*(\\S.*)$`);
const LIST_MARKER =
  /^(?:[（(]\d{1,3}[）)]|\d{1,3}[)）]|\d{1,3}[.．、](?!\d)|[①-⑳]|[a-zA-Z][.)）](?![a-zA-Z])|[●•◆◇■□▪➢✓√·](?=\s*\S)|[-–](?=\s+\S))/;

function listLevel(marker: string): number {
  if (/^[（(]\d/.test(marker)) return 2;
  if (/^[①-⑳a-zA-Z]/.test(marker)) return 3;
  return 1;
}

interface Metrics {
  body: number;
  right: number;
  left: number;
}

/** A line that runs on: long, and not ending a sentence or clause. Where these end is the right edge of the text. */
const wraps = (l: Line) => l.text.length >= 20 && !/[。！？!?；;：:]$/.test(l.text);

/** The right edge of text: where lines that wrap end (none: no line counts as reaching it). */
function rightEdge(lines: Line[]): number {
  const rights = lines.filter(wraps).map((l) => l.x1).sort((a, b) => a - b);
  return rights.length ? rights[Math.floor(rights.length * 0.9)]! : Infinity;
}

/** Body font size (the size most characters are set in) and the usual right and left edges of body lines. */
function metrics(pages: ContentPage[]): Metrics {
  const sizes = new Map<number, number>();
  const lines: Line[] = [];
  for (const p of pages)
    for (const e of p.elements) {
      if (e.kind !== 'line') continue;
      const s = Math.round(e.line.size * 2) / 2;
      sizes.set(s, (sizes.get(s) ?? 0) + e.line.text.length);
      lines.push(e.line);
    }
  let body = 10.5;
  let best = -1;
  for (const [s, n] of sizes) if (n > best) [body, best] = [s, n];
  const lefts = lines.filter((l) => l.text.length >= 15).map((l) => l.x0).sort((a, b) => a - b);
  return { body, right: rightEdge(lines), left: lefts[Math.floor(lefts.length * 0.2)] ?? 0 };
}

/** The page's own text edges where it has enough body lines (forms and annexes are often set narrower). */
function pageEdges(p: ContentPage, m: Metrics): { left: number; right: number } {
  const lines = p.elements.flatMap((e) => (e.kind === 'line' ? [e.line] : []));
  const long = lines.filter((l) => l.text.length >= 12);
  const left = long.length >= 3 ? long.map((l) => l.x0).sort((a, b) => a - b)[Math.floor(long.length * 0.1)]! : m.left;
  const right = lines.some(wraps) ? rightEdge(lines) : m.right;
  return { left, right };
}

interface Pending {
  rank: number;
  block: HeadingBlock;
}

function heading(text: string, line: Line | null, m: Metrics): { rank: number; numbering: string; title: string } | null {
  if (text.includes('\t')) return null;
  const big = line !== null && line.size >= m.body * 1.2;
  const h = parseHeading(text);
  if (h) {
    // "1." alone is a list marker unless set larger than the body text.
    if (h.rank === 5 && !big) return null;
    const numbering = (NUMBERING.exec(text)?.[0] ?? '').replace(/\s+/g, '');
    const title = text.slice((NUMBERING.exec(text)?.[0] ?? '').length).replace(/^[\s：:、.．]+/, '').trim();
    return { rank: h.rank, numbering, title };
  }
  // 第X条 (contract clauses): a heading below 第X节 when it is a short title.
  const clause = CLAUSE.exec(text);
  if (clause && clause[2]!.length <= 30 && !/[。；;，,]/.test(clause[2]!)) {
    return { rank: 2.5, numbering: clause[1]!.replace(/\s+/g, ''), title: clause[2]!.trim() };
  }
  if (big && text.length <= 40 && !/[。；;，,]$/.test(text)) return { rank: -1, numbering: '', title: text };
  return null;
}

/** Builds the blocks of the document; headings get levels from the kinds of numbering the document uses. */
export function buildBlocks(pages: ContentPage[]): Block[] {
  const m = metrics(pages);
  const out: Array<Block | TableBuild> = [];
  const headings: Pending[] = [];
  let open: ParagraphBlock | ListItemBlock | null = null;
  // x of the open list item's marker: its wrapped lines may hang indented under the text
  let listX: number | null = null;
  let prevLine: { line: Line; page: number; last: boolean; right: number; first: boolean } | null = null;
  // Whether the last element of the previous page was a table and the current page has had nothing else yet.
  let tableAtPageEnd: TableBuild | null = null;
  // The heading just emitted and its line: a large title wrapped onto a second line joins it.
  let lastHeading: { block: HeadingBlock; line: Line } | null = null;

  for (const p of pages) {
    if (p.ocrText !== undefined) {
      open = null;
      prevLine = null;
      tableAtPageEnd = null;
      for (const raw of p.ocrText.split('\n')) {
        const text = raw.trim();
        if (text) out.push({ type: 'paragraph', page: p.page, pageEnd: p.page, text });
      }
      continue;
    }
    let firstOnPage = true;
    const edges = pageEdges(p, m);
    p.elements.forEach((e, idx) => {
      const lastOnPage = idx === p.elements.length - 1;
      if (e.kind === 'table') {
        open = null;
        prevLine = null;
        const prev = out[out.length - 1];
        if (firstOnPage && tableAtPageEnd && prev === tableAtPageEnd && joinTables(tableAtPageEnd, e.table)) {
          // joined into the previous page's table
        } else {
          out.push({ build: true, parts: [e.table] } as TableBuild);
        }
        tableAtPageEnd = lastOnPage ? (out[out.length - 1] as TableBuild) : null;
        firstOnPage = false;
        return;
      }
      const line = e.line;
      const text = line.segs.map((s) => despace(s.text)).join(line.segs.length > 1 ? '\t' : '');
      const flatText = text.replace(/\t/g, ' ');
      const o = open as ParagraphBlock | ListItemBlock | null;
      // The line before ran to the right edge, just above this one.
      const reach =
        o !== null &&
        prevLine !== null &&
        prevLine.line.x1 >= prevLine.right - 2 * prevLine.line.size &&
        // a sentence that ends short of the edge ends its paragraph, even in ragged (left-aligned) text
        !(/[。！？!?]$/.test(prevLine.line.text) && prevLine.line.x1 < prevLine.right - 0.5 * prevLine.line.size) &&
        (prevLine.page === p.page ? prevLine.line.y - line.y <= 2.6 * line.size : prevLine.last && idx === 0);
      // …in the middle of a sentence, in the same type: whatever this line starts with (「第五章」, 「2.」), it runs on.
      const midSentence =
        reach && prevLine !== null && !/[。；;：:！？!?]$/.test(prevLine.line.text) && Math.abs(prevLine.line.size - line.size) < 0.5;
      // …and this line starts at the left edge, under a list item's text, or where the wrapped line above started.
      const xOk =
        line.x0 < edges.left + 1.5 * line.size ||
        (o?.type === 'list-item' && listX !== null && line.x0 < listX + 2.2 * line.size) ||
        (prevLine !== null && !prevLine.first && Math.abs(prevLine.line.x0 - line.x0) <= 2);
      let h = midSentence ? null : heading(text, line, m);
      // A numbered line that runs to the right edge is the start of a paragraph, not a heading.
      if (h && h.rank >= 3 && line.size < m.body * 1.2 && line.x1 >= edges.right - 2 * line.size) h = null;
      firstOnPage = false;
      tableAtPageEnd = null;
      const last = out[out.length - 1];
      if (
        h &&
        h.numbering === '' &&
        !/^[\u4e00-\u9fff]{2,10}[：:]/.test(h.title) &&
        lastHeading &&
        last === lastHeading.block &&
        lastHeading.block.page === p.page &&
        lastHeading.line.text.length >= 15 &&
        !/[。；;，,：:]$/.test(lastHeading.line.text) &&
        Math.abs(lastHeading.line.size - line.size) < 0.5 &&
        lastHeading.line.y - line.y <= 2.2 * line.size
      ) {
        // A title set large and wrapped onto a second line: one heading.
        const b = lastHeading.block;
        b.title = joinWrapped(b.title, h.title);
        b.text = joinWrapped(b.text, flatText);
        lastHeading = null;
        return;
      }
      if (h) {
        open = null;
        const block: HeadingBlock = { type: 'heading', page: p.page, pageEnd: p.page, level: 1, numbering: h.numbering, title: h.title, text: flatText };
        headings.push({ rank: h.rank, block });
        out.push(block);
        prevLine = null;
        lastHeading = { block, line };
        return;
      }
      const marker = midSentence ? null : LIST_MARKER.exec(flatText);
      const continues = !marker && reach && (midSentence || xOk);
      if (continues && o) {
        o.text = joinWrapped(o.text, flatText);
        o.pageEnd = p.page;
      } else if (marker) {
        const numbering = marker[0].trim();
        const item: ListItemBlock = {
          type: 'list-item',
          page: p.page,
          pageEnd: p.page,
          level: listLevel(numbering),
          numbering,
          text: flatText.slice(marker[0].length).trim(),
        };
        out.push(item);
        open = item;
        listX = line.x0;
      } else {
        const para: ParagraphBlock = { type: 'paragraph', page: p.page, pageEnd: p.page, text: flatText };
        out.push(para);
        open = para;
      }
      prevLine = { line, page: p.page, last: lastOnPage, right: edges.right, first: !continues };
    });
  }

  // Levels: the distinct numbered ranks in document order of depth; unnumbered large headings are top level.
  const ranks = [...new Set(headings.map((h) => h.rank).filter((r) => r >= 0))].sort((a, b) => a - b);
  for (const h of headings) h.block.level = h.rank < 0 ? 1 : ranks.indexOf(h.rank) + 1;

  return joinBareHeadings(out.map((b) => ('build' in b ? toTableBlock(b) : b)));
}

/** 「第一章」 alone on its line with the chapter's name on the next (chapter title pages): one heading. */
function joinBareHeadings(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const next = blocks[i + 1];
    if (
      b.type === 'heading' &&
      b.title === '' &&
      b.numbering !== '' &&
      next &&
      next.page === b.page &&
      ((next.type === 'heading' && next.numbering === '') || (next.type === 'paragraph' && next.text.length <= 40 && !/[。；;，,]$/.test(next.text)))
    ) {
      out.push({ ...b, title: next.text, text: `${b.text} ${next.text}` });
      i++;
      continue;
    }
    out.push(b);
  }
  return out;
}
