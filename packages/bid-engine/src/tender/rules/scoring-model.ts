/**
 * The 评分标准 table read from the document model (issue 12 item 2): tables found by their header cells (评分因素 / 评审因素
 * / 评分项目 … with 分值 / 满分 …), continued across page breaks and split Word tables, factor cells merged vertically
 * over sub-rows (the sub-rows with their own points are the rows), section-header rows (一、价格部分（50分）) giving the
 * category, 合计 rows giving the printed total, ranges labelled with their maximum. Decoys are left out: appraisal tables
 * in the contract chapter (考核 / 考评), the bid-side 评分索引表 (a 页码 column). The rows are checked against the
 * printed total; a table that does not add up is reported, not silently shown.
 */
import type { ScoringCategory } from '@btz/shared';
import type { Block, DocModel, TableBlock } from '../../reading/model/types.js';
import { tableGrid, type GridSlot } from '../../reading/model/table.js';
import { classifyItem } from './scoring.js';
import { listScoringFromModel, schemePartRows, schemePriceRow } from './scoring-list.js';
import {
  cellPoints,
  describe,
  fold,
  groupCategory,
  itemWithPoints,
  leadingNamedPoints,
  openingItemPoints,
  sectionHeader,
  summedParts,
  statedTotal,
  TOTAL_ROW,
  type ModelScoringRow,
} from './scoring-points.js';
import { parseCnSmall } from '../../text/numerals.js';

export interface ModelScoring {
  rows: ModelScoringRow[];
  /** the total the tender prints (合计 row, 满分100分, section headers), or null */
  total: number | null;
  sum: number;
  /** why the table does not add up, in Chinese; null when it does (or there is no printed total) */
  problem: string | null;
}

type Role = 'seq' | 'factor' | 'points' | 'criteria' | 'category' | 'other';

const SEQ_HEAD = /^(?:序号|编号|序|no\.?)$/i;
const POINTS_HEAD = /分值|分数|满分|标准分|最高分|权重|得分|分值区间/;
const CRITERIA_HEAD = /标准|准则|办法|细则|要求|说明|描述|依据|评审方法|评分方法/;
const FACTOR_HEAD = /因素|项目|评分项|评审项|指标|名称|要素|内容|类别|分类|类型|评分点|考核项/;
const INDEX_HEAD = /页码|索引|页次|所在页|对应页|页号|投标文件中的位置/;
const DECOY_CONTEXT = /考核|考评|履约评价|绩效评价|月度|季度|满意度|维保/;
const SCORING_CONTEXT = /评分|评审因素|评标|评审标准|评分标准|评审细则|评分细则|评分规则/;
/** the line just above a table of bonus points, scored on top of the scheme */
const BONUS_LEAD = /^(?:[一二三四五六七八九十\d]+[、.．)）]?)?(?:加分项|附加分|额外加分|奖励分)/;
/** words that place a table in the evaluation of bids (an appraisal of the contractor's service names none of them) */
const BID_EVAL_CONTEXT = /评标|评审|投标|响应|磋商|谈判|比选|供应商|评分标准|评分细则|评分办法/;
/** an appraisal's own scoring rules named as such (考核评分细则, 考评标准, 绩效考核表) */
const APPRAISAL_TITLE = /(?:考核|考评|绩效)(?:评分|评价|评审|计分)?(?:细则|标准|办法|表)/g;
const EVAL_CHAPTER = /评标|评审|评分|评定|磋商|谈判|比选|评选|评价办法|办法/;

function roleOf(text: string): Role {
  const t = fold(text).replace(/[(（][^)）]*[)）]/g, (m) => (/\d/.test(m) ? '' : m));
  if (!t) return 'other';
  if (SEQ_HEAD.test(t)) return 'seq';
  // a group's label (「（二）技术部分得分」「商务部分」) names rows, it heads no column
  if (/^(?:[(（][一二三四五六七八九十\d]+[)）]|[一二三四五六七八九十]+[、.．])?(?:价格|报价|商务|技术|服务|资信)部分/.test(t)) return 'other';
  if (t.length <= 10 && POINTS_HEAD.test(t) && !CRITERIA_HEAD.test(t.replace(/标准分/, ''))) return 'points';
  if (CRITERIA_HEAD.test(t)) return 'criteria';
  if (FACTOR_HEAD.test(t)) return 'factor';
  return 'other';
}

interface Layout {
  roles: Role[];
  headerRows: number;
  /** the header rows as printed (a repeat of them further down is skipped) */
  header: GridSlot[][];
  stated: number | null;
}

/** A row of a table whose parts (split Word tables, PDF pages) are read as one. */
interface VRow {
  slots: GridSlot[];
  page: number;
}

/**
 * The tender's own group over a block of rows: a row naming it with its points (「技术部分 | 60」) printed just above a
 * header row that starts the block's own table (the Shenzhen template nests a 序号 | 评分因素 | 权重 | 评分准则 table
 * under each 评分项 of an outer one).
 */
interface Group {
  name: string;
  points: number | null;
}

