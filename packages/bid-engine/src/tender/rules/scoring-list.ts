/**
 * Scoring printed as text, not a table (issue 12): the 评标办法 of short tenders lists its groups as headings with
 * their points (「二、技术方案（35分）」) and the scored items under them as numbered items (「1.深化设计能力（10分）：…」);
 * and a price scored outside the table, stated only in the scheme sentence (「评标采用百分制，其中商务部分（投标报价）为
 * 70分、技术部分为30分」). Both read from the document model.
 */
import type { Block, DocModel } from '../../reading/model/types.js';
import { classifyItem } from './scoring.js';
import { markerOf, stripMarker } from '../text.js';
import { fold, groupCategory, itemWithPoints, leadingNamedPoints, openingItemPoints, statedTotal, type ModelScoringRow } from './scoring-points.js';

const EVAL_HEADING = /评标办法|评分办法|评审办法|评分标准|评标标准|评分细则|评审标准|综合评分|综合评估|评审因素|评分因素|详细评审|评标细则|评审细则/;

interface Item {
  name: string;
  points: number;
  rest: string;
  /** nesting rank: a heading above its list items above paragraphs; within a kind, the printed numbering's rank */
  rank: number;
  block: Block;
}

/** The rank of a block in a printed scheme: headings by level, list items by level, paragraphs by their numbering. */
function rankOf(b: Exclude<Block, { type: 'table' }>): number {
  if (b.type === 'heading') return b.level;
  if (b.type === 'list-item') return 20 + b.level;
  return 40 + (markerOf(b.text)?.rank ?? 9);
}

/** An item of a scheme printed as text: 「二、技术方案（35分）」「1.深化设计能力（10分）：…」「服务方案（42%）：…」. */
function itemOf(text: string): { name: string; points: number; rest: string } | null {
  const t = stripMarker(text);
  const whole = itemWithPoints(t);
  if (whole) return { ...whole, rest: '' };
  return leadingNamedPoints(t) ?? openingItemPoints(t);
}

/**
 * Rows of a scoring scheme printed as text — headings, numbered list items or paragraphs that open with an item and its
 * points, nested by their numbering (a group's items under it when they add up to its points) — under a heading or lead
 * line of the evaluation method. Taken only when the rows make the printed total (or 100). Empty when there is none.
 */
export function listScoringFromModel(model: DocModel): { rows: ModelScoringRow[]; total: number | null } {
  const blocks = model.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const h = blocks[i]!;
    if (h.type === 'table' || !EVAL_HEADING.test(h.text) || fold(h.text).length > 40) continue;
    const top = h.type === 'heading' ? h.level : null;
    let total = statedTotal(h.text);
    const items: Item[] = [];
    for (let j = i + 1; j < blocks.length && j <= i + 120; j++) {
      const b = blocks[j]!;
      if (b.type === 'heading' && top !== null && b.level <= top) break;
      if (b.type === 'table') {
        if (items.length) break;
        continue;
      }
      const it = itemOf(b.type === 'heading' ? b.text : b.type === 'list-item' ? `${b.numbering}${b.text}` : b.text);
      if (!it) {
        total ??= items.length ? null : statedTotal(b.text);
        const last = items.at(-1);
        if (last) last.rest += (last.rest ? '\n' : '') + b.text;
        continue;
      }
      items.push({ ...it, rank: rankOf(b), block: b });
    }
    if (items.length < 2) continue;
    const rows = nest(items);
    const sum = rows.reduce((a, r) => a + r.points, 0);
    if (Math.abs(sum - (total ?? 100)) < 0.001) return { rows, total: total ?? null };
  }
  return { rows: [], total: null };
}

/** Items nested by rank: a group whose items add up to its points gives those items as rows, else itself. */
function nest(items: Item[]): ModelScoringRow[] {
  const rows: ModelScoringRow[] = [];
  let k = 0;
  while (k < items.length) {
    const g = items[k]!;
    const subs: Item[] = [];
    let j = k + 1;
    for (; j < items.length && items[j]!.rank > g.rank; j++) subs.push(items[j]!);
    const direct = subs.filter((x) => x.rank === Math.min(...subs.map((y) => y.rank)));
    const sum = direct.reduce((a, x) => a + x.points, 0);
    const category = groupCategory(g.name);
    if (direct.length >= 2 && Math.abs(sum - g.points) < 0.001) {
      for (const x of direct)
        rows.push({
          item: x.name,
          points: x.points,
          criteria: x.rest,
          category: category === 'price' ? 'price' : classifyItem(x.name, x.rest),
          page: x.block.page,
          excerpts: [blockText(x.block)],
          lot: null,
          group: g.name,
        });
    } else
      rows.push({
        item: g.name,
        points: g.points,
        criteria: [g.rest, ...subs.map((x) => `${x.name}（${x.points}分）${x.rest}`)].filter(Boolean).join('\n'),
        category: /价格|报价/.test(g.name) ? 'price' : (category ?? classifyItem(g.name, g.rest)),
        page: g.block.page,
        excerpts: [blockText(g.block)],
        lot: null,
      });
    k = j;
  }
  return rows;
}

