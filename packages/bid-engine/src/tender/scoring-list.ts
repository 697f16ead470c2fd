/**
 * Scoring printed as text, not a table (issue 12): the 评标办法 of short tenders lists its groups as headings with
 * their points (「二、技术方案（35分）」) and the scored items under them as numbered items (「1.深化设计能力（10分）：…」);
 * and a price scored outside the table, stated only in the scheme sentence (「评标采用百分制，其中商务部分（投标报价）为
 * 70分、技术部分为30分」). Both read from the document model.
 */
import type { Block, DocModel } from '../reading/model/types.js';
import { classifyItem } from './scoring.js';
import type { ModelScoringRow } from './scoring-model.js';
import { stripMarker } from './text.js';
import { fold, groupCategory, itemWithPoints, leadingNamedPoints, statedTotal } from './scoring-points.js';

const EVAL_HEADING = /评标办法|评分办法|评审办法|评分标准|评标标准|评分细则|评审标准|综合评分|综合评估/;

interface Group {
  name: string;
  points: number;
  block: Block;
  subs: Array<{ name: string; points: number; rest: string; block: Block }>;
}

/** Rows of a scoring scheme printed as headings and numbered items; empty when there is none. */
export function listScoringFromModel(model: DocModel): { rows: ModelScoringRow[]; total: number | null } {
  const blocks = model.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const h = blocks[i]!;
    if (h.type !== 'heading' || !EVAL_HEADING.test(h.text)) continue;
    const total = statedTotal(h.text);
    const groups: Group[] = [];
    for (let j = i + 1; j < blocks.length; j++) {
      const b = blocks[j]!;
      if (b.type === 'heading' && b.level <= h.level) break;
      if (b.type === 'table') break;
      const text = stripMarker(b.type === 'heading' ? b.title || b.text : b.text);
      if (b.type === 'heading') {
        const g = itemWithPoints(text);
        if (g) groups.push({ name: g.name, points: g.points, block: b, subs: [] });
        continue;
      }
      const sub = leadingNamedPoints(text);
      const cur = groups.at(-1);
      if (sub && cur) cur.subs.push({ ...sub, block: b });
    }
    if (groups.length < 2) continue;
    const rows: ModelScoringRow[] = [];
    for (const g of groups) {
      const category = groupCategory(g.name);
      const sum = g.subs.reduce((a, s) => a + s.points, 0);
      if (g.subs.length >= 2 && Math.abs(sum - g.points) < 0.001) {
        for (const s of g.subs)
          rows.push({
            item: s.name,
            points: s.points,
            criteria: s.rest,
            category: category === 'price' ? 'price' : classifyItem(s.name, s.rest),
            page: s.block.page,
            excerpts: [blockText(s.block)],
            lot: null,
            group: g.name,
          });
      } else
        rows.push({
          item: g.name,
          points: g.points,
          criteria: g.subs.map((s) => s.rest).join('\n'),
          category: /价格|报价/.test(g.name) ? 'price' : (category ?? classifyItem(g.name)),
          page: g.block.page,
          excerpts: [blockText(g.block)],
          lot: null,
        });
    }
    const sum = rows.reduce((a, r) => a + r.points, 0);
    if (total === null || Math.abs(sum - total) < 0.001) return { rows, total };
  }
  return { rows: [], total: null };
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
