import type { TenderForm } from '@btz/shared';
import type { Block } from '../doc.js';
import { cnDate } from '../../export/cover.js';
import type { Ctx } from './context.js';
import { ph } from './context.js';
import { toText } from '../doc.js';
import { ATTACHMENT } from '../../tender/rules/forms.js';

/** A form's title without its numbering and notes (「四、监狱企业证明（如有）」 → 监狱企业证明). */
const titleOf = (t: string) => t.replace(/^\s*(?:附件|格式|附表)?\s*[一二三四五六七八九十\d]+(?:[-－.．]\d+)*\s*[、.．:：)）]?\s*/, '').replace(/[（(][^（()）]*[)）]/g, '').trim() || t;

/**
 * The tender's own form as the section of the composition part that links it (issue 24 item 1): its fixed text verbatim,
 * its tables with the tender's rows and columns, its blanks (____、（  ）、【…】、XXX、a label ending in a colon) filled from
 * the card (project name/number, purchaser, the deadline's date) and the enterprise facts (name, legal representative,
 * address, phone, credit code); what neither gives stays a 【待填写：…】 placeholder, a place to sign or seal stays blank.
 * Nothing is added: no filler, no other form's tail. A form part whose form the reader did not find is a titled
 * placeholder saying so.
 */

// ---------------------------------------------------------------------------------------------------------------------
// Blanks

/** A place for a hand: a signature or a seal is never filled. */
const HAND = /签字|签名|签章|盖章|公章|印章|手印|章\)|章）|^章$/;
/** A note saying the blank is signed by hand (「法定代表人（签字）：____」): the blank stays for the pen. */
const SIGN = /签字|签名|签章|手印/;

interface Filler {
  value: (label: string) => string | null;
  date: string;
}

function fillerOf(c: Ctx): Filler {
  const e = c.ent;
  const known = (v: string | undefined, what: string) => (v && v.trim() ? v.trim() : ph(what));
  const date = (c.card.deadline && cnDate(String(c.card.deadline.value))) || ph('日期');
  const value = (raw: string): string | null => {
    const l = raw.replace(/[\s:：]/g, '');
    if (!l) return null;
    if (HAND.test(l)) return null;
    if (/代理机构/.test(l)) return c.card.agency?.value ? String(c.card.agency.value) : ph(l);
    if (/项目名称|采购项目名称|招标项目名称|^项目$/.test(l)) return c.P;
    if (/(?:项目|招标|采购|标段|包)(?:编号|号)$|^编号$/.test(l)) return c.N;
    if (/^致$|采购人|招标人|采购单位|招标单位|^业主/.test(l) && !/代表|电话|地址/.test(l)) return c.B;
    if (/信用代码/.test(l)) return known(e.creditCode, '统一社会信用代码');
    if (/法定代表人/.test(l) && !/授权|委托|身份证|证明|电话/.test(l)) return known(e.legalRep, l);
    if (/地址|住所/.test(l) && !/采购人|招标人/.test(l)) return known(e.address, l);
    if (/电话|联系方式|手机/.test(l) && !/采购人|招标人/.test(l)) return known(e.contacts, l);
    if (/(?:投标人|供应商|响应人|报价人|磋商人|申请人|投标单位|公司|企业|单位)(?:名称|全称)?$|^(?:投标人|供应商)/.test(l) && !/代表|地址|电话|身份证|邮编|账号|开户/.test(l))
      return c.anonymous ? c.E : known(e.name, l);
    if (/^(?:日期|时间|签署日期|投标日期|响应日期|报价日期)$/.test(l)) return date;
    return ph(l.slice(0, 20));
  };
  return { value, date };
}