function layoutOf(grid: GridSlot[][]): Layout | null {
  for (let r = 0; r < Math.min(3, grid.length); r++) {
    const texts = grid[r]!.map((s) => s.text);
    if (texts.some((t) => INDEX_HEAD.test(fold(t)))) return null;
    const roles = texts.map(roleOf);
    // a header naming its points column but its factor column in words of its own (「总项 | 分项 | 评审要点 | 满分」,
    // 「序号 | 评标标准 | 权重 | 属性 | 资料目录」): the factor columns found by what they hold
    if (!roles.includes('factor') && roles.includes('points')) factorsByShape(grid, r, roles);
    const hasFactor = roles.includes('factor');
    const hasPoints = roles.includes('points');
    const hasCriteria = roles.includes('criteria');
    if (!hasFactor || (!hasPoints && !hasCriteria)) continue;
    // a header row holds labels, not sentences (a note in brackets aside: 「评分标准（请提供相应的佐证材料…）」)
    if (texts.some((t) => fold(t).replace(/[(（][^)）]*[)）]?/g, '').length > 24)) continue;
    let stated: number | null = null;
    for (const t of texts) stated ??= statedTotal(t);
    // a header cell printed over two columns' worth of labels (PDF: 「序号 评分因素」 above the number column, nothing
    // above the factor column): a factor column holding only numbers is the 序号, the unlabelled text column beside it
    // the factor
    const data = grid.slice(r + 1, r + 12);
    const numeric = (c: number) => {
      const vals = data.map((row) => fold(row[c]?.text ?? '')).filter(Boolean);
      return vals.length >= 2 && vals.filter((v) => /^\d{1,3}$/.test(v)).length >= vals.length * 0.6;
    };
    const textual = (c: number) => data.filter((row) => /[\u4e00-\u9fa5]{2}/.test(row[c]?.text ?? '')).length >= 2;
    // a header cell printed over several columns (「评分项目」 over 序号 | 名称 | 评分标准 | 类型): the columns under it take
    // their roles from what they hold — numbers the 序号, short names the factor, long sentences the criteria, a column
    // of two or three short words (主观分/客观分) nothing
    const spans = new Map<object, number[]>();
    grid[r]!.forEach((slot, c) => {
      if (slot.cell && slot.cell.colSpan > 1) spans.set(slot.cell, [...(spans.get(slot.cell) ?? []), c]);
    });
    // only the rows of this table's own block: a nested header further down (序号 | 评分因素 | 权重) starts another
    const headerLike = (row: GridSlot[]) => row.some((x) => SEQ_HEAD.test(fold(x.text)) || (fold(x.text).length <= 10 && POINTS_HEAD.test(fold(x.text)) && !/\d/.test(fold(x.text))));
    // (a second header row right under the first, 「序号 | （二）技术部分得分 | 类型」, is still the header)
    let ownStart = 0;
    while (ownStart < data.length && headerLike(data[ownStart]!)) ownStart++;
    const ownEnd = data.findIndex((row, k) => k >= ownStart && headerLike(row));
    const own = data.slice(ownStart, ownEnd >= 0 ? ownEnd : data.length);
    for (const cols of spans.values()) {
      const role = roles[cols[0]!]!;
      if (role !== 'factor' && role !== 'criteria') continue;
      const profile = cols.map((c) => {
        const vals = own.filter((row) => row[c]?.cell && !cols.some((k) => k !== c && row[k]?.cell === row[c]!.cell)).map((row) => fold(row[c]!.text)).filter(Boolean);
        // the median length: one cell carrying a page break's spill-over does not make a column of names long
        const lens = vals.map((v) => v.length).sort((a, b) => a - b);
        const avg = lens[Math.floor(lens.length / 2)] ?? 0;
        const counts = new Map<string, number>();
        for (const v of vals) counts.set(v, (counts.get(v) ?? 0) + 1);
        // a type column repeats two or three words down the rows (its few values cover most of them)
        const top3 = [...counts.values()].sort((a, b) => b - a).slice(0, 3).reduce((a, b) => a + b, 0);
        const typeLike = vals.length >= 3 && counts.size < vals.length && top3 >= vals.length * 0.6;
        return { c, vals, avg, typeLike };
      });
      const usable = profile.filter((x) => x.vals.length >= 2);
      if (usable.length < 2) continue;
      for (const x of usable) {
        if (x.vals.filter((v) => /^\d{1,3}$/.test(v)).length >= x.vals.length * 0.6) roles[x.c] = 'seq';
        else if (x.typeLike && x.avg <= 6) roles[x.c] = 'other';
      }
      const texts2 = usable.filter((x) => roles[x.c] !== 'seq' && roles[x.c] !== 'other').sort((a, b) => a.avg - b.avg);
      if (texts2.length >= 2 && texts2[0]!.avg <= 24 && texts2.at(-1)!.avg > 24) {
        roles[texts2[0]!.c] = 'factor';
        for (const x of texts2.slice(1)) roles[x.c] = x.avg > 24 ? 'criteria' : 'factor';
      }
    }
    // a column of the tender's own grouping beside the factor (「类别」: 技术 / 商务 / 价格 in every row): the rows'
    // categories, not a second factor
    const factors = roles.flatMap((role, c) => (role === 'factor' ? [c] : []));
    if (factors.length >= 2)
      for (const c of factors) {
        if (!/^(?:类别|分类|类型|评分类别|评审类别|所属类别|所属部分|评分部分)$/.test(fold(texts[c] ?? ''))) continue;
        const vals = data.map((row) => fold(row[c]?.text ?? '')).filter(Boolean);
        if (vals.length >= 2 && vals.filter((v) => v.length <= 6 && groupCategory(v)).length >= vals.length * 0.6) roles[c] = 'category';
      }
    // a column under a criteria header whose cells open with an item and its points (「技术响应情况 (36.0分)，…」) beside
    // another criteria column: the header was printed over both, and this one holds the factors
    roles.forEach((role, c) => {
      if (role !== 'criteria' || !roles.some((r, k) => k > c && r === 'criteria')) return;
      const vals = data.map((row) => row[c]?.text ?? '').filter((t) => fold(t));
      if (vals.length >= 2 && vals.filter((v) => openingItemPoints(v)).length >= vals.length * 0.6) roles[c] = 'factor';
    });
    roles.forEach((role, c) => {
      if (role !== 'factor' || !numeric(c)) return;
      const side = [c + 1, c - 1].find((k) => roles[k] === 'other' && textual(k));
      if (side === undefined) return;
      roles[c] = 'seq';
      roles[side] = 'factor';
    });
    return { roles, headerRows: r + 1, header: grid.slice(0, r + 1), stated };
  }
  return null;
}

