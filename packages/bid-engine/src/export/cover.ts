import type { TenderCard } from '@btz/shared';
import { bidWords } from '../tender/rules/forms.js';

/**
 * The bid's cover, from the tender card and the bidder's facts — never from the upload's file name. Where the tender
 * prescribes a cover form (the 封面 part of the composition, its text from the format chapter), its lines are followed in
 * their order and filled: 「项目名称：」 gets the project, 「投标人：（盖章）」 the bidder with the note kept for the seal,
 * 「法定代表人或授权代表：（签字）」 stays blank for the signature, 「日期：」 the date. Otherwise a standard cover: project name,
 * 投标文件 (the tender's own word: 响应文件…), then 项目编号 / 采购人 / 投标人 (供应商…) / 日期. What the card and the facts do not give is a 【待填写：…】 placeholder.
 */

export type CoverCard = Partial<Pick<TenderCard, 'projectName' | 'projectNumber' | 'purchaser' | 'agency' | 'deadline' | 'lot' | 'lots' | 'forms' | 'composition'>>;

export interface CoverBidder {
  name?: string;
  legalRep?: string;
  address?: string;
  contacts?: string;
}

export interface CoverLine {
  kind: 'title' | 'field';
  /** title: the line; field: the label as printed (without its colon) */
  text: string;
  /** field: the filled value ('' = left blank to sign) */
  value?: string;
  /** field: the form's note kept after the value: 「（盖单位章）」 */
  note?: string;
}

/** A cover title line: 封面 / 封皮 as the part's name (「投标文件封面格式」「（一）投标文件封面样式」). */
export const COVER_PART = /封面|封皮/;

/** 「2026-03-25 10:00」 → 「2026年3月25日」. */
export function cnDate(value: string): string | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(value.trim());
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : null;
}

export function todayCn(now = new Date()): string {
  return `${now.getFullYear()}年${now.getMonth() + 1}月${now.getDate()}日`;
}

function factText(f: { value?: unknown; text?: string } | null | undefined): string {
  if (!f) return '';
  return (typeof f.value === 'string' ? f.value : (f.text ?? String(f.value ?? ''))).trim();
}

/**
 * The date printed on the cover: the one given, else the date of the bid deadline (the day the bid is submitted), else
 * today. `source` says which.
 */
export function coverDate(card: CoverCard | null | undefined, given?: string, now = new Date()): { text: string; source: 'given' | 'deadline' | 'today' } {
  if (given?.trim()) return { text: given.trim(), source: 'given' };
  const d = card?.deadline ? cnDate(String(card.deadline.value)) : null;
  return d ? { text: d, source: 'deadline' } : { text: todayCn(now), source: 'today' };
}

const ph = (what: string) => `【待填写：${what}】`;
const squash = (s: string) => s.replace(/[\s\u3000]+/g, '');

/** Notes kept after the value: seals and signatures. */
const NOTE = /[（(]\s*(?:加盖|盖|签|单位|公章|法定代表人|授权)[^（()）]*[)）]/g;

interface Ctx {
  card: CoverCard;
  bidder: CoverBidder;
  date: string;
}

function lotText(card: CoverCard): string {
  if (!card.lot) return '';
  const lot = card.lots?.find((l) => l.id === card.lot);
  return lot?.name || card.lot;
}

/** The value of a form's field, by its label; '' for a signature line. */
function fieldValue(label: string, c: Ctx): string {
  const l = squash(label).replace(/^(?:所投|招标|采购)(?=项目|包)/, '');
  const bidder = c.bidder.name?.trim() || ph('投标人名称');
  const name = factText(c.card.projectName) || ph('项目名称');
  const number = factText(c.card.projectNumber) || ph('项目编号');
  if (/法定代表人|授权代表|委托代理人|代理人|负责人|签字/.test(l)) return '';
  if (/地址/.test(l)) return c.bidder.address?.trim() || ph(label);
  if (/电话|联系方式|传真|邮箱|邮件/.test(l)) return (/电话|联系方式/.test(l) && c.bidder.contacts?.trim()) || ph(label);
  if (/日期|时间/.test(l)) return c.date;
  if (/项目名称|项目$/.test(l)) return name;
  if (/编号/.test(l)) {
    const lot = lotText(c.card);
    return /包号|标段/.test(l) ? `${number}${lot ? ` / ${lot}` : ` / ${ph('包号')}`}` : number;
  }
  if (/包号|包名称|分包|标段|标包/.test(l)) return lotText(c.card) || ph(label);
  if (/代理机构/.test(l)) return factText(c.card.agency) || ph('采购代理机构');
  if (/采购人|招标人|采购单位|招标单位/.test(l)) return factText(c.card.purchaser) || ph('采购人');
  if (/投标人|供应商|投标单位|响应人|单位名称|公司名称/.test(l)) return bidder;
  return ph(label);
}