/** The label a blank belongs to: the words just before it (「项目编号：____」), back to the previous punctuation. */
function labelBefore(text: string, at: number): string {
  // a note in brackets between the label and its blank (「投标人名称（公章）：____」) is passed over
  const before = text
    .slice(Math.max(0, at - 30), at)
    .replace(/[\s\u3000:：]+$/, '')
    .replace(/(?:[（(][^（()）]{1,8}[)）][\s\u3000:：]*)+$/, '');
  const m = /([^\s\u3000，,。；;、：:（()）【】_＿]{1,16})$/.exec(before);
  // a blank inside a sentence (「自开标之日起____日」): the few words before it say what goes there
  if (!m) return '';
  const words = m[1]!.replace(/^\d+[.、．]/, '').replace(/[为是]$/, '');
  // 「项目编号为____」 names its field; 「有效期为自截止之日起____」 is said by the words after the last 为/是
  return /(?:名称|编号|代码|地址|电话|人|日期)$/.test(words) ? words.slice(-10) : (/[为是]([^为是]{2,})$/.exec(words)?.[1] ?? words).slice(-8);
}

/**
 * The label a blank is named by the words after it, where the words before it do not name it: 「现任我单位____职务」
 * (the post), and a line opening with a blank in a statement about the legal representative (「____现任我单位…为法定
 * 代表人」「____系…的法定代表人」: the representative's name).
 */
function labelAfter(text: string, at: number, blank: string): string | null {
  const before = text.slice(0, at).replace(/[\s\u3000]+$/, '');
  const after = text.slice(at + blank.length).replace(/^[\s\u3000]+/, '');
  // 「见投标文件第（）页」「第____条」「共____页」: a number of its unit, not the words before it
  const unit = /^[页条章节项包册]/.exec(after)?.[0];
  if (unit && /第$/.test(before)) return ORDINAL[unit]!;
  if (unit === '页' && /共$/.test(before)) return '页数';
  if (/^(?:职务|职称|性别|年龄)(?=[，,。；;、的\s]|$)/.test(after) && !/[:：]$/.test(before)) return after.slice(0, 2);
  if (!before && /^(?:现任|系|是|为)/.test(after) && /法定代表人|负责人/.test(after.slice(0, 40)) && !/授权|委托/.test(after.slice(0, 12))) return '法定代表人姓名';
  return null;
}

const ORDINAL: Record<string, string> = { 页: '页码', 条: '条款号', 章: '章号', 节: '节号', 项: '项号', 包: '包号', 册: '册号' };
/** The words a blank stands before (「将____工作内容分包」: 工作内容), where the word before it names nothing. */
function wordsAfter(text: string, from: number): string | null {
  const w = /^[\s\u3000]*([\u4e00-\u9fa5]{2,})/.exec(text.slice(from))?.[1];
  return w ? w.slice(0, 4) : null;
}

const MAX_LINE = 2000;
const BLANK = '[_＿]{2,}|[（(][\\s\\u3000]*[)）]|[Xx×Ｘ]{2,}';
/** A date's slots: underscores and spaces mixed (「_     年_     月_    日」), empty brackets, XX. */
const SLOT = '(?:[_＿\\s\\u3000]+|[\\s\\u3000]*[（(][\\s\\u3000]*[)）][\\s\\u3000]*|[\\s\\u3000]*[Xx×Ｘ]{2,4}[\\s\\u3000]*|[\\s\\u3000]*【[\\s\\u3000Xx×Ｘ_＿]*】[\\s\\u3000]*)';
const DATE = new RegExp(`${SLOT}年${SLOT}月${SLOT}日`, 'g');
/** Words before a date that is not the signing date. */
const OTHER_DATE = /成立|出生|注册|有效期|截止|签订|开工|竣工|颁发|发证|起止|合同|毕业|入职|参加工作/;
/** Inside a bracketed blank (our 【待填写：…】 or the tender's 【…[字段]】) on the same line: filled once, never again. */
function inBracket(whole: string, at: number): boolean {
  const before = whole.slice(0, at);
  return before.lastIndexOf('【') > Math.max(before.lastIndexOf('】'), before.lastIndexOf('\n'));
}
/** A field label in brackets standing for its value: 「致：（采购人名称）」「我方（投标人名称）」. */
const FIELD = /名称|姓名|编号|采购人|招标人|供应商|投标人|法定代表人|地址|电话|信用代码|日期|职务/;
/** A label a bidder fills in after its colon. */
const FIELD_LABEL = /名称|全称|编号|地址|住所|电话|传真|邮编|邮政编码|账号|开户|银行|日期|时间|代表|职务|姓名|身份证|代码|金额|报价|价格|期限|网址|邮箱|联系人|联系方式|手机|采购人|招标人|供应商|投标人|^致$/;

