/**
 * Source checks of the LLM's findings. An excerpt counts when it is found on the page it cites (the verifier of the rule
 * card, whitespace-insensitive), or on the page before or after (models are often off by one at page breaks: the page is
 * then corrected). A second, width-insensitive pass (NFKC: full-width ：（）０-９ vs half-width, curly vs straight quotes)
 * replaces a near-verbatim excerpt with the page's own words, so every stored excerpt passes `verifyExcerpt`.
 *
 * Found is not enough: the excerpt must also support the value (the amount or date is in it, the name is in it, the clause
 * shares most of its words). A real excerpt cited for a made-up value is as unverified as a made-up excerpt.
 */
import type { CardFactKey } from '@btz/shared';
import type { PromptFile } from './llm-context.js';
import type { Finding, FindingSource } from './llm-tasks.js';
import { parseDateTime, parseMoney } from '../text.js';
import { verifyExcerpt } from '../verify.js';
import { bigramSet } from '../../text/ngrams.js';
import { containment, dice } from '../../text/similarity.js';

const QUOTES: Record<string, string> = { '“': '"', '”': '"', '„': '"', '‘': "'", '’': "'", '「': '"', '」': '"', '『': '"', '』': '"', '〔': '[', '〕': ']' };
const WS = /[\s\u3000\u00a0\u200b\ufeff]/;

/** `s` without whitespace, width-folded and lower-cased, with the index in `s` each folded character came from. */
export function fold(s: string): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (WS.test(c)) continue;
    const code = c.charCodeAt(0);
    let f: string;
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < s.length) {
      f = s.slice(i, i + 2);
      for (const ch of f) {
        text += ch;
        at.push(i);
      }
      i++;
      continue;
    }
    f = QUOTES[c] ?? c.normalize('NFKC').toLowerCase();
    for (const ch of f) {
      if (WS.test(ch)) continue;
      text += ch;
      at.push(i);
    }
  }
  return { text, at };
}

export const folded = (s: string) => fold(s).text;

