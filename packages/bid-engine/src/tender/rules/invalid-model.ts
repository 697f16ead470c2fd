/**
 * The grounds for 无效投标 / 否决投标 / 废标 the tender lists explicitly (issue 12 item 3), read from the document
 * model: the items under an introduction such as 「有下列情形之一的，投标无效」 or a heading 「投标无效情形」 — list
 * items, numbered paragraphs, or the numbered lines of a table cell. The same list printed twice counts once. Scattered
 * sentences ending in 「否则投标无效」 are not grounds of a list; the text path keeps finding those when no list exists.
 * Numbered clauses that extend the introduction's own number (「32.4…作无效处理的情形…以下：」 then 「32.4.1…」) are its
 * items. The rows of a review table (《资格性审查表》, 《符合性审查表》) are grounds when the tender says a bid failing
 * any one of them is void and names the table in that sentence. A complaint that is 「不予受理」 is no ground of a bid.
 */
import type { Block, DocModel } from '../../reading/model/types.js';

export interface ModelGround {
  text: string;
  page: number;
  /** the group head an item sits under (「技术资信标符合性审查未通过的情形：」): the same words under two heads are two grounds */
  group?: string;
}

const VOID = /无效|否决|废标|拒绝|不予受理|视为未实质性响应/;
const INTRO =
  /(?:下列|以下|如下)[^，。；]{0,6}(?:情[况形]|行为|条件|事项)(?:之一)?|下述[^，。；]{0,6}情[况形]|(?:下列|以下)(?:任何)?(?:一种|一项|之一)|(?:情[况形]|行为)[^。；]{0,14}(?:以下|下列|如下)[：:]?$/;
const HEAD = /(?:投标|响应)无效(?:的)?情形|无效(?:投标|响应)(?:的)?情形|否决(?:投标)?(?:的)?(?:情形|条件)|废标(?:条款|情形|条件)|无效(?:投标|响应)?条款/;
const NUMBERED = /^\s*(?:[（(]\s*[\d一二三四五六七八九十]{1,3}\s*[)）]|\d{1,2}\s*[.．、)）]|[①-⑳]|[⑴-⒇]|[A-Ha-h]\s*[.．、)）]|[一二三四五六七八九十]{1,3}\s*、)/;

