import { CN_NUM, isTocLine, RE_CN_ITEM, RE_CN_PAREN, RE_NUM, RE_PART, titleOk } from '../chapters.js';

/**
 * One paragraph or text line into a block kind, shared by every reader: headings by their printed numbering (the
 * patterns chapters.ts detects chapters with: 第X部分/章/节, 一、, （一）, 1. / 1.1 / 1.1.1) or by what the file says
 * (a Word heading style or outline level), list items by their markers, the rest paragraphs. Heading ranks are the
 * kinds of numbering (0 部分, 1 章, 2 节, 3 一、, 4 （一）, 5+ 1./1.1…); a document's levels are its ranks in order.
 */

export interface LineHints {
  /** 0-based outline level the file gives (heading style, w:outlineLvl) */
  outline?: number;
  /** automatic numbering rendered by the reader ('第三章', '（2）'), already at the start of the text */
  marker?: string;
  /** 0-based list level of the automatic numbering */
  ilvl?: number;
  bold?: boolean;
  centered?: boolean;
}

export type Classified =
  | { type: 'heading'; rank: number; numbering: string; title: string; text: string; bare: boolean }
  | { type: 'list-item'; level: number; numbering: string; text: string }
  | { type: 'paragraph'; text: string };

interface Numbered {
  rank: number;
  numbering: string;
  rest: string;
}

/** The printed numbering at the start of a line, with its heading rank. */
export function splitNumbering(line: string): Numbered | null {
  let m = RE_PART.exec(line);
  if (m) {
    const kind = m[2]!;
    const rank = kind === '章' ? 1 : kind === '节' ? 2 : 0;
    const rest = m[3]!.trim();
    return { rank, numbering: line.slice(0, line.length - m[3]!.length).trim(), rest };
  }
  m = RE_CN_ITEM.exec(line);
  if (m) return { rank: 3, numbering: line.slice(0, line.length - m[2]!.length).trim(), rest: m[2]!.trim() };
  m = RE_CN_PAREN.exec(line);
  if (m) return { rank: 4, numbering: line.slice(0, line.length - m[2]!.length).trim(), rest: m[2]!.trim() };
  m = RE_NUM.exec(line);
  if (m && !/^0/.test(m[1]!)) {
    const depth = m[1]!.split(/[.．]/).length;
    if (depth === 1 && !/^\d{1,2}[.．、]/.test(line)) return null;
    return { rank: 4 + depth, numbering: line.slice(0, line.length - m[2]!.length).trim(), rest: m[2]!.trim() };
  }
  return null;
}

const LIST_MARKERS: Array<[RegExp, number]> = [
  [/^([（(]\s*\d{1,3}\s*[）)])\s*(.+)$/s, 2],
  [/^(\d{1,3}[)）])\s*(.+)$/s, 2],
  [/^([\u2460-\u2473\u2776-\u277f])\s*(.+)$/s, 3],
  [/^([a-zA-Z][.)）、])\s*(.+)$/s, 3],
  [/^([（(][a-zA-Z][）)])\s*(.+)$/s, 3],
  [/^([•●○■◆◇▪➢►▶❖·-])\s*(.+)$/s, 1], // not ☑ □ √: check boxes of a form, not bullets
  [new RegExp(`^([（(][${CN_NUM}]{1,3}[）)])\\s*(.+)$`, 's'), 2],
  [new RegExp(`^([${CN_NUM}]{1,3}[、.．])\\s*(.+)$`, 's'), 1],
  [/^(\d{1,3}[.．、](?!\d))\s*(.+)$/s, 1],
];

/** A typed list marker at the start of a line ('（1）', '①', 'a)', '●', '1.'). */
export function splitListMarker(line: string): { numbering: string; text: string; level: number } | null {
  for (const [re, level] of LIST_MARKERS) {
    const m = re.exec(line);
    if (m) return { numbering: m[1]!, text: m[2]!.trim(), level };
  }
  return null;
}

const MAX_HEADING = 60;
/** an unnumbered bold centered heading ranks below 第X节 and above 一、 */
const UNNUMBERED_RANK = 2.5;
/** '附件3', '附表 2：' — the numbering of a form or annex heading (its level comes from the file, not the pattern) */
const ATTACHMENT = new RegExp(`^((?:附件|附表|附录|格式|表)\\s*[\\d${CN_NUM}]+\\s*[：:、.．]?)`);

