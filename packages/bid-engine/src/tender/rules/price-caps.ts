/**
 * Caps on a price that are not the whole project's 最高限价 (issue 23): unit-price caps (「采购单价控制价：12.55元/条」,
 * 「单价限高价1400元/组」, a 单价限价 column of the goods list, a 最高限价 column beside a 单位 of 元/人天) and caps on a
 * rate (「综合费率不应超过16%」, 「报价折扣不得超过100%」, 「0＜折扣率≤1」). Each keeps its unit and what it caps, so the
 * price form and the writer quote it as the tender does; the card's `ceilingPrice` stays the whole project's figure.
 */
import type { CardFlag, PriceCap } from '@btz/shared';
import { tableTexts } from '../../reading/model/table.js';
import { perUnit } from './facts.js';
import { isTocLine, labelUnit, parseMoney, sliceLines, type FileLines, type Line } from '../text.js';
import { verifyExcerpt } from '../verify.js';

/** Words that make an amount a cap: the amount may not be exceeded. */
const CAP_WORDS = /限价|控制价|控制金额|最高|上限|不超过|不得超过|不应超过|不高于|不得高于|封顶|限高/;
/** Words that make an amount something else: a budget, a bond, a fee, a penalty, a threshold of a rule. */
const NOT_CAP = /保证金|违约金|罚款|扣款|代理服务费|服务费收费|赔偿|未达|达到|低于|不足|以上的|以下的/;
/** A rate and its bound: 「综合费率不应超过 16%」「报价折扣不得超过100%」「0＜折扣率≤1」. */
const RATE =
  /((?:综合)?费率|折扣率|报价折扣|折扣|优惠率|下浮率|让利率|管理费率|服务费率|利润率)\s*(?:[^。；;，,\d]{0,8}?)(不应超过|不得超过|不超过|不得高于|不高于|最高不超过|最高为|最高|上限为|上限|≤|＜=|<=|＜|<)\s*(\d+(?:\.\d+)?)\s*([%％]?)/g;

interface Found {
  cap: Omit<PriceCap, keyof import('@btz/shared').CardEntry>;
  line: Line;
  last: Line;
  from: number;
  to: number;
}