/**
 * The factor columns of a table whose header names its points column and no factor column, from what the columns hold:
 * the points column holds points in most rows; a column of short names (not numbers, not two or three type words such
 * as 主观分/客观分 repeated down the rows) beside a column of long criteria is a factor column — two of them a group and
 * its factors. Changes `roles` in place; leaves them as they are when the shape is not that of a scoring table.
 */
function factorsByShape(grid: GridSlot[][], r: number, roles: Role[]): void {
  const data = grid.slice(r + 1, r + 16);
  const pc = roles.indexOf('points');
  const pts = data.map((row) => fold(row[pc]?.text ?? '')).filter((t) => t && !/^[/／\-—–－]$/.test(t));
  if (pts.length < 3 || pts.filter((t) => cellPoints(t) !== null).length < pts.length * 0.6) return;
  const profile = roles.flatMap((role, c) => {
    if (role !== 'other' && role !== 'criteria') return [];
    // each merged cell once; placeholders (「/」) are no values
    const vals = data.map((row) => row[c]).filter((x) => x?.origin).map((x) => fold(x!.text)).filter((t) => t && !/^[/／\-—–－无]$/.test(t));
    if (vals.length < 2) return [];
    const lens = vals.map((v) => v.length).sort((a, b) => a - b);
    const median = lens[Math.floor(lens.length / 2)]!;
    const counts = new Map<string, number>();
    for (const v of vals) counts.set(v, (counts.get(v) ?? 0) + 1);
    const top3 = [...counts.values()].sort((a, b) => b - a).slice(0, 3).reduce((a, b) => a + b, 0);
    const typeLike = vals.length >= 3 && counts.size < vals.length && top3 >= vals.length * 0.6 && median <= 6;
    const numeric = vals.filter((v) => /^(?:\d{1,3}|[一二三四五六七八九十]{1,3})[、.．]?$/.test(v)).length >= vals.length * 0.6;
    const names = vals.filter((v) => /[\u4e00-\u9fa5]{2}/.test(v) && !/[。；;]/.test(v)).length >= vals.length * 0.6;
    return [{ c, median, typeLike, numeric, names }];
  });
  const long = profile.filter((x) => x.median > 24);
  const short = profile.filter((x) => !x.typeLike && !x.numeric && x.names && x.median <= 16);
  if (!long.length || !short.length) return;
  for (const x of profile) if (x.numeric && roles[x.c] === 'other') roles[x.c] = 'seq';
  for (const x of long) roles[x.c] = 'criteria';
  for (const x of short) roles[x.c] = 'factor';
}

/**
 * A table without a 分值 header whose rows print their points with the item (「投标人类似业绩（25分）」 beside the
 * criteria): the column holding those items is the factor, the text columns right of it the criteria.
 */
function itemLayout(grid: GridSlot[][]): Layout | null {
  if (grid.slice(0, 3).some((row) => row.some((s) => INDEX_HEAD.test(fold(s.text))))) return null;
  const width = grid[0]?.length ?? 0;
  for (let c = 0; c < width; c++) {
    const hits = grid.flatMap((row, r) => {
      const t = row[c]?.text ?? '';
      const right = row.slice(c + 1).some((x) => x.text.length > t.length && x.cell !== row[c]?.cell);
      return fold(t).length <= 40 && itemWithPoints(t) && right ? [r] : [];
    });
    if (hits.length < 3) continue;
    const roles: Role[] = Array.from({ length: width }, (_, k) => (k === c ? 'factor' : k > c ? 'criteria' : 'other'));
    let stated: number | null = null;
    for (const row of grid.slice(0, hits[0]!)) for (const x of row) stated ??= statedTotal(x.text);
    return { roles, headerRows: hits[0]!, header: [], stated };
  }
  return null;
}