export function classifyLine(raw: string, hints: LineHints = {}): Classified {
  const text = raw.replace(/^[\s\u3000]+/, '').replace(/\s+$/, '');
  if (!text) return { type: 'paragraph', text };
  // a form line with blanks to fill in ('电    话：______') is never a heading
  const single = !text.includes('\n') && !text.includes('\t') && !/[_＿]{3,}/.test(text);
  const num = single ? splitNumbering(text) : null;
  // What the file says first: a heading style or outline level makes a heading unless it is plainly body text.
  if (hints.outline !== undefined && single && text.length <= 100 && !/[。；;]$/.test(text) && /[\u4e00-\u9fffA-Za-z]/.test(text)) {
    const numbering = hints.marker || num?.numbering || ATTACHMENT.exec(text)?.[1]?.trim() || '';
    const title = numbering ? text.slice(text.indexOf(numbering) + numbering.length).trim() : text;
    const rank = num && (!hints.marker || num.numbering === hints.marker) ? num.rank : hints.outline + 1;
    return { type: 'heading', rank, numbering, title, text, bare: !title };
  }
  if (num && text.length <= MAX_HEADING) {
    const strong = !!hints.bold || !!hints.centered;
    // '1. xxx' is a list item unless it looks like a heading; so is an automatically numbered '1.1 xxx'
    const ok =
      num.rank <= 2
        ? !num.rest || titleOk(num.rest, 50)
        : num.rank === 5 || (num.rank > 5 && hints.marker)
          ? titleOk(num.rest, 30) && strong
          : titleOk(num.rest, 30);
    if (ok && !isTocLine(text)) {
      return { type: 'heading', rank: num.rank, numbering: num.numbering, title: num.rest, text, bare: !num.rest };
    }
  }
  // a short line set bold and centered, with no numbering: a heading typed without a style ('投标人须知前附表')
  if (
    !num &&
    !hints.marker &&
    hints.bold &&
    hints.centered &&
    single &&
    text.replace(/\s/g, '').length >= 4 && // not a '公章' stamp placeholder
    text.length <= 25 &&
    /[\u4e00-\u9fff]/.test(text) &&
    !/[。，；：:,;、]/.test(text) && // not a sentence, not a '项目名称：…' cover line
    !/^\d{4}\s*年|^[（(].*[)）]$|(公司|分行|支行)$/.test(text) // not a date, a remark or the issuer's name on a cover
  ) {
    const numbering = ATTACHMENT.exec(text)?.[1]?.trim() ?? '';
    return { type: 'heading', rank: UNNUMBERED_RANK, numbering, title: text.slice(numbering.length).trim(), text, bare: false };
  }
  if (hints.marker) {
    const rest = text.startsWith(hints.marker) ? text.slice(hints.marker.length).trim() : text;
    return { type: 'list-item', level: (hints.ilvl ?? 0) + 1, numbering: hints.marker, text: rest };
  }
  const li = single || text.indexOf('\n') > 8 ? splitListMarker(text) : null;
  if (li && li.text) return { type: 'list-item', level: li.level, numbering: li.numbering, text: li.text };
  return { type: 'paragraph', text };
}

/** '目录' / '目 录' as a title line. */
export const isTocTitle = (line: string) => /^目\s*录[:：]?$/.test(line.trim());

/** A TOC entry: its text without leaders and page number, and the page it points to. */
export function tocEntry(line: string): { text: string; target?: number } {
  const t = line.trim();
  const m = /^(.*?)[\s.…·．\-_—⋯]*[（(]?(\d{1,4})[)）]?$/.exec(t);
  if (m && m[1] && (isTocLine(t) || /\t/.test(t))) return { text: m[1].replace(/\t+/g, ' ').trim(), target: Number(m[2]) };
  return { text: t.replace(/[\s.…·．_⋯]+$/, '').replace(/\t+/g, ' ') };
}

/** Dense levels: the n-th smallest rank used becomes level n. */
export function levelsFromRanks(ranks: number[]): Map<number, number> {
  const sorted = [...new Set(ranks)].sort((a, b) => a - b);
  return new Map(sorted.map((r, i) => [r, i + 1]));
}
