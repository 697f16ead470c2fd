import type { BidOutlineNode, CardClause, RequirementItem, ScoringItem, TenderCard } from '@btz/shared';
import { detectKind, scoringFor, type SectionKind } from './kinds.js';
import { keyPoints } from '../tender/key-points.js';
import { bigramSet } from '../text/ngrams.js';
import { sharedCount } from '../text/similarity.js';
import { detectDomain } from '../tender/domain.js';

/**
 * Point-to-point material of a section (issue 13 item 2): the key points of the scoring rows it answers (what an evaluator
 * looks for: tender/key-points.ts, the definition the coverage check uses) and the tender's requirement items that belong to it. Every requirement item
 * belongs to exactly one written leaf of the outline — the one whose title, scoring rows and parents share the most
 * words with it — so that each is restated and answered once in the bid, never in every chapter.
 */

/** Bigrams of the CJK and word characters of a text (for matching by shared words). */
export function bigrams(s: string): Set<string> {
  return bigramSet(s.replace(/[^\p{Script=Han}A-Za-z0-9]/gu, ''));
}

const GENERIC_BIGRAMS = new Set(
  ['投标', '标人', '要求', '提供', '服务', '项目', '招标', '方案', '满足', '完全', '具有', '具备', '情况', '进行', '相关', '采购', '合理', '可行', '详细', '内容', '评审', '须知', '本项', '以上', '以下', '负责', '工作', '管理'],
);

const overlap = (a: Set<string>, b: Set<string>): number => sharedCount(a, b, GENERIC_BIGRAMS);

interface Leaf {
  node: BidOutlineNode;
  words: Set<string>;
  title: Set<string>;
  /** the words that say what the leaf is about: its title, its scoring rows' names, its parent's title */
  subject: Set<string>;
  order: number;
  /** the leaf answers a row on people (STAFF_ROW): it takes only requirements on people */
  staff?: boolean;
}

/** The leaves in outline order, each with its parents' titles and the scoring rows it answers (its own, else its nearest ancestor's). */
function leavesOf(outline: BidOutlineNode[]): { node: BidOutlineNode; parents: string[]; rows: string[] }[] {
  const out: { node: BidOutlineNode; parents: string[]; rows: string[] }[] = [];
  const walk = (nodes: BidOutlineNode[], parents: string[], rows: string[]) => {
    for (const n of nodes) {
      const own = n.scoringIds?.length ? n.scoringIds : rows;
      if (n.children?.length) walk(n.children, [...parents, n.title], own);
      else out.push({ node: n, parents, rows: own });
    }
  };
  walk(outline, [], []);
  return out;
}

/**
 * Which share of a scoring row's sub-points a leaf answers: when several written leaves answer one row (「总体说明」「具体内容
 * 与措施」 under it), leaf k of n takes its share so that each point is answered once (pointsFor). Without the outline the
 * node's siblings stand in for the leaves of its row.
 */
export function pointShare(node: BidOutlineNode, rowId: string, outline: BidOutlineNode[] | undefined, siblingTitles: string[]): { k: number; n: number } {
  const g = shareGroup(node, rowId, outline, siblingTitles);
  return { k: g.k, n: g.titles.length };
}

function shareGroup(node: BidOutlineNode, rowId: string, outline: BidOutlineNode[] | undefined, siblingTitles: string[]): { k: number; titles: string[] } {
  if (outline?.length) {
    const group = leavesOf(outline).filter((l) => writes(l.node) && l.rows.includes(rowId));
    const k = group.findIndex((l) => l.node.id === node.id);
    return k >= 0 ? { k, titles: group.map((l) => l.node.title) } : { k: 0, titles: [node.title] };
  }
  if (node.scoringIds.includes(rowId)) return { k: 0, titles: [node.title] };
  const k = siblingTitles.indexOf(node.title);
  return k >= 0 ? { k, titles: siblingTitles } : { k: 0, titles: [node.title] };
}

/** Character pairs of a phrase (a two-character phrase is its own pair). */
function pairsOf(s: string): string[] {
  const t = s.replace(/[^\p{Script=Han}A-Za-z0-9]/gu, '');
  if (t.length < 2) return t ? [t] : [];
  const out: string[] = [];
  for (let i = 0; i + 1 < t.length; i++) out.push(t.slice(i, i + 2));
  return out;
}

/**
 * The key points of a row that this leaf answers (tender/key-points.ts). With several leaves on the row, a point goes to
 * the leaf whose title holds most of its character pairs (「薪酬」 to the leaf titled 薪酬, not to 人员招聘 by its rank),
 * the points no title speaks of in turn (point j to leaf j mod n). The offline writer and the model prompt both use it.
 */