const normRow = (slots: GridSlot[]) => slots.map((s) => fold(s.text)).join('|');

interface Ctx {
  text: string;
  chapter: string;
}

/** The texts just before block `i` (headings and paragraphs, up to 4) and the chapter it is in. */
function contextOf(blocks: Block[], i: number): Ctx {
  const parts: string[] = [];
  for (let k = i - 1; k >= 0 && parts.length < 4; k--) {
    const b = blocks[k]!;
    if (b.type === 'table') break;
    parts.unshift(b.text);
  }
  let chapter = '';
  for (let k = i - 1; k >= 0; k--) {
    const b = blocks[k]!;
    if (b.type === 'heading' && b.level === 1) {
      chapter = b.text;
      break;
    }
  }
  return { text: parts.join('\n'), chapter };
}

const LOT = /第\s*([0-9一二三四五六七八九十]+)\s*(?:包|标段|分包)|(?:包|标段)\s*([0-9A-Z]+)/;

interface Pending {
  factor: string;
  /** the numbered header row this factor's row is a sub-row of (「7 | 整体配送服务方案： | / | /」 over 7.1, 7.2) */
  group: string | null;
  factorCell: object | null;
  /** the 序号 cell of the factor's row: merged down, the rows under it with an empty factor cell are its sub-rows */
  seqCell: object | null;
  factorPoints: number | null;
  subs: Array<{ name: string; points: number | null; pointsCell: object | null; criteria: string; page: number; excerpts: string[] }>;
  category: ScoringCategory | null;
  page: number;
  lot: string | null;
}

const stripPoints = (s: string) =>
  s
    .replace(/\s+/g, '')
    .replace(/[(（](?:满分|最高|共|计)?\d+(?:\.\d+)?(?:分)?[-~—～至－]?\d*(?:\.\d+)?分[)）]$/, '')
    .replace(/[(（][^)）]*[)）]$/, (m) => (m.length > 12 ? m : m))
    .trim();

/**
 * The name of a factor from its cell: the cell itself when it is a name (points in brackets aside), else the name a
 * sentence opens with before its colon (「色泽：根据色泽的均一程度…」→ 色泽), else a short description of the sentence.
 */
function factorName(text: string): string {
  const bare = stripPoints(text).replace(/[：:]$/, '');
  // 「色泽：根据…打分」: the name before the colon
  const colon = /^(?:\d{1,2}(?:\.\d{1,2})*[.、．]?\s*)?([^，。；;,:：()（）]{2,16})[：:]\S/.exec(fold(bare));
  if (colon) return colon[1]!;
  // a name is without the punctuation of a sentence (a short one may hold a comma: 「安全、文明施工，环保措施」)
  if ((fold(bare).length <= 40 && !/[，。；;,]/.test(bare)) || (fold(bare).length <= 16 && !/[。；;]/.test(bare))) return bare;
  return describe(bare).replace(/【[^】]*】?$/, '').slice(0, 24);
}

