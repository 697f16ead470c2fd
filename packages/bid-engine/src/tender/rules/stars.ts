/**
 * ★ clauses (实质性条款) and ▲ clauses (重要条款) of a tender (issue 23): what carries the mark, read from the document
 * model where the file has one — headings, paragraphs, list items and table cells — and from the text lines otherwise.
 *
 * How tenders print them, and what this reader takes from each:
 * - The clause is the text right after the mark, in its own block or cell line: 「★（2）采购人对…」, 「4.1★机箱≥13.6L…」
 *   (the numbering before the mark stays out), 「★六、商务要求」 (a marked heading is one clause: the whole section is
 *   binding, its items are not clauses of their own unless they carry the mark too), 「★消防管理」 in a table's label
 *   cell (the label is the clause), 「★人员类别」 on a column header (the header is the clause).
 * - A cell holding only the mark (a 参数性质 column) marks its row: the clause is the rest of the row after it.
 * - A cell or paragraph holding several marked lines gives one clause per mark (「★5.3…」 then 「★5.3.1…」); a clause
 *   whose line ends with a colon takes the lines (or the list items) under it up to the next mark; a bare form number
 *   (「★附件1：」) takes the form's title from the next block.
 * - A mark in brackets after an item (「交货期（★）：…」) marks the whole item; a trailing mark (「服务期限★」) the words
 *   before it.
 * - Sentences that explain the mark (凡标有“★”的条款…, 带★号条款为…, review rows 「满足招标文件中标注“★”的条款」) are
 *   no clauses.
 * - Once each: a clause printed again in a response / deviation table (header 响应, 偏离, 应答) or a summary of the
 *   binding clauses (实质性条款) is the same clause even
 *   when the reprint differs a little (a figure, spacing); the same clause in the contract (甲方/乙方) and in the
 *   requirements (投标人/招标人) is one clause, kept in the requirements' wording; a clause cut short or differing
 *   only in its last characters is the same clause; a form heading repeating a listed form (「★附件5-1：」 after 「★5－1 法定代表人授权委托书」) too.
 */
import type { Block, DocModel, TableBlock } from '../../reading/model/types.js';
import { tableGrid, type GridSlot } from '../../reading/model/table.js';
import { cap, isHeadingLike, isTocLine, markerOf, sliceLines, type FileLines, type Line } from '../text.js';
import { verifyExcerpt } from '../verify.js';

export type Mark = '★' | '▲';

/** A marked clause with the line it cites (its page and lot) and a verbatim excerpt of that page. */
export interface MarkedItem {
  text: string;
  line: Line;
  last: Line;
  excerpt: string;
  fl: FileLines;
  lot: string | null;
  /** printed again in a response / deviation table or a summary of the binding clauses */
  reprint?: boolean;
}

/** A sentence that explains the mark instead of carrying it. */
export const STAR_EXPLAIN =
  /[\u4e00-\u9fa5]\s*[★▲]\s*的|(带|标有|标注|标记|标识|打|加|注有|以|有|用)\s*[“"「‘『【]?\s*[★▲]|[★▲]\s*[”"」’』】]|[★▲]\s*(?:号|标志|标识|标记|标注|的条款|条款为|为实质|表示|符号|项为|的为|的指标)|[\u4e00-\u9fa5][★▲]号?(?:条款|项|要求|指标|参数)|(?:条款|星号?|号|项|指标|参数|要求|标注|标识|标记|符号)\s*[（(【[]\s*[★▲]\s*[)）】\]]/;

/** What a flag column's header or a bare mark's neighbour says besides the mark: 「★」「★项」「是否★条款」. */
const FLAG_WORDS = /^(?:是否|是否为|属于)?[★▲]?(?:号)?(?:条款|项|指标|参数|要求|标识|标志)?(?:项)?$/;
const YES = /^(?:[★▲√✓✔]|是|Y|y|yes|YES)$/;
const NUMBER_CELL = /^[\s（(]*[\d一二三四五六七八九十]{1,3}(?:\.\d{1,3})*[)）.．、]?\s*$/;
/**
 * A table that prints the requirements again: a response / deviation table (the bidder answers each one in a column of
 * its own) or a summary of the binding clauses (实质性条款一览表).
 */
