/**
 * The bid-file composition read from the document model (issue 12 item 3, issue 23): the parts the bid must contain, in
 * order, with how sure the reader is of them.
 *
 * Where tenders print it, from the strongest source to the weakest:
 * - `list`: the tender's 投标文件的组成/构成 enumeration — under a clause of the 须知 (a heading, a paragraph or a list
 *   item), in a row of the 须知前附表 (the clause's content cell holds the list, or the list runs on after the table), or
 *   in a table titled 投标文件的组成. Volumes (商务/技术/报价文件, 技术资信标/商务标, 投标文件正文/附件…) group the parts;
 *   the parts are the items under each volume. A 前附表 row 「构成投标文件的其他材料」 completes a list that ends in
 *   「前附表规定的其他材料」.
 * - `contents`: the format chapter's own contents (a 响应文件目录 list, a 目录 table, or its forms numbered as paragraphs).
 * - `forms`: only the format chapter's form headings (a guess: the user is told to check it).
 *
 * The lists are read by their numbering, not by the model's list levels (the same tender prints a volume as a heading and
 * its parts as list items one level up): a numbering style not seen yet opens a sub-list, a style seen before closes the
 * sub-lists opened after it. Titles lose numbering, brackets, notes and page numbers. Each part is linked to its form — the
 * heading of the format chapter that holds it — when there is one. Never throws on a table's shape.
 */
import type { CompositionBasis } from '@btz/shared';
import type { Block, DocModel, HeadingBlock, TableBlock } from '../../reading/model/types.js';
import { tableGrid } from '../../reading/model/table.js';
import { parseCnSmall } from '../../text/numerals.js';

export interface ModelPart {
  title: string;
  note?: string;
  page: number;
  /** the item as printed (for the cited excerpt) */
  excerpt: string;
  /** the form in the format chapter: its heading and page */
  form?: { title: string; page: number };
  basis: CompositionBasis;
}

const DOC = '(?:投标|响应|应答|报价|申请)';
const START = new RegExp(
  [
    `${DOC}(?:响应)?文件(?:的)?(?:组成|构成)(?!部分)`,
    `${DOC}文件(?:应当?|须|必须|需|主要)?(?:包括|包含|由)(?:以下|下列|如下|下述)`,
    '(?:投标|响应)文件(?:应当?|须|需)?(?:包括|包含)(?:[:：]|的内容)',
    '以下(?:部分|内容)组成(?:编写|编制)',
    '(?:商务|技术|资格|价格|报价|资信)(?:响应|投标)?文件(?:应)?由以下(?:部分|内容)组成',
    `构成${DOC}文件的其[他它]`,
  ].join('|'),
);
/** 「构成投标文件的其他材料」: a 前附表 row adding parts to the 须知's list. */
const ADDITION = new RegExp(`构成${DOC}文件的其[他它]|${DOC}文件的其[他它](?:组成|资料|材料)`);
/** The list's last item deferring to the 前附表 for more parts. */
const DEFERS = /前附表(?:中)?(?:规定|要求)?的?(?:其[他它]|其余)/;
/** The composition of another document (the 招标文件's chapters, a contract's documents). */
const OTHER_DOC = /(?:招标|采购|磋商|谈判|询比|比选)文件(?:的)?(?:组成|构成)|合同(?:文件)?(?:的)?(?:组成|构成)|组成(?:本)?合同/;
const CONTENTS = /^(?:投标|响应|应答|报价)文件(?:的)?目录(?:[（(].*[)）])?[:：]?$|^目录[（(]参考[)）]$/;
const FORMAT_CHAPTER =
  /(?:投标|响应|应答|报价|申请)文件(?:的)?(?:格式|组成格式|参考格式|有关格式)|格式附件|投标文件内容及格式|投标文件组成要求及格式|^第\s*[一二三四五六七八九十\d]+\s*(?:章|部分)\s*(?:各种|有关|相关|附件|附表)?格式(?:文件|附件)?$/;
const CHAPTER = /^第\s*[一二三四五六七八九十\d]+\s*[章篇]|^第\s*[一二三四五六七八九十\d]+\s*部分/;
const NOTE_LINE = /^(?:注|备注|说明|特别提示|特别说明|特别提醒|提示|附注|注意)\s*[\d一二三四五六七八九十]*\s*(?:[:：]|$)/;

// ---------------------------------------------------------------------------------------------------------------------
// Numbering

interface Num {
  /** the numbering's style: items of one style are siblings */
  style: string;
  /** its value (1, 2…), null when it has none (bullets) */
  value: number | null;
  /** a dotted clause number's parts (「3.1.2」 → [3, 1, 2]) */
  clause?: number[];
  /** characters the numbering takes, a leading ★ included */
  length: number;
  /** a number printed with no separator (「4投标人认为…」): an item only where it continues a count */
  bare?: boolean;
}

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';
const PAREN_DIGITS = '⑴⑵⑶⑷⑸⑹⑺⑻⑼⑽⑾⑿⒀⒁⒂⒃⒄⒅⒆⒇';

const NUMBERINGS: Array<[RegExp, (m: RegExpExecArray) => Omit<Num, 'length'>]> = [
  [/^第\s*([一二三四五六七八九十\d]+)\s*(部分|册|卷|章|节|篇)\s*[:：、.．]?\s*/, (m) => ({ style: `part${m[2]}`, value: parseCnSmall(m[1]!) })],
  [/^附件\s*(\d+)\s*[-－—]\s*(\d+)\s*[:：.、．]?\s*/, (m) => ({ style: 'att-sub', value: Number(m[2]) })],
  [/^附件\s*(\d+)\s*[:：.、．]?\s*/, (m) => ({ style: 'att', value: Number(m[1]) })],
  [/^格式\s*([一二三四五六七八九十\d]+)\s*[:：.、．]?\s*/, (m) => ({ style: 'fmt', value: parseCnSmall(m[1]!) })],
  [/^附?表\s*(\d+)\s*[:：.、．]?\s*/, (m) => ({ style: 'tab', value: Number(m[1]) })],
  [/^[（(]\s*(\d{1,2})\s*[)）]\s*/, (m) => ({ style: 'pnum', value: Number(m[1]) })],
  [new RegExp(`^([${PAREN_DIGITS}])\\s*`), (m) => ({ style: 'pnum', value: PAREN_DIGITS.indexOf(m[1]!) + 1 })],
  [new RegExp(`^([${CIRCLED}])\\s*`), (m) => ({ style: 'circle', value: CIRCLED.indexOf(m[1]!) + 1 })],
  [/^[（(]\s*([一二三四五六七八九十]+)\s*[)）]\s*/, (m) => ({ style: 'pcn', value: parseCnSmall(m[1]!) })],
  [/^([一二三四五六七八九十]+)\s*[、.．]\s*/, (m) => ({ style: 'cn', value: parseCnSmall(m[1]!) })],
  [/^([一二三四五六七八九十]+)\s*[)）]\s*/, (m) => ({ style: 'rcn', value: parseCnSmall(m[1]!) })],
  [/^([ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ])\s*[、.．]?\s*/, (m) => ({ style: 'roman', value: 'ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ'.indexOf(m[1]!) + 1 })],
  [/^(\d{1,2}(?:\s*[.．]\s*\d{1,2})+)(?![\d.．])\s*[、.．]?\s*/, (m) => {
    const parts = m[1]!.split(/\s*[.．]\s*/).map(Number);
    return { style: `clause${parts.length}`, value: parts.at(-1)!, clause: parts };
  }],
  [/^(\d{1,2})\s*[-－]\s*(\d{1,2})(?!\d)\s*[:：.、．]?\s*/, (m) => ({ style: 'dash', value: Number(m[2]) })],
  [/^(\d{1,2})\s*[.．、]\s*(?!\d)/, (m) => ({ style: 'num', value: Number(m[1]) })],
  [/^(\d{1,2})\s*[)）]\s*/, (m) => ({ style: 'rnum', value: Number(m[1]) })],
  [/^([a-zA-Z])\s*[.．、)）]\s*/, (m) => ({ style: 'letter', value: m[1]!.toLowerCase().charCodeAt(0) - 96 })],
  [/^[●•·◆◇■□▪○◎►➢√]\s*/, () => ({ style: 'bullet', value: null })],
  [/^(\d{1,2})(?:\s+|(?=[\u4e00-\u9fa5《“【]))/, (m) => ({ style: 'num', value: Number(m[1]), bare: true })],
];

