import { unknownScoring, type BidOutlineNode, type ScoringCoverage, type ScoringItem, type ScoringRowCoverage, type ScoringRowState, type TenderCard } from '@btz/shared';

export { unknownScoring };
import { criteriaTopics } from '../tender/outline.js';

/**
 * Coverage by points (issue 13 item 3), defined once here for the health check and the coverage view: a scoring row is
 * answered when the text under its sections (the nodes whose `scoringIds` name it, and everything below them) is long
 * enough AND names the points an evaluator looks for — the sub-points its criteria list (「包括人员配置、服务流程、考核与
 * 应急」), else the key phrases of its criteria. A mapped title alone answers nothing. Price rows are scored from the
 * quote, not by text. Rows the reader could not find (the table did not add up, came to less than 100 points, or no
 * table at all) are reported as unknown and never counted as answered.
 */

/** Minimum characters (whitespace excluded) of text answering a scoring row. */
export const SCORING_MIN_CHARS = 200;
/** Share of a row's key points its text must name to count as answered. */
export const SCORING_TERM_SHARE = 0.5;
/** The most key points taken from one row. */
const MAX_TERMS = 8;

/** Grading words of criteria (how well, how many points) — not points an evaluator looks for in the text. */
const GRADING =
  /但不限于|不限于|效果明显|明显|清楚|了解|细致|详实|介绍|影响|方式|配有|对应|可行性|合理性|针对性|完整性|科学性|可操作性|先进性|表述|描述|阐述|论述|项目配置|完整|合理|可行|详细|详尽|科学|规范|充足|充分|及时|明确|清晰|全面|具体|有效|可靠|良好|优秀|较好|较强|较差|较全面|一般|优于|满足|完全|基本|不满足|符合|针对性强?|可操作性强?|操作性强?|切实|到位|先进|成熟|周密|严谨|准确|丰富|得力|完善|健全|欠缺|稍有难度|难度|最高|最低|满分|不得分|得分|加分|扣分|计分|酌情|最多|不超过|不低于|以上|以下|以内|进行|评审|评价|评分|评委|综合|根据|凭|提供|具有|具备|要求|内容|情况|方面|相关|有关|能够|能|高|低|强|好|差|优|良|中|等等|等|各类|各项|所有|任何|相应|统一|按照|如下|详见|本次|本项目|投标单位|投标人|供应商|招标文件|采购人/g;
/** 「得10分」「10-20分」「（30分）」 and the like. */
const SCORE_PART = /[（(][^）)]{0,20}[）)]|\d+(?:\.\d+)?\s*[-—~～至]\s*\d+(?:\.\d+)?\s*分|[得计]?\s*\d+(?:\.\d+)?\s*分/g;
/** A grade line: what a level of the row earns (「2、工作经验基本满足…，得7分」). */
const GRADE_LINE = /得\s*\d+(?:\.\d+)?\s*分|不得分|得\s*0\s*分|[优良中差][:：]?\s*\d/;
/** Words too general to show a response. */
const GENERIC = new Set(['方案', '项目', '服务', '能力', '人员', '管理', '措施', '工作', '文件', '材料', '证明', '技术', '商务', '部分', '其他', '整体', '设置', '配置', '配备', '情况', '实际']);
const SPLIT = /[\s，,。；;：:、（）()“”"'「」《》【】\-—/]+|且|并且|以及|及|和|与|或|的/;

function phrases(text: string): string[] {
  return text
    .replace(SCORE_PART, ' ')
    .split(SPLIT)
    .map(clean)
    .filter((t) => t.length >= 2 && t.length <= 8 && !GENERIC.has(t));
}

/**
 * The key points of a scoring row: the sub-points its criteria list (「包括…」, 「A、B、C等方面」), the phrases of the
 * full-marks grade, and the parts of its name — grading words (合理, 完整, 得10分…) left out.
 */
export function scoringTerms(row: Pick<ScoringItem, 'item' | 'criteria'>): string[] {
  const { name, points } = termsOf(row);
  return [...points, ...name];
}

/** The row's name parts (a title may name them) and the points its criteria ask for (the text must name them). */
function termsOf(row: Pick<ScoringItem, 'item' | 'criteria'>): { name: string[]; points: string[] } {
  const criteria = row.criteria ?? '';
  const lines = criteria.split(/\n|(?<=[；;。])/).map((l) => l.trim()).filter(Boolean);
  const grade = lines.filter((l) => GRADE_LINE.test(l));
  const plain = lines.filter((l) => !GRADE_LINE.test(l)).join('\n');
  const listed = criteriaTopics(criteria).map(clean).filter((t) => t.length >= 2 && !GENERIC.has(t));
  const name = dedupe(phrases(row.item.replace(/^[^-—]*[-—]/, '')), []).slice(0, 3);
  const points = dedupe([...listed, ...phrases(plain), ...phrases(grade[0] ?? '')], name).slice(0, MAX_TERMS);
  return { name, points };
}

/** Terms in order, none contained in another (nor in `taken`). */
function dedupe(terms: string[], taken: string[]): string[] {
  const out: string[] = [];
  const has = (t: string) => [...taken, ...out].some((o) => o.includes(t) || t.includes(o));
  for (const t of terms) if (!has(t)) out.push(t);
  return out;
}

function clean(s: string): string {
  return s
    .replace(SCORE_PART, '')
    .replace(GRADING, '')
    .replace(/[^\u4e00-\u9fa5A-Za-z0-9×]/g, '')
    .replace(/^(?:\d+|有|对|为|在|将|由|须|需|并|但|拟投入|针对|近[一二三四五三\d]年|每个?|凭|其|所)+/, '')
    .replace(/(?:的|得|之|等)+$/, '')
    .trim();
}

/** Close wordings an evaluator accepts for one another. */
const ALIKE: [RegExp, string][] = [
  [/同类/g, '类似'],
  [/售后/g, '运维'],
  [/人员/g, '人'],
];

function bigrams(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < s.length; i++) out.push(s.slice(i, i + 2));
  return out;
}