export function pointsFor(node: BidOutlineNode, row: ScoringItem, outline: BidOutlineNode[] | undefined, siblingTitles: string[]): string[] {
  const points = keyPoints(row);
  const { k, titles } = shareGroup(node, row.id, outline, siblingTitles);
  const n = titles.length;
  if (n <= 1) return points;
  const titled = titles.map((t) => new Set(pairsOf(t)));
  return points.filter((p, j) => {
    const pairs = pairsOf(p);
    const score = titled.map((set) => pairs.filter((x) => set.has(x)).length);
    const best = Math.max(...score);
    return best > 0 ? score.indexOf(best) === k : j % n === k;
  });
}

/** Leaves that hold written prose (not forms, tables or the price part). */
const writes = (n: BidOutlineNode) => n.mode === 'ai' && n.kind !== '价格';

const cache = new WeakMap<object, WeakMap<object, Map<string, RequirementItem[]>>>();

/**
 * The technical parameter table of a goods or works tender (issue 24 item 4): a response-table leaf that is not the
 * commercial one. It holds every technical parameter of the tender (parameterItems) as a row to fill — the offered value
 * and the deviation are the bidder's — so the written sections do not restate them as prose.
 */
export function isParameterTable(card: TenderCard, node: BidOutlineNode): boolean {
  // the commercial table and the qualification table (资格条件响应表: the requirements on the bidder) hold no parameter
  if (node.mode !== 'table' || node.kind === '商务' || /商务|资格/.test(node.title)) return false;
  const d = detectDomain(card);
  return d === 'goods' || d === 'construction';
}

/** A requirement on the deal (交货、付款、质保、验收、报价…), not on what is delivered: no row of the parameter table. */
const COMMERCIAL_ITEM = /商务|付款|支付|结算|报价|合同|发票|保证金|违约|交货|交付|到货|供货期|工期|质保|保修|售后|验收|培训(?!用)|投标|资格|业绩|服务期/;
/** A row of the goods list (「货物名称（标的名称）：医生控制台（培训用）；单位：台」): a parameter row whatever it names. */
const GOODS_ROW = /(?:货物|设备|产品|标的|品目)名称(?:[（(][^）)]*[）)])?\s*[：:]/;

/** The tender's technical parameters: its requirement items less the commercial ones, in the tender's order. */
export function parameterItems(card: TenderCard): RequirementItem[] {
  return (card.requirements ?? []).filter((r) => GOODS_ROW.test(r.text) || !COMMERCIAL_ITEM.test(`${r.section} ${r.text}`));
}

/**
 * A requirement on the deal rather than on the work (payment, settlement, the price, penalties and deductions, the
 * contract's term): a plan section has nothing to say to it, the commercial response table answers it (「我方知悉…」 under
 * a penalty clause in a 服务方案 is what an evaluator reads as filler).
 */
const DEAL_ITEM = /付款|支付方式|结算|发票|投标报价|报价(?:应|须|包含|包括|为)|保证金|违约|罚款|罚金|扣除|扣减|扣罚|扣款|扣发(?!工资)|索赔|赔偿|终止合同|解除合同|合同(?:签订|履行期限|为|期限)|不良行为|考[评核]得分|综合考评|预算金额|采购预算|最高限价/;

/**
 * A line of the money the buyer has (「…预算为228.2万元」「最高限价：50万元」「采购预算（元）：8042100.00」): the tender
 * informs the bidder of it, the bidder does not promise it — acknowledged in the commercial table, never 「我方承诺…预算为…」.
 */
export const BUDGET_LINE =
  /(?:预算|最高限价|控制价|限价|招标控制价|采购资金)(?:金额|总额|总价|资金|价格|价)?(?:[（(][^）)]{0,8}[)）])?\s*(?:为|是|：|:|约)?\s*(?:人民币)?\s*[¥￥]?\s*\d[\d,，]*(?:\.\d+)?\s*(?:万元|元|万)|(?:预算|最高限价|控制价|限价)[^：:，。；;]{0,8}[（(]\s*万?元\s*[)）]\s*[：:]?\s*\d/;

/**
 * A scoring row about the people the bidder puts on the project (项目负责人, 项目经理, 团队, 人员配置, a post's 主管): the
 * leaves answering it restate the requirements on people, not every requirement of the service.
 */