export function numberingOf(raw: string): Num | null {
  const lead = /^[\s★☆*＊▲※]*/.exec(raw)![0].length;
  const t = raw.slice(lead);
  // 「【3.1.4样品】」: a clause in square brackets (an optional clause of a template)
  const bracket = /^【(?=\d)/.test(t) ? 1 : 0;
  for (const [re, make] of NUMBERINGS) {
    const m = re.exec(t.slice(bracket));
    if (m) return { ...make(m), length: lead + bracket + m[0].length };
  }
  return null;
}

/** The text after its numbering (and a leading ★). */
const bodyOf = (t: string, n: Num | null) => (n ? t.slice(n.length) : t.replace(/^[\s★☆*＊]+/, '')).trim();

// ---------------------------------------------------------------------------------------------------------------------
// Part titles

/**
 * A volume of the bid that groups parts (「商务响应文件，包括：」「技术资信标的组成：」「第二部分 商务部分」
 * 「投标文件正文（信息公开部分），主要包括以下内容：」「（1）资格及资信证明部分」): it names a 文件/部分/标/卷/册 of the
 * bid, not a document (「资格证明文件」 is a part; a volume is recognised only where items follow it).
 */
function isVolume(body: string): boolean {
  const head = body
    .replace(/[（(【][^（()）】]*[)）】]/g, '')
    .split(/[，,：:；;。]/)[0]!
    .replace(/(?:的)?(?:组成|构成)$|(?:应|须)?(?:主要)?(?:包括|包含|由)(?:以下|下列|如下|下述)?.*$|如下$/, '')
    .replace(/\s+/g, '')
    .trim();
  if (head.length < 3 || head.length > 14) return false;
  if (/(?:证明|其[他它]|招标|采购|电子版|纸质)文件$|附件\d/.test(head)) return false;
  return /(?:文件|部分|标书?|卷|册|正文|附件)$/.test(head) && /投标|响应|应答|报价|商务|技术|资格|资信|经济|价格|服务|正文|附件|基本|第[一二三四五六七八九十\d]+/.test(head);
}

/** Brackets at the end of a title go, nested ones too (「投标函（须由法定代表人（负责人）…签字…）。」). */
function dropTrailingBrackets(t: string): string {
  for (let k = 0; k < 3; k++) {
    const s = t.replace(/[\s；;。，,：:]+$/, '');
    if (!/[)）]$/.test(s)) break;
    let depth = 0;
    let at = -1;
    for (let i = s.length - 1; i >= 0; i--) {
      const ch = s[i]!;
      if (ch === ')' || ch === '）') depth++;
      else if (ch === '(' || ch === '（') depth--;
      if (depth === 0) {
        at = i;
        break;
      }
    }
    if (at < 2) break;
    t = s.slice(0, at).trim();
  }
  return t;
}

