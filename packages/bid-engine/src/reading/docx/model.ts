import { classifyLine, levelsFromRanks, tocEntry } from '../model/classify.js';
import { tocLines } from '../model/toc.js';
import { PageLocator } from '../model/locate.js';
import type { Block, DocModel, Furniture, HeadingBlock, TableBlock } from '../model/types.js';
import { normalizeText, paginate, type PageText } from '../paginate.js';
import type { RawPara, Unit, Walked } from './units.js';
import { joinTables, resolveCells, tableColumns } from './tables.js';

/**
 * From the walked body to the page texts and the model, in one pass over the same lines so they cannot disagree:
 * a paragraph is a line, a table row is a line with its cells split by tabs (as the text has always been). Pages
 * come from the document's breaks — Word's rendered breaks trusted as they are, explicit breaks splitting the text
 * and long stretches estimated — and each block then takes the page its first line landed on.
 */

interface Line {
  text: string;
  start: boolean;
  rendered: boolean;
}

const rowLine = (cells: Array<{ paras: string[] }>) =>
  cells
    .map((c) => c.paras.map((p) => p.replace(/\s+$/, '')).filter(Boolean).join(' '))
    .join('\t')
    .replace(/\t+$/, '');

/** The page texts from the body's lines (the same rules readDocx has always paginated by). */
export function linesToPages(lines: Line[], perPage: number): { pages: PageText[]; estimated: boolean } {
  const segments: string[] = [];
  let cur: string[] = [];
  lines.forEach((l, i) => {
    if (l.start && i > 0) {
      segments.push(cur.join('\n'));
      cur = [];
    }
    cur.push(l.text);
  });
  segments.push(cur.join('\n'));
  if (lines.some((l) => l.rendered)) {
    return { pages: segments.map((s, i) => ({ page: i + 1, text: normalizeText(s) })), estimated: false };
  }
  const pages = paginate(segments, perPage);
  return { pages, estimated: segments.length === 1 || pages.length !== segments.length };
}

/** A section's running header and footer texts; in a footer a PAGE field is '\u0000' and NUMPAGES '\u0001'. */
export interface SectionFurniture {
  /** first unit of the section */
  startUnit: number;
  header: { default?: string; first?: string };
  footer: { default?: string; first?: string };
  /** the section's first page has its own header and footer */
  titlePg: boolean;
}