/** The text with its blanks filled (a table cell's blanks belong to its column when nothing labels them). */
export function fillBlanks(text: string, f: Filler, column = ''): string {
  // a form's line with a blank is short; a longer one (a page of spaces or underscores) is printed as it is — the blank
  // patterns are never run over it
  if (text.length > MAX_LINE) return text;
  let s = text
    // 「日  期：」「地  址：」: a label spaced out is one label
    .replace(/(^|[\s\u3000：:）)])([\u4e00-\u9fa5])[ \u3000]+([\u4e00-\u9fa5])(?=[ \u3000]*[:：])/g, '$1$2$3')
    .replace(DATE, (m, at: number, whole: string) => {
      if (/年$/.test(whole.slice(0, at)) || inBracket(whole, at)) return m;
      // the date this bid is signed; another date (「成立时间」「出生日期」「合同签订于」) is the bidder's to give
      const before = whole.slice(Math.max(0, at - 12), at);
      return OTHER_DATE.test(before) ? ph((labelBefore(whole, at) || '日期').slice(0, 12)) : f.date;
    })
    // 「日期：年月日」: the blanks between were not kept
    .replace(/(^|[:：\s\u3000])年\s*月\s*日/g, (_m, lead: string) => `${lead}${f.date}`);
  // a blank with its label in brackets next to it: 「______（投标人名称）」「（项目名称）______」 — and the line running on
  // after the label (「我方____（投标人全称）____参与」) is the same blank, unless another label follows it
  s = s.replace(new RegExp(`(?:${BLANK})[\\s\\u3000]*[（(]([^（()）]{1,20})[)）](?:[\\s\\u3000]*[_＿]{2,}(?![_＿\\s\\u3000]*[（(]))?|[（(]([^（()）]{1,20})[)）][\\s\\u3000]*(?:[_＿]{2,})`, 'g'), (m, a: string | undefined, b: string | undefined, at: number, whole: string) => {
    const label = (a ?? b ?? '').trim();
    if (HAND.test(label) || inBracket(whole, at)) return m;
    return f.value(label) ?? m;
  });
  // 【项目名称】 (never our own 【待填写：…】)
  // (【…】 around other words is the tender's emphasis: 「【报价部分】」, kept)
  // 【示例文字[字段名]】: the tender's field, named by its bracketed label, filled once (the sample words are not kept)
  s = s.replace(/【(?!待填写)([^【】\n]{0,80})\[([^[\]【】]{1,20})\]】/g, (m, _sample: string, label: string) => (HAND.test(label) ? m : (f.value(label.trim()) ?? m)));
  s = s.replace(/【(?!待填写)([^【】]{0,30})】/g, (m, label: string) => (!label.trim() || FIELD.test(label) || /填写|XX|××/.test(label) ? (f.value(label.trim() || '空白处') ?? m) : m));
  // a bracketed label with nothing after its colon: 「（项目编号：）」
  s = s.replace(/([（(])([^（()）:：【】]{2,12})[:：][\s\u3000]*([)）])/g, (m, open: string, label: string, close: string, at: number, whole: string) => {
    if (!FIELD_LABEL.test(label) || HAND.test(label) || inBracket(whole, at)) return m;
    const v = f.value(label);
    return v ? `${open}${label}：${v}${close}` : m;
  });
  // a bracketed field label alone: 「致：（采购人名称）」
  s = s.replace(/[（(]([^（()）]{2,16})[)）]/g, (m, label: string, at: number) => {
    // (「（注明采购项目名称及处理原因）」 under a column's head says what the column holds: a note, no field)
    if (!FIELD.test(label) || HAND.test(label) || /[，,。；;、]|或者|须|应当|如有|^(?:请?[注写列标]明|按)/.test(label) || inBracket(s, at)) return m;
    // 「（项目编号：XXX）」 is handled with its blank below
    if (/[:：]/.test(label)) return m;
    const before = s.slice(Math.max(0, at - 4), at);
    // a label saying what to write (「（供应商名称）」「（姓名）」) is a blank wherever it stands; a bare role
    // (「（采购人）」) only after a colon or 致/我方
    const standalone = /(?:名称|姓名|全称|编号|代码|日期|地址|电话|职务)$/.test(label) || /[:：][\s\u3000]*$|(?:致|我方|我公司|本公司|我单位)$/.test(before) || !/[\u4e00-\u9fa5]$/.test(before);
    return standalone ? (f.value(label) ?? m) : m;
  });
  // bare blanks: their label stands before them (or the column's head in a table); blanks side by side (「____XX」) are
  // one blank
  s = s.replace(new RegExp(`(?:${BLANK})(?:[\\s\\u3000]*(?:${BLANK}))*`, 'g'), (m, at: number, whole: string) => {
    // 「对于____项目」: the project's name
    // a blank inside a filled blank or the tender's 【…[字段]】 is that field's, already filled
    if (inBracket(whole, at)) return m;
    // a blank right after a placeholder is that placeholder's blank (「【待填写：投标人全称】____」): one blank, one placeholder
    if (/【待填写：[^】]*】[\s\u3000]*$/.test(whole.slice(0, at))) return '';
    const after = whole.slice(at + m.length, at + m.length + 4);
    const before = labelBefore(whole, at);
    // (one word before it — 「将」「为」 — names nothing: the words after it do)
    const named = before.length >= 2 ? before : (wordsAfter(whole, at + m.length) ?? before);
    const label = /^项目(?!编号|名称)/.test(after) && !FIELD.test(before) ? '项目名称' : (labelAfter(whole, at, m) ?? named) || column;
    if (HAND.test(label) || HAND.test(whole.slice(at + m.length, at + m.length + 6)) || SIGN.test(whole.slice(Math.max(0, at - 8), at))) return m;
    return f.value(label || '空白处') ?? m;
  });
  // a label ending the line with nothing after it: 「项目编号：」
  s = s.replace(/(^|[\s\u3000:：)）])([^\s\u3000，,。；;：:（()）]{2,12})((?:[（(][^（()）]{1,8}[)）])?)[:：][\s\u3000]*$/, (m, lead: string, label: string, note: string) => {
    // only a field's label (「开户银行：」), not a next form's number (「格式三：」) or a note's head (「注：」)
    if (HAND.test(label) || SIGN.test(note) || !FIELD_LABEL.test(label) || /^(?:格式|附件|附表|注|说明|备注)/.test(label)) return m;
    const v = f.value(label);
    return v ? `${lead}${label}${note}：${v}` : m;
  });
  return s;
}