const blockText = (b: Block) => (b.type === 'table' ? '' : b.text);

const SCHEME = /百分制|满分|总分|其中/;
const PRICE_PART =
  /((?:商务部分)?[（(]?(?:投标)?报价[)）]?(?:部分|分|项)?|价格(?:部分|分|项)?|商务标)\s*(?:[（(][^（()）。；]{1,12}[)）])?\s*(?:为|占|满分为?|计)?\s*(\d+(?:\.\d+)?)\s*分/;

/**
 * The price row of a scheme whose table scores everything but price (「其中商务部分（投标报价）为70分、技术部分为30分」):
 * added when the table's rows and that price make the 100 points. Null when no such sentence fits.
 */
export function schemePriceRow(model: DocModel, rows: readonly ModelScoringRow[]): ModelScoringRow | null {
  if (!rows.length || rows.some((r) => r.category === 'price')) return null;
  const sum = rows.reduce((a, r) => a + r.points, 0);
  for (const b of model.blocks) {
    if (b.type === 'table') continue;
    // a heading or item naming the price part with its points (「2）价格分（30分）」) needs no scheme words around it
    const named = b.type === 'paragraph' ? null : itemWithPoints(stripMarker(b.text));
    if (named && /^(?:投标)?(?:报价|价格)(?:部分|分|项|得分)?$/.test(fold(named.name)) && Math.abs(sum + named.points - 100) < 0.001)
      return { item: fold(named.name), points: named.points, criteria: '', category: 'price', page: b.page, excerpts: [b.text], lot: null };
    if (!SCHEME.test(b.text)) continue;
    const m = PRICE_PART.exec(b.text);
    if (!m) continue;
    const points = Number(m[2]);
    if (Math.abs(sum + points - 100) > 0.001) continue;
    const item = fold(m[1]!);
    return { item, points, criteria: '', category: 'price', page: b.page, excerpts: [m[0], m[1]!], lot: null };
  }
  return null;
}

/** a sentence stating how the points are made up (「分值构成及权重：(1)价格部分（占总分权重40%）：40分 (2)技术部分…：60分」) */
const PARTS_LEAD = /分值构成|分值组成|分数构成|评分构成|分值分配|权重|百分制|总分|满分/;
const PART = new RegExp(
  String.raw`((?:价格|报价|商务|技术|服务|资信|信誉|综合)[\u4e00-\u9fa5]{0,6}?(?:部分|分|项|标))(?:[(（][^()（）]{0,16}[)）])?[:：为占]?(\d+(?:\.\d+)?)分`,
  'g',
);

/**
 * The parts of a scheme whose detailed table is not in the document (an attachment, 「详见附件1」): the sentence or cell
 * stating how the points are made up, each part a row, taken only when they make the stated total (or 100). Empty when
 * no such statement is found. The caller says that the detailed table is missing.
 */
export function schemePartRows(model: DocModel): { rows: ModelScoringRow[]; total: number | null } {
  const texts = model.blocks.flatMap((b) =>
    b.type === 'table' ? b.rows.map((r) => ({ text: r.cells.map((c) => c.text).join(' '), page: r.page })) : [{ text: b.text, page: b.page }],
  );
  for (const { text, page } of texts) {
    const t = fold(text);
    if (!PARTS_LEAD.test(t)) continue;
    const parts = new Map<string, number>();
    for (const m of t.matchAll(PART)) if (!parts.has(m[1]!)) parts.set(m[1]!, Number(m[2]));
    if (parts.size < 2) continue;
    const sum = [...parts.values()].reduce((a, b) => a + b, 0);
    const total = statedTotal(t.replace(PART, '')) ?? 100;
    if (Math.abs(sum - total) > 0.001) continue;
    const rows = [...parts].map(([name, points]): ModelScoringRow => ({
      item: name,
      points,
      criteria: '',
      category: groupCategory(name) ?? classifyItem(name),
      page,
      excerpts: [`${name}`, text.slice(0, 60)],
      lot: null,
    }));
    return { rows, total };
  }
  return { rows: [], total: null };
}