/** A part's title: no numbering, brackets, quotes, notes or trailing punctuation. */
export function partName(raw: string): { title: string; note?: string } | null {
  let t = raw.replace(/\s+/g, ' ').trim();
  const n = numberingOf(t);
  // a bare number goes only where a space sets it off (「1 投标函」): 「3年内…」 keeps its digit
  if (n && (!n.bare || /\s$/.test(t.slice(0, n.length)))) t = t.slice(n.length);
  t = t.replace(/^[★☆*＊\s]+/, '').trim();
  // a title wholly in 【】 (a template's placeholder brackets): the words are the title
  t = t.replace(/^【([^【】]+)】([；;。，,：:]?)$/, '$1$2');
  // 「按照本须知第9条要求填写的投标函」「投标人须提供承诺函」: the document is the title
  t = t.replace(/^(?:按照?|根据|依照)[^，,。；;（(]{0,24}?(?:要求|规定)(?:填写|出具|提交|提供|编制|制作)?的/, '');
  t = t.replace(/^(?:投标人|供应商|响应人)(?:须|需|应|必须)(?:要)?(?:提供|提交|出具)/, '');
  // a requirement sentence names its part by what it asks for: 「投标人需根据…要求提供包括但不限于：项目经理、…等，具体要求详见…」,
  // 「投标人必须是…依法注册的、…的单位提供营业执照复印件。（…）」 (the last thing the sentence's subject must hand in)
  const asks =
    /^(?:投标人|供应商|响应人|报价人)[^。；;]{8,}?(?:提供|提交)(?:的内容)?(?:包括但不限于|包括|如下|以下)[：:]\s*([^。；;：:]{2,60}?)(?:等)?(?:[，,]\s*(?:具体|详见)|[。；;]|$)/.exec(t) ??
    /^(?:投标人|供应商|响应人|报价人)[^。；;]{20,}(?:提供|提交)([^。；;，,（()）：:、]{2,30})(?=[。；;（(]|$)/.exec(t);
  // (not a 提供 inside a bracket's note: 「营业执照（…仅需提供营业执照）及…资格证书」)
  const opened = (x: string) => (x.match(/[（(]/g)?.length ?? 0) - (x.match(/[)）]/g)?.length ?? 0);
  if (asks && opened(asks[0].slice(0, asks[0].length - asks[1]!.length)) === 0) t = asks[1]!;
  // quotes around the whole title go; inside it they are the tender's words (「第六章《采购需求》规定的其他内容」)
  t = t.replace(/^[《“"「]([^《》“”"「」]*)[》”"」]([；;。，,：:]?)$/, '$1$2');
  // a title printed wholly in brackets: 「（根据项目属性提出的特定要求）」
  t = t.replace(/^[（(]([^（()）]+)[)）]([；;。，,：:]?)$/, '$1$2');
  let note: string | undefined;
  const colon = /^(.{2,40}?)[：:]\s*(.*)$/.exec(t);
  if (colon) {
    t = colon[1]!;
    note = colon[2]!.replace(/[；;。]+$/, '') || undefined;
  }
  // brackets holding notes go (「（格式）」 at the end, 「（或事业单位法人证书）」「（含保洁、绿化等内容）」 inside);
  // a bracket that is part of the name stays (「法定代表人（负责人）授权委托书」)
  const noteBracket =
    /[（(]\s*(?:或|若|如|含|包括|需|须|即|注|格式|复印件|原件|可选|非|按|见|详见|加盖|盖章|本项目|不涉及|后附|适用|仅|限)[^（()）]*[)）]|[（(][^（()）]*(?:等|www\.|https?:|\.cn|\.com)[^（()）]*[)）]/g;
  for (let k = 0; k < 3; k++) t = t.replace(noteBracket, '');
  t = dropTrailingBrackets(t);
  t = t.replace(/[（(][^)）]*$/, '');
  t = t.replace(/^[《“"「]([^《》“”"「」]*)[》”"」]$/, '$1');
  const cut = t.search(/[，,；;。]/);
  if (cut >= 2) {
    note ??= t.slice(cut + 1).replace(/[；;。]+$/, '') || undefined;
    t = t.slice(0, cut);
  }
  t = t.replace(/[\s…．.·]+\d*\s*$/, '').replace(/[；;。，,、：:]+$/, '').replace(/\s+/g, '').trim();
  t = t.replace(/^[《“"「]([^《》“”"「」]*)[》”"」]$/, '$1');
  // the copy a part is handed in as is not its name (「授权委托书原件」)
  if (t.length >= 6) t = t.replace(/原件$/, '');
  if (t.length < 2 || t.length > 60 || !/[\u4e00-\u9fa5]{2}/.test(t) || /^(?:的|如|若|注|说明|[，,、；;。）)])/.test(t)) return null;
  if ((t.match(/[（(]/g)?.length ?? 0) !== (t.match(/[)）]/g)?.length ?? 0)) return null;
  return note ? { title: t, note } : { title: t };
}

/** A sentence, not a document's name (「投标人应当按照招标文件的要求编制投标文件」). */
const SENTENCE = /应当|必须|不得|均应|均须|应按|须按|应在|应使用|将被|将作|视为|否则|如未|请|可以|不予|无效|由投标人|由供应商|我方|我单位/;
/** The 须知's procedure headings (「投标文件的密封和递交」「开标与评标」「授予合同」), not parts of the bid. */
const PROCEDURE = /^(?:投标文件的?)?(?:密封|递交|提交|修改与撤回|开标|评标|评审|授予合同|授标|定标|签订合同|合同授予)|^(?:投标|响应)(?:有效期|语言|货币|费用)$|份数|计量单位|^(?:招标|采购)文件的?(?:澄清|修改|组成)/;
/** Forms for after the award or for complaints: in the format chapter, but not parts of the bid. */
export const NOT_BID_FORM = /履约(?:保证金|担保|保函)|预付款|质疑函|投诉书|询问函|中标通知书|成交通知书|合同协议书|验收/;

/** A line that only names a document (「响应函」「报价一览表（格式见附件）」), not a sentence about one. */
function namesPart(body: string): boolean {
  const t = body.replace(/[；;。，,]+$/, '');
  return t.length <= 30 && !SENTENCE.test(t.replace(/[（(][^）)]*[)）]/g, '')) && !START.test(t) && !PROCEDURE.test(t) && !/[。，,；;：:]/.test(t.replace(/[（(][^）)]*[)）]/g, '')) && partName(t) !== null;
}

/** Titles that read as the parts of a bid (not the 须知's procedures, not sentences about the bid). */
export function plausible(titles: string[]): boolean {
  if (titles.length < 2) return false;
  const bad = titles.filter((t) => SENTENCE.test(t) || PROCEDURE.test(t) || t.length > 40).length;
  return bad <= titles.length * 0.5;
}

// ---------------------------------------------------------------------------------------------------------------------
// Lines: the blocks after an anchor (or a cell's text) as lines to read numbering from

interface Line {
  text: string;
  page: number;
  /** a list item's text without its marker: what the page prints where Word numbers it */
  plain?: string;
  /** a list item's nesting level (its numbering style where it prints no marker) */
  list?: number;
  /** heading level, for headings */
  heading?: number;
  /** a table that is not a list's item: the list ends there */
  table?: boolean;
}

const cellText = (s: string) => s.replace(/\s*\n\s*/g, '\n').trim();

/** A table printing one item (「（6）残疾人福利性单位声明函（如有） | ；」「（10） | 产品性能说明；」): its rows are lines. */
function itemRows(b: TableBlock): Line[] | null {
  if (b.rows.length > 3) return null;
  const rows = b.rows.map((r) => ({ page: r.page, text: r.cells.map((c) => c.text.replace(/\s+/g, ' ').trim()).filter(Boolean).join('') }));
  if (!rows.length || rows.some((r) => r.text.length > 100) || !numberingOf(rows[0]!.text)) return null;
  return rows.map((r) => ({ text: r.text, page: r.page }));
}

function blockLines(blocks: Block[], from: number, max: number): Line[] {
  const out: Line[] = [];
  for (let j = from; j < blocks.length && j < from + max; j++) {
    const b = blocks[j]!;
    if (b.type === 'table') {
      const rows = itemRows(b);
      if (rows) out.push(...rows);
      else out.push({ text: '', page: b.page, table: true });
    } else if (b.type === 'heading') out.push({ text: b.text, page: b.page, heading: b.level });
    else if (b.type === 'list-item') out.push({ text: `${b.numbering}${b.numbering && /[\d)）.．、]$/.test(b.numbering) && /^\d/.test(b.text) ? ' ' : ''}${b.text}`, page: b.page, plain: b.text, list: b.level });
    else out.push({ text: b.text, page: b.page });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// The enumeration: a tree by numbering, flattened through its volumes

interface Node {
  text: string;
  page: number;
  /** the item as printed on its page (for the cited excerpt) */
  excerpt: string;
  num: Num | null;
  /** an unnumbered volume heading (「技术资信标的组成：」) */
  group: boolean;
  /** printed as a heading: with items under it, it groups them (「（一）资格证明文件」 over 「1.营业执照」…) */
  heading?: boolean;
  children: Node[];
}

interface Anchor {
  num: Num | null;
  /** the level of the heading the anchor is, or sits under: a heading at or above it ends the list */
  level: number | null;
  /** that heading's numbering: a heading numbered like it is the next section, one numbered otherwise may be an item */
  head?: Num | null;
}

/** Where a dotted clause stands to the anchor's: inside it, after it (the list is over), or elsewhere (an item's own). */
function relation(anchor: Num | null, n: Num): 'inside' | 'after' | 'other' {
  const a = anchor?.clause ?? (anchor?.style === 'num' && anchor.value !== null ? [anchor.value] : null);
  // a clause anchor (「3.1」) is closed by clauses only: 「3、法定代表人身份证明」 is an item of its list
  const c = n.clause ?? (!anchor?.clause && n.style === 'num' && !n.bare && n.value !== null ? [n.value] : null);
  if (!a || !c) return 'other';
  if (c.length > a.length && a.every((x, k) => c[k] === x)) return 'inside';
  if (!n.clause && !anchor?.clause) return c[0] === a[0]! + 1 ? 'after' : 'other';
  if (c[0] === a[0] || c[0] === a[0]! + 1) {
    for (let k = 0; k < Math.min(a.length, c.length); k++) if (c[k] !== a[k]) return c[k]! > a[k]! ? 'after' : 'other';
    // the anchor's own number again (a 前附表 cell restating its clause) is no sibling; a shorter one is its parent's next
    return c.length < a.length ? 'after' : 'other';
  }
  return 'other';
}

function readList(lines: Line[], anchor: Anchor): Node[] {
  const root: Node = { text: '', page: 0, excerpt: '', num: null, group: true, children: [] };
  let base = root;
  let levels: Array<{ style: string; parent: Node; last: Node }> = [];
  let started = false;
  let skipped = 0;
  /** the last line skipped, when it could head a group */
  let header: string | null = null;
  /** the model's list level of the first list item taken */
  let listLevel: number | null = null;
  /** lines read since a note after the items (null: none) */
  let noted: number | null = null;
  const group = (text: string, page: number) => {
    const g: Node = { text, page, excerpt: text, num: null, group: true, children: [] };
    root.children.push(g);
    base = g;
    levels = [];
    started = true;
    skipped = 0;
  };
  for (let idx = 0; idx < lines.length; idx++) {
    const line = lines[idx]!;
    const t = line.text.replace(/\s+/g, ' ').trim();
    if (line.table) {
      if (started) break;
      continue;
    }
    if (!t) continue;
    // a list item Word numbers with no printed marker: its level is its numbering
    const n = numberingOf(t) ?? (line.list !== undefined ? { style: `list${line.list}`, value: null, length: 0 } : null);
    const body = bodyOf(t, n);
    const volume = isVolume(body);
    const start = START.test(body) && !ADDITION.test(body);
    // a note after the items (「注：」): the list is over, unless the next volume is announced after it
    if (started && NOTE_LINE.test(t)) noted = 0;
    if (noted !== null) {
      if (volume && line.heading === undefined && /[：:]$|包括|组成|如下/.test(body)) noted = null;
      else if (++noted > 12) break;
      else continue;
    }
    if (OTHER_DOC.test(body) && !start && (!n || line.heading !== undefined)) {
      if (started) break;
      continue;
    }
    // a heading at or above the anchor's (「四、投标文件的密封和递交」 after 「投标文件的组成」), or the next chapter
    if (line.heading !== undefined && !volume && !start) {
      // numbered like that heading: the next section; unnumbered: ends a list begun (before it, a title to pass over)
      const sibling = n ? n.bare || n.style === anchor.head?.style || (!!n.clause && !!anchor.head?.clause) : started;
      if (anchor.level !== null && line.heading <= anchor.level && sibling) break;
      if (CHAPTER.test(t)) break;
      // a heading numbered like a volume heading of the list (「一、投标文件组成」 … 「二、废标条款」) that is no volume itself
      // and heads no items of its own is the next section
      const top = n ? levels.find((l) => l.style === n.style) : undefined;
      if (started && top && isVolume(bodyOf(top.last.text, top.last.num))) {
        const next = lines.slice(idx + 1, idx + 3).find((l) => l.text.trim() && !l.table);
        if (!next || !numberingOf(next.text.trim())) break;
      }
      // after the items, a heading goes on with them only numbered like them, or as the first item of a volume
      const last = levels.at(-1)?.last;
      const opens = !!last && isVolume(bodyOf(last.text, last.num));
      if (started && (!n || (!levels.some((l) => l.style === n.style) && !opens && !(base !== root && !levels.length)))) {
        // …or heads the next group where a fresh count follows it (「资格证明文件」 then 1、2、…)
        const next = lines.slice(idx + 1, idx + 3).find((l) => l.text.trim() && !l.table);
        const fresh = next ? numberingOf(next.text.trim()) : null;
        if (fresh?.value === 1 && !fresh.bare && body.length <= 30 && !SENTENCE.test(body) && !PROCEDURE.test(body)) {
          group(t, line.page);
          continue;
        }
        break;
      }
    }
    const rel = n && !n.bare ? relation(anchor.num, n) : 'other';
    if (rel === 'after' && !(volume && !started)) break;
    // the anchor's own sub-clauses: 「3.1.1 投标文件应包括下列内容：」 opens the list, 「3.1.2 …不包括…」 explains it;
    // sub-clauses that each name a document (「3.2.1 响应函」「3.2.2 报价一览表」) are the list
    // under a volume numbered as a sub-clause (「11.1 资格证明文件」), its own sub-clauses (「11.1.1 …」) are its parts
    const inVolume = levels.some((l) => l.last.num?.clause && (isVolume(bodyOf(l.last.text, l.last.num)) || l.last.heading) && n?.clause && n.clause.length === l.last.num.clause.length + 1 && l.last.num.clause.every((x, k) => n.clause![k] === x));
    if (rel === 'inside' && !volume && !inVolume && !(namesPart(body) && levels.every((l) => l.style === n!.style))) {
      if (started && !start) break;
      continue;
    }
    if (start && !volume) {
      if (started) break;
      continue;
    }
    const counted = !n?.bare || continuesCount(levels, n) || line.list !== undefined || (n.value === 1 && !started && t.length <= 40 && !SENTENCE.test(t));
    // a list item shallower than the list's own items: the list is over (the next clause of the 须知)
    if (started && line.list !== undefined && listLevel !== null && line.list < listLevel && !volume) break;
    if (!n || !counted) {
      if (volume && (body.length <= 24 || /[：:]$|包括|组成|如下/.test(body))) {
        group(t, line.page); // an unnumbered volume: its items follow, numbered afresh
        continue;
      }
      const last = levels.at(-1)?.last;
      const wraps = !/[。；;：:！!）)]$/.test(last?.text ?? '。') && !/[。；;！!]./.test(t) && !/[：:]$/.test(t) && !isVolume(bodyOf(last!.text, last!.num));
      if (started && last && wraps && t.length <= 40 && !SENTENCE.test(t) && line.heading === undefined) {
        last.text += t; // a wrapped item (「…相关的资格证」/「书；」)
        continue;
      }
      skipped++;
      header = t.length <= 30 && !/[。；;！!]/.test(t) && !SENTENCE.test(t) ? t : null;
      if (skipped > (started ? 8 : 5) || (!started && t.length > 200)) break;
      continue;
    }
    skipped = 0;
    if (line.list !== undefined && !volume) listLevel ??= line.list;
    const node: Node = { text: t, page: line.page, excerpt: line.plain ?? line.text, num: n, group: false, children: [], heading: line.heading !== undefined };
    const at = levels.findIndex((l) => l.style === n.style);
    if (at >= 0) {
      // a count that starts again at the top with nothing between (a second list) ends this one
      const prev = levels[at]!.last.num?.value ?? null;
      if (at === 0 && n.value === 1 && prev !== null && prev >= 2) {
        // …unless a short line before it heads a new group (「资格证明材料：」 then 1、2、… again)
        if (!header) break;
        const g: Node = { text: header, page: line.page, excerpt: header, num: null, group: true, children: [node] };
        root.children.push(g);
        base = g;
        levels = [{ style: n.style, parent: g, last: node }];
        header = null;
        continue;
      }
      levels = levels.slice(0, at + 1);
      levels[at]!.parent.children.push(node);
      levels[at]!.last = node;
    } else {
      const parent = levels.at(-1)?.last ?? base;
      parent.children.push(node);
      levels.push({ style: n.style, parent, last: node });
    }
    started = true;
  }
  return root.children;
}

function continuesCount(levels: Array<{ style: string; last: Node }>, n: Num): boolean {
  return levels.some((l) => l.style === n.style && l.last.num?.value === (n.value ?? 0) - 1);
}

interface Raw {
  text: string;
  page: number;
  /** the part as printed, when that differs from its text (a list item's marker, a wrapped line) */
  excerpt?: string;
  /** the volume the part is listed in (the same title may stand in two volumes: 「其他内容（公开部分）」…) */
  volume?: number;
}

/** The parts: the top items, a volume standing for the items under it. */
function flatten(nodes: Node[], volume = { n: 0 }, inside = 0): Raw[] {
  const out: Raw[] = [];
  for (const n of nodes) {
    if (n.group || (n.children.length >= 1 && isVolume(bodyOf(n.text, n.num))) || (n.heading && n.children.length >= 2)) out.push(...flatten(n.children, volume, ++volume.n));
    else out.push({ text: n.num?.bare ? bodyOf(n.text, n.num) : n.text, page: n.page, excerpt: n.excerpt, volume: inside });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// Tables

/**
 * The parts listed in a composition table: a title row (「投标文件的组成」) then 「商务投标文件 | 开标一览表⏎投标报价明细表」
 * rows, or rows of 序号 | 内容 (「1 | 投标函」). Any shape: empty rows, short rows, merged cells.
 */
export function tableParts(b: Pick<TableBlock, 'rows' | 'columns'>): Raw[] {
  const grid = tableGrid(b);
  const out: Raw[] = [];
  const head = (grid[0] ?? []).map((s) => s.text.replace(/\s+/g, ''));
  const seqCol = head.findIndex((t) => /^(?:序号|编号)$/.test(t));
  const nameCol = head.findIndex((t) => /^(?:(?:文件|材料|资料|内容)?名称|(?:文件|资料)?内容|组成(?:内容|部分)?|(?:投标|响应|应答)文件(?:的)?(?:组成|构成)?(?:内容|部分|名称)?)$/.test(t));
  grid.forEach((row, r) => {
    const page = b.rows[r]?.page ?? b.rows[0]?.page ?? 1;
    if (r === 0 && (START.test(row.map((s) => s.text).join('')) || (seqCol >= 0 && nameCol >= 0))) return;
    if (seqCol >= 0 && nameCol >= 0 && nameCol !== seqCol) {
      const seq = row[seqCol]?.text.trim() ?? '';
      const name = row[nameCol];
      // sub-rows (「1.1」「附件 1」) belong to the file above them
      if (name?.origin && /^\d{1,2}[.．、]?$/.test(seq) && name.text.trim()) out.push({ text: `${seq.replace(/[.．、]$/, '')}. ${cellText(name.text).split('\n')[0]}`, page });
      return;
    }
    const cells = row.filter((s, k) => s.text.trim() && row.findIndex((x) => x.cell === s.cell) === k);
    if (!cells.length) return;
    const first = cells[0]!;
    const groupFirst = cells.length >= 2 && (first.cell?.rowSpan ?? 1) > 1 && /文件$/.test(first.text.trim());
    const groupOnly = cells.length >= 2 && /(?:投标|响应)文件$/.test(first.text.trim());
    const seqOnly = cells.length >= 2 && /^\d{1,2}[.．、]?$/.test(first.text.trim());
    const cell = groupFirst || groupOnly || seqOnly ? cells[1] : cells.length === 1 ? first : (first.cell?.rowSpan ?? 1) === 1 ? first : cells[1];
    if (!cell?.origin || /^[\d.．、\s]*$/.test(cell.text)) return;
    for (const line of cellText(cell.text).split('\n')) if (line.trim()) out.push({ text: line.trim(), page });
  });
  return out;
}

/** A title row naming the composition (「投标文件的组成」 across the table), not a column among others (「响应文件组成 | 对应页码」). */
function compositionTitled(b: TableBlock): boolean {
  const texts = (b.rows[0]?.cells ?? []).map((c) => c.text.replace(/\s+/g, ''));
  const joined = texts.join('');
  if (!START.test(joined) || joined.length > 30) return false;
  // a contents table of the bid (「序号 | 响应文件组成 | 页码」) lists the parts; an index of review factors does not
  return !texts.some((t) => /评审|评分|因素|条款号|索引/.test(t));
}

/** The cell naming a composition list: the whole of a short cell (「构成报价文件⏎的其他资料」), or a long cell's first line. */
function naming(s: { text: string }): string[] | null {
  const whole = s.text.replace(/\s+/g, '');
  const lines = cellText(s.text).split('\n');
  for (const [name, rest] of [[whole, []], [lines[0]!.replace(/\s+/g, ''), lines.slice(1)]] as Array<[string, string[]]>)
    if (name.length <= 40 && (START.test(name) || ADDITION.test(name)) && !OTHER_DOC.test(name)) return [name, ...rest];
  return null;
}

/**
 * The 须知前附表's composition row: a cell naming it (「投标文件组成」「3.1.1 投标文件组成：」), the list in the cells after
 * it (or in the rest of that cell), running on after the table where the table ends with the row.
 */
function rowAnchors(blocks: Block[], i: number): Array<{ raws: Raw[]; anchor: Anchor; addition: boolean; page: number; at: number }> {
  const b = blocks[i] as TableBlock;
  const out: Array<{ raws: Raw[]; anchor: Anchor; addition: boolean; page: number; at: number }> = [];
  if (compositionTitled(b)) return out;
  // only rows with a cell naming a list are read (most tables have none: the grid is built only when one does)
  if (!b.rows.some((row) => row.cells.some((c) => c.text.includes('文件') && naming(c) !== null))) return out;
  const grid = tableGrid(b);
  grid.forEach((row, r) => {
    const cells = row.filter((s, k) => s.text.trim() && row.findIndex((x) => x.cell === s.cell) === k);
    if (!cells.some((s) => s.text.includes('文件'))) return;

    const c = cells.findIndex((s) => naming(s) !== null);
    // a column title (「条款号 | 评审因素 | 投标文件组成 | 对应页码」: an index of where the bid answers) names no list
    if (c < 0 || (r === 0 && cells.length >= 3)) return;
    const page = b.rows[r]?.page ?? b.page;
    const named = naming(cells[c]!)!;
    const numCell = c > 0 ? numberingOf(cells[0]!.text.trim()) : null;
    const anchor: Anchor = { num: numCell ?? numberingOf(named[0]!), level: null };
    const lines: Line[] = named.slice(1).map((text) => ({ text, page }));
    for (const s of cells.slice(c + 1)) for (const text of cellText(s.text).split('\n')) lines.push({ text, page });
    // the rows that continue it: a row broken at a page (nothing left of the list's cell) or the clause's own sub-rows
    // (「11.1 | 投标人须…按以下部分组成…：」); the next clause's row ends it
    const nameCol = cells[c]!.cell?.col ?? 0;
    let k = r + 1;
    for (; k < grid.length; k++) {
      const next = grid[k]!;
      const own = next.filter((s, x) => s.origin && s.text.trim() && next.findIndex((y) => y.cell === s.cell) === x);
      if (!own.length) continue;
      const rowPage = b.rows[k]?.page ?? page;
      if ((own[0]!.cell?.col ?? 0) > nameCol) {
        for (const s of own) for (const text of cellText(s.text).split('\n')) lines.push({ text, page: rowPage });
        continue;
      }
      const n = numberingOf(own[0]!.text.trim());
      if (!n || relation(anchor.num, n) !== 'inside') break;
      // the sub-row's number and title make one line, its list the lines after (「3.1.1 | 商务投标文件，包括：⏎（1）…」)
      const texts = own.map((s) => cellText(s.text).split('\n'));
      lines.push({ text: `${texts[0]![0]} ${texts[1]?.[0] ?? ''}`.trim(), page: rowPage });
      for (const text of [...texts[0]!.slice(1), ...(texts[1]?.slice(1) ?? []), ...texts.slice(2).flat()]) lines.push({ text, page: rowPage });
    }
    // a 前附表 broken off where the list begins: the list runs on after the table
    let raws = flatten(readList(lines, anchor));
    if (k >= grid.length && !raws.length) raws = flatten(readList([...lines, ...blockLines(blocks, i + 1, 120)], anchor));
    out.push({ raws, anchor, addition: ADDITION.test(named[0]!.replace(/\s+/g, '')) && !START.test(named[0]!.replace(/\s+/g, '').replace(ADDITION, '')), page, at: i });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// The format chapter

/** Cover and furniture headings of a format chapter that are not forms (「投标文件」「正本」「项目名称：」「（盖章）」). */
const NOT_FORM = /^(?:投标文件|响应文件|正本|副本|目录|分目录|项目名称|项目编号|投标人名称)|[:：]\s*$|盖章/;

/**
 * Headings of the format chapter: its top level, or the level below when the top only groups them. A PDF gives its
 * forms the chapter's own level: the chapter then runs to the next 第X章 heading.
 */
export interface FormatChapter {
  /** the form headings: the chapter's top level, or the level below when the top only groups them */
  heads: HeadingBlock[];
  /** every heading that may name a form, the likeliest first (for linking a part to its form) */
  links: HeadingBlock[];
  from: number;
  to: number;
}

export function formatHeadings(blocks: Block[]): FormatChapter {
  const found = formatHeadingsOf(blocks, false);
  // a chapter title no reader took for a heading (「第四部分⇥投标文件格式」 printed as a paragraph): looked for only when
  // no heading is the chapter — a running header repeating the title on every page is a paragraph too
  return found.from >= 0 ? found : formatHeadingsOf(blocks, true);
}

function formatHeadingsOf(blocks: Block[], paragraphs: boolean): FormatChapter {
  let best: FormatChapter = { heads: [], links: [], from: -1, to: -1 };
  for (let i = 0; i < blocks.length; i++) {
    const b0 = blocks[i]!;
    const h: Block =
      paragraphs && b0.type === 'paragraph' && CHAPTER.test(b0.text.replace(/\s+/g, '')) && b0.text.replace(/\s+/g, '').length <= 20
        ? { type: 'heading', page: b0.page, pageEnd: b0.pageEnd, level: 1, numbering: '', title: b0.text, text: b0.text }
        : b0;
    if (h.type !== 'heading' || !FORMAT_CHAPTER.test(h.text) || h.text.length > 40) continue;
    // the chapter itself (「第六章 投标文件格式」「第五部分投标文件内容及格式」), not a clause of the 须知 about formats
    const bare = h.text.replace(/\s+/g, '');
    if (!CHAPTER.test(bare) && !(h.level === 1 && bare.length <= 12 && /^(?:投标|响应)文件/.test(bare))) continue;
    // an entry of the 须知's list of chapters (「第七章投标文件格式」 between 「第六章…」 and the next chapter): not the chapter
    const nextBlock = blocks[i + 1];
    if (nextBlock?.type === 'heading' && CHAPTER.test(nextBlock.text.replace(/\s+/g, ''))) continue;
    const inside: HeadingBlock[] = [];
    // a 第X章 chapter runs to the next 第Y章, whatever levels its volumes (「第一部分：投标基本文件」) were given
    const kind = /^第\s*[一二三四五六七八九十\d]+\s*(章|篇|部分)/.exec(bare)?.[1];
    const ends = (b: HeadingBlock) => {
      const t = b.text.replace(/\s+/g, '');
      if (kind) return new RegExp(`^第\\s*[一二三四五六七八九十\\d]+\\s*${kind}`).test(t) && !FORMAT_CHAPTER.test(t);
      return b.level < h.level || (b.level === h.level && CHAPTER.test(t));
    };
    let j = i + 1;
    for (; j < blocks.length; j++) {
      const b = blocks[j]!;
      if (b.type !== 'heading') continue;
      if (ends(b)) break;
      const plain = b.text.replace(/\s+/g, '');
      const body = bodyOf(plain, numberingOf(plain));
      if (NOT_FORM.test(body) || /^[（(][^（()）]*[)）]$/.test(plain) || body.length < 2 || plain.length < 3) continue;
      // a PDF heading wrapped over lines (「投标人具备《出版物经营许可证》和《出版物进口经」/「营许可证》…」)
      const prev = inside.at(-1);
      const open = (t: string) => (t.match(/[《（(]/g)?.length ?? 0) > (t.match(/[》）)]/g)?.length ?? 0);
      if (prev && prev.level === b.level && blocks[j - 1] === prev && open(prev.text)) {
        inside[inside.length - 1] = { ...prev, text: prev.text + b.text, title: prev.title + b.title };
        continue;
      }
      inside.push(b);
    }
    // forms whose titles were printed as plain paragraphs: each form opens a page with its short title
    const pageTops: HeadingBlock[] = [];
    for (let k = i + 1; k < j; k++) {
      const b = blocks[k]!;
      const prev = blocks[k - 1]!;
      if (b.type !== 'paragraph' || prev.pageEnd >= b.page) continue;
      const t = b.text.replace(/\s+/g, '');
      if (t.length < 3 || t.length > 30 || NOT_FORM.test(t) || /[。；;，,]|^致|^(?:招标|采购)文件$/.test(t) || SENTENCE.test(t) || !partName(t)) continue;
      pageTops.push({ type: 'heading', page: b.page, pageEnd: b.pageEnd, level: h.level + 1, numbering: '', title: b.text, text: b.text });
    }
    if (inside.length < 3 && pageTops.length >= 3 && pageTops.length > inside.length) {
      best = { heads: pageTops, links: [...pageTops, ...inside], from: i, to: j };
      continue;
    }
    if (inside.length < 2) {
      // a chapter printing its parts as paragraphs only: its place is still known
      if (!best.heads.length) best = { heads: [], links: inside, from: i, to: j };
      continue;
    }
    const deeper = inside.filter((b) => b.level > h.level);
    const pool = deeper.length >= 2 && deeper.length >= inside.length / 2 ? deeper : inside;
    const top = Math.min(...pool.map((b) => b.level));
    let tops = pool.filter((b) => b.level === top);
    if (tops.length <= 3) {
      const next = pool.filter((b) => b.level > top);
      const sub = next.length ? Math.min(...next.map((b) => b.level)) : null;
      if (sub !== null && next.filter((b) => b.level === sub).length > tops.length) tops = next.filter((b) => b.level === sub);
    }
    // forms numbered as headings of one style and level (「1. 商务投标文件封面」…「35. 报价文件」, a count that may start
    // again in each volume): where a part has no form among the top headings, it may have one among these
    let numbered: HeadingBlock[] = [];
    const groups = new Map<string, HeadingBlock[]>();
    for (const b of inside) {
      const n = numberingOf(b.text.trim());
      if (!n || n.bare || n.value === null) continue;
      const k = `${b.level}|${n.style}`;
      groups.set(k, [...(groups.get(k) ?? []), b]);
    }
    let restarts = 0;
    for (const list of groups.values()) {
      const chain: HeadingBlock[] = [];
      let last = 0;
      let again = 0;
      for (const b of list) {
        const v = numberingOf(b.text.trim())!.value!;
        // a count with a few numbers missing (a form printed as a paragraph) is still the count
        if ((v > last && v <= last + 3) || (v === 1 && last >= 2)) {
          if (v === 1 && last >= 2) again++;
          chain.push(b);
          last = v;
        }
      }
      if (chain.length >= 3 && chain.length > numbered.length) [numbered, restarts] = [chain, again];
    }
    // one count running through the chapter and far outnumbering the level chosen by position numbers the forms (that
    // level holds the titles of a few of them); a count starting again and again numbers the items inside forms
    if (numbered.length > tops.length && restarts <= 1) tops = numbered;
    // the chapter itself comes after any mention of it: the last one that holds forms
    if (tops.length >= 2) best = { heads: tops, links: [...new Set([...tops, ...numbered, ...inside])], from: i, to: j };
  }
  return best;
}

/**
 * Parts the format chapter numbers as plain paragraphs (「1投标书（实质性格式）」「2授权委托书」… a group restarting at
 * 1): runs of ascending numbers, a footnote's stray 「1…」 left out, sub-items (「9-1…」) cut off.
 */
function numberedParts(blocks: Block[], from: number, to: number): Raw[] {
  const runs: Array<{ last: number; items: Raw[] }> = [];
  for (let i = from + 1; i < to; i++) {
    const b = blocks[i]!;
    if (b.type === 'table') continue;
    const m = /^(\d{1,2})(?![\d.．、\-－)）])\s*([\u4e00-\u9fa5《“].*)$/.exec(b.text.trim());
    if (!m) continue;
    const n = Number(m[1]);
    const text = m[2]!.replace(/\d{1,2}\s*[-－]\s*\d.*$/, '');
    const run = [...runs].reverse().find((r) => n > r.last && n <= r.last + 2);
    if (run) {
      run.last = n;
      run.items.push({ text, page: b.page });
    } else if (n === 1) runs.push({ last: 1, items: [{ text, page: b.page }] });
  }
  return runs.filter((r) => r.items.length >= 2).flatMap((r) => r.items);
}

/**
 * The format chapter's attachments as it numbers them (「★附件1：」 then the form's title, 「附件17投标文件封面…」): the
 * top attachments in order, their sub-forms (「附件5-1」) left to the attachment they belong to.
 */
function attachmentParts(blocks: Block[], from: number, to: number): Raw[] {
  const out: Array<{ text: string; page: number; n: number }> = [];
  for (let i = from + 1; i < to; i++) {
    const b = blocks[i]!;
    if (b.type === 'table') continue;
    const n = numberingOf(b.text.trim());
    if (n?.style !== 'att' || n.value === null) continue;
    let text = b.text.trim().slice(n.length).replace(/^[：:\s]+/, '');
    if (!partName(text)) {
      const next = blocks[i + 1];
      if (!next || next.type === 'table') continue;
      text = next.text;
    }
    if (out.length && n.value <= out.at(-1)!.n) continue;
    out.push({ text, page: b.page, n: n.value });
  }
  return out.length >= 3 ? out : [];
}

/**
 * The format chapter's reference contents table (「格式 3.目录（参考）」: 类型名称 | 序号 | 文件名称 | 页码): the files
 * numbered with plain integers, in order (「1.1」「附件 1」 rows are their attachments).
 */
function contentsTable(blocks: Block[]): Raw[] {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type !== 'table') continue;
    const before = blocks.slice(Math.max(0, i - 2), i).map((x) => (x.type === 'table' ? '' : x.text)).join('');
    if (!/目录|组成|构成/.test(before)) continue;
    const grid = tableGrid(b);
    const head = grid[0]?.map((s) => s.text.replace(/\s+/g, '')) ?? [];
    const name = head.findIndex((t) => /^(?:文件|材料|资料)名称$|^(?:文件|资料)内容$/.test(t));
    const seq = head.findIndex((t) => /^序号$/.test(t));
    if (name < 0 || seq < 0) continue;
    const out: Raw[] = [];
    grid.slice(1).forEach((row, r) => {
      const s = row[seq];
      const c = row[name];
      if (s && c && /^\d{1,2}$/.test(s.text.trim()) && c.origin) out.push({ text: c.text.split('\n')[0]!, page: b.rows[r + 1]?.page ?? b.page });
    });
    if (out.length >= 3) return out;
  }
  return [];
}

// ---------------------------------------------------------------------------------------------------------------------
// Candidates and the choice

interface Candidate {
  raws: Raw[];
  basis: CompositionBasis;
  at: number;
  /** a 前附表 row adding to the 须知's list */
  addition?: boolean;
  /** from a 前附表 row */
  row?: boolean;
  /** the anchor names a volume (「技术响应文件由以下部分组成」): the next volume's list may follow apart from it */
  volume?: boolean;
}

const titlesOf = (raws: Array<{ text: string }>) => [...new Set(raws.map((r) => partName(r.text)?.title).filter((t): t is string => !!t))];

/** The heading block i is, or sits under (a look back of 200 blocks at most). */
function headingAt(blocks: Block[], i: number): HeadingBlock | null {
  for (let j = i; j >= 0 && j >= i - 200; j--) {
    const b = blocks[j]!;
    if (b.type === 'heading') return b;
  }
  return null;
}

function enumerations(blocks: Block[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type === 'table') {
      if (compositionTitled(b)) out.push({ raws: tableParts(b), basis: 'list', at: i });
      else for (const r of rowAnchors(blocks, i)) out.push({ raws: r.raws, basis: 'list', at: i, addition: r.addition, row: true });
      continue;
    }
    // every anchor speaks of a 文件 or a 目录: other blocks are passed over at once
    if (b.text.length > 240 || (!b.text.includes('文件') && !b.text.includes('目录'))) continue;
    const full = b.type === 'list-item' ? `${b.numbering}${b.text}` : b.text;
    const t = full.replace(/\s+/g, '');
    if (t.length > 60 && !(t.length <= 120 && /[：:]$/.test(t))) continue;
    const contents = CONTENTS.test(bodyOf(t, numberingOf(t)));
    if (!contents && (!START.test(t) || OTHER_DOC.test(t.replace(START, '')) || /^[^投响应报申磋谈]*(?:招标|采购)文件(?:的)?(?:组成|构成)/.test(t))) continue;
    // a table right after the anchor, or after a line or two about it (「序号 | 内容」 rows), is the list
    const near = blocks.slice(i + 1, i + 4).find((x, k, all) => x.type === 'table' && all.slice(0, k).every((y) => y.type === 'paragraph'));
    if (near?.type === 'table' && !itemRows(near)) {
      const tp = tableParts(near);
      if (titlesOf(tp).length >= 3) {
        out.push({ raws: tp, basis: contents ? 'contents' : 'list', at: i });
        continue;
      }
    }
    const head = headingAt(blocks, i);
    const headNum = head ? numberingOf(head.text.trim()) : null;
    // an unnumbered anchor stands in its heading's clause (「3.2 投标文件组成」 then 「投标文件包括：」)
    const own = numberingOf(full.trim());
    const anchor: Anchor = { num: own ?? (headNum?.clause ? headNum : null), level: head?.level ?? null, head: headNum };
    const raws = flatten(readList(blockLines(blocks, i + 1, 160), anchor));
    const volume = isVolume(bodyOf(t, numberingOf(t))) && /商务|技术|资格|资信|价格|报价|经济/.test(t);
    out.push({ raws, basis: contents ? 'contents' : 'list', at: i, addition: ADDITION.test(t) && !START.test(t.replace(ADDITION, '')), volume });
  }
  return out;
}

const key = (s: string) => s.replace(/[\s（()）《》“”"、，,：:]/g, '').replace(/格式$/, '');

/** The format chapter's headings, each with the key its title is compared by. */
type FormKeys = Array<{ h: HeadingBlock; k: string }>;
const formKeys = (forms: HeadingBlock[]): FormKeys => forms.map((h) => ({ h, k: key(partName(h.text)?.title ?? h.title) }));

/** The words of the bracket a line ends with (「公开部分」 of 「九、…其他内容（公开部分）」), '' when none. */
function lastBracket(t: string): string {
  return /[（(]([^（()）]{1,20})[)）][\s；;。，,：:]*$/.exec(t)?.[1]?.trim() ?? '';
}

/** The format chapter's form for a part: the heading whose title holds the part's, or the other way round. */
function formOf(title: string, forms: FormKeys): HeadingBlock | undefined {
  const b = key(title);
  if (b.length < 2) return undefined;
  return forms.find(({ k }) => k.length >= 2 && (k.includes(b) || b.includes(k)))?.h;
}

/**
 * The list to read: the first one (in the document's order, the tender's own lists before the format chapter's contents)
 * whose parts the format chapter gives forms for about as often as the best list's do — a list of the 须知's procedures
 * or of a form's own contents shares few titles with the forms.
 */
function choose(cands: Candidate[], forms: FormKeys): Candidate | null {
  // the volumes' lists printed one after the other (「商务文件由以下部分组成」… then 「技术文件由以下部分组成」…) make one
  const joined: Array<Candidate & { last: number }> = [];
  let volume = 0;
  for (const c of cands) {
    const prev = joined.at(-1);
    if (prev && c.volume && !c.addition && c.basis === prev.basis && c.at > prev.last && c.at <= prev.last + 80 && (prev.volume || titlesOf(prev.raws).length >= 3)) {
      const more = c.raws.filter((r) => !prev.raws.some((x) => x.text === r.text));
      if (titlesOf(more).length >= 1 && plausible([...titlesOf(prev.raws), ...titlesOf(more)])) {
        volume += 100;
        prev.raws = [...prev.raws, ...more.map((r) => ({ ...r, volume: (r.volume ?? 0) + volume }))];
        prev.last = c.at;
        continue;
      }
    }
    joined.push({ ...c, last: c.at });
  }
  const good = joined.filter((c) => !c.addition && titlesOf(c.raws).length >= 3 && plausible(titlesOf(c.raws)));
  const ordered = [...good.filter((c) => c.basis === 'list'), ...good.filter((c) => c.basis !== 'list')];
  const linked = ordered.map((c) => titlesOf(c.raws).filter((t) => formOf(t, forms)).length);
  const best = Math.max(0, ...linked);
  const pick = ordered.find((_, k) => best < 3 || linked[k]! >= best * 0.6) ?? null;
  if (!pick) return null;
  // 「（11）投标人须知前附表规定的其他材料」 and the 前附表's 「构成投标文件的其他材料」 rows
  const last = pick.raws.at(-1);
  if (last && DEFERS.test(last.text)) {
    const add = cands.find((c) => c.addition && titlesOf(c.raws).length >= 1);
    if (add) return { ...pick, raws: [...pick.raws.slice(0, -1), ...add.raws] };
  }
  return pick;
}

/**
 * The composition from the model; empty when neither an enumeration nor a format chapter gives one. `formatOnly` reads
 * the format chapter alone, as if the tender listed no parts (to measure that reading against the corpus's
 * `compositionFormat` labels).
 */
export function compositionFromModel(model: DocModel, opts: { formatOnly?: boolean } = {}): ModelPart[] {
  const blocks = model.blocks;
  const chapter = formatHeadings(blocks);
  const forms = chapter.heads;
  const links = formKeys(chapter.links);
  let picked = opts.formatOnly ? null : choose(enumerations(blocks), links);
  if (!picked) {
    const ct = contentsTable(blocks);
    if (titlesOf(ct).length >= 3) picked = { raws: ct, basis: 'contents', at: -1 };
  }
  if (!picked && chapter.from >= 0) {
    const numbered = numberedParts(blocks, chapter.from, chapter.to);
    const atts = attachmentParts(blocks, chapter.from, chapter.to);
    // a run of numbered paragraphs or attachments stands for the chapter's forms only where it is not a small part of them
    const enough = (n: number) => n >= forms.length / 2;
    if (numbered.length >= 4 && numbered.length >= atts.length && enough(numbered.length)) picked = { raws: numbered, basis: 'contents', at: chapter.from };
    else if (atts.length >= 3 && enough(atts.length)) picked = { raws: atts.filter((a) => !NOT_BID_FORM.test(a.text)), basis: 'contents', at: chapter.from };
  }
  if (!picked && chapter.from >= 0 && forms.length < 2) {
    // a chapter that leaves its forms out names them (「（含：投标函、授权委托书、报价清单、技术方案、业绩表等空白模板）」)
    for (const b of blocks.slice(chapter.from + 1, Math.min(chapter.to, chapter.from + 4))) {
      if (b.type === 'table') continue;
      const m = /(?:含|包括|包含)[:：]?\s*([^。；;]+?)等/.exec(b.text);
      const names = m ? m[1]!.split(/[、，,]/).map((x) => x.trim()).filter(Boolean) : [];
      if (names.length >= 3) {
        picked = { raws: names.map((text) => ({ text, page: b.page, excerpt: b.text })), basis: 'forms', at: chapter.from };
        break;
      }
    }
  }
  if (!picked && forms.length >= 2)
    picked = { raws: forms.filter((h) => !NOT_BID_FORM.test(h.text)).map((h) => ({ text: h.text, page: h.page })), basis: 'forms', at: chapter.from };
  if (!picked) return [];
  const parts: ModelPart[] = [];
  const seen = new Set<string>();
  const named = picked.raws.map((r) => ({ r, p: partName(r.text) })).map((x) => ({ ...x, name: x.p?.title }));
  for (const { r, p, name } of named) {
    if (!p) continue;
    // two parts of one title told apart only by their brackets (「…其他内容（公开部分）」 and 「…（不公开部分）」, in two
    // volumes): each keeps its bracket — else both are one section and the second's form is printed nowhere — and is
    // linked to the form whose heading carries it
    const twins = named.filter((x) => x.name === name).map((x) => lastBracket(x.r.text));
    const told = twins.length > 1 && twins.every(Boolean) && new Set(twins).size === twins.length;
    if (told) p.title += `（${lastBracket(r.text)}）`;
    if (seen.has(`${r.volume ?? 0}|${p.title}`)) continue;
    seen.add(`${r.volume ?? 0}|${p.title}`);
    const form = (told ? links.find(({ h }) => key(h.text).includes(key(p.title)))?.h : undefined) ?? formOf(p.title, links);
    parts.push({
      ...p,
      page: r.page,
      excerpt: (r.excerpt ?? r.text).replace(/\s+/g, ' ').trim().slice(0, 80),
      basis: picked.basis,
      ...(form ? { form: { title: form.text, page: form.page } } : {}),
    });
  }
  return parts;
}