// ---------------------------------------------------------------------------------------------------------------------
// The section

/** Columns a bidder fills in a price or response table: an empty cell there is the bidder's to fill. */
const FILLED_BY_BIDDER = /税率|征收率|单价|总价|合价|小计|报价|金额|价格|费用|品牌|型号|规格|产地|厂家|制造商|生产商|响应|偏离|投标|承诺|说明|参数|配置|数量|名称|姓名|职务|证书|日期|期限|时间/;

/** A cell naming the field in the cell after it (「投标人名称 | ____ | 注册资金 | ____」): short, no sentence. */
const LABEL_CELL = (c: string | null | undefined) => !!c && c.trim().length >= 2 && c.replace(/\s+/g, '').length <= 16 && !/[。；;，,]/.test(c) && !/^\d/.test(c.trim());

/**
 * A grid of labels and slots (a 基本情况表: 「投标人名称 | | 注册资金 | 」 on its first row): each empty slot is the field
 * its left neighbour names — filled from the card and the enterprise facts, else a placeholder named by it.
 */
function labelGrid(rows: Array<Array<string | null>>): boolean {
  const first = rows[0] ?? [];
  return first.some((c, i) => i > 0 && c !== null && !c.trim() && LABEL_CELL(first[i - 1]));
}

/** The cell left of a slot, past the slots a merged cell covers (「邮政编码」 spanning two columns, then its slot). */
function leftOf(row: Array<string | null>, col: number): string | null | undefined {
  let k = col - 1;
  while (k >= 0 && row[k] === null) k--;
  return k >= 0 ? row[k] : undefined;
}

