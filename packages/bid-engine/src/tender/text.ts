/**
 * Text helpers of the offline tender engine: the line model over a file's pages, list/heading markers, Chinese numerals,
 * money and date parsing. Pure functions, no I/O.
 */
import type { TenderFileInput } from './types.js';
import { LEADER_END, pageNumberTail } from '../reading/chapters.js';
import { CN_DIGIT_VALUES, parseCnNumber, readCnDigits } from '../text/numerals.js';

/** One non-empty line of a page, with its offsets in the page text (so excerpts are verbatim slices). */
export interface Line {
  file: string;
  page: number;
  /** trimmed text */
  text: string;
  /** offset of `text` in the page text */
  start: number;
  end: number;
  /** index among the file's lines */
  i: number;
  /** lot scope ('1', '2'…) or null (whole tender) */
  lot: string | null;
}

export interface FileLines {
  file: TenderFileInput;
  lines: Line[];
  pageText: Map<number, string>;
}

export function toLines(file: TenderFileInput): FileLines {
  const lines: Line[] = [];
  const pageText = new Map<number, string>();
  for (const p of file.pages) {
    pageText.set(p.page, p.text);
    let at = 0;
    for (const raw of p.text.split('\n')) {
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      if (text) lines.push({ file: file.name, page: p.page, text, start: at + lead, end: at + lead + text.length, i: lines.length, lot: null });
      at += raw.length + 1;
    }
  }
  return { file, lines, pageText };
}

/** Verbatim slice of the page text from line `a` (offset `from` in it) to line `b` (offset `to` in it), same page only. */
export function sliceLines(fl: FileLines, a: Line, b: Line = a, from = 0, to?: number): string {
  const text = fl.pageText.get(a.page) ?? '';
  const end = b.page === a.page ? b.start + (to ?? b.text.length) : a.end;
  return text.slice(a.start + from, end).trim();
}

/** Caps an excerpt to `max` characters (still a verbatim slice). */
export function cap(s: string, max = 240): string {
  return s.length <= max ? s : s.slice(0, max);
}

/** 「十二」→ 12, 「一百零五」→ 105, 「3」→ 3; NaN when not a number (text/numerals.ts). */
export const parseCnInt = parseCnNumber;

/** 人民币大写 → yuan: 「叁佰捌拾陆万伍仟元整」→ 3865000. NaN when it is not one. */
export function parseCnMoney(s: string): number {
  const t = s.replace(/[\s人民币圆]/g, (c) => (c === '圆' ? '元' : '')).replace(/整|正$/g, '');
  const m = /^([零〇壹贰叁肆伍陆柒捌玖拾佰仟万亿一二两三四五六七八九十百千]+)元?(?:([零壹贰叁肆伍陆柒捌玖一二三四五六七八九])角)?(?:([零壹贰叁肆伍陆柒捌玖一二三四五六七八九])分)?$/.exec(t);
  if (!m) return NaN;
  let yuan = parseCnNumber(m[1]!);
  if (m[2]) yuan += CN_DIGIT_VALUES[m[2]]! * 0.1;
  if (m[3]) yuan += CN_DIGIT_VALUES[m[3]]! * 0.01;
  return Math.round(yuan * 100) / 100;
}

export interface MoneyMatch {
  value: number;
  /** the words of the amount as the text gives them */
  text: string;
  index: number;
}

const UNIT_FACTOR: Record<string, number> = { 元: 1, 万元: 1e4, 万: 1e4, 亿元: 1e8, 亿: 1e8 };

/**
 * The first amount in `s`: 「386.5万元」, 「3,865,000.00元」, 「￥50,000」, 「人民币叁佰捌拾陆万伍仟元整」. A bare number counts
 * only when `contextUnit` (e.g. from a label 「预算金额（万元）」) says what it is. Returns yuan.
 */
export function parseMoney(s: string, contextUnit?: string): MoneyMatch | null {
  const re = /(人民币|RMB|CNY|[￥¥])?\s*(\d[\d,，]*(?:\.\d+)?)\s*(亿元|万元|万|元|亿)?/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const digits = m[2]!.replace(/[,，]/g, '');
    const unit = m[3] ?? (m[1] ? '元' : contextUnit);
    if (!unit) continue;
    // 「2026年」, 「第3包」, 「90日」 are not money
    if (!m[3] && !m[1] && /^[年月日天包号%]/.test(s.slice(m.index + m[0].length))) continue;
    const value = Math.round(Number(digits) * (UNIT_FACTOR[unit] ?? 1) * 100) / 100;
    if (!Number.isFinite(value)) continue;
    return { value, text: m[0].trim(), index: m.index };
  }
  const cn = /(?:人民币)?\s*([零壹贰叁肆伍陆柒捌玖拾佰仟万亿]{2,}(?:元|圆)(?:[零壹贰叁肆伍陆柒捌玖]角)?(?:[零壹贰叁肆伍陆柒捌玖]分)?整?)/.exec(s);
  if (cn) {
    const v = parseCnMoney(cn[1]!);
    if (Number.isFinite(v)) return { value: v, text: cn[0].trim(), index: cn.index };
  }
  return null;
}