/** A title line of the form with its blanks filled: 「（项目名称）招标」 → 「某项目招标」. */
function fillTitle(line: string, c: Ctx): string {
  const name = factText(c.card.projectName) || ph('项目名称');
  const number = factText(c.card.projectNumber) || ph('项目编号');
  return line
    .replace(/[（(]\s*项目名称\s*[)）]/g, name)
    .replace(/[（(]\s*项目编号\s*[)）]/g, number)
    .replace(/(招标|采购|项目)\1/g, '$1') // a project name that already ends with the form's next word
    .trim();
}

/** Lines that are about the form rather than part of it: its heading, instructions, page numbers. */
const SKIP = /封面|封皮|背脊|格式|示例|样式|^[（(]?\s*注|^\d{1,4}$|^第\s*\d+\s*页/;
/** The next form of the format chapter: the cover ends there. */
const NEXT_FORM = /^(?:[（(][一二三四五六七八九十\d]+[)）]|附件\s*\d+|格式\s*[一二三四五六七八九十\d]+|[一二三四五六七八九十]+\s*[、.．]|\d+\s*[-－.．、]\s*\d*\s*\S|\d+\s+\S)/;

/**
 * A form the reader gave as one line (its lines were in a text box or a table cell: 「正本/副本 （项目名称）招标 项目编号：
 * * * * 投标文件 投标人：（加盖单位章） 日期：年月日」) back as its lines: split at the spaces when the line holds several
 * fields and its pieces are words (not a label spaced out letter by letter); blanks (* * *, ____) go.
 */
function splitJoined(line: string): string[] {
  if ((line.match(/[：:]/g) ?? []).length < 2) return [line];
  const tokens = line.trim().split(/[\s\u3000]+/).filter((t) => !/^[*＊_＿\-—·.…]+$/.test(t));
  const words = tokens.filter((t) => t.length >= 2).length;
  return words >= tokens.length * 0.8 ? tokens : [line];
}

/**
 * The lines of the tender's cover form, filled. `formText` is the text from the form's heading on (the page it is on, and
 * the next); null when it holds no field (a heading with nothing under it on the page, a form printed as a picture).
 */
export function coverFromForm(form: { title: string; text: string }, card: CoverCard, bidder: CoverBidder, date: string): CoverLine[] | null {
  const c: Ctx = { card, bidder, date };
  const lines = form.text.split(/\r?\n/).flatMap(splitJoined).map((l) => l.replace(/[\s\u3000]+/g, ' ').trim()).filter(Boolean);
  const heading = squash(form.title);
  let start = heading.length >= 2 ? lines.findIndex((l) => squash(l).includes(heading) || (squash(l).length >= 4 && heading.includes(squash(l)) && COVER_PART.test(l))) : -1;
  if (start < 0) start = lines.findIndex((l) => COVER_PART.test(l));
  const out: CoverLine[] = [];
  const labels = new Set<string>();
  for (let i = Math.max(0, start) + (start >= 0 ? 1 : 0); i < lines.length && out.length < 20; i++) {
    const line = lines[i]!;
    if (out.length && NEXT_FORM.test(line)) break;
    if (SKIP.test(squash(line))) continue;
    const m = /^([^：:]{1,24}?)\s*[：:]\s*(.*)$/.exec(line);
    if (m) {
      const label = m[1]!.replace(/\s+/g, '');
      // the same label again: the form's second half (a spine, a back cover) — the cover ends
      if (labels.has(label)) break;
      labels.add(label);
      const notes = (m[2]!.match(NOTE) ?? []).map((n) => n.replace(/\s+/g, '')).join('');
      out.push({ kind: 'field', text: label, value: fieldValue(label, c), ...(notes ? { note: notes } : {}) });
    } else {
      if (line.length > 30 || line.length < 2) {
        // a long line is prose; a one-character line the spine's vertical text
        if (out.length) break;
        continue;
      }
      // after the fields only the cover's own words (正本/副本, 投标文件, a bracketed volume name) belong to it
      if (out.some((l) => l.kind === 'field') && !/正本|副本|投\s*标\s*文\s*件|响\s*应\s*文\s*件|^[（(].*[)）]$/.test(line)) break;
      out.push({ kind: 'title', text: fillTitle(line, c) });
    }
  }
  return out.some((l) => l.kind === 'field') ? out : null;
}

/** The standard cover when the tender prescribes none. */
export function standardCover(card: CoverCard, bidder: CoverBidder, date: string): CoverLine[] {
  const name = factText(card.projectName);
  const out: CoverLine[] = [];
  out.push({ kind: 'title', text: name || ph('项目名称') });
  // the tender's words: 响 应 文 件 / 供 应 商 where its forms say so
  const words = bidWords(card);
  const spaced = (w: string) => [...w].join(' ');
  out.push({ kind: 'title', text: spaced(words.doc) });
  const number = factText(card.projectNumber);
  const purchaser = factText(card.purchaser);
  if (number) out.push({ kind: 'field', text: '项目编号', value: number });
  const lot = lotText(card);
  if (lot) out.push({ kind: 'field', text: '包    号', value: lot });
  if (purchaser) out.push({ kind: 'field', text: '采 购 人', value: purchaser });
  out.push({ kind: 'field', text: spaced(words.bidder), value: bidder.name?.trim() || ph(`${words.bidder}名称`), note: '（盖章）' });
  out.push({ kind: 'field', text: '日    期', value: date });
  return out;
}

/** A heading of a cover form on a line of its own: 「格式 2.投标文件封面格式参考」「（一）投标文件封面样式」「附件17 投标文件封面」. */
const COVER_HEADING = /^(?:[（(]?[一二三四五六七八九十\d]+[)）、.．]?|附件\s*\d+|格式\s*[一二三四五六七八九十\d]+\s*[.．、]?)?\s*(?:投\s*标|响\s*应)\s*文\s*件\s*(?:[（(][^）)]{1,24}[)）]\s*)?(?:的)?\s*(?:封\s*面|封\s*皮)/;

