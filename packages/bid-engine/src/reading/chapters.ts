import type { PageText } from './paginate.js';
import type { Chapter } from './types.js';
import { CN_NUMERAL_CHARS } from '../text/numerals.js';

/**
 * Chapter detection for Chinese tenders: 第X部分/篇/卷, 第X章, 第X节, 一、, （一）, 1. / 1.1 / 1.1.1, each with the page
 * it is on. Levels follow the kinds of heading the document actually uses (a tender with 第X章 and 一、 gets levels 1
 * and 2; one that starts at 一、 gets level 1 for it). Table-of-contents entries (dot leaders and a page number, or a
 * page titled 目录) are not headings, and running headers/footers repeated on most pages are ignored.
 */

export const CN_NUM = CN_NUMERAL_CHARS;
const EDGE_LINES = 3;

/**
 * A line's identities across pages: the line itself (whitespace dropped), and — for a line with numbers — the line
 * with its numbers made generic plus the offset of its first number from the page number, so 「第 3 页 共 40 页」 on
 * page 3 and 「第 4 页 共 40 页」 on page 4 are one footer while body lines that merely contain numbers are not.
 */
export function runningKeys(line: string, page: number): string[] {
  const exact = line.replace(/\s+/g, '');
  if (!exact) return [];
  const first = /\d+/.exec(exact);
  if (!first) return [exact];
  const generic = exact.replace(/\d+/g, '#');
  return [exact, `${generic}|${Number(first[0]) - page}`];
}

export const PAGE_NUMBER_LINE =
  /^(?:第\s*\d+\s*页(?:\s*[,，/]?\s*共\s*\d+\s*页)?|共\s*\d+\s*页\s*第\s*\d+\s*页|[-—–]\s*\d+\s*[-—–]|\d+\s*\/\s*\d+|\d{1,4}|page\s*\d+(?:\s*of\s*\d+)?)$/i;

function edgeIndexes(lines: string[]): number[] {
  const idx: number[] = [];
  const nonEmpty = lines.map((l, i) => (l.trim() ? i : -1)).filter((i) => i >= 0);
  for (const i of nonEmpty.slice(0, EDGE_LINES)) idx.push(i);
  for (const i of nonEmpty.slice(-EDGE_LINES)) if (!idx.includes(i)) idx.push(i);
  return idx;
}