/** Rows of one scoring table (and its continuations). */
function readTable(vrows: VRow[], layout: Layout, ctx: Ctx, lot: string | null, group: Group | null = null): { rows: ModelScoringRow[]; totals: number[]; sections: number[] } {
  const rows: ModelScoringRow[] = [];
  const totals: number[] = [];
  const sections: number[] = [];
  // the tender's grouping named just above the table (「附表3 商务评分细则表」「第十一条 技术部分评分标准：」)
  const near = ctx.text.split('\n').at(-1) ?? '';
  let category: ScoringCategory | null = group ? groupCategory(group.name) : fold(near).length <= 30 ? groupCategory(near) : null;
  const { roles } = layout;
  // a factor column holding one value down the whole table (「详细评审」 beside 评审内容 | 评分因素 in a 评审办法前附表)
  // names the table, not its rows
  const distinctIn = (c: number) => new Set(vrows.map((v) => fold(v.slots[c]?.text ?? '')).filter(Boolean)).size;
  const allFactorCols = roles.flatMap((r, c) => (r === 'factor' ? [c] : []));
  const factorCols = allFactorCols.length >= 2 && vrows.length >= 3 ? allFactorCols.filter((c, k) => k === allFactorCols.length - 1 || distinctIn(c) > 1) : allFactorCols;
  const pointsCol = roles.indexOf('points');
  const critCols = roles.flatMap((r, c) => (r === 'criteria' ? [c] : []));
  const categoryCol = roles.indexOf('category');
  const seqCol = roles.indexOf('seq');
  let seqGroup: { seq: string; name: string } | null = null;
  /** the name of a part of the scheme printed as a numbered row of its own (「二 | 报价评审」), for an unnamed row under it */
  let partName: string | null = null;
  const header = new Set<string>();
  let pending: Pending | null = null;

  const flush = () => {
    const p = pending;
    pending = null;
    if (!p) return;
    const own = p.subs.filter((s) => s.points !== null);
    const distinct = new Set(own.map((s) => s.pointsCell ?? s)).size;
    const criteria = p.subs.map((s) => s.criteria).filter(Boolean).join('\n');
    const cat = (name: string): ScoringCategory => (/价格|报价/.test(name) && !/合理性/.test(name) ? 'price' : (p.category ?? classifyItem(name, criteria)));
    if (own.length >= 2 && distinct >= 2) {
      for (const s of own) {
        const name = s.name && s.name !== p.factor ? `${p.factor}-${s.name}` : p.factor;
        rows.push({
          item: name,
          points: s.points!,
          criteria: s.criteria,
          category: /价格|报价/.test(p.factor) ? 'price' : cat(s.name || p.factor),
          page: s.page,
          excerpts: [...s.excerpts, p.factor],
          lot: p.lot,
          group: p.factor,
        });
      }
      return;
    }
    const points = own[0]?.points ?? p.factorPoints;
    if (points === null || points === undefined) return;
    // sub-items named with their own points inside the criteria (「1.技术需求响应（12分）…」) that add up to the row
    const named = criteria
      .split(/\n|(?<=[。；;])\s*(?=\d{1,2}\s*[.、．])/)
      .map((l) => leadingNamedPoints(l))
      .filter((x): x is NonNullable<typeof x> => !!x);
    const namedSum = named.reduce((a, n) => a + n.points, 0);
    if (named.length >= 2 && Math.abs(namedSum - points) < 0.001) {
      for (const n of named)
        rows.push({
          item: `${p.factor}-${n.name}`,
          points: n.points,
          criteria: n.rest,
          category: cat(p.factor) === 'price' ? 'price' : (p.category ?? groupCategory(p.factor) ?? classifyItem(n.name, n.rest)),
          page: p.subs[0]?.page ?? p.page,
          excerpts: [n.name, p.factor],
          lot: p.lot,
          group: p.factor,
        });
      return;
    }
    rows.push({
      // a row numbered under a group's header row (「2 | 样品评分： | / | /」 over 2.1 色泽): the factor, its sub after a dash
      item: p.group && fold(p.group) !== fold(p.factor) ? `${p.group}-${p.factor}` : p.factor,
      points,
      criteria,
      category: cat(p.factor),
      page: p.page,
      excerpts: [p.factor, ...(p.subs[0]?.excerpts ?? [])],
      lot: p.lot,
      ...(p.group ? { group: p.group } : {}),
    });
  };

  for (const h of layout.header) header.add(normRow(h));
  // the first of two factor columns holds the tender's grouping when most of its values are short category words
  const groupColumn = (() => {
    if (factorCols.length < 2) return false;
    // the scored rows only (a 评审办法前附表 goes on with rows of its other clauses)
    const scored = pointsCol >= 0 ? vrows.filter((v) => cellPoints(v.slots[pointsCol]?.text ?? '') !== null) : vrows;
    const vals = [...new Set(scored.map((v) => fold(v.slots[factorCols[0]!]?.text ?? '')).filter((t) => t && !TOTAL_ROW.test(t)))];
    const short = vals.filter((t) => groupCategory(t) && fold(stripPoints(t)).length <= 6);
    return vals.length >= 2 && short.length >= (vals.length * 2) / 3;
  })();
  {
    for (const { slots, page } of vrows) {
      if (header.has(normRow(slots))) continue;
      const cells = new Set(slots.map((s) => s.cell).filter(Boolean));
      const texts = slots.map((s) => s.text.trim());
      const first = texts.find(Boolean) ?? '';
      // one cell across the row: a section header, a total or a note
      const firstSlot = slots.find((x) => x.text.trim());
      const spanning = cells.size <= 1 || (texts.filter(Boolean).every((t) => t === first) && (firstSlot?.cell?.colSpan ?? 1) >= 2);
      if (spanning || (texts.filter(Boolean).length === 1 && (sectionHeader(first) || TOTAL_ROW.test(fold(first))))) {
        const sh = sectionHeader(first);
        if (sh) {
          flush();
          if (sh.category) category = sh.category;
          if (sh.points) sections.push(sh.points);
          continue;
        }
        if (TOTAL_ROW.test(fold(first))) {
          flush();
          const t = statedTotal(first) ?? cellPoints(first.replace(TOTAL_ROW, ''));
          if (t) totals.push(t);
        }
        continue;
      }
      // a numbered row naming only a part of the scheme (「一 | 商务技术评审」「二 | 报价评审」): the part's category, and
      // the name of a row under it that has none of its own
      const named = texts.filter((t, c) => t && roles[c] !== 'seq' && !/^(?:\d{1,2}|[一二三四五六七八九十]{1,3})[、.．]?$/.test(fold(t)));
      const partHeader = named.length === 1 && !texts.some((t) => cellPoints(t) !== null) ? sectionHeader(named[0]!) : null;
      if (partHeader) {
        flush();
        if (partHeader.category) category = partHeader.category;
        if (partHeader.points) sections.push(partHeader.points);
        partName = stripPoints(named[0]!).replace(/^(?:[一二三四五六七八九十]+[、.．]|\d{1,2}[.、．])/, '');
        continue;
      }
      if (texts.slice(0, 3).some((t) => TOTAL_ROW.test(fold(t)))) {
        flush();
        const v = pointsCol >= 0 ? cellPoints(texts[pointsCol]!) : null;
        const t = v ?? texts.map((x) => statedTotal(x) ?? cellPoints(x) ?? summedParts(x)).find((x) => x !== null) ?? null;
        if (t) totals.push(t);
        continue;
      }
      // the tender's own grouping in the first factor column (「技术部分」 over several factors)
      let fcols = factorCols;
      if (fcols.length >= 2) {
        const g = texts[fcols[0]!]!;
        const gc = groupCategory(g);
        // a category word (「技术部分」「商务评分」), or a column of short ones (「商务（22分）」「价格（60分）」)
        if (gc && fold(g).length <= 12 && (/部分|类|标$|评分$/.test(fold(stripPoints(g))) || groupColumn) && texts[fcols[1]!] !== g &&
          // a row whose criteria run over the factor column too (「价格部分（30分） | 通过初审的…」) is the group's own row
          !critCols.some((c) => slots[c]!.cell && slots[c]!.cell === slots[fcols[1]!]!.cell)) {
          category = gc;
          fcols = fcols.slice(1);
        }
      }
      let outer = slots[fcols[0] ?? -1];
      let inner = fcols.slice(1).map((c) => slots[c]!).filter((s) => s.text.trim() && s.text !== outer?.text);
      // a factor header over several columns whose row leaves the first of them empty (「1 |  | 价格 |  | 9」): the name
      // is in the next one
      if (!outer?.text.trim() && inner.length) [outer, ...inner] = inner;
      // a placeholder (「/」) names nothing
      const factorText = /^[/／\-—–－无]?$/.test(fold(outer?.text ?? '')) ? '' : outer!.text.trim();
      const innerText = inner.map((s) => s.text.trim()).join('-');
      const crit = critCols
        .filter((c) => !slots[c]!.cell || !fcols.some((f) => slots[f]!.cell === slots[c]!.cell))
        .map((c) => slots[c]!.text.trim())
        .filter((t, k, a) => t && a.indexOf(t) === k)
        .join('\n');
      const pointsSlot = pointsCol >= 0 ? slots[pointsCol]! : null;
      let points = pointsSlot ? cellPoints(pointsSlot.text) : null;
      let pointsCell: object | null = pointsSlot?.cell ?? null;
      let subName = innerText;
      const fw = itemWithPoints(factorText) ?? openingItemPoints(factorText);
      // a points cell merged down over rows of different factors that each print their own points holds their group's
      // total (「技术部分 | 服务方案（20分） | 50」): each row keeps its own points, the total never goes to the first
      if (fw && pointsSlot?.cell && pointsSlot.cell.rowSpan > 1 && (!outer?.cell || outer.cell.rowSpan <= 1)) {
        points = fw.points;
        pointsCell = null;
      }
      if (inner.length) {
        const lp = leadingNamedPoints(innerText) ?? itemWithPoints(innerText);
        if (lp) {
          subName = lp.name;
          if (points === null || (pointsSlot && pointsSlot.cell === outer?.cell)) {
            points = lp.points;
            pointsCell = inner[0]!.cell;
          }
        }
      }
      // a section header written in the factor column (「商务部分（9分）」 with nothing else)
      const sh = sectionHeader(factorText);
      if (sh && !crit && !innerText) {
        flush();
        if (sh.category) category = sh.category;
        if (sh.points) sections.push(sh.points);
        continue;
      }
      // a numbered row with no points of its own over the rows numbered under it (「7 | 整体配送服务方案： | / | /」
      // then 7.1, 7.2): their group
      const seq = seqCol >= 0 ? fold(texts[seqCol] ?? '') : '';
      if (seqGroup && seq && !seq.startsWith(`${seqGroup.seq}.`)) seqGroup = null;
      if (/^\d{1,2}$/.test(seq) && points === null && !fw && factorText && !innerText && !/[\u4e00-\u9fa5\d]/.test(crit)) {
        flush();
        seqGroup = { seq, name: factorName(factorText) };
        continue;
      }
      if (!factorText && !innerText && points === null) {
        // a row continued from the previous table part (its criteria spill over a page break)
        const last = (pending as Pending | null)?.subs.at(-1);
        if (last && crit) last.criteria += `\n${crit}`;
        continue;
      }
      const seqCell = seqCol >= 0 ? slots[seqCol]!.cell : null;
      const sameFactor =
        (pending && outer?.cell && pending.factorCell === outer.cell) ||
        // an empty factor cell beside the 序号 cell merged down from the factor's row
        (pending && !factorText && !innerText && seqCell && (seqCell.rowSpan ?? 1) > 1 && pending.seqCell === seqCell);
      if (!sameFactor) {
        flush();
        pending = {
          factor: (fw ? stripPoints(fw.name) : factorName(factorText)) || (innerText ? '' : partName) || describe(crit),
          group: seqGroup?.name ?? null,
          factorCell: outer?.cell ?? null,
          seqCell,
          factorPoints: fw?.points ?? null,
          subs: [],
          category: (categoryCol >= 0 ? groupCategory(texts[categoryCol] ?? '') : null) ?? category,
          page,
          lot,
        };
      }
      const cur = pending!;
      // the same points cell merged over this row too: one scored row, more criteria
      const prev = cur.subs.at(-1);
      if (prev && pointsCell && prev.pointsCell === pointsCell) {
        if (crit && !prev.criteria.includes(crit)) prev.criteria += `\n${crit}`;
        continue;
      }
      const name = subName ? factorName(subName) : crit ? describe(crit) : '';
      // a factor cell holding the criterion sentence: the sentence is criteria, its name the item
      const sentence = !fw && fold(factorText) !== fold(factorName(factorText)) ? factorText : '';
      cur.subs.push({
        name,
        points,
        pointsCell,
        criteria: [sentence, crit].filter((t) => /[\u4e00-\u9fa5\d]/.test(t)).join('\n'),
        page,
        excerpts: [innerText, factorText, crit.slice(0, 30)].filter((x) => x && x.length >= 2),
      });
    }
  }
  flush();
  return { rows, totals, sections };
}