/** What the cap applies to: the words just before the figure or the rate, after the clause's lead-in. */
function itemBefore(s: string): string {
  const clause = s.split(/[。；;，,：:\t]/).pop() ?? '';
  return clause
    .replace(/[“”"「」]/g, '')
    .replace(/(?:单价|综合单价|最高|投标|限价|限高价|控制价|控制金额|上限|不超过|不得超过|不应超过|不高于|不得高于|为|是|的|报价|价格|（含税）|含税)+\s*$/, '')
    .replace(/^(?:其中|按照?|对于|以及|及|和|与|所有|各)\s*/, '')
    .trim()
    .slice(-30);
}

/** Where the words of a cap begin: the clause (after a comma) that holds its cap word, else the sentence. */
function clauseStart(s: string, sentenceStart: number, at: number): number {
  let from = at;
  for (;;) {
    const prev = s.slice(sentenceStart, from).search(/[，,：:]\s*[^，,：:]*$/);
    if (prev < 0) return sentenceStart;
    from = sentenceStart + prev;
    if (CAP_WORDS.test(s.slice(from, at))) return from + 1;
  }
}

/** Unit and rate caps in the lines of one file (a sentence may wrap onto the next line of its page). */
function capsInText(fl: FileLines): Found[] {
  const out: Found[] = [];
  const L = fl.lines;
  for (const line of L) {
    if (isTocLine(line.text) || line.text.length < 6) continue;
    const next = L[line.i + 1];
    // a PDF line wrapped in the middle of a sentence: read it with the next one
    const joined = next && next.page === line.page && !/[。；;！!]$/.test(line.text) && line.text.length >= 20 ? line.text + next.text : line.text;
    const spans = (from: number, to: number) => ({ last: to > line.text.length ? next! : line, to: to > line.text.length ? to - line.text.length : to, from });
    // unit caps: amounts per unit in a capping sentence
    const re = /(人民币|[￥¥])?\s*(\d[\d,，]*(?:\.\d+)?)\s*(万元|元)/g;
    for (let m = re.exec(joined); m; m = re.exec(joined)) {
      if (m.index >= line.text.length) break;
      const mm = parseMoney(joined.slice(m.index), undefined);
      if (!mm || mm.index !== 0 || mm.value <= 0) continue;
      // a unit price keeps its decimals (「0.0344 元/条」; parseMoney rounds to the fen)
      const exact = Number(m[2]!.replace(/[,，]/g, '')) * (m[3] === '万元' ? 1e4 : 1);
      const at = { index: m.index, text: mm.text };
      const per = perUnit(joined, at);
      if (!per) continue;
      const sentenceStart = joined.slice(0, m.index).search(/[^。；;]*$/);
      const before = joined.slice(sentenceStart, m.index);
      if (!CAP_WORDS.test(before) || NOT_CAP.test(before)) continue;
      const after = joined.slice(m.index + mm.text.length);
      const unitM = /^\s*[/／]\s*([\u4e00-\u9fa5a-zA-Z㎡]+(?:\s*[/／]\s*[\u4e00-\u9fa5]+)?)/.exec(after);
      const unit = per === '单价' ? (unitM?.[1] ?? '') : (unitM?.[1] ?? per);
      const end = m.index + mm.text.length + (unitM ? unitM[0].length : 0);
      const from = clauseStart(joined, sentenceStart, m.index);
      out.push({
        cap: { kind: 'unit', value: Math.round(exact * 1e6) / 1e6, unit, item: itemBefore(before), text: joined.slice(from, end).trim() },
        line,
        ...spans(from, end),
      });
    }
    // rate caps
    for (const r of joined.matchAll(RATE)) {
      if (r.index! >= line.text.length) break;
      const value = Number(r[3]);
      if (!(value > 0)) continue;
      const sentenceStart = joined.slice(0, r.index).search(/[^。；;，,]*$/);
      const end = r.index! + r[0].length;
      const item = itemBefore(joined.slice(sentenceStart, r.index));
      out.push({
        cap: { kind: 'rate', value, unit: r[4] ? '%' : '', item: item ? `${item}${r[1]}` : r[1]!, text: joined.slice(sentenceStart, end).trim() },
        line,
        ...spans(sentenceStart, end),
      });
    }
  }
  return out;
}

/** A unit-cap column: 「单价限价（元）」「单价最高限价（元/ml）」「不含税最高限价」 beside a 单位 of 元/人天. */
const CAP_COLUMN = /单价.{0,4}(?:限价|控制|上限)|(?:最高|控制).{0,2}单价|限价|控制价|控制金额/;
const ITEM_COLUMN = /名称|人员类型|岗位|品目|标的|项目|内容|品名|服务/;

/** Unit caps from the tables of the document model: a cap column with per-unit figures, each row an item. */
function capsInTables(fl: FileLines): Array<Omit<Found, 'line' | 'last' | 'from' | 'to'> & { page: number; excerpt: string }> {
  const out: Array<Omit<Found, 'line' | 'last' | 'from' | 'to'> & { page: number; excerpt: string }> = [];
  for (const b of fl.file.model?.blocks ?? []) {
    if (b.type !== 'table') continue;
    const grid = tableTexts(b);
    const h = grid.slice(0, 2).findIndex((row) => row.some((c) => CAP_COLUMN.test(c.replace(/\s+/g, '')) && c.length <= 20));
    if (h < 0) continue;
    const head = grid[h]!.map((c) => c.replace(/\s+/g, ''));
    const col = head.findIndex((c) => CAP_COLUMN.test(c) && c.length <= 20 && !/合价|总价|预算/.test(c));
    if (col < 0) continue;
    const headUnit = /元\s*[/／]\s*([^)）]+)/.exec(head[col]!)?.[1];
    const unitCol = head.findIndex((c) => /^(?:计量)?单位$/.test(c));
    const itemCol = head.findIndex((c, k) => k !== col && ITEM_COLUMN.test(c) && !/编号|序号/.test(c));
    // per unit: the header says so, the header says 单价, or the unit column gives 元/… (a total ceiling's table does not)
    const perRow = unitCol >= 0 && grid.slice(h + 1).some((r) => /元\s*[/／]/.test(r[unitCol] ?? ''));
    if (!headUnit && !/单价/.test(head[col]!) && !perRow) continue;
    const unit = labelUnit(head[col]!) ?? '元';
    for (const [k, row] of grid.slice(h + 1).entries()) {
      const cell = (row[col] ?? '').trim();
      if (!cell || row.every((c) => c === cell)) continue;
      const mm = parseMoney(cell.replace(/(\d)\s+(?=\d)/g, '$1'), unit);
      if (!mm || mm.index !== 0 || mm.value <= 0 || cell.length - mm.text.length > 8) continue;
      const rowUnit = unitCol >= 0 ? (row[unitCol] ?? '').replace(/^\s*元\s*[/／]\s*/, '').trim() : '';
      const item = itemCol >= 0 ? (row[itemCol] ?? '').replace(/\s+/g, ' ').trim().slice(0, 40) : '';
      out.push({
        cap: { kind: 'unit', value: mm.value, unit: headUnit ?? rowUnit, item, text: `${item ? `${item} ` : ''}${head[col]}：${cell}` },
        page: b.rows[h + 1 + k]!.page,
        excerpt: cell,
      });
    }
  }
  return out;
}

/**
 * The price caps of a tender's files, each with its source like every card entry: table rows first (they name each
 * item), then the sentences; one entry per value, unit and item.
 */
export function priceCaps(fls: FileLines[]): PriceCap[] {
  const caps: PriceCap[] = [];
  const seen = new Set<string>();
  // a row of a table names its item (two items may share a figure); a sentence restating a figure is the same cap
  const add = (cap: Found['cap'], fl: FileLines, page: number, excerpt: string, lot: string | null, fromTable: boolean) => {
    const key = `${cap.kind}|${cap.value}|${cap.unit}${fromTable ? `|${cap.item ?? ''}` : ''}`;
    if (seen.has(key) || (!fromTable && seen.has(`${cap.kind}|${cap.value}|${cap.unit}`))) return;
    seen.add(key);
    seen.add(`${cap.kind}|${cap.value}|${cap.unit}`);
    cap = { ...cap, text: cap.text.replace(/\s+/g, ' ') };
    const verified = verifyExcerpt(fl.file.pages, page, excerpt);
    caps.push({
      ...cap,
      ...(cap.item ? {} : { item: undefined }),
      source: { page, file: fl.file.name, excerpt },
      verified,
      ...(verified ? {} : { flags: ['unverified' as CardFlag] }),
      ...(lot ? { lot } : {}),
      origin: 'rule',
    });
  };
  for (const fl of fls) {
    for (const t of capsInTables(fl)) add(t.cap, fl, t.page, t.excerpt, null, true);
    for (const f of capsInText(fl)) add(f.cap, fl, f.line.page, sliceLines(fl, f.line, f.last, f.from, f.to), f.line.lot, false);
  }
  return caps
    .filter((c) => c.unit || c.kind === 'rate' || !caps.some((o) => o !== c && o.kind === c.kind && o.value === c.value && o.unit))
    .map((c) => {
      if (c.item === undefined) delete c.item;
      return c;
    });
}