export function buildDocx(
  walked: Walked,
  sections: SectionFurniture[],
  perPage: number,
): { pages: PageText[]; estimated: boolean; model: DocModel } {
  const { units } = walked;
  // 1. lines, with the unit (and table row) each came from
  const lines: Line[] = [];
  const unitLine: number[] = []; // unit → its first line
  const rowLines: number[][] = []; // unit → line of each row
  units.forEach((u, i) => {
    unitLine[i] = lines.length;
    if (u.kind === 'p') {
      lines.push({ text: u.text.replace(/\s+$/, ''), start: u.start, rendered: u.rendered });
    } else {
      rowLines[i] = u.rows.map((r) => {
        lines.push({ text: rowLine(r.cells), start: r.start, rendered: r.rendered });
        return lines.length - 1;
      });
    }
  });
  if (lines[0]) lines[0].start = false;
  const { pages, estimated } = linesToPages(lines, perPage);

  // 2. locate every line on its page, in order
  const loc = new PageLocator(pages);
  const linePage = lines.map((l) => loc.locate(l.text));

  // 3. blocks and furniture
  const blocks: Block[] = [];
  const furniture: Furniture[] = [];
  const tables = joinTables(units);
  const tableAt = new Map(tables.map((t) => [t.first, t]));
  const inTable = new Set(tables.flatMap((t) => t.units));
  const preset = new Map<number, number>();
  units.forEach((u, i) => {
    if (u.kind !== 'p') return;
    if (u.style?.toc !== undefined) preset.set(i, u.style.toc);
    else if (u.tocField && u.text.trim()) preset.set(i, 0);
  });
  const toc = tocLines(units.map((u) => (u.kind === 'p' ? u.text.trim() : null)), preset);
  const headingRanks: Array<{ block: HeadingBlock; rank: number }> = [];
  const tocRanks: Array<{ f: Furniture; rank?: number }> = [];

  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const at = linePage[unitLine[i]!] ?? { page: 1, pageEnd: 1 };
    const t = tableAt.get(i);
    if (t) {
      const cells = resolveCells(t.rows);
      const rowPages = t.rows.map((_, r) => {
        return linePage[rowLines[t.rowUnit[r]!]![t.rowIndex[r]!]!]?.page ?? at.page;
      });
      const block: TableBlock = {
        type: 'table',
        page: rowPages[0] ?? at.page,
        pageEnd: rowPages[rowPages.length - 1] ?? at.page,
        columns: tableColumns(t),
        rows: t.rows.map((r, k) => ({ page: rowPages[k]!, cells: cells[k]!, ...(r.header ? { header: true } : {}) })),
        parts: t.parts,
      };
      if (block.rows.some((r) => r.cells.some((c) => c.text))) blocks.push(block);
      continue;
    }
    if (inTable.has(i) || u.kind !== 'p') continue;
    const text = u.text.trim();
    if (!text) continue;
    const tocKind = toc.get(i);
    if (tocKind !== undefined) {
      const e = tocEntry(text);
      const f: Furniture = { kind: 'toc', page: at.page, text: e.text, ...(e.target !== undefined ? { target: e.target } : {}) };
      if (tocKind > 0) f.level = tocKind;
      const c = classifyLine(e.text);
      tocRanks.push({ f, ...(c.type === 'heading' ? { rank: c.rank } : {}) });
      furniture.push(f);
      continue;
    }
    const c = classifyLine(u.text, hintsOf(u));
    if (c.type === 'heading') {
      const h: HeadingBlock = { type: 'heading', page: at.page, pageEnd: at.pageEnd, level: 1, numbering: c.numbering, title: c.title, text: c.text };
      if (c.bare) {
        // '第一章' alone on its line, its name in the next paragraph (chapter title pages)
        const j = nextText(units, i);
        const next = j >= 0 ? (units[j] as RawPara) : null;
        if (next && !toc.has(j) && !inTable.has(j)) {
          const nc = classifyLine(next.text, hintsOf(next));
          if (nc.type === 'paragraph' && nc.text.length <= 40 && !/[。；;，,]$/.test(nc.text)) {
            h.title = nc.text;
            h.text = `${c.numbering} ${nc.text}`;
            h.pageEnd = linePage[unitLine[j]!]?.pageEnd ?? h.pageEnd;
            i = j;
          }
        }
      }
      headingRanks.push({ block: h, rank: c.rank });
      blocks.push(h);
    } else if (c.type === 'list-item') {
      blocks.push({ type: 'list-item', page: at.page, pageEnd: at.pageEnd, level: c.level, numbering: c.numbering, text: c.text });
    } else {
      blocks.push({ type: 'paragraph', page: at.page, pageEnd: at.pageEnd, text: c.text });
    }
  }
  const levels = levelsFromRanks(headingRanks.map((h) => h.rank));
  for (const h of headingRanks) h.block.level = levels.get(h.rank) ?? 1;
  for (const t of tocRanks) if (t.f.level === undefined && t.rank !== undefined && levels.has(t.rank)) t.f.level = levels.get(t.rank)!;

  // 4. running headers and footers, on every page of their section
  const firstPageOfUnit = (u: number) => (u < units.length ? (linePage[unitLine[u]!]?.page ?? 1) : pages.length + 1);
  sections.forEach((s, k) => {
    const from = firstPageOfUnit(s.startUnit);
    const to = k + 1 < sections.length ? firstPageOfUnit(sections[k + 1]!.startUnit) - (startsPage(units[sections[k + 1]!.startUnit]) ? 1 : 0) : pages.length;
    for (let p = from; p <= Math.max(from, to) && p <= pages.length; p++) {
      const first = p === from && s.titlePg;
      const head = first ? s.header.first : s.header.default;
      const foot = first ? s.footer.first : s.footer.default;
      if (head?.trim()) furniture.push({ kind: 'header', page: p, text: head.trim() });
      if (foot?.trim()) {
        const pageNo = foot.includes('\u0000');
        const text = foot.split('\u0000').join(String(p)).split('\u0001').join(String(pages.length)).trim();
        furniture.push({ kind: pageNo ? 'page-number' : 'footer', page: p, text });
      }
    }
  });
  furniture.sort((a, b) => a.page - b.page);
  // a page two sections share (a continuous section break) gets one header and one footer: the first section's
  const seen = new Set<string>();
  const kept = furniture.filter((f) => {
    if (f.kind === 'toc') return true;
    const key = `${f.kind === 'page-number' ? 'footer' : f.kind}:${f.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  furniture.splice(0, furniture.length, ...kept);
  return { pages, estimated, model: { blocks, furniture, pageCount: pages.length } };
}

const startsPage = (u: Unit | undefined) => !!u && (u.kind === 'p' ? u.start : !!u.rows[0]?.start);

function hintsOf(u: RawPara) {
  return {
    ...(u.outline !== undefined ? { outline: u.outline } : {}),
    ...(u.marker ? { marker: u.marker, ilvl: u.ilvl ?? 0 } : {}),
    bold: u.bold,
    centered: u.centered,
  };
}

function nextText(units: Unit[], i: number): number {
  for (let j = i + 1; j < units.length && j < i + 4; j++) {
    const u = units[j]!;
    if (u.kind !== 'p') return -1;
    if (u.text.trim()) return j;
  }
  return -1;
}