/** Page markers, 「（略）」, table pipes and wrapping quotes or ellipses a model may copy along with the excerpt. */
export function cleanExcerpt(ex: string): string {
  return ex
    .replace(/【(?:文件\s*\d+\s*)?第\s*\d+\s*页】(?:（节选）)?|〔第\s*\d+\s*页〕/g, '\n')
    // a row of a Markdown table copied whole: its pipes and line breaks are not the page's text
    .replace(/<br\s*\/?>|\s*\|\s*-{3,}[-|\s]*/g, '\n')
    .replace(/\s*[|｜]\s*/g, '\t')
    .replace(/（略）/g, '\n')
    .trim()
    .replace(/^(?:[“"「『'‘]|\.{3,}|…+)+|(?:[”"」』'’]|\.{3,}|…+)+$/g, '')
    .trim();
}

/** The verbatim slice of `pageText` that `excerpt` stands for (whitespace- and width-insensitive), or null. */
export function findOnPage(pageText: string, excerpt: string): string | null {
  const e = folded(excerpt);
  if (e.length < 4) return null;
  const f = fold(pageText);
  const k = f.text.indexOf(e);
  if (k < 0) return null;
  return pageText.slice(f.at[k]!, f.at[k + e.length - 1]! + 1);
}

export interface Located {
  file: string;
  page: number;
  excerpt: string;
  /** found on a page of the file (maybe a neighbour of the cited one) */
  found: boolean;
  /** the page was corrected to a neighbour */
  moved: boolean;
}

/** Finds a finding's excerpt: the cited page, then ±1, in the cited file (then the other files, when none was cited). */
export function locate(files: readonly PromptFile[], src: FindingSource): Located {
  const ex = cleanExcerpt(src.excerpt);
  // a whole row copied from a table that runs over pages starts with the prompt's 页 column, which is not page text
  const tries = /^\d{1,4}\t/.test(ex) ? [ex, ex.replace(/^\d{1,4}\t/, '')] : [ex];
  const cited = files.find((f) => f.no === src.file) ?? files[0];
  const order = cited ? [cited, ...(src.file ? [] : files.filter((f) => f !== cited))] : [];
  for (const f of order) {
    for (const page of [src.page, src.page - 1, src.page + 1]) {
      const p = f.file.pages.find((x) => x.page === page);
      if (!p) continue;
      for (const t of tries) {
        if (folded(t).length >= 4 && verifyExcerpt(f.file.pages, page, t)) return { file: f.file.name, page, excerpt: t, found: true, moved: page !== src.page };
        const slice = findOnPage(p.text, t);
        if (slice) return { file: f.file.name, page, excerpt: slice.trim(), found: true, moved: page !== src.page };
      }
    }
  }
  return { file: cited?.file.name ?? '', page: src.page, excerpt: ex || src.excerpt, found: false, moved: false };
}

// ---------------------------------------------------------------------------------------------------------------------
// Does the excerpt support the value?

const PUNCT = /[，。；：、！？,.;:!?"'()（）【】[\]《》<>\-—_…·•●★▲☆△*#/\\|]+/g;
/** Compact comparison form: folded, no punctuation, no leading numbering. */
export function norm(s: string): string {
  return folded(s.replace(/^\s*(?:\d{1,3}(?:\.\d{1,3})*\s*[.、．)）]?|[（(]\s*\d{1,3}\s*[)）]|[一二三四五六七八九十]{1,3}\s*[、.．])\s*/, '')).replace(PUNCT, '');
}

/** Share of the shorter text's character pairs found in the longer (1 = contained). */
export function overlap(a: string, b: string): number {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return 0;
  const [s, l] = x.length <= y.length ? [x, y] : [y, x];
  if (l.includes(s)) return 1;
  return containment(bigramSet(s), bigramSet(l));
}

/** Dice similarity of the character pairs of two texts (for matching items between the two extractors). */
export function similarity(a: string, b: string): number {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const [s, l] = x.length <= y.length ? [x, y] : [y, x];
  if (s.length >= 4 && l.includes(s) && s.length / l.length >= 0.5) return 0.95;
  return dice(bigramSet(x), bigramSet(y));
}

export function amountsIn(s: string): number[] {
  const out: number[] = [];
  let rest = s;
  for (let guard = 0; guard < 20; guard++) {
    const m = parseMoney(rest);
    if (!m) break;
    out.push(m.value);
    rest = rest.slice(m.index + Math.max(1, m.text.length));
  }
  return out;
}

export function datesIn(s: string): string[] {
  const out: string[] = [];
  let rest = s;
  for (let guard = 0; guard < 20; guard++) {
    const m = parseDateTime(rest);
    if (!m) break;
    out.push(m.value);
    rest = rest.slice(m.index + Math.max(1, m.text.length));
  }
  return out;
}

export const MONEY_KEYS = new Set<CardFactKey>(['budget', 'ceilingPrice']);
export const DATE_KEYS = new Set<CardFactKey>(['deadline', 'openingTime']);

/** The normalised value of a fact finding: yuan for money, `YYYY-MM-DD HH:mm` for times, the text otherwise. */
export function factValue(f: Extract<Finding, { kind: 'fact' }>): { value: string | number | null; amount?: number } {
  if (MONEY_KEYS.has(f.key)) {
    const m = parseMoney(f.text);
    const v = m ? m.value : (f.amount ?? null);
    return { value: v };
  }
  if (DATE_KEYS.has(f.key)) {
    const d = parseDateTime(f.text) ?? (f.date ? parseDateTime(f.date) : null);
    return { value: d ? d.value : null };
  }
  if (f.key === 'bidBond') {
    const m = parseMoney(f.text);
    const amount = m ? m.value : (f.amount ?? undefined);
    return { value: f.text, ...(amount !== undefined && amount !== null ? { amount } : {}) };
  }
  return { value: f.text };
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.5;

/** Whether a found excerpt backs the finding's value. */
export function supports(f: Finding, excerpt: string): boolean {
  const ex = folded(excerpt);
  switch (f.kind) {
    case 'fact': {
      if (ex.includes(folded(f.text))) return true;
      const v = factValue(f);
      if (MONEY_KEYS.has(f.key)) return typeof v.value === 'number' && amountsIn(excerpt).some((a) => near(a, v.value as number));
      if (DATE_KEYS.has(f.key)) return typeof v.value === 'string' && datesIn(excerpt).some((d) => d === v.value || d.startsWith(`${v.value} `));
      if (f.key === 'bidBond') return v.amount !== undefined && amountsIn(excerpt).some((a) => near(a, v.amount!));
      return false;
    }
    case 'clause':
    case 'term':
      return overlap(f.text, excerpt) >= 0.6;
    case 'scoring':
      return ex.includes(folded(f.item)) || overlap(f.item, excerpt) >= 0.75 || (!!f.criteria && overlap(f.criteria, excerpt) >= 0.6);
    case 'part':
      return ex.includes(folded(f.title)) || overlap(f.title, excerpt) >= 0.75;
    case 'lot':
      return overlap(f.name, excerpt) >= 0.6 || (!!f.id && ex.includes(folded(f.id)) && /标段|包/.test(excerpt));
  }
}