/** Keys of lines that sit at the top or bottom of at least 40% of the pages (and of 3 pages or more). */
export function findRunningLines(pages: PageText[]): Set<string> {
  const counts = new Map<string, number>();
  for (const p of pages) {
    const lines = p.text.split('\n');
    const seen = new Set<string>();
    for (const i of edgeIndexes(lines)) {
      for (const key of runningKeys(lines[i]!, p.page)) {
        if (seen.has(key)) continue;
        seen.add(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  const min = Math.max(3, Math.ceil(pages.length * 0.4));
  const out = new Set<string>();
  for (const [k, n] of counts) if (n >= min) out.add(k);
  return out;
}

/** The pages without their running headers/footers and bare page-number lines (top and bottom lines only). */
export function stripRunningLines(pages: PageText[], running: Set<string> = findRunningLines(pages)): PageText[] {
  return pages.map((p) => {
    const lines = p.text.split('\n');
    const drop = new Set<number>();
    for (const i of edgeIndexes(lines)) {
      const l = lines[i]!.trim();
      if (PAGE_NUMBER_LINE.test(l) || runningKeys(l, p.page).some((k) => running.has(k))) drop.add(i);
    }
    if (drop.size === 0) return p;
    return { ...p, text: lines.filter((_, i) => !drop.has(i)).join('\n').trim() };
  });
}

/**
 * A line's end as a table-of-contents entry's: a page number (1–4 digits, perhaps in brackets), the whitespace before it
 * and what stands before that. Read from the end in linear time: the leader patterns as one regular expression
 * (`(?:_{4,}|\s{2,}|…)\s*\d{1,4}$`) backtrack over every long run of spaces or underscores — a form's 1,000-character
 * blank line took seconds to test.
 */
export function pageNumberTail(line: string): { lead: string; gap: string; bracketed: boolean } | null {
  const m = /[（(]?\d{1,4}[)）]?$/.exec(line);
  if (!m || /\d/.test(line.charAt(m.index - 1))) return null;
  const before = line.slice(0, m.index);
  const lead = before.trimEnd();
  return { lead, gap: before.slice(lead.length), bracketed: /[（()）]/.test(m[0]) };
}

/** A leader's last characters: dots, ellipses, middle dots, dashes, underscores. */
export const LEADER_END = /(?:\.{3}|…|·{3}|．{3}|-{4}|_{4}|—{3})$/;

/** A table-of-contents entry: dot leaders (or a wide gap) then a page number at the end. */
export function isTocLine(line: string): boolean {
  const tail = pageNumberTail(line.trim());
  if (!tail) return false;
  if (tail.gap.length >= 2 || tail.gap.includes('\t') || LEADER_END.test(tail.lead.slice(-4))) return true;
  return !tail.bracketed && /[…．.·]{2}$/.test(tail.lead);
}

/** 0 部分/篇/卷, 1 章, 2 节, 3 一、, 4 （一）, 5+ 1. / 1.1 / 1.1.1 */
export interface HeadingMatch {
  rank: number;
  title: string;
  /** The marker alone (第一章) with no title text on the line. */
  bare: boolean;
}

export const RE_PART = new RegExp(`^第\\s*([${CN_NUM}\\d]+)\\s*(部分|篇|卷|章|节)\\s*[：:、.．]?\\s*(.*)$`);
export const RE_CN_ITEM = new RegExp(`^([${CN_NUM}]{1,3})\\s*[、.．]\\s*(.+)$`);
export const RE_CN_PAREN = new RegExp(`^[（(]\\s*([${CN_NUM}]{1,3})\\s*[）)]\\s*(.+)$`);
export const RE_NUM = /^(\d{1,2}(?:[.．]\d{1,2}){0,3})(?:[.．、](?!\d)|\s+|(?=[\u4e00-\u9fff]))\s*(.+)$/;

export function titleOk(title: string, max: number): boolean {
  const t = title.trim();
  if (!t || t.length > max) return false;
  if (/[。；;，,]$/.test(t) || t.includes('。')) return false;
  if (!/[\u4e00-\u9fffA-Za-z]/.test(t)) return false;
  // "3.5 万元", "1.2 倍" — a number with a unit is not a heading.
  if (/^(?:万|亿|元|倍|%|％|个|年|月|日|天|小时|米|公里|平方|kg|km)/.test(t)) return false;
  return true;
}

/** Classifies one line as a heading, or null. */
export function parseHeading(rawLine: string): HeadingMatch | null {
  const line = rawLine.replace(/\s+$/, '').replace(/^[\s\u3000]+/, '');
  if (!line || line.includes('\t') || line.length > 60) return null;
  let m = RE_PART.exec(line);
  if (m) {
    const kind = m[2]!;
    const rank = kind === '章' ? 1 : kind === '节' ? 2 : 0;
    const title = m[3]!.trim();
    const marker = line.slice(0, line.length - m[3]!.length).trim();
    if (!title) return { rank, title: marker, bare: true };
    if (!titleOk(title, 50)) return null;
    return { rank, title: `${marker} ${title}`.replace(/\s+/g, ' '), bare: false };
  }
  m = RE_CN_ITEM.exec(line);
  if (m) return titleOk(m[2]!, 30) ? { rank: 3, title: line, bare: false } : null;
  m = RE_CN_PAREN.exec(line);
  if (m) return titleOk(m[2]!, 30) ? { rank: 4, title: line, bare: false } : null;
  m = RE_NUM.exec(line);
  if (m) {
    const depth = m[1]!.split(/[.．]/).length;
    // A bare "1 xxx" without a dot is too ambiguous (table rows, amounts): only dotted forms count at depth 1.
    if (depth === 1 && !/^\d{1,2}[.．、]/.test(line)) return null;
    if (/^0/.test(m[1]!)) return null;
    return titleOk(m[2]!, 30) ? { rank: 4 + depth, title: line, bare: false } : null;
  }
  return null;
}

interface Candidate {
  rank: number;
  title: string;
  page: number;
}

export function detectChapters(pages: PageText[]): Chapter[] {
  const clean = stripRunningLines(pages);
  const found: Candidate[] = [];
  for (const p of clean) {
    const lines = p.text.split('\n').map((l) => l.trim());
    const tocLines = lines.filter(isTocLine).length;
    const tocPage = lines.some((l) => /^目\s*录$/.test(l)) || tocLines >= 3;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (!line || isTocLine(line)) continue;
      if (tocPage && /\s\d{1,4}$/.test(line)) continue;
      const h = parseHeading(line);
      if (!h) continue;
      let title = h.title;
      if (h.bare) {
        // "第一章" alone on its line, its name on the next one (chapter title pages).
        const next = lines.slice(i + 1).find((l) => l !== '');
        if (next && !parseHeading(next) && !isTocLine(next) && titleOk(next, 40)) {
          title = `${h.title} ${next}`;
        }
      }
      found.push({ rank: h.rank, title: title.replace(/\s+/g, ' '), page: p.page });
    }
  }
  const ranks = [...new Set(found.map((c) => c.rank))].sort((a, b) => a - b);
  return found.map((c) => ({ title: c.title, level: ranks.indexOf(c.rank) + 1, page: c.page }));
}