const REPRINT_HEAD = /响应|偏离|应答|答复|实质性(?:条款|要求)/;
const CJK = /[\u4e00-\u9fa5]/;
/** A line that opens an item of its own (numbering markerOf does not know: 「A.」「⑴」「1)」 after spaces). */
const NUMBERED_ITEM = /^(?:[A-Za-z][.．、)）]|[⑴-⒇]|[①-⑳]|\d{1,2}(?:\.\d{1,2})*\s*[.．、)）])/;
const MAX_CLAUSE = 400;
/** A sentence that is closed: its end punctuation, or a bracketed note at its end. */
const CLOSED = /[。；;！!：:][)）」”"]*$|[)）]$/;

const squash = (s: string) => s.replace(/[\s\u3000\u00a0\u200b\ufeff]+/g, '');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The sentence of `s` around offset `at` (bounded by sentence ends, line and cell breaks). */
function sentenceAt(s: string, at: number): string {
  let a = at;
  while (a > 0 && !/[。；;！!\n\t]/.test(s[a - 1]!)) a--;
  let b = at;
  while (b < s.length && !/[。；;！!\n\t]/.test(s[b]!)) b++;
  return s.slice(a, b);
}

/** A clause's text: spaces folded, no leading punctuation, the mark's own repetitions gone. */
function tidy(s: string, mark: Mark): string {
  return oneLine(s.split(mark).join('')).replace(/^[、，,：:；;。.．\s]+/, '').trim();
}

/** Long enough to be a clause: two Chinese characters, or four characters of anything. */
const isClause = (s: string) => {
  const t = s.replace(/[\s\p{P}]/gu, '');
  return (t.match(/[\u4e00-\u9fa5]/g)?.length ?? 0) >= 2 || t.length >= 4;
};

interface Found {
  text: string;
  page: number;
  /** the clause as printed (mark included), for the cited excerpt */
  printed: string;
  reprint: boolean;
}

/**
 * The marked clauses of one text (a block's text or a cell's): one per mark, from the mark to the next mark, the end of
 * its line or the next tab-separated cell; a trailing mark (「服务期限★」) marks the words before it.
 */