/** The text names the term: verbatim, or (for terms of 3+ characters) ≥ 70 % of its character pairs. */
export function termIn(term: string, text: string): boolean {
  if (text.includes(term)) return true;
  let alike = term;
  for (const [re, to] of ALIKE) alike = alike.replace(re, to);
  if (alike !== term && text.includes(alike)) return true;
  if (term.length < 3) return false;
  const bg = bigrams(term);
  return bg.filter((b) => text.includes(b)).length / bg.length >= 0.7;
}

const charCount = (s: string) => s.replace(/\s+/g, '').length;

/** How a text answers a row (price rows aside): the state, the characters and the key points missing. */
export function rowResponse(
  row: Pick<ScoringItem, 'item' | 'criteria'>,
  body: string,
  titles = '',
): { state: Exclude<ScoringRowState, 'price' | 'unmapped'>; chars: number; terms: string[]; missing: string[] } {
  const chars = charCount(body);
  const { name, points } = termsOf(row);
  const text = withoutCriteria(body, row.criteria ?? '');
  // the row's name may be in a title; its points must be in the text
  const missing = [...points.filter((t) => !termIn(t, text)), ...name.filter((t) => !termIn(t, `${titles}\n${text}`))];
  const terms = [...points, ...name];
  if (chars === 0) return { state: 'unwritten', chars, terms, missing: terms };
  if (chars < SCORING_MIN_CHARS) return { state: 'unanswered', chars, terms, missing };
  if (points.length) {
    // the points, and the row's name parts said in the text itself (not only in a title)
    const named = terms.filter((t) => termIn(t, text)).length;
    if (points.every((t) => !termIn(t, text)) && named < name.length) return { state: 'unanswered', chars, terms, missing };
    if (named === 0) return { state: 'unanswered', chars, terms, missing };
    if (named / terms.length < SCORING_TERM_SHARE) return { state: 'partial', chars, terms, missing };
    return { state: 'answered', chars, terms, missing };
  }
  // criteria that name no points: the row's name, in a title or the text, and enough text
  return { state: name.length && missing.length === name.length ? 'unanswered' : 'answered', chars, terms, missing };
}

/** The text with the criteria's own clauses (≥ 8 characters) taken out: quoting the scoring standard answers nothing. */
export function withoutCriteria(text: string, criteria: string): string {
  let out = text;
  for (const clause of criteria.split(/[，,。；;：:\n]+/)) {
    const c = clause.trim();
    if (c.length >= 8) out = out.split(c).join(' ');
  }
  return out;
}

/** The text of a node and of all nodes under it. */
function subtreeText(n: BidOutlineNode, sections: Record<string, string>): string {
  const parts: string[] = [sections[n.id] ?? ''];
  for (const c of n.children ?? []) parts.push(subtreeText(c, sections));
  return parts.join('\n');
}

/** The titles of a node and of all nodes under it (a section titled 「售后服务方案」 names its row; it adds no length). */
function subtreeTitles(n: BidOutlineNode): string {
  return [n.title, ...(n.children ?? []).map(subtreeTitles)].join('\n');
}

function walk(nodes: readonly BidOutlineNode[], fn: (n: BidOutlineNode) => void): void {
  for (const n of nodes) {
    fn(n);
    walk(n.children ?? [], fn);
  }
}

/** Every scoring row of the card as the bid's text answers it, and the rows not found. */
export function scoringCoverage(card: Pick<TenderCard, 'scoring' | 'scoringCheck' | 'lots'>, outline: readonly BidOutlineNode[], sections: Record<string, string>): ScoringCoverage {
  const mapped = new Map<string, BidOutlineNode[]>();
  walk(outline, (n) => {
    for (const sid of n.scoringIds ?? []) mapped.set(sid, [...(mapped.get(sid) ?? []), n]);
  });
  const rows: ScoringRowCoverage[] = (card.scoring ?? []).map((s) => {
    const nodes = mapped.get(s.id) ?? [];
    const base = { scoringId: s.id, item: s.item, points: typeof s.points === 'number' ? s.points : null, category: s.category ?? null, nodeIds: nodes.map((n) => n.id) };
    if (s.category === 'price') return { ...base, state: 'price', chars: 0, terms: [], missing: [] };
    if (!nodes.length) {
      const terms = scoringTerms(s);
      return { ...base, state: 'unmapped', chars: 0, terms, missing: terms };
    }
    const body = nodes.map((n) => subtreeText(n, sections)).join('\n');
    return { ...base, ...rowResponse(s, body, nodes.map(subtreeTitles).join('\n')) };
  });
  const scored = rows.filter((r) => r.state !== 'price');
  const answered = scored.filter((r) => r.state === 'answered');
  const withPoints = scored.filter((r) => r.points !== null);
  const price = rows.filter((r) => r.state === 'price' && r.points !== null);
  const unknown = unknownScoring(card);
  const denominator = scored.length + (unknown ? 1 : 0);
  return {
    rows,
    total: scored.length,
    answered: answered.length,
    pointsTotal: withPoints.length ? withPoints.reduce((a, r) => a + r.points!, 0) : null,
    pointsAnswered: withPoints.length ? answered.reduce((a, r) => a + (r.points ?? 0), 0) : null,
    pricePoints: price.length ? price.reduce((a, r) => a + r.points!, 0) : null,
    unknown,
    percent: denominator ? Math.floor((answered.length / denominator) * 100) : 100,
  };
}