export const STAFF_ROW = /项目负责人|项目经理|经理|负责人|团队|人员配置|人员配备|人员情况|人员安排|成员|主管|队长|持证|资历|拟派|拟投入[^，。]{0,6}人员/;
/**
 * A requirement on people: what they are or hold (学历, 职称, 证书, 年龄, 党员, experience), how many and where (人数,
 * 驻场, 到岗), their employment (社保, 劳动合同) and their replacement. A training or supervision plan for them is the
 * training section's, not the staff row's.
 */
const PEOPLE_ITEM = /学历|学位|职称|证书|资格|资质|持证|年龄|周岁|党员|政治面貌|工作经验|从业|年限|工龄|岗位|人员配置|人员配备|配备|人员素质|人数|\d+\s*人|(?:社工|人员|员工|工作人员|经理|主管)\s*\d+\s*名|驻场|驻点|驻校|到岗|在岗|缺岗|更换|替换|离职|社会保险|社保|劳动合同|劳动关系|团队成员/;
const NOT_PEOPLE_ITEM = /培训|督导|中标候选|候选中标|推荐[^，。]{0,10}供应商|评审委员会/;
export const isPeopleItem = (text: string): boolean => PEOPLE_ITEM.test(text) && !NOT_PEOPLE_ITEM.test(text);

/** A response table that can take requirement rows: not the qualification table (it answers the qualifications). */
const takesRows = (n: BidOutlineNode) => n.mode === 'table' && !/资格/.test(n.title);
/** The commercial response table (商务条款偏离表, 商务条件响应表): the deal terms are its rows (offline/terms.ts). */
export const isCommercialTable = (n: BidOutlineNode) => takesRows(n) && (n.kind === '商务' || /商务/.test(n.title));
const commercialTable = isCommercialTable;

/**
 * Requirement item → the leaf that answers it (issue 24: each item in the section whose subject it is about, or in the
 * response table — never in an unrelated plan leaf). With the outline: a deal term (DEAL_ITEM) goes to the commercial
 * response table; any other item to the written leaf whose subject (its title, its scoring rows' names, its parent's
 * title) it names, the one sharing the most words (title double, then rows and parents); an item naming no leaf's subject
 * goes to a response table, else to the one leaf answering the requirements as a whole (需求理解, 技术响应…). Without the
 * outline (an older caller), a node gets the items whose closest non-price scoring row is one of its own.
 */
export function assignRequirements(card: TenderCard, outline: BidOutlineNode[] | undefined): Map<string, RequirementItem[]> {
  let items = card.requirements ?? [];
  const out = new Map<string, RequirementItem[]>();
  if (!items.length) return out;
  const key = outline ?? card.scoring;
  const hit = cache.get(card)?.get(key);
  if (hit) return hit;
  // the parameters of a goods or works tender are rows of its parameter table, not prose of a written leaf
  const table = outline?.length ? leavesOf(outline).find((l) => isParameterTable(card, l.node)) : undefined;
  if (table) {
    const params = new Set(parameterItems(card));
    if (params.size) out.set(table.node.id, [...params]);
    items = items.filter((r) => !params.has(r));
  }
  const add = (id: string, r: RequirementItem) => out.set(id, [...(out.get(id) ?? []), r]);
  const textOf = (r: RequirementItem) => `${r.section} ${r.text}`;
  if (outline?.length) {
    const all = leavesOf(outline).map((l) => l.node);
    const tables = all.filter(takesRows);
    const commercial = tables.find(commercialTable);
    // (a goods or works tender's technical table holds its parameters; other items are not parameters)
    const general = tables.find((n) => !commercialTable(n) && !isParameterTable(card, n)) ?? commercial ?? null;
    const rest: RequirementItem[] = [];
    for (const r of items) {
      const deal = DEAL_ITEM.test(r.text) || BUDGET_LINE.test(r.text) ? (commercial ?? general) : null;
      if (deal) add(deal.id, r);
      else rest.push(r);
    }
    const leaves = leafWords(card, outline);
    for (const [id, list] of toLeaves(leaves, rest, textOf, general)) for (const r of list) add(id, r);
  } else {
    const rows = card.scoring.filter((s) => s.category !== 'price').map((s) => ({ s, w: bigrams(`${s.item} ${s.criteria}`) }));
    for (const r of items) {
      const w = bigrams(`${r.section} ${r.text}`);
      let best: ScoringItem | null = null;
      let top = 2;
      for (const x of rows) {
        const sc = overlap(w, x.w);
        if (sc > top) {
          top = sc;
          best = x.s;
        }
      }
      if (best) add(`scoring:${best.id}`, r);
    }
  }
  let byKey = cache.get(card);
  if (!byKey) cache.set(card, (byKey = new WeakMap()));
  byKey.set(key, out);
  return out;
}