function clausesIn(text: string, mark: Mark): Array<{ text: string; printed: string }> {
  const out: Array<{ text: string; printed: string }> = [];
  const lines = text.split('\n');
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    if (!line.includes(mark)) continue;
    let segStart = 0;
    for (const seg of line.split('\t')) {
      const base = segStart;
      segStart += seg.length + 1;
      if (!seg.includes(mark)) continue;
      if (squash(seg) === mark) {
        // a cell holding only the mark (a text line of a table row): the rest of the row is the clause
        const rest = line
          .slice(segStart)
          .split('\t')
          .map((c) => c.trim())
          .filter((c) => c && !NUMBER_CELL.test(c));
        const body = tidy(rest.join(' '), mark);
        if (rest.length && !rest.some((c) => c.includes(mark)) && isClause(body)) out.push({ text: cap(body, MAX_CLAUSE), printed: line.slice(base).trim() });
        continue;
      }
      const at: number[] = [];
      for (let k = seg.indexOf(mark); k >= 0; k = seg.indexOf(mark, k + 1)) at.push(k);
      at.forEach((k, n) => {
        // 「★★★」 is a rating, not a mark
        if (seg[k - 1] === mark || seg[k + 1] === mark) return;
        if (STAR_EXPLAIN.test(sentenceAt(line, base + k))) return;
        const end = at[n + 1] ?? seg.length;
        const start = n ? at[n - 1]! + 1 : 0;
        if (/[（(【[]/.test(seg[k - 1] ?? '') && /[)）】\]]/.test(seg[k + 1] ?? '')) {
          // a mark in brackets after an item (「交货期（★）：合同签订后30日内」) marks the item, its name included
          const whole = tidy(seg.slice(start, k - 1) + seg.slice(k + 2, end), mark);
          if (isClause(whole)) out.push({ text: cap(whole, MAX_CLAUSE), printed: seg.slice(start, end).trim() });
          return;
        }
        let body = tidy(seg.slice(k + 1, end), mark);
        let printed = seg.slice(k, end).trim();
        if (!body.replace(/[\p{P}\s]/gu, '')) {
          // a trailing mark: the words before it, when they are a short label of their own
          const before = tidy(seg.slice(start, k), mark);
          if (!before || before.length > 40 || !CJK.test(before) || /[（(“"「【]$/.test(before) || /[。；;，,]/.test(before)) return;
          out.push({ text: before, printed: seg.slice(0, k + 1).trim() });
          return;
        }
        // a lead-in (「★1.2交货期限要求：」): the lines under it, up to the next mark
        if (/[：:]$/.test(body) && n === at.length - 1)
          for (let j = li + 1; j < lines.length && body.length < MAX_CLAUSE; j++) {
            const next = lines[j]!.trim();
            if (!next) continue;
            if (next.includes(mark)) break;
            body += ` ${next}`;
            printed += `\n${next}`;
          }
        else if (n === at.length - 1)
          // a line wrapped inside its cell (「…角分辨力：≥」 / 「6C/( °)…」): the sentence is open and the next line is
          // no item of its own
          for (let j = li + 1; j < lines.length && j <= li + 3 && body.length < MAX_CLAUSE && !CLOSED.test(body); j++) {
            const next = lines[j]!.trim();
            if (!next || next.includes(mark) || markerOf(next) || NUMBERED_ITEM.test(next)) break;
            body += ` ${next}`;
            printed += `\n${next}`;
          }
        if (isClause(body)) out.push({ text: cap(body, MAX_CLAUSE), printed });
      });
    }
  }
  return out;
}

/**
 * What a bare mark marks in its row: the cells after it (「1 | ★ | 交货地点 | 福州市…」 → 「交货地点 福州市…」), or the
 * cells before it when it stands last; numbers, flags and merged repeats left out.
 */
function rowAfter(row: GridSlot[], at: number): string {
  const pick = (slots: GridSlot[]) => {
    const seen = new Set<unknown>();
    const out: string[] = [];
    for (const slot of slots) {
      const t = slot.text.trim();
      if (!t || seen.has(slot.cell) || NUMBER_CELL.test(t) || FLAG_WORDS.test(squash(t)) || YES.test(t)) continue;
      seen.add(slot.cell);
      out.push(t);
    }
    return out.join(' ');
  };
  return pick(row.slice(at + 1).filter((s) => s.cell !== row[at]!.cell)) || pick(row.slice(0, at));
}

function fromTable(t: TableBlock, mark: Mark, out: Found[]): void {
  if (!t.rows.some((r) => r.cells.some((c) => c.text.includes(mark)))) return;
  const grid = tableGrid(t);
  if (!grid.length) return;
  const headRows = t.rows.findIndex((r) => !r.header);
  const heads = grid.slice(0, Math.max(1, headRows)).map((r) => r.map((s) => s.text));
  const reprint = heads.some((r) => r.some((s) => REPRINT_HEAD.test(s) && s.length <= 20));
  // a flag column: its header is the mark (「★」「是否★项」), its cells say which rows are marked
  const flagCols = new Set<number>();
  heads[0]!.forEach((s, c) => {
    if (s.includes(mark) && FLAG_WORDS.test(squash(s))) flagCols.add(c);
  });
  grid.forEach((row, r) => {
    const page = t.rows[r]?.page ?? t.page;
    row.forEach((slot, c) => {
      if (!slot.origin) return;
      const s = slot.text.trim();
      if (!s) return;
      const flag = flagCols.has(c) && r >= Math.max(1, headRows) && YES.test(s);
      if (flag || squash(s) === mark) {
        // the mark alone marks the row: its content is the clause
        const content = rowAfter(row, c);
        if (!content) return;
        const inner = clausesIn(content, mark);
        if (inner.length) return; // the content carries the mark itself and is read as its own cell
        if (isClause(content)) out.push({ text: cap(oneLine(content), MAX_CLAUSE), page, printed: content, reprint });
        return;
      }
      if (flagCols.has(c) && r === 0) return;
      for (const x of clausesIn(s, mark)) out.push({ text: x.text, page, printed: x.printed, reprint });
    });
  });
}

const FORM_NUMBER = /^(?:附件|附表|格式|表)\s*[\d一二三四五六七八九十]+(?:\s*[-－—]\s*\d+)?\s*[：:.、]?$/;

/** The marked clauses of a document model, in reading order. */
export function markedFromModel(model: DocModel, mark: Mark): Found[] {
  const out: Found[] = [];
  const blocks = model.blocks;
  blocks.forEach((b: Block, i) => {
    if (b.type === 'table') {
      fromTable(b, mark, out);
      return;
    }
    // a list whose bullet is the mark (Word numbering with a ★ symbol) marks each of its items
    const text = b.type === 'list-item' && b.numbering.includes(mark) ? `${mark}${b.text}` : b.text;
    if (!text.includes(mark)) return;
    const found = clausesIn(text, mark);
    found.forEach((x, n) => {
      let clause = x.text;
      let printed = x.printed;
      // 「★附件1：」 then the form's title as a heading of its own
      const next = blocks[i + 1];
      const last = n === found.length - 1;
      if (last && FORM_NUMBER.test(clause) && (next?.type === 'heading' || next?.type === 'paragraph')) {
        const nt = next.text;
        if (!nt.includes(mark) && nt.trim().length <= 40) {
          clause += nt.trim();
          printed += nt.trim();
        }
      } else if (last && b.type !== 'heading' && /[：:]$/.test(clause) && clause.length <= 30) {
        // 「★填写要求：」 then its list: the items under the lead-in, up to a heading, a table or the next mark
        for (let j = i + 1; j < blocks.length && clause.length < MAX_CLAUSE; j++) {
          const nb = blocks[j]!;
          if ((nb.type !== 'list-item' && nb.type !== 'paragraph') || nb.text.includes(mark) || nb.page > b.pageEnd + 1) break;
          clause += ` ${nb.type === 'list-item' ? nb.numbering : ''}${nb.text.trim()}`;
        }
        clause = cap(clause, MAX_CLAUSE);
      } else if (last && b.type !== 'heading' && !CLOSED.test(clause) && (clause.length > 20 || /[，,]/.test(clause)))
        // a sentence broken over paragraphs (a DOCX converted from a PDF): plain paragraphs that go on with it
        for (let j = i + 1; j <= i + 2 && !CLOSED.test(clause); j++) {
          const nb = blocks[j];
          if (nb?.type !== 'paragraph' || nb.page > b.pageEnd + 1) break;
          const nt = nb.text.trim();
          if (!nt || /[★▲]/.test(nt) || markerOf(nt) || NUMBERED_ITEM.test(nt) || isHeadingLike(nt, 16)) break;
          clause += nt;
          printed += nt;
        }
      out.push({ text: clause, page: b.page, printed, reprint: false });
    });
  });
  return out;
}

/** Index of a file's lines by page, to find the line (and so the lot) a model clause sits on. */
function linesByPage(fl: FileLines): Map<number, Line[]> {
  const m = new Map<number, Line[]>();
  for (const l of fl.lines) {
    const list = m.get(l.page);
    if (list) list.push(l);
    else m.set(l.page, [l]);
  }
  return m;
}

/** The line of the file that holds the clause (its page or a neighbour's), and a verbatim excerpt for it. */
function locate(fl: FileLines, byPage: Map<number, Line[]>, f: Found, mark: Mark): { line: Line; excerpt: string } {
  const head = squash(f.text).slice(0, 12);
  for (const p of [f.page, f.page + 1, f.page - 1]) {
    const line = (byPage.get(p) ?? []).find((l) => head && squash(l.text).includes(head));
    if (!line) continue;
    // the excerpt: the line from the mark that opens the clause on, when the page has it verbatim
    let from = 0;
    for (let k = line.text.indexOf(mark); k >= 0; k = line.text.indexOf(mark, k + 1))
      if (squash(line.text.slice(k + 1)).replace(/^[、，,：:；;。.．]+/, '').startsWith(head)) {
        from = k;
        break;
      }
    const ex = cap(sliceLines(fl, line, line, from), 400);
    if (ex && verifyExcerpt(fl.file.pages, line.page, ex)) return { line, excerpt: ex };
  }
  const pages = fl.file.pages;
  for (const ex of [cap(f.printed.trim(), 120), cap(f.text, 60)])
    for (const p of [f.page, f.page + 1, f.page - 1])
      if (ex && verifyExcerpt(pages, p, ex)) return { line: synthetic(fl, p), excerpt: ex };
  return { line: synthetic(fl, f.page), excerpt: cap(f.printed.trim() || f.text, 120) };
}

const synthetic = (fl: FileLines, page: number): Line => ({ file: fl.file.name, page, text: '', start: 0, end: 0, i: -1, lot: null });

// ---------------------------------------------------------------------------------------------------------------------
// The text path (files without a document model)

const ENDS_SENTENCE = /[。；;！!]$/;

/**
 * The marked clauses of the text lines, read like a model's texts (a line's tabs separate table cells): a wrapped clause
 * takes the next lines while its sentence is open and they are plain text.
 */
export function markedFromLines(fl: FileLines, mark: Mark): MarkedItem[] {
  const out: MarkedItem[] = [];
  const L = fl.lines;
  for (const l of L) {
    if (!l.text.includes(mark) || isTocLine(l.text)) continue;
    const found = clausesIn(l.text, mark);
    found.forEach((x, n) => {
      let text = x.text;
      let last = l;
      if (n === found.length - 1)
        for (let k = 1; k <= 2 && !ENDS_SENTENCE.test(text) && text.length < MAX_CLAUSE; k++) {
          const next = L[l.i + k];
          if (!next || next.page !== l.page || markerOf(next.text) || /[★▲\t]/.test(next.text) || isHeadingLike(next.text, 16)) break;
          text += next.text;
          last = next;
        }
      out.push({ text: cap(text, MAX_CLAUSE), line: l, last, excerpt: cap(sliceLines(fl, l, last), 400), fl, lot: l.lot });
    });
  }
  return out;
}

/** The marked clauses of a file: from its document model when it has one, else from its text lines. */
export function markedClauses(fl: FileLines, mark: Mark): MarkedItem[] {
  const model = fl.file.model;
  if (!model) return markedFromLines(fl, mark);
  const byPage = linesByPage(fl);
  return markedFromModel(model, mark).map((f) => {
    const { line, excerpt } = locate(fl, byPage, f, mark);
    return { text: f.text, line, last: line, excerpt, fl, lot: line.lot, ...(f.reprint ? { reprint: true } : {}) };
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Once each

/** Contract wording (甲方/乙方) and the tender's own (投标人/招标人…) folded to one party word each. */
const BIDDER = /成交供应商|中标供应商|中标单位|中标人|成交人|投标人|投标单位|供应商|响应人|承包人|承包方|乙方|卖方/g;
const BUYER = /招标人|采购人|采购方|招标方|采购单位|发包人|甲方|买方/g;
const CONTRACT_WORDS = /甲方|乙方/;

/** The comparison key of a clause: NFKC, no spaces or blanks, no leading numbering, parties folded. */
function keyOf(text: string): string {
  let k = text.normalize('NFKC').replace(/[\s_＿]+/g, '');
  k = k.replace(/^(?:\d{1,2}(?:\.\d{1,2}){0,3}[.、)]?|\(\d{1,2}\)|[①-⑳]|[一二三四五六七八九十]{1,3}[、.])/, '');
  return k.replace(BIDDER, '乙').replace(BUYER, '甲');
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * One clause printed twice: one text opens the other (a reprint cut short), or they agree but for their last few
 * characters (「…编制本文件）」 / 「…编制本文件。招标人和…」). Short clauses must agree to the end: 「额定转速：1500RPM。」
 * (the engine's) and 「额定转速：1500RPM；」 (the generator's) are two.
 */
function sameOpening(a: string, b: string): boolean {
  const short = Math.min(a.length, b.length);
  const n = commonPrefix(a, b);
  return (n === short && short >= 8) || (n >= 20 && n >= 0.9 * short);
}

/**
 * A label printed on its own (a table's key cell 「★报价要求」 beside its value) and the clause that states it in full
 * elsewhere (「★报价要求：1.本次招标…」): one clause.
 */
function labelOfClause(label: string, clause: string): boolean {
  return label.length >= 2 && label.length <= 12 && !/[:：]/.test(label) && clause.length > label.length + 1 && clause.startsWith(label) && /^[:：]/.test(clause.slice(label.length));
}

/** Similarity of two texts' openings (Dice over character pairs): a reprint that changed a figure or a word. */
function similar(a: string, b: string): boolean {
  const pairs = (s: string) => {
    const m = new Map<string, number>();
    const t = s.slice(0, 60);
    for (let i = 0; i + 1 < t.length; i++) m.set(t.slice(i, i + 2), (m.get(t.slice(i, i + 2)) ?? 0) + 1);
    return m;
  };
  const pa = pairs(a);
  const pb = pairs(b);
  let common = 0;
  let total = 0;
  for (const [k, n] of pa) {
    common += Math.min(n, pb.get(k) ?? 0);
    total += n;
  }
  for (const n of pb.values()) total += n;
  return total > 0 && (2 * common) / total >= 0.8;
}

/** The form number a clause names (「5－1 法定代表人授权委托书」, 「附件5-1：」). */
const formNumber = (text: string) => /^(?:附件)?(\d{1,2}-\d{1,2})(?!\d)/.exec(squash(text).normalize('NFKC').replace(/[－—–]/g, '-'))?.[1];

/**
 * Marked clauses once each, in order. Two items are one clause when their keys are equal, one opens the other or they
 * differ only at the end (sameOpening), or they name the same form; a reprint (response table) is also the same clause as a similar one. Of two, the
 * one in the requirements (not a reprint, not in the contract's 甲方/乙方 wording) is kept, where the first stood.
 */
export function distinctMarked<T extends MarkedItem>(items: T[]): T[] {
  const kept: Array<{ it: T; key: string; num: string | undefined }> = [];
  const worse = (a: T, b: T) => (a.reprint ? 1 : 0) - (b.reprint ? 1 : 0) || (CONTRACT_WORDS.test(a.text) ? 1 : 0) - (CONTRACT_WORDS.test(b.text) ? 1 : 0);
  for (const it of items) {
    const key = keyOf(it.text);
    if (!key) continue;
    const num = formNumber(it.text);
    const same = kept.find(
      (k) =>
        k.key === key ||
        sameOpening(k.key, key) ||
        labelOfClause(k.key, key) ||
        labelOfClause(key, k.key) ||
        (num !== undefined && k.num === num) ||
        ((it.reprint || k.it.reprint) && similar(k.key, key)),
    );
    if (!same) {
      kept.push({ it, key, num });
      continue;
    }
    // the clause in full (「报价要求：1.本次…」) rather than its label cell (「报价要求」)
    if (labelOfClause(key, same.key)) continue;
    if (worse(it, same.it) < 0 || labelOfClause(same.key, key)) {
      same.it = it;
      same.key = key;
      same.num = num ?? same.num;
    }
  }
  return kept.map((k) => k.it);
}