function tableBlock(rows: Array<Array<string | null>>, f: Filler): Block {
  const grid = labelGrid(rows);
  const head = (rows[0] ?? []).map((c) => c ?? '');
  const body = rows.slice(1).map((r) =>
    r.map((cell, col) => {
      const column = (head[col] ?? '').replace(/\s+/g, '');
      if (cell === null) return '';
      if (grid && !cell.trim()) {
        const label = leftOf(r, col);
        return LABEL_CELL(label) ? (f.value(label!.replace(/\s+/g, '')) ?? '') : '';
      }
      if (cell.trim()) return fillBlanks(cell, f, column);
      // a total row's empty cells, and the bidder's columns, are the bidder's to fill
      return column && FILLED_BY_BIDDER.test(column) && !/备注|序号/.test(column) ? ph(column.slice(0, 20)) : '';
    }),
  );
  const top = grid
    ? head.map((h, col) => {
        const label = leftOf(rows[0] ?? [], col);
        return (rows[0]?.[col] ?? null) !== null && !h.trim() && LABEL_CELL(label) ? (f.value(label!.replace(/\s+/g, '')) ?? '') : h;
      })
    : head;
  return { t: 'table', head: top.map((h) => fillBlanks(h, f)), rows: body };
}

/** A response row of the bid (a ★/▲ clause and our response) for a response form whose table the tender left empty. */
export interface ResponseRow {
  requirement: string;
  response: string;
  deviation: string;
  note: string;
}

/**
 * A cell of a row the tender printed as a template to copy, not a row of its own: empty, a row number, an ellipsis, or a
 * marker standing for any package or item (「*」「*-1」「X-1」).
 */
const TEMPLATE_CELL = /^(?:\d{1,3}|[…．.]+|[*＊Xx×]{1,3}(?:[-－][\d*＊Xx×]{1,3})*)$/;

/** The tender's response table with our rows in its own columns, where the tender printed only its head and empty rows. */
function responseTable(rows: Array<Array<string | null>>, answers: ResponseRow[], f: Filler, placedRows?: Set<ResponseRow>): Block | null {
  const head = (rows[0] ?? []).map((c) => (c ?? '').replace(/\s+/g, ''));
  const blank = (c: string | null | undefined) => c === null || c === undefined || !c.trim() || TEMPLATE_CELL.test(c.replace(/\s+/g, ''));
  const empty = rows.slice(1).every((r) => r.every(blank));
  if (!answers.length || head.length < 3) return null;
  const col = (re: RegExp, not?: RegExp) => head.findIndex((h) => re.test(h) && !(not && not.test(h)));
  const n = col(/^序号$|^编号$/);
  const req = col(/要求|条款|条件|招标文件|采购文件|需求|参数|指标|内容/, /响应|投标|偏离/);
  const resp = col(/响应|投标|应答|实际|承诺|提供/, /偏离/);
  const dev = col(/偏离/);
  const note = col(/说明|备注|页码/);
  if (req < 0 || resp < 0) return null;
  if (!empty) {
    // the tender's form prints the requirements itself, the response cells blank: each row takes the responses of the
    // requirements it prints (the same requirement is not printed again below the form: offline.ts)
    let placed = 0;
    const filled = rows.map((r, i) => {
      if (i === 0 || !blank(r[resp])) return r;
      // (the requirement may span the row's columns: 参数名称 | 技术要求)
      const whole = flatText(r.join(''));
      const mine = answers.filter((a) => inRow(a.requirement, whole));
      if (!mine.length) return r;
      placed++;
      for (const a of mine) placedRows?.add(a);
      const out = [...r];
      out[resp] = [...new Set(mine.map((a) => a.response))].join('\n');
      if (dev >= 0 && blank(r[dev])) out[dev] = mine[0]!.deviation;
      return out;
    });
    return placed ? tableBlock(filled, f) : null;
  }
  return {
    t: 'table',
    head: rows[0]!.map((h) => fillBlanks(h ?? '', f)),
    rows: answers.map((a, i) =>
      head.map((_, k) => (k === n ? String(i + 1) : k === req ? a.requirement : k === resp ? a.response : k === dev ? a.deviation : k === note ? a.note : '')),
    ),
  };
}