function markKind(n: string): string {
  if (/^[（(]/.test(n)) return 'paren';
  if (/^[⑴-⒇]/.test(n)) return 'pchar';
  if (/^[①-⑳]/.test(n)) return 'circle';
  if (/^\d/.test(n)) return 'num';
  if (/^[A-Za-z]/.test(n)) return 'alpha';
  if (/^[一二三四五六七八九十]/.test(n)) return 'cn';
  return n ? 'other' : 'none';
}

const CN_DIGITS = '一二三四五六七八九';
/** The ordinal a list mark carries (「（五）」 5, 「12.」 12, 「C、」 3), null when it carries none. */
function ordinal(mark: string): number | null {
  const d = /\d{1,3}/.exec(mark);
  if (d) return Number(d[0]);
  const c = /([一二三四五六七八九十]{1,3})/.exec(mark);
  if (c) {
    const t = c[1]!;
    if (t === '十') return 10;
    const [a, b] = t.split('十');
    if (b === undefined) return CN_DIGITS.indexOf(a!) + 1;
    return (a ? CN_DIGITS.indexOf(a) + 1 : 1) * 10 + (b ? CN_DIGITS.indexOf(b) + 1 : 0);
  }
  const l = /[A-Za-z]/.exec(mark);
  if (l) return l[0].toUpperCase().charCodeAt(0) - 64;
  const ci = /[①-⑳]/.exec(mark);
  if (ci) return ci[0].charCodeAt(0) - 0x2460 + 1;
  return null;
}

const textOf = (b: Block) => (b.type === 'table' ? '' : b.text);

function introduces(t: string): boolean {
  const s = t.replace(/\s+/g, '');
  if (s.length > 200) return false;
  // the project's own 废标 (「出现下列情形之一的，应予废标」: too few bidders, the purchase cancelled) and the
  // disqualification of bidders (「否决其投标资格」) are not grounds that void a bid
  if (/废标/.test(s) && !/投标无效|无效投标|否决|拒绝|作无效|按无效|投标文件|投标人/.test(s)) return false;
  if (/投标资格/.test(s)) return false;
  // a complaint (质疑/投诉) not accepted, a bond not returned: no ground that voids a bid
  if (/质疑|投诉|保证金/.test(s)) return false;
  return (VOID.test(s) && INTRO.test(s)) || (HEAD.test(s) && s.length <= 40);
}

/** The clause number an introduction starts with (「32.4投标人…」 → '32.4', 「9.除…」 → '9'), to know its sub-clauses 「32.4.1…」. */
function clauseNumber(b: Block): string | null {
  if (b.type === 'table') return null;
  // a list item's text leaves out the number Word prints for it
  const t = b.type === 'list-item' || (b.type === 'heading' && b.numbering && !b.text.trimStart().startsWith(b.numbering)) ? `${b.numbering}${b.text}` : b.text;
  const m = /^\s*(\d{1,3}(?:[.．]\d{1,3})*)(?:(?<=\d[.．]\d{1,3})|[.．、])(?![.．]?\d)/.exec(t);
  return m ? m[1]!.replace(/．/g, '.') : null;
}

/** A label cell naming the grounds its row lists (「导致报价文件无效的重大偏差」, 「否决投标的情形」) — not a summary table's. */
function namesGrounds(t: string): boolean {
  const s = t.replace(/\s+/g, '');
  return s.length <= 30 && VOID.test(s) && /情[形况]|偏差|条件|条款|事项/.test(s) && !/汇总|质疑|投诉|保证金/.test(s);
}

/** Whether list items deeper than `level` follow block `j`. */
function deeper(blocks: Block[], j: number, level: number): boolean {
  const n = blocks[j + 1];
  return !!n && n.type === 'list-item' && n.level > level;
}

/** The items right after block `i`: list items of one level, numbered paragraphs or its own sub-clauses, until other text. */
function itemsAfter(blocks: Block[], i: number): ModelGround[] {
  const out: ModelGround[] = [];
  let level: number | null = null;
  let kind: string | null = null;
  let group: string | null = null;
  let last: number | null = null;
  const own = clauseNumber(blocks[i]!);
  const sub = own ? new RegExp(`^\\s*${own.replace(/\./g, '[.．]')}[.．]\\d{1,2}(?![.．]?\\d)\\s*\\S`) : null;
  for (let j = i + 1; j < blocks.length && out.length < 60; j++) {
    const b = blocks[j]!;
    if (b.type === 'table') break;
    if (sub && sub.test(b.type === 'list-item' ? `${b.numbering}${b.text}` : b.text)) {
      if (kind && kind !== 'sub') break;
      kind = 'sub';
      out.push({ text: b.text, page: b.page });
      continue;
    }
    if (kind === 'sub') break;
    // the next clause of the introduction's rank (「3.1.3…否决其投标：」 … 「3.1.4投标报价有算术错误…」) ends its list
    const at = own?.includes('.') ? clauseNumber(b) : null;
    if (at && at !== own && at.split('.').length === own!.split('.').length) break;
    // an item of the list the model took for a heading (「(五)投标文件没有…作出响应：」 between list items 「(四)」 and 「(七)」)
    // — only where its number continues the list's and it opens sub-items
    const next = b.type === 'heading' ? ordinal(b.numbering) : null;
    const itemHead =
      b.type === 'heading' &&
      level !== null &&
      !!b.numbering &&
      markKind(b.numbering) === kind &&
      next !== null &&
      last !== null &&
      next > last &&
      next <= last + 2 &&
      /[：:]\s*$/.test(b.text) &&
      deeper(blocks, j, level);
    if (b.type === 'heading' && !itemHead) break;
    if (b.type === 'list-item' || itemHead) {
      const lvl: number = b.type === 'list-item' ? b.level : level!;
      level ??= lvl;
      if (lvl < level) break;
      const k = markKind(b.numbering);
      if (lvl === level) {
        // one list: its items number alike (⑴⑵… then 「4．投标答疑时间」 is the next clause)
        kind ??= k;
        if (k !== kind) break;
        last = ordinal(b.numbering) ?? last;
        // an item that introduces sub-items is a group of grounds (「技术资信标符合性审查未通过的情形：」): its sub-items
        // are the grounds — unless they only give examples of the ground it states (「有串通投标…的，以下情况视为串标：」)
        if (/[：:]\s*$/.test(b.text) && deeper(blocks, j, lvl)) {
          const examples = /视为/.test(b.text) && !VOID.test(b.text);
          // a head that introduces its own list of grounds (「下列情形之一的，视为串通投标，其投标无效：」) gives them itself
          group = examples || introduces(b.text) ? null : b.text.replace(/\s+/g, '');
          if (examples) out.push({ text: b.text, page: b.page });
          continue;
        }
        group = null;
        out.push({ text: b.text, page: b.page });
      } else if (group) out.push({ text: b.text, page: b.page, group });
      continue;
    }
    if (/^\s*\d{1,2}\.\d/.test(b.text)) break; // the next clause (「1.3 投标报价有算术错误…」)
    if (NUMBERED.test(b.text)) {
      const k = markKind(/^\s*(\S)/.exec(b.text)?.[1] ?? '');
      kind ??= k;
      if (k !== kind) break;
      out.push({ text: b.text, page: b.page });
      continue;
    }
    if (out.length) {
      // a wrapped item
      if (b.text.length <= 60 && !/[。；;]$/.test(out.at(-1)!.text)) continue;
      break;
    }
    if (j - i > 2) break;
  }
  return out;
}

// 「投标人若有一条审查不通过则按投标无效处理」, 「有任何一项不符合…投标无效」
const FAIL_ANY =
  /(?:有|任何|任一)一?(?:条|项)[^。；]{0,24}(?:不通过|未通过|不符合|不满足|不合格)[^。；]{0,24}(?:无效|否决)|(?:不通过|未通过|不符合|不满足)[^。；]{0,12}(?:任何|任一)一?(?:条|项)[^。；]{0,24}(?:无效|否决)/;

/** The tables a sentence voids a bid by (「…详见《资格性审查表》和《符合性审查表》。投标人若有一条审查不通过则按投标无效处理」). */
function voidingTables(blocks: Block[]): string[] {
  const names = new Set<string>();
  for (const b of blocks) {
    if (b.type === 'table') continue;
    const s = b.text.replace(/\s+/g, '');
    if (s.length > 400 || !FAIL_ANY.test(s)) continue;
    for (const m of s.matchAll(/《([^》]{2,20}表)》/g)) names.add(m[1]!);
  }
  return [...names];
}

/** The grounds of a review table: each numbered row's longest cell after the number. */
function tableGrounds(t: Block): ModelGround[] {
  if (t.type !== 'table') return [];
  const out: ModelGround[] = [];
  for (const row of t.rows) {
    const [first, ...rest] = row.cells;
    if (!first || !/^\s*\d{1,3}\s*[.．、]?\s*$/.test(first.text) || !rest.length) continue;
    const text = rest.map((c) => c.text.trim()).reduce((a, c) => (c.length > a.length ? c : a), '');
    if (text) out.push({ text, page: row.page });
  }
  return out;
}

/** Whether table `b` goes on with table `a` (split at a page break): as many columns, its first row numbered next. */
function continues(a: Block, b: Block): boolean {
  if (a.type !== 'table' || b.type !== 'table' || a.columns !== b.columns) return false;
  const num = (t: string | undefined) => (/^\s*(\d{1,3})\s*[.．、]?\s*$/.exec(t ?? '') ? Number(/\d+/.exec(t!)![0]) : null);
  const last = [...a.rows].reverse().map((r) => num(r.cells[0]?.text)).find((n) => n !== null);
  const first = num(b.rows[0]?.cells[0]?.text);
  return first !== null && last !== undefined && first === last + 1;
}

/** The grounds the tender lists explicitly; empty when it lists none. */
export function invalidFromModel(model: DocModel): ModelGround[] {
  const blocks = model.blocks;
  const out: ModelGround[] = [];
  const seen = new Set<string>();
  const add = (g: ModelGround) => {
    const t = g.text.replace(/[\s\d.．、()（）①-⑳⑴-⒇]/g, '').slice(0, 30);
    const k = `${g.group ?? ''}|${t}`;
    if (t.length < 4 || seen.has(k)) return;
    seen.add(k);
    out.push({ text: g.text, page: g.page });
  };
  const named = voidingTables(blocks);
  const isNamed = (b: Block) => {
    if (b.type === 'table') return false;
    const s = b.text.replace(/\s+/g, '').replace(/[《》“”"]/g, '');
    return s.length <= 60 && named.some((n) => s.includes(n));
  };
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type === 'table' && named.length) {
      // a review table under its name (the name a few lines above, a lot's line between), and its continuations
      // (a continuation: the same columns, no header row of its own)
      let k = i;
      while (k > 0 && blocks[k - 1]!.type === 'table' && continues(blocks[k - 1]!, blocks[k]!)) k--;
      if (k > 0 && blocks[k - 1]!.type !== 'table' && blocks.slice(Math.max(0, k - 3), k).some(isNamed)) for (const g of tableGrounds(b)) add(g);
    }
    if (b.type === 'table') {
      for (const row of b.rows) {
        // a row named by its label cell (「导致报价文件无效的重大偏差」 | 「（1）…⏎（2）…」): the numbered lines of its other cells
        const named = row.cells.findIndex((c) => namesGrounds(c.text));
        row.cells.forEach((cell, n) => {
          const lines = cell.text.split('\n');
          const at = named >= 0 && n > named ? -1 : lines.findIndex((l) => introduces(l));
          if (at < 0 && !(named >= 0 && n > named)) return;
          for (const l of lines.slice(at + 1)) if (NUMBERED.test(l)) add({ text: l.trim(), page: row.page });
        });
      }
      continue;
    }
    if (!introduces(textOf(b))) continue;
    for (const g of itemsAfter(blocks, i)) add(g);
  }
  return out;
}