function leafWords(card: TenderCard, outline: BidOutlineNode[]): Leaf[] {
  const scoringById = new Map(card.scoring.map((s) => [s.id, s]));
  return leavesOf(outline)
    .filter((l) => writes(l.node))
    .map((l, order) => {
      const rows = l.rows.map((id) => scoringById.get(id)).filter((s): s is ScoringItem => !!s);
      const parent = l.parents.slice(-1).join(' ');
      return {
        node: l.node,
        order,
        title: bigrams(l.node.title),
        subject: bigrams([l.node.title, ...rows.map((s) => s.item), parent].join(' ')),
        words: bigrams([...rows.map((s) => `${s.item} ${s.criteria}`), parent].join(' ')),
        staff: rows.length > 0 && rows.every((s) => s.category !== 'price' && STAFF_ROW.test(s.item)),
      };
    });
}

/** A leaf answering the tender's requirements as a whole (where an item naming no leaf's subject is answered). */
const WHOLE = /需求(?:理解|分析|响应)|理解|总体|整体|概述|技术响应|响应情况|(?:技术|服务|实施|管理)方案$/;

/** Words naming no subject of their own (「证明材料」 names a document, not what it proves): no leaf is about them. */
const SUBJECT_GENERIC = new Set([...GENERIC_BIGRAMS, '材料', '证明', '明材', '方案', '措施', '计划', '制度', '情况', '能力', '说明', '其他', '文件', '资料', '技术', '标准', '符合']);

/**
 * Each item to the leaf whose subject it names, sharing the most words (title double); then an item naming no leaf's
 * subject to the leaf whose own items (those placed by subject) it shares many words with, clearly more than any other
 * (「厨房…购进食品」 beside the 食堂 post's duties); what is left goes to the leaf titled for the requirements as a whole
 * (需求理解, 技术响应…) when there is one, else to `fallback` (a response table), else to the first 技术 leaf — never round
 * an unrelated leaf in turn.
 */
function toLeaves<T>(leaves: Leaf[], items: T[], textOf: (x: T) => string, fallback: BidOutlineNode | null = null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  if (!leaves.length && !fallback) return out;
  const tech = leaves.filter((l) => l.node.kind === '技术');
  const pool = tech.length ? tech : leaves;
  const titled = pool.find((l) => WHOLE.test(l.node.title) && !/时间|流程|人员|应急|培训|售后|安全/.test(l.node.title));
  const whole = titled ?? pool.find((l) => !l.staff) ?? pool[0];
  const placed = new Map<T, Leaf>();
  const words = items.map((r) => bigrams(textOf(r)));
  // (a leaf answering a row on people takes the requirements on people only)
  const fits = (l: Leaf, r: T) => !l.staff || isPeopleItem(textOf(r));
  items.forEach((r, i) => {
    const w = words[i]!;
    let best: Leaf | null = null;
    let top = 0;
    for (const l of leaves) {
      if (!fits(l, r) || !sharedCount(w, l.subject, SUBJECT_GENERIC)) continue;
      const sc = overlap(w, l.title) * 2 + overlap(w, l.words);
      if (sc > top) {
        top = sc;
        best = l;
      }
    }
    if (top >= 3 && best) placed.set(r, best);
  });
  // the words of each leaf's own items: what its subject is in this tender's terms
  const own = new Map<Leaf, Set<string>>();
  items.forEach((r, i) => {
    const l = placed.get(r);
    if (!l) return;
    const set = own.get(l) ?? new Set(l.subject);
    for (const b of words[i]!) set.add(b);
    own.set(l, set);
  });
  items.forEach((r, i) => {
    if (placed.has(r)) return;
    const scores = [...own].filter(([l]) => fits(l, r)).map(([l, set]) => ({ l, sc: overlap(words[i]!, set) })).sort((a, b) => b.sc - a.sc);
    const [first, second] = scores;
    if (first && first.sc >= 4 && first.sc >= 1.5 * (second?.sc ?? 0)) placed.set(r, first.l);
  });
  for (const r of items) {
    // (a leaf titled for the requirements as a whole — 需求理解、技术响应、总体方案 — restates them before a table does)
    const id = placed.get(r)?.node.id ?? titled?.node.id ?? fallback?.id ?? whole?.node.id;
    if (!id) continue;
    out.set(id, [...(out.get(id) ?? []), r]);
  }
  return out;
}

