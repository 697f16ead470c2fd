import type { DocModel } from '../model/types.js';
import { alignedTables } from './aligned.js';
import { buildBlocks, type ContentPage, type Element } from './blocks.js';
import { findFurniture, type FurniturePage } from './furniture.js';
import { ruledTables, type PageTable } from './grid.js';
import { groupLines, joinWrapped, toItems, type Line, type PdfItem, type RawItem } from './lines.js';
import type { Rulings } from './rulings.js';

/**
 * The PDF document model, built page by page while pdf.ts reads (issue 12 item 1): the reader hands each page's text
 * items (and, where the page looks like it holds a table, its rulings); the builder gives back the page text — lines
 * rebuilt from coordinates, a ruled table read row by row with its cells separated by tabs — and at the end the
 * blocks and furniture. Everything kept here is plain data.
 */

export { extractRulings, type OpCodes, type Rulings } from './rulings.js';

interface PageData {
  page: number;
  y0: number;
  y1: number;
  lines: Line[];
  tables: PageTable[];
  ocrText?: string;
}

const lineTop = (l: Line) => l.y + l.size * 0.8;

/** A cell's text on one line of the page text. */
const cellLine = (s: string) => s.split('\n').reduce((a, b) => joinWrapped(a, b), '');

function pageText(lines: Line[], tables: PageTable[]): string {
  const els: Array<{ top: number; text: string }> = lines.map((l) => ({ top: lineTop(l), text: l.text }));
  for (const t of tables) {
    t.rows.forEach((r, i) =>
      els.push({ top: t.top - i * 0.001, text: r.cells.map((c) => cellLine(c.text)).filter((s) => s !== '').join('\t') }),
    );
  }
  els.sort((a, b) => b.top - a.top);
  return els
    .map((e) => e.text)
    .filter((s) => s !== '')
    .join('\n');
}

export class PdfModelBuilder {
  private readonly pages: PageData[] = [];

  /** Items of one page → lines; cheap. */
  lines(raw: readonly RawItem[]): { items: PdfItem[]; lines: Line[] } {
    const items = toItems(raw);
    return { items, lines: groupLines(items) };
  }

  /**
   * Whether the page's rulings are worth reading (getOperatorList costs as much as the text or more): two lines split
   * into columns or one in three (the header row of an empty form), or a table that ran to the end of the previous page.
   */
  wantsRulings(lines: Line[]): boolean {
    if (lines.filter((l) => l.segs.length >= 2).length >= 2 || lines.some((l) => l.segs.length >= 3)) return true;
    const prev = this.pages[this.pages.length - 1];
    if (!prev || !prev.tables.length) return false;
    const lowest = Math.min(...prev.tables.map((t) => t.bottom));
    const below = prev.lines.filter((l) => l.y < lowest);
    return below.length <= 2; // only a footer or page number under the table
  }

  /** Adds a text page; returns its page text. */
  addPage(page: number, view: number[], items: PdfItem[], lines: Line[], rulings: Rulings | null): string {
    let tables: PageTable[] = [];
    let rest = lines;
    if (rulings && rulings.h.length >= 2 && rulings.v.length >= 2) {
      const r = ruledTables(page, rulings, items);
      if (r.tables.length) {
        tables = r.tables;
        rest = groupLines(r.rest);
      }
    }
    const text = pageText(rest, tables);
    // Kept until the end of the document: lines without their items (the model needs only their segments).
    for (const l of rest) l.items = [];
    this.pages.push({ page, y0: Math.min(view[1] ?? 0, view[3] ?? 0), y1: Math.max(view[1] ?? 0, view[3] ?? 842), lines: rest, tables });
    return text;
  }

  /** A page whose text came from OCR (or that could not be read): its text, no layout. */
  setOcrPage(page: number, text: string): void {
    const at = this.pages.findIndex((p) => p.page === page);
    const data: PageData = { page, y0: 0, y1: 842, lines: [], tables: [], ocrText: text };
    if (at >= 0) this.pages[at] = data;
    else {
      this.pages.push(data);
      this.pages.sort((a, b) => a.page - b.page);
    }
  }

  finish(pageCount: number): DocModel {
    const layoutPages: FurniturePage[] = this.pages.filter((p) => p.ocrText === undefined);
    const { marked, furniture } = findFurniture(layoutPages);
    const content: ContentPage[] = this.pages.map((p) => {
      if (p.ocrText !== undefined) return { page: p.page, elements: [], ocrText: p.ocrText };
      const body = p.lines.filter((l) => !marked.has(l));
      const aligned = alignedTables(p.page, body);
      const els: Array<{ top: number; e: Element }> = [
        ...aligned.rest.map((line) => ({ top: lineTop(line), e: { kind: 'line', line } as Element })),
        ...[...p.tables, ...aligned.tables].map((table) => ({ top: table.top, e: { kind: 'table', table } as Element })),
      ];
      els.sort((a, b) => b.top - a.top);
      return { page: p.page, elements: els.map((x) => x.e) };
    });
    return { blocks: buildBlocks(content), furniture, pageCount };
  }
}