/**
 * A header row further down a table: the same test as a table's first header (labels only, a factor column and a points
 * or criteria column), and no score in it — a header names its points column (分值, 权重(%)), it prints no number but a
 * sequence number of an outer table.
 */
function headerAt(grid: GridSlot[][], r: number): Layout | null {
  const lay = layoutOf(grid.slice(r, r + 12));
  if (!lay || lay.headerRows !== 1) return null;
  const slots = grid[r]!;
  const scored = slots.some((s, c) => lay.roles[c] !== 'other' && lay.roles[c] !== 'seq' && /\d/.test(fold(s.text).replace(/[(（][^)）]*[)）]/g, '')));
  return scored ? null : lay;
}

/** A row that only names a group and its points (「2 | 技术部分 | 技术部分 | 60」): the group, or null. */
function groupRow(slots: GridSlot[], layout: Layout): Group | null {
  const pointsCol = layout.roles.indexOf('points');
  const names = new Set<string>();
  let points: number | null = pointsCol >= 0 ? cellPoints(slots[pointsCol]?.text ?? '') : null;
  slots.forEach((s, c) => {
    const t = s.text.trim();
    if (!t || c === pointsCol || layout.roles[c] === 'seq') return;
    const v = cellPoints(t);
    if (v !== null || /^\d{1,3}$/.test(fold(t))) {
      points ??= v;
      return;
    }
    names.add(fold(t));
  });
  if (names.size !== 1) return null;
  const [raw] = [...names];
  if (raw!.length > 24) return null;
  const wp = itemWithPoints(raw!);
  return { name: stripPoints(wp?.name ?? raw!), points: points ?? wp?.points ?? null };
}

