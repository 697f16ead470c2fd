import { DocumentError } from './errors.js';
import { CHARS_PER_PAGE, normalizeText, paginate, type PageText } from './paginate.js';
import { assertSafeZip, listZipEntries, readZipEntry } from './zip.js';

/**
 * DOCX: archive-bomb checks on the central directory first, then every XML part is inflated with a hard cap (so a
 * directory that lies about sizes fails too), then mammoth extracts the raw text. Pages come from the document's own
 * breaks: Word's `w:lastRenderedPageBreak` marks (where Word last laid out a page) are trusted as they are; explicit
 * breaks (`w:br w:type="page"`, `w:pageBreakBefore`) split the text, long stretches between them are estimated; a
 * document without any is estimated at ~1,800 characters a page. Table rows become one line with cells split by tabs.
 */

export interface ParagraphInfo {
  /** A new page starts at this paragraph. */
  pageStart: boolean;
  /** ...because of a rendered break (Word laid it out), not only an explicit one. */
  rendered: boolean;
  /** Outermost table row and cell the paragraph is in, if any. */
  row?: number;
  cell?: number;
}

/**
 * Scans document.xml for paragraphs in the order mammoth emits them (a paragraph is emitted when it closes, so a
 * text-box paragraph comes before the paragraph holding it) and the page breaks each carries. mc:Choice branches are
 * skipped like mammoth does (it reads mc:Fallback).
 */
export function scanParagraphs(xml: string): ParagraphInfo[] {
  const out: ParagraphInfo[] = [];
  const stack: Array<{ text: boolean; startBreak: boolean; endBreak: boolean; rendered: boolean; row?: number; cell?: number }> = [];
  let choice = 0;
  let tableDepth = 0;
  let row = -1;
  let cell = -1;
  let pendingBreak = false; // a break after the last text of the previous paragraph
  let pendingRendered = false;
  const re = /<(\/?)(w:p|w:t|w:br|w:lastRenderedPageBreak|w:pageBreakBefore|mc:Choice|w:tbl|w:tr|w:tc|w:body)\b([^>]*?)(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    const [, close, tag, attrs = '', selfClose] = m;
    if (tag === 'mc:Choice') {
      if (selfClose) continue;
      choice += close ? -1 : 1;
      continue;
    }
    if (choice > 0) continue;
    const top = stack[stack.length - 1];
    switch (tag) {
      case 'w:tbl':
        if (!selfClose) tableDepth += close ? -1 : 1;
        break;
      case 'w:tr':
        if (!close && tableDepth === 1) row++;
        break;
      case 'w:tc':
        if (!close && tableDepth === 1) cell++;
        break;
      case 'w:p': {
        if (!close) {
          const p = {
            text: false,
            startBreak: pendingBreak,
            endBreak: false,
            rendered: pendingRendered,
            ...(tableDepth > 0 ? { row, cell } : {}),
          };
          pendingBreak = false;
          pendingRendered = false;
          if (selfClose) out.push({ pageStart: p.startBreak, rendered: p.rendered, row: p.row, cell: p.cell });
          else stack.push(p);
        } else {
          const p = stack.pop();
          if (!p) break;
          out.push({ pageStart: p.startBreak, rendered: p.rendered, row: p.row, cell: p.cell });
          if (p.endBreak) {
            pendingBreak = true;
            pendingRendered ||= p.rendered;
          }
        }
        break;
      }
      case 'w:t':
        if (!close && !selfClose && top) top.text = true;
        break;
      case 'w:pageBreakBefore':
        if (top && !/w:val="(false|0|off)"/.test(attrs)) top.startBreak = true;
        break;
      case 'w:br':
        if (!/w:type="page"/.test(attrs)) break;
      // falls through
      case 'w:lastRenderedPageBreak':
        if (!top) break;
        if (top.text) {
          top.endBreak = true;
        } else {
          top.startBreak = true;
        }
        if (tag === 'w:lastRenderedPageBreak') top.rendered = true;
        break;
    }
  }
  // The first paragraph never starts a new page.
  if (out[0]) out[0].pageStart = false;
  return out;
}

/** Joins paragraphs into lines: the cells of one table row on one line, tab-separated. */
function buildLines(paras: string[], info: ParagraphInfo[] | null): { lines: string[]; starts: boolean[] } {
  const lines: string[] = [];
  const starts: boolean[] = [];
  let lastRow: number | undefined;
  let lastCell: number | undefined;
  for (let i = 0; i < paras.length; i++) {
    const text = (paras[i] ?? '').replace(/\s+$/, '');
    const inf = info?.[i];
    const start = !!inf?.pageStart;
    if (inf?.row !== undefined && inf.row === lastRow && !start) {
      if (text) {
        const sep = inf.cell === lastCell ? ' ' : '\t';
        lines[lines.length - 1] += sep + text;
      } else if (inf.cell !== lastCell) {
        lines[lines.length - 1] += '\t';
      }
    } else {
      lines.push(text);
      starts.push(start);
    }
    lastRow = inf?.row;
    lastCell = inf?.cell;
  }
  return { lines: lines.map((l) => l.replace(/\t+$/, '')), starts };
}

export async function readDocx(buf: Buffer, opts: { charsPerPage?: number } = {}): Promise<{ pages: PageText[]; estimated: boolean }> {
  const entries = listZipEntries(buf);
  assertSafeZip(entries, buf.length);
  let documentXml: string | null = null;
  for (const e of entries) {
    if (!/\.(xml|rels)$/i.test(e.name)) continue;
    const data = readZipEntry(buf, e); // holds the entry to its declared size
    if (e.name === 'word/document.xml') documentXml = data.toString('utf8');
  }
  if (documentXml === null) throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（DOCX 缺少正文）');

  const mammoth = (await import('mammoth')).default;
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ buffer: buf })).value;
  } catch (e) {
    throw new DocumentError('CORRUPT', '文件已损坏或格式不正确，无法读取（DOCX 无法解析）', { cause: e });
  }
  const perPage = opts.charsPerPage ?? CHARS_PER_PAGE;
  const paras = raw.replace(/\r\n?/g, '\n').replace(/\n\n$/, '').split('\n\n');
  const scanned = scanParagraphs(documentXml);
  const aligned = scanned.length === paras.length;
  const { lines, starts } = buildLines(paras, aligned ? scanned : null);

  const rendered = aligned && scanned.some((p) => p.rendered);
  const segments: string[] = [];
  let cur: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (starts[i] && i > 0) {
      segments.push(cur.join('\n'));
      cur = [];
    }
    cur.push(lines[i]!);
  }
  segments.push(cur.join('\n'));

  if (rendered) {
    // Word's own layout: one segment is one page, as Word last showed it.
    const pages = segments.map((s, i) => ({ page: i + 1, text: normalizeText(s) }));
    return { pages, estimated: false };
  }
  const pages = paginate(segments, perPage);
  return { pages, estimated: segments.length === 1 || pages.length !== segments.length };
}