const clauseCache = new WeakMap<object, WeakMap<object, Map<string, CardClause[]>>>();

/**
 * The ★/▲ clauses a written leaf restates in its prose: each clause in exactly one leaf (the response tables answer
 * them all again, as tables do); null without the outline (the caller then filters by topic, as before).
 */
export function clausesFor(card: TenderCard, node: BidOutlineNode, outline: BidOutlineNode[] | undefined): CardClause[] | null {
  if (!outline?.length) return null;
  let byOutline = clauseCache.get(card);
  if (!byOutline) clauseCache.set(card, (byOutline = new WeakMap()));
  let map = byOutline.get(outline);
  if (!map) {
    // (a clause naming no leaf's subject is answered by the response table alone, where there is one)
    // (the commercial table answers only the commercial clauses: the other table, which answers them all)
    const table = leavesOf(outline).find((l) => takesRows(l.node) && !commercialTable(l.node))?.node ?? null;
    map = toLeaves(leafWords(card, outline), [...card.starClauses, ...card.importantClauses], (c) => c.text, table);
    byOutline.set(outline, map);
  }
  return map.get(node.id) ?? [];
}

/** The requirement items a node restates and answers. */
export function requirementsFor(card: TenderCard, node: BidOutlineNode, outline: BidOutlineNode[] | undefined): RequirementItem[] {
  const map = assignRequirements(card, outline);
  if (outline?.length) return map.get(node.id) ?? [];
  if (!writes(node)) return [];
  return node.scoringIds.flatMap((id) => map.get(`scoring:${id}`) ?? []);
}

const kindCache = new WeakMap<object, WeakMap<object, Map<string, { kind: SectionKind; k: number; n: number; dupTitle: boolean }>>>();

/**
 * A leaf's place among the written leaves of its kind in the whole bid (k of n), and whether its title occurs on another
 * leaf too: the fixed parts of a kind's body are shared out among its leaves (part j to leaf j mod n) so that no chapter
 * repeats another's, and a repeated title is named with its parent. Null without the outline.
 */
export function kindShare(card: TenderCard, node: BidOutlineNode, outline: BidOutlineNode[] | undefined): { k: number; n: number; dupTitle: boolean } | null {
  if (!outline?.length) return null;
  let byOutline = kindCache.get(card);
  if (!byOutline) kindCache.set(card, (byOutline = new WeakMap()));
  let map = byOutline.get(outline);
  if (!map) {
    map = new Map();
    const leaves = leavesOf(outline).filter((l) => writes(l.node));
    const titles = new Map<string, number>();
    for (const l of leaves) titles.set(l.node.title, (titles.get(l.node.title) ?? 0) + 1);
    const kinds = leaves.map((l) => detectKind(l.node, l.parents, rowsFor(card, l.node, l.parents, outline)));
    const count = new Map<SectionKind, number>();
    for (const k of kinds) count.set(k, (count.get(k) ?? 0) + 1);
    const seen = new Map<SectionKind, number>();
    leaves.forEach((l, i) => {
      const kind = kinds[i]!;
      const k = seen.get(kind) ?? 0;
      seen.set(kind, k + 1);
      map!.set(l.node.id, { kind, k, n: count.get(kind)!, dupTitle: titles.get(l.node.title)! > 1 });
    });
    byOutline.set(outline, map);
  }
  return map.get(node.id) ?? null;
}

/**
 * The length a section needs to restate and answer its requirement items (about twice each item, plus the answer's
 * words): a section's target is raised to it, so that trimming to length never drops a requirement's response.
 */
export function requirementChars(items: readonly RequirementItem[]): number {
  return items.reduce((n, r) => n + r.text.replace(/\s+/g, '').length * 2 + 40, 0);
}

/**
 * The scoring rows a leaf answers: with the outline, its own or its nearest ancestor's (a leaf 「需求理解与分析」 under the
 * node answering 「管理思路-生产组织」 answers that row); else by title (kinds.ts scoringFor).
 */
export function rowsFor(card: TenderCard, node: BidOutlineNode, parentTitles: string[], outline: BidOutlineNode[] | undefined): ScoringItem[] {
  if (node.scoringIds.length || !outline?.length) return scoringFor(card, node, parentTitles);
  const leaf = leavesOf(outline).find((l) => l.node.id === node.id);
  const rows = (leaf?.rows ?? []).map((id) => card.scoring.find((s) => s.id === id)).filter((s): s is ScoringItem => !!s);
  return rows.length ? rows : scoringFor(card, node, parentTitles);
}