/** The unit a label gives its amounts: 「预算金额（万元）」→ '万元'. */
export function labelUnit(s: string): string | undefined {
  const m = /[（(]\s*(?:单位[:：]?\s*)?(亿元|万元|元)\s*[)）]|单位[:：]\s*(亿元|万元|元)/.exec(s);
  return m ? (m[1] ?? m[2]) : undefined;
}

export interface DateMatch {
  /** `YYYY-MM-DD HH:mm`, or `YYYY-MM-DD` without a time */
  value: string;
  text: string;
  index: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first date (and time) in `s`: 「2026年12月18日 09:30」, 「2026年12月18日上午9时30分」, 「2026-12-18 9:30」,
 * 「2026年12月18日（星期五）下午2点」 → `2026-12-18 14:00`.
 */
export function parseDateTime(s: string): DateMatch | null {
  const digits = parseDigitDateTime(s);
  const cn = parseCnDateTime(s);
  if (digits && cn) return cn.index < digits.index ? cn : digits;
  return digits ?? cn;
}

const CN_NUM = '〇零一二三四五六七八九十';
const CN_DATE = new RegExp(
  `([${CN_NUM}OＯ]{4})\\s*年\\s*([${CN_NUM}]{1,3})\\s*月\\s*([${CN_NUM}]{1,3})\\s*[日号]` +
    `(?:[\\s（）()]*(?:[（(]?\\s*(?:星期|周)[一二三四五六日天]\\s*[)）]?)?\\s*(?:北京时间)?\\s*(上午|下午|中午|晚上|早上)?\\s*([${CN_NUM}]{1,3}|\\d{1,2})\\s*[时点:：]\\s*(?:([${CN_NUM}]{1,3}|\\d{1,2})\\s*分?|(整|半))?)?`,
);

/** 「二〇二六年三月二十五日上午九时三十分」→ `2026-03-25 09:30` (the year digit by digit, month and day as numbers). */
function parseCnDateTime(s: string): DateMatch | null {
  const m = CN_DATE.exec(s);
  if (!m) return null;
  const y = readCnDigits(m[1]!);
  const mo = parseCnInt(m[2]!);
  const d = parseCnInt(m[3]!);
  if (!(y >= 1990 && y <= 2100) || !(mo >= 1 && mo <= 12) || !(d >= 1 && d <= 31)) return null;
  let value = `${y}-${pad(mo)}-${pad(d)}`;
  if (m[5]) {
    let h = parseCnInt(m[5]);
    const min = m[6] ? parseCnInt(m[6]) : m[7] === '半' ? 30 : 0;
    if ((m[4] === '下午' || m[4] === '晚上') && h < 12) h += 12;
    if (h <= 24 && min < 60) value += ` ${pad(h)}:${pad(min)}`;
  }
  return { value, text: m[0].trim(), index: m.index };
}

function parseDigitDateTime(s: string): DateMatch | null {
  const re = /(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})\s*[日号]?/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) continue;
    const rest = s.slice(m.index + m[0].length);
    const t =
      // (a form's blanks filled in: 「2025年7月30日 9 时____30____分」)
      /^[\s（）()]*(?:北京时间)?[\s]*(?:[（(]?\s*(?:星期|周)[一二三四五六日天]\s*[)）]?)?\s*(?:北京时间)?\s*(上午|下午|中午|晚上|早上)?[\s_＿]*(\d{1,2})[\s_＿]*(?:[:：时点])[\s_＿]*(?:(\d{1,2})[\s_＿]*分?|(整|半))?/.exec(
        rest,
      );
    let value = `${y}-${pad(mo)}-${pad(d)}`;
    let text = m[0];
    if (t) {
      let h = Number(t[2]);
      const min = t[3] !== undefined ? Number(t[3]) : t[4] === '半' ? 30 : 0;
      if ((t[1] === '下午' || t[1] === '晚上') && h < 12) h += 12;
      if (h <= 24 && min < 60) {
        value += ` ${pad(h)}:${pad(min)}`;
        text += t[0];
      }
    }
    return { value, text: text.trim(), index: m.index };
  }
  return null;
}

/** Words that announce a new value in an amendment: the value after them is the new one. */
export const CHANGE_WORDS = /(?:变更为|调整为|延期至|延长至|推迟至|顺延至|更改为|修改为|更正为|变更至|调整至|改为|延期到|推迟到)/;