/** `placed`: receives the answers put into the tender's own rows of a response form (responseTable). */
export function tenderFormSection(c: Ctx, forms: TenderForm[], answers: ResponseRow[] = [], placed?: Set<ResponseRow>): Block[] {
  const f = fillerOf(c);
  const out: Block[] = [];
  forms.forEach((form, k) => {
    // a form printed after the part's own carries its title
    if (k > 0) out.push({ t: 'p', text: `**${form.title}**` });
    out.push(...formBlocks(form, f, k === 0 ? answers : [], placed));
  });
  return out;
}

/**
 * Lines closing a form that open the next one: its number alone (「格式六：」「附件 3」) or the note heading the forms
 * after it (「（以下格式文件由供应商根据需要选用）」) — printed under this form they read as its tail.
 */
const NEXT_FORM = /^(?:(?:格式|附件|附表)\s*[一二三四五六七八九十\d]+(?:[-－.．]\d+)*\s*[:：]?|[（(]?以下.{0,30}(?:格式|附件|表格)[^）)]{0,20}[）)]?)$/;

function formBlocks(form: TenderForm, f: Filler, answers: ResponseRow[], placed?: Set<ResponseRow>): Block[] {
  const out: Block[] = [];
  let answered = false;
  const blocks = [...form.blocks];
  while (blocks.length > 1) {
    const last = blocks[blocks.length - 1]!;
    if (last.t !== 'p' || !NEXT_FORM.test(last.text.replace(/[\s\u3000]+/g, ''))) break;
    blocks.pop();
  }
  for (const b of blocks) {
    const mapped = b.t === 'table' && !answered ? responseTable(b.rows, answers, f, placed) : null;
    if (mapped) {
      answered = true;
      out.push(mapped);
    } else if (b.t === 'table') out.push(tableBlock(b.rows, f));
    else for (const line of b.text.split('\n')) if (line.trim()) out.push({ t: 'p', text: fillBlanks(line, f) });
  }
  if (!out.length) out.push({ t: 'p', text: `招标文件“${form.title}”的格式未印出正文，请按招标文件要求编写本部分：${ph(form.title)}` });
  // a form that only names the document to attach (「提供…出具的证明文件。」) leaves the place where it goes
  // (a short note, no table: a 廉洁承诺书 that says 「支付凭证」 names no document to attach)
  else if (!out.some((b) => b.t === 'table') && toText(out).length <= 200 && ATTACHMENT.test(toText(out)) && !/【待填写|[_＿]{2,}/.test(toText(out))) out.push({ t: 'p', text: `附：${ph(`${titleOf(form.title)}（证明文件附后）`)}` });
  return out;
}

/** A form part of a tender whose format chapter was read but holds no form for it: a titled placeholder, never filler. */
export function missingFormSection(c: Ctx): Block[] {
  return [
    { t: 'p', text: `未在招标文件的“投标文件格式”一章中找到「${c.node.title}」的格式，请按招标文件的要求编写或附上本部分：${ph(c.node.title)}` },
  ];
}

const PUNCT_RE = /[^\p{Script=Han}A-Za-z0-9.%±≥≤<>]/gu;
/** Text as the response rows are matched against it: letters, digits and a few signs, nothing else. */
const flatText = (text: string): string => text.replace(PUNCT_RE, '');

/**
 * A response row whose requirement a row of the tender's form prints (`row`: the row's cells, flatText): the
 * requirement's words (after the item's name, without the page reference) — 16 characters of them, or all when shorter
 * (6 at least) — and the item's name too (「方凳」's requirement is not 「办公桌」's row).
 */
function inRow(requirement: string, row: string): boolean {
  const body = requirement.replace(/（招标文件第 \d+ 页）$/, '').replace(/^[★▲]/, '');
  const m = /^([^：:]{1,20})[：:](.+)$/.exec(body);
  const value = flatText(m?.[2] ?? body);
  // (a short value — 「粘合剂：乳胶」 — is matched with its name)
  const key = (value.length >= 6 ? value : flatText(body)).slice(0, 16);
  return key.length >= 6 && row.includes(key) && (!m || row.includes(flatText(m[1]!)));
}