/**
 * The tender's cover form among its pages: on the page the composition links (`hint`, the 封面 part's form) when there is
 * one, else the first heading of a cover form with fields under it that is not a line of the tender's own table of contents. The text runs
 * from the heading to the end of the next page (coverFromForm stops at the next form).
 */
export function findCoverForm(pages: { page: number; text: string }[], hint?: { title: string; page: number } | null): { title: string; text: string } | null {
  const at = (p: { page: number; text: string }, i: number) => {
    const lines = p.text.split(/\r?\n/);
    const k = lines.findIndex((l) => {
      const t = l.trim();
      return t.length <= 40 && !/(?:\.{3,}|…{2,}|·{3,})\s*\d*$|\s\d{1,3}$/.test(t) && (COVER_HEADING.test(t) || (!!hint && squash(t) === squash(hint.title) && COVER_PART.test(t)));
    });
    if (k < 0) return null;
    const text = [lines.slice(k).join('\n'), pages[i + 1]?.text ?? ''].join('\n');
    const form = { title: lines[k]!.trim(), text };
    // a heading with fields under it (not the composition's list naming the cover, not a mention in the instructions)
    return coverFromForm(form, {}, {}, '') ? form : null;
  };
  if (hint) {
    const i = pages.findIndex((p) => p.page === hint.page);
    const hit = i >= 0 ? at(pages[i]!, i) : null;
    if (hit) return hit;
  }
  for (let i = 0; i < pages.length; i++) {
    const hit = at(pages[i]!, i);
    if (hit) return hit;
  }
  return null;
}