/**
 * A table cut where a header row starts a table of its own inside it (the Shenzhen template's 评分项 rows, each over a
 * nested 序号 | 评分因素 | 权重 | 评分准则 table): each piece with its own columns, and the row naming its group taken
 * from above it. A header printed again unchanged (a page break) only repeats.
 */
function segments(vrows: VRow[], first: Layout): Array<{ layout: Layout; rows: VRow[]; group: Group | null }> {
  const grid = vrows.map((v) => v.slots);
  const out: Array<{ layout: Layout; rows: VRow[]; group: Group | null }> = [{ layout: first, rows: [], group: null }];
  const seen = new Set(first.header.map(normRow));
  for (let r = first.headerRows; r < vrows.length; r++) {
    const cur = out.at(-1)!;
    const slots = vrows[r]!.slots;
    const lay = first.header.length ? headerAt(grid, r) : null;
    if (!lay) {
      if (!seen.has(normRow(slots))) cur.rows.push(vrows[r]!);
      continue;
    }
    let k = cur.rows.length - 1;
    while (k >= 0 && !cur.rows[k]!.slots.some((s) => s.text.trim())) k--;
    const group = k >= 0 ? groupRow(cur.rows[k]!.slots, cur.layout) : null;
    // the same header again without a group above it: printed again at a page break
    if (!group && seen.has(normRow(slots))) continue;
    if (group) cur.rows.splice(k);
    // a group row above the first nested header belongs to the outer table's own rows before it
    out.push({ layout: lay, rows: [], group: group ?? cur.group });
    seen.add(normRow(slots));
  }
  return out;
}