/** The part of `s` after the last change word (「由A变更为B」→ 「B」), or `s`. */
export function afterChange(s: string): { text: string; offset: number } {
  const m = new RegExp(CHANGE_WORDS.source, 'g');
  let last: RegExpExecArray | null = null;
  for (let x = m.exec(s); x; x = m.exec(s)) last = x;
  if (!last) return { text: s, offset: 0 };
  const offset = last.index + last[0].length;
  return { text: s.slice(offset), offset };
}

// ---------------------------------------------------------------------------------------------------------------------
// Markers and headings

const CN = '一二三四五六七八九十百零〇两';

/**
 * The numbering a line starts with and its rank (smaller = higher): 0 第X部分/篇/卷/章, 1 第X节/条, 2 一、, 3 （一）,
 * 4 1. / 1、, 4.3 1.1, 4.6 1.1.1, 5 （1）/1）, 6 ①, 7 a) / A., 8 bullets.
 */
export interface Marker {
  rank: number;
  style: string;
  /** length of the marker including following spaces/punctuation */
  length: number;
}

const MARKERS: Array<{ re: RegExp; rank: number; style: string }> = [
  { re: new RegExp(`^第\\s*[${CN}\\d]+\\s*(?:部分|篇|卷|章)[\\s:：、.．]*`), rank: 0, style: 'chapter' },
  { re: new RegExp(`^第\\s*[${CN}\\d]+\\s*(?:节|条)[\\s:：、.．]*`), rank: 1, style: 'section' },
  { re: new RegExp(`^[${CN}]+\\s*[、.．](?!\\d)\\s*`), rank: 2, style: 'cn' },
  { re: new RegExp(`^[（(]\\s*[${CN}]+\\s*[)）][\\s、.．]*`), rank: 3, style: 'pcn' },
  { re: /^\d{1,2}\.\d{1,2}\.\d{1,2}(?!\.\d)[\s、.．]*/, rank: 4.6, style: 'd3' },
  { re: /^\d{1,2}\.\d{1,2}(?![.\d])[\s、]*/, rank: 4.3, style: 'd2' },
  { re: /^\d{1,2}\s*[.．、](?!\d)\s*/, rank: 4, style: 'num' },
  { re: /^[（(]\s*\d{1,2}\s*[)）][\s、.．]*/, rank: 5, style: 'pnum' },
  { re: /^\d{1,2}\s*[)）]\s*/, rank: 5.1, style: 'numparen' },
  { re: /^[①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳]\s*/, rank: 6, style: 'circle' },
  { re: /^[a-zA-Z]\s*[.)）、]\s*/, rank: 7, style: 'alpha' },
  { re: /^[•·●▪◆■□○-]\s*/, rank: 8, style: 'bullet' },
];

export function markerOf(text: string): Marker | null {
  for (const m of MARKERS) {
    const x = m.re.exec(text);
    if (x) return { rank: m.rank, style: m.style, length: x[0].length };
  }
  return null;
}

/** The text without its leading numbering. */
export function stripMarker(text: string): string {
  const m = markerOf(text);
  return (m ? text.slice(m.length) : text).trim();
}

/** A table-of-contents entry: dot leaders then a page number (read from the end: reading/chapters.ts pageNumberTail). */
export function isTocLine(text: string): boolean {
  const tail = pageNumberTail(text.trimEnd());
  if (tail && !tail.bracketed && LEADER_END.test(tail.lead.slice(-4))) return true;
  // a numbered clause title with its page in brackets or after a tab (「2.1初步评审标准(37)」, 「3.2详细评审标准\t28」): a
  // TOC entry printed without leaders — never a scoring row
  return /^(?:第\s*[一二三四五六七八九十\d]+\s*[章节部分]|\d{1,2}(?:\.\d{1,2})+)\s*[\u4e00-\u9fa5][^\t，。；:：]{1,30}?(?:\s*[(（]\s*\d{1,3}\s*[)）]|\t\s*\d{1,3})\s*$/.test(
    text.trim(),
  );
}

/** A short line without sentence punctuation inside: a heading or a label. */
export function isHeadingLike(text: string, max = 32): boolean {
  const body = text.replace(/[：:]\s*$/, '');
  return body.length <= max && !/[，。；;,]/.test(body) && !isTocLine(text);
}

/** Compact form for comparisons: no whitespace, no leading numbering, no trailing punctuation. */
export function compact(s: string): string {
  return stripMarker(s.replace(/[\s\u3000]+/g, ' ').trim())
    .replace(/\s+/g, '')
    .replace(/[；;。，,：:、]+$/, '');
}

/** Removes trailing punctuation and wrapping whitespace. */
export function cleanItem(s: string): string {
  return s.replace(/\t+/g, ' ').replace(/^[\s：:，,、]+/, '').replace(/[\s；;。，,、]+$/, '').trim();
}