/** The scoring rows of a document model; empty when it holds no scoring table. */
export function scoringFromModel(model: DocModel): ModelScoring {
  const blocks = model.blocks;
  interface Found {
    at: number;
    parts: TableBlock[];
    layout: Layout;
    ctx: Ctx;
    lot: string | null;
    evalChapter: boolean;
  }
  const found: Found[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type !== 'table') continue;
    const grid = tableGrid(b);
    const layout = layoutOf(grid) ?? itemLayout(grid);
    if (!layout) continue;
    const ctx = contextOf(blocks, i);
    if (/合同/.test(ctx.chapter) && !SCORING_CONTEXT.test(ctx.text)) continue;
    // what the lines just above the table call it: an appraisal of the contractor (考核, 维保评分) is not the bid's scoring
    const lead = ctx.text.split('\n').slice(-2).join('\n');
    // (「考核评分细则」 names the appraisal's own scoring: its 评分细则 places nothing in the evaluation of bids)
    if (DECOY_CONTEXT.test(lead) && !BID_EVAL_CONTEXT.test(lead.replace(APPRAISAL_TITLE, ''))) continue;
    if (DECOY_CONTEXT.test(ctx.text) && !SCORING_CONTEXT.test(ctx.text)) continue;
    // bonus points awarded on top of the scheme (加分项 F4×A4) are not rows of the 100 points
    if (BONUS_LEAD.test(fold(ctx.text.split('\n').at(-1) ?? ''))) continue;
    if (/格式|附件/.test(ctx.chapter) && /索引/.test(ctx.text)) continue;
    // continuation parts: following tables without a header row, nothing but blank text between
    const parts = [b];
    let j = i + 1;
    for (; j < blocks.length; j++) {
      const n = blocks[j]!;
      if (n.type === 'table') {
        if (layoutOf(tableGrid(n)) || n.columns !== b.columns) break;
        parts.push(n);
        continue;
      }
      if (n.type === 'paragraph' && !n.text.trim()) continue;
      break;
    }
    const lm = LOT.exec(ctx.text);
    // a single Chinese digit is read (「第二包」 → '2'); longer ones are kept as written
    const lot = lm ? (lm[1]?.length === 1 ? String(parseCnSmall(lm[1])) : (lm[1] ?? lm[2] ?? null)) : null;
    found.push({ at: i, parts, layout, ctx, lot, evalChapter: EVAL_CHAPTER.test(ctx.chapter) });
    i = j - 1;
  }
  const inEval = found.filter((f) => f.evalChapter);
  const use = inEval.length ? inEval : found;
  const lots = new Set(use.map((f) => f.lot).filter(Boolean));
  const rows: ModelScoringRow[] = [];
  // each table's own printed total (合计 row, section headers, 「（45分）」 in its title): tables scored in parts
  // (商务 45 / 服务 40 / 价格 15) add up their parts
  const tableTotals: Array<number | null> = [];
  const seen = new Set<string>();
  for (const f of use) {
    const vrows = f.parts.flatMap((part) => tableGrid(part).map((slots, r) => ({ slots, page: part.rows[r]?.page ?? part.page })));
    const segs = segments(vrows, f.layout);
    const tableRows: ModelScoringRow[] = [];
    const totals: number[] = [];
    const sections: number[] = [];
    for (const seg of segs) {
      const r = readTable(seg.rows, seg.layout, f.ctx, lots.size >= 2 ? f.lot : null, seg.group);
      totals.push(...r.totals);
      if (seg.group) {
        for (const row of r.rows) row.group ??= seg.group.name;
        if (seg.group.points !== null) sections.push(seg.group.points);
      } else if (segs.length > 1) sections.push(...r.rows.map((x) => x.points));
      else sections.push(...r.sections);
      tableRows.push(...r.rows);
    }
    if (!tableRows.length) continue;
    for (const row of tableRows) {
      const key = `${fold(row.group ?? '')}|${fold(row.item)}|${row.points}|${row.lot ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
    const sectionSum = sections.length >= 2 ? sections.reduce((a, b) => a + b, 0) : null;
    tableTotals.push(totals.at(-1) ?? sectionSum ?? f.layout.stated ?? statedTotal(f.ctx.text.split('\n').slice(-2).join('')));
  }
  let total: number | null = null;
  if (!rows.length) {
    // no scoring table: a scheme printed as headings and numbered items
    const list = listScoringFromModel(model);
    rows.push(...list.rows);
    total = list.total;
    // nor that: the parts of the scheme as stated, the detailed table being elsewhere (an attachment)
    if (!rows.length) {
      const parts = schemePartRows(model);
      if (parts.rows.length) {
        rows.push(...parts.rows);
        return { rows, ...scoringCheck(parts.total, rows), problem: '招标文件中未找到评分细则表（可能在附件中），只读到各部分的分值，请人工核对评分细则' };
      }
    }
  } else {
    if (tableTotals.every((t) => t !== null)) total = tableTotals.reduce<number>((a, b) => a + b!, 0);
    const price = schemePriceRow(model, rows);
    if (price) {
      rows.unshift(price);
      total = 100;
    }
  }
  if (lots.size >= 2) total = null;
  return { rows, ...scoringCheck(total, rows) };
}

/** The rows checked against the printed total: their sum, and why they do not add up (null when they do or no total). */
export function scoringCheck(total: number | null, rows: ReadonlyArray<{ points: number | null }>): { total: number | null; sum: number; problem: string | null } {
  const sum = Math.round(rows.reduce((a, r) => a + (r.points ?? 0), 0) * 100) / 100;
  const problem =
    rows.length && total !== null && Math.abs(total - sum) > 0.001 ? `评分表各项合计 ${sum} 分，与招标文件注明的总分 ${total} 分不一致，请核对` : null;
  return { total, sum, problem };
}
