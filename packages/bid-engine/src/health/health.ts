import {
  countChars,
  HEALTH_CAPS,
  type BidOutlineNode,
  type CardClause,
  type CardConflict,
  type HealthFinding,
  type HealthFindingKind,
  type HealthReport,
  type HealthSeverity,
  type TenderCard,
} from '@btz/shared';
import { PLACEHOLDER_RE } from '@btz/shared/editor';
import { scoringCoverage, SCORING_MIN_CHARS } from './coverage.js';
import { absurdFigures, findCardConflicts } from './card-conflicts.js';
import { buildFactSheet, extractFacts, type LocatedFact } from './facts.js';
import { parseCnNumber } from '../text/numerals.js';
import { findTypos } from './typos.js';
import { documentBid, type ReadBid } from './document.js';
import { databankFindings, type DatabankHealthInput } from './databank.js';
import { pairsFoundIn } from '../text/ngrams.js';

/**
 * The content-health score of a bid (issue 6 item 4, reweighed in issue 13 item 3). Pure: the card, the outline and each
 * section's plain text in, a score 0–100, findings linking to sections and the fact sheet out. Every finding that quotes
 * an excerpt is checked by `verifyFindingExcerpt` against its section's text and dropped when it is not there verbatim.
 *
 * The score weighs what an evaluator weighs:
 * - 100 minus, for each finding, the weight of its severity; each kind's total deduction is capped so one noisy kind
 *   cannot zero the score alone (placeholders deduct by density instead, see `placeholderDeduction`);
 * - then capped below the passing line (`HEALTH_PASSING_SCORE`) by blockers — high findings of the kinds in `BLOCKERS`
 *   (an unanswered non-price scoring row, a ★ clause without a response, a contradiction with the tender, a missing
 *   qualification, an invalid-bid risk, a scoring table not fully found): the first caps at 59, each further one 5 lower,
 *   never below 20 (`HEALTH_CAPS`); and by placeholders: ≥ 10 blanks per 10,000 characters or ≥ 100 blanks in all cap at 59.
 * More findings never raise the score.
 *
 * Severities mean: high — costs points or gets the bid rejected; medium — an evaluator will notice; low — polish.
 */

export interface HealthInput {
  card: TenderCard;
  outline: BidOutlineNode[];
  /** nodeId → plain text of the section. */
  sections: Record<string, string>;
  enterprise?: { name?: string };
  /** Known names of other projects / companies (e.g. from the user's past bids). */
  otherNames?: string[];
  /** The owner's data bank: certificates used and documents missing (databank.ts); no findings of the kind without it. */
  databank?: DatabankHealthInput;
  /** Numbers of the bid that contradict the tender card; found here with findCardConflicts when not given. */
  cardConflicts?: CardConflict[];
}

/**
 * The same check on a bid file read elsewhere (issue 15, 废标检查): the read document (document model or pages) instead
 * of the outline and sections; its headings become the outline (health/document.ts) and every finding gets its `page`.
 */
export type DocumentHealthInput = Omit<HealthInput, 'outline' | 'sections'> & { document: ReadBid };

/** Deduction per finding by severity. */
export const SEVERITY_WEIGHTS: Record<HealthSeverity, number> = { high: 10, medium: 4, low: 1 };

/**
 * Severity of each kind, and why (a kind may go lower for a lesser case, noted where it does):
 * - unanswered-scoring  high: the row's points are lost (medium when the text names only some of its key points);
 * - star-unanswered     high: a ★ clause without a response rejects the bid;
 * - invalid-risk        high: the tender lists it as a ground for rejection;
 * - card-conflict       high: a number that contradicts the tender is a deviation (rejected or marked down);
 * - qualification-missing high: a qualification without its evidence fails the 资格审查;
 * - certificate-expiry  high: a certificate invalid at the opening fails the 资格审查 (databank.ts);
 * - databank-missing    medium: the data bank lacks a document the tender requires (the bid may still carry it);
 * - fact-conflict       high: a commitment stated two ways is scored by the worse or questioned (medium for response times);
 * - foreign-name        high for a known other project / a wrong 项目名称 (a copied bid is rejected), medium for an unknown company;
 * - placeholder         high in a form (投标函, 授权书, 报价表: a blank form is incomplete), medium elsewhere (noticed);
 * - empty-heading       medium: an empty section is noticed (a scored one is also an unanswered row, high);
 * - repeated            medium: copy-paste is noticed (and may be read as 雷同);
 * - too-short           medium under a quarter of the target (thin), low otherwise (polish);
 * - typo                low: polish.
 */
export const KIND_SEVERITY: Record<HealthFindingKind, HealthSeverity> = {
  'unanswered-scoring': 'high',
  'star-unanswered': 'high',
  'invalid-risk': 'high',
  'card-conflict': 'high',
  'qualification-missing': 'high',
  'certificate-expiry': 'high',
  'databank-missing': 'medium',
  'fact-conflict': 'high',
  'absurd-figure': 'high',
  'foreign-name': 'high',
  placeholder: 'medium',
  'empty-heading': 'medium',
  repeated: 'medium',
  'too-short': 'low',
  typo: 'low',
};

/** Kinds whose high findings cap the score below passing. */
export const BLOCKERS: ReadonlySet<HealthFindingKind> = new Set([
  'unanswered-scoring',
  'star-unanswered',
  'card-conflict',
  'qualification-missing',
  'certificate-expiry',
  'invalid-risk',
  'absurd-figure',
]);

/** The most a kind may deduct in total. */
export const KIND_CAPS: Record<HealthFindingKind, number> = {
  'unanswered-scoring': 40,
  'star-unanswered': 40,
  'invalid-risk': 40,
  'card-conflict': 40,
  'qualification-missing': 30,
  'certificate-expiry': 30,
  'databank-missing': 12,
  'empty-heading': 20,
  'foreign-name': 20,
  'fact-conflict': 20,
  'absurd-figure': 30,
  // placeholder findings deduct nothing themselves: the density does (placeholderDeduction)
  placeholder: 0,
  repeated: 20,
  'too-short': 15,
  typo: 8,
};

export { SCORING_MIN_CHARS };
/** Identical passages of at least this many characters in two sections are repetition. */
export const REPEAT_MIN_CHARS = 60;
/** A leaf under this share of its target length is too short. */
export const TOO_SHORT_RATIO = 0.5;
/** Longest excerpt quoted in a finding. */
const EXCERPT_MAX = 80;
/** The most placeholders may deduct. */
export const PLACEHOLDER_MAX_DEDUCTION = 45;

/** Blanks per 10,000 characters of text. */
export function placeholderDensity(count: number, chars: number): number {
  return chars > 0 ? Math.round((count / chars) * 10_000 * 10) / 10 : count > 0 ? Infinity : 0;
}

/** What blanks deduct: 3 for any, plus 2 per blank per 10,000 characters, at most PLACEHOLDER_MAX_DEDUCTION. */
export function placeholderDeduction(count: number, chars: number): number {
  if (count <= 0) return 0;
  return Math.min(PLACEHOLDER_MAX_DEDUCTION, 3 + 2 * placeholderDensity(count, chars));
}

export interface ScoreResult {
  score: number;
  capped?: { max: number; reasons: string[] };
}

const BLOCKER_REASON: Partial<Record<HealthFindingKind, string>> = {
  'unanswered-scoring': '个评分项未响应',
  'star-unanswered': '个★条款未响应',
  'card-conflict': '处与招标文件矛盾',
  'qualification-missing': '项资格要求未响应',
  'certificate-expiry': '份证书已过期或在投标截止前到期',
  'invalid-risk': '处废标风险',
  'absurd-figure': '处数值或日期不合常理',
};

/**
 * The score of a set of findings (and the bid's blanks): deductions by severity capped per kind, blanks by density, then
 * the blocker and blank caps (see the file's comment).
 */
export function scoreHealth(
  findings: readonly Pick<HealthFinding, 'kind' | 'severity'>[],
  blanks: { count: number; chars: number } = { count: 0, chars: 0 },
): ScoreResult {
  const byKind = new Map<HealthFindingKind, number>();
  for (const f of findings) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + SEVERITY_WEIGHTS[f.severity]);
  let deduction = placeholderDeduction(blanks.count, blanks.chars);
  for (const [kind, d] of byKind) deduction += Math.min(d, KIND_CAPS[kind]);
  let score = Math.max(0, Math.round(100 - deduction));

  const reasons: string[] = [];
  let max = 100;
  const blockers = new Map<HealthFindingKind, number>();
  for (const f of findings) if (f.severity === 'high' && BLOCKERS.has(f.kind)) blockers.set(f.kind, (blockers.get(f.kind) ?? 0) + 1);
  const n = [...blockers.values()].reduce((a, b) => a + b, 0);
  if (n > 0) {
    max = Math.max(HEALTH_CAPS.floor, HEALTH_CAPS.firstBlocker - HEALTH_CAPS.perBlocker * (n - 1));
    for (const [kind, k] of blockers) reasons.push(`${k} ${BLOCKER_REASON[kind] ?? '项严重问题'}`);
  }
  const density = placeholderDensity(blanks.count, blanks.chars);
  if (blanks.count >= HEALTH_CAPS.placeholderCount || (blanks.count > 0 && density >= HEALTH_CAPS.placeholderDensity)) {
    max = Math.min(max, HEALTH_CAPS.firstBlocker);
    reasons.push(`${blanks.count} 处【待填写】（每万字 ${Number.isFinite(density) ? density : blanks.count} 处），不可直接提交`);
  }
  if (score > max) score = max;
  return reasons.length ? { score, capped: { max, reasons } } : { score };
}

/** The score alone (see scoreHealth). */
export function scoreFindings(findings: readonly Pick<HealthFinding, 'kind' | 'severity'>[], blanks?: { count: number; chars: number }): number {
  return scoreHealth(findings, blanks).score;
}

/** A finding without an excerpt passes; one with an excerpt passes only when its section's text contains it verbatim. */
export function verifyFindingExcerpt(finding: HealthFinding, sections: Record<string, string>): boolean {
  if (finding.excerpt === undefined) return true;
  if (!finding.excerpt || finding.nodeId === null) return false;
  const text = sections[finding.nodeId];
  return typeof text === 'string' && text.includes(finding.excerpt);
}

// ---------------------------------------------------------------------------------------------------------------------

interface FlatNode {
  node: BidOutlineNode;
  leaf: boolean;
  order: number;
}

function flatten(outline: BidOutlineNode[]): FlatNode[] {
  const out: FlatNode[] = [];
  const walk = (nodes: BidOutlineNode[]) => {
    for (const n of nodes) {
      const children = Array.isArray(n.children) ? n.children : [];
      out.push({ node: n, leaf: n.isLeaf || children.length === 0, order: out.length });
      walk(children);
    }
  };
  walk(outline);
  return out;
}

function clip(s: string, max = EXCERPT_MAX): string {
  return s.length > max ? s.slice(0, max) : s;
}

const label = (n: BidOutlineNode) => `「${n.number ? `${n.number} ` : ''}${n.title}」`;


// ---------------------------------------------------------------------------------------------------------------------
// ★ clauses: key terms

const STOP =
  /投标人|供应商|投标单位|中标人|成交供应商|本项目|采购人|招标人|必须|应当|需要|要求|提供|承诺|具备|具有|满足|符合|不少于|不低于|不超过|不高于|不得|以上|以内|以下|至少|并且|按照|根据|否则|视为|无效|投标|响应|[须应需并及和与或的在对为且等其]/g;
const NUM_TERM = /(\d+(?:\.\d+)?)\s*(个工作日|工作日|个月|小时|分钟|天|日|年|月|人|名|%|％|万元|元|台|套|次)?/g;

export interface ClauseTerms {
  numbers: { n: string; unit: string }[];
  words: string[];
}

/** Key numbers (with their unit) and noun phrases of a clause. */
export function clauseTerms(text: string): ClauseTerms {
  // the clause's own numbering (「3.」「（2）」「1.4 」「第8条」) is no figure to restate
  const body = text.replace(/^[\s★▲*]*(?:\d+(?:\.\d+)+[\s、．.]|[（(]?\d+[)）.、]|第[一二三四五六七八九十\d]+条)?\s*/, '').replace(/[★▲]/g, '');
  const numbers: ClauseTerms['numbers'] = [];
  for (const m of body.matchAll(NUM_TERM)) numbers.push({ n: m[1]!, unit: (m[2] ?? '').replace('％', '%') });
  const words = body
    .replace(NUM_TERM, ' ')
    .replace(STOP, ' ')
    .split(/[\s，,。；;：:、（）()“”"'「」《》【】\-—/]+/)
    .map((w) => w.trim())
    .filter((w) => w.length >= 2);
  return { numbers, words: [...new Set(words)] };
}

function wordIn(word: string, text: string): boolean {
  if (text.includes(word)) return true;
  if (word.length < 4) return false;
  return pairsFoundIn(word, text) >= 0.7;
}

function numberIn(num: { n: string; unit: string }, text: string): boolean {
  const re = new RegExp(`(?<![\\d.])${num.n.replace('.', '\\.')}\\s*${num.unit.replace('%', '[%％]')}`);
  return re.test(text);
}

/** A section answers a clause when it states all the clause's numbers and ≥ 60 % of its key phrases. */
export function answersClause(terms: ClauseTerms, text: string): boolean {
  if (!terms.numbers.every((n) => numberIn(n, text))) return false;
  if (terms.words.length === 0) return terms.numbers.length > 0;
  return terms.words.filter((w) => wordIn(w, text)).length / terms.words.length >= 0.6;
}

/** Lines of a response read together: each run of RESPONSE_LINES consecutive lines (a clause restated, then 满足/承诺). */
export const RESPONSE_LINES = 3;
export function responseWindows(text: string): string[] {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length <= RESPONSE_LINES) return [lines.join('\n')];
  return Array.from({ length: lines.length - RESPONSE_LINES + 1 }, (_, i) => lines.slice(i, i + RESPONSE_LINES).join('\n'));
}

/** Share of a clause's distinctive pieces a response holds (at least one). */
export const DISTINCT_SHARE = 0.25;
const squeeze = (t: string) => t.replace(/[\s★▲*＊]/g, '');
/**
 * The three-character pieces of a clause that none of the other clauses (`all`, the clause itself among them) holds:
 * what tells it from its siblings (「投标文件载明的交货期不超过…」 and 「…免费保修期不低于…」 share all their other words).
 */
export function distinctivePieces(clause: string, all: readonly string[]): string[] {
  const body = squeeze(clause);
  const others = all.filter((t) => t !== clause).map(squeeze).join('\n');
  return [...new Set(Array.from({ length: Math.max(0, body.length - 2) }, (_, i) => body.slice(i, i + 3)))].filter((p) => !/^[\d\p{P}]+$/u.test(p) && !others.includes(p));
}
/** Whether a response holds enough of a clause's distinctive pieces (DISTINCT_SHARE, at least one; none to hold passes). */
export function holdsPieces(pieces: readonly string[], text: string): boolean {
  if (!pieces.length) return true;
  const t = squeeze(text);
  return pieces.filter((p) => t.includes(p)).length >= Math.max(1, Math.ceil(pieces.length * DISTINCT_SHARE));
}

/**
 * A section responds to a qualification requirement when it names ≥ 40 % of the requirement's key phrases (its numbers —
 * clause numbering, dates — are not asked for: the evidence is a certificate or a statement, not a restated figure).
 */
export function answersQualification(terms: ClauseTerms, text: string): boolean {
  if (!terms.words.length) return true;
  return terms.words.filter((w) => wordIn(w, text)).length / terms.words.length >= QUALIFICATION_SHARE;
}
export const QUALIFICATION_SHARE = 0.4;

// ---------------------------------------------------------------------------------------------------------------------
// Names

const COMPANY_RE = /[\u4e00-\u9fa5A-Za-z0-9（）()]{2,30}?(?:股份有限公司|有限责任公司|有限公司|集团公司|研究院|设计院)/g;
const LEADING_WORDS =
  /^(?:按照|根据|依照|依据|我方|我公司|本公司|贵公司|该公司|投标人|供应商|合作单位|合作伙伴|分包单位|分包商|原厂|厂家|厂商|制造商|生产商|单位|委托|授权|特此|兹|由|与|和|向|为|在|对|是|及|经|被|给|将|从|同)+/;
const GENERIC_COMPANY = /^(?:我|本|贵|该|其|各|子|分|母|总)?(?:股份有限公司|有限责任公司|有限公司|集团公司|研究院|设计院)$/;

function nameAllowed(candidate: string, allowed: string[]): boolean {
  const c = candidate.replace(/[()（）\s]/g, '');
  return allowed.some((a0) => {
    const a = a0.replace(/[()（）\s]/g, '');
    if (a.length < 2) return false;
    if (c === a || c.endsWith(a) || a.endsWith(c) || c.includes(a) || a.includes(c)) return true;
    // the company pattern starts at any Chinese character, so it takes in the words before a name (「确保满足厦门国际银行
    // 股份有限公司」, 「方便…」): the name of the purchaser's head office (「…股份有限公司」 of 「…股份有限公司上海分行」) with
    // words before it is the tender's own name
    for (let i = 1; i + 6 <= c.length; i++) if (a.includes(c.slice(i))) return true;
    return false;
  });
}

// ---------------------------------------------------------------------------------------------------------------------

function parseMoney(n: string, unit: string): number {
  const v = Number(n.replace(/,/g, ''));
  return unit.startsWith('万') ? v * 10000 : v;
}

const PRICE_RE = /(?:投标总报价|投标报价|投标总价|报价|总价)(?:金额)?(?:为|是|：|:)?\s*(?:人民币)?\s*[¥￥]?\s*([\d,]+(?:\.\d+)?)\s*(万元|元)/g;

/** A ★ printed over a part's title, not a clause: 「★三、商务和其他要求」「★（二）技术参数」. */
const STAR_TITLE = /^[★*＊]?\s*(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|\d+(?:\.\d+)*[、.．]?)?[\u4e00-\u9fa5]{2,12}(?:要求|条款|部分|参数|条件|需求|指标)[：:]?$/;

/** A ★ over a name alone (at most four characters, no figure): 「★数量」「★人员类别」 mark a column, not a clause. */
const STAR_NAME_ONLY = /^(?:\d+[、.．]|[（(]\d+[)）])?(?![^]*[一二两三四五六七八九十百千])[\u4e00-\u9fa5A-Za-z]{1,4}$/;

/** Sections and lines that list the bidder's past work: the clients named there are evidence. */
const PERFORMANCE_TITLE = /业绩|案例|类似项目|同类项目|履约|合同(?:清单|一览)|服务经验|客户名单/;
const PERFORMANCE_LINE = /业绩|合同|甲方|客户|用户单位|业主|建设单位|委托单位|服务对象|采购单位|发包|签订|中标/;
/** The sentence (or table row) holding position `at`. */
function sentenceAt(text: string, at: number): string {
  let from = at;
  while (from > 0 && !/[。；;！？!?\n]/.test(text[from - 1]!)) from--;
  let to = at;
  while (to < text.length && !/[。；;！？!?\n]/.test(text[to]!)) to++;
  return text.slice(from, to);
}

export function computeHealth(input: HealthInput | DocumentHealthInput): HealthReport {
  if ('document' in input) {
    const { document, ...rest } = input;
    const doc = documentBid(document, input.card);
    const report = computeHealth({ ...rest, outline: doc.outline, sections: doc.sections });
    for (const f of report.findings) {
      const page = doc.pageAt(f.nodeId, f.excerpt);
      if (page !== null) f.page = page;
    }
    return report;
  }
  const { card, outline, sections } = input;
  const flat = flatten(outline);
  const findings: HealthFinding[] = [];
  const textOf = (id: string) => sections[id] ?? '';
  const withText = flat.filter((f) => textOf(f.node.id).trim().length > 0);

  // 1. scoring rows: answered by text that responds to them (coverage.ts), price rows aside
  const coverage = scoringCoverage(card, outline, sections);
  const byId = new Map(card.scoring.map((x) => [x.id, x]));
  for (const row of coverage.rows) {
    if (row.state === 'answered' || row.state === 'price') continue;
    const s = byId.get(row.scoringId)!;
    const name = `评分项「${s.item}」${s.points !== null ? `（${s.points}分）` : ''}`;
    const first = row.nodeIds.length ? flat.find((f) => f.node.id === row.nodeIds[0])?.node : undefined;
    const where = first ? label(first) : '';
    const missing = row.missing.length ? `，未见「${row.missing.slice(0, 6).join('」「')}」` : '';
    const message =
      row.state === 'unmapped'
        ? `${name}没有对应的章节，请在目录中增加章节并逐条响应评分标准。`
        : row.state === 'unwritten'
          ? `${name}的章节${where}还没有内容，请编写并逐条响应评分标准。`
          : row.state === 'partial'
            ? `${name}的响应不完整${missing}，请在${where}中逐条响应评分标准的各项要点。`
            : `${name}的响应内容${row.chars < SCORING_MIN_CHARS ? `仅 ${row.chars} 字（少于 ${SCORING_MIN_CHARS} 字）` : '没有提到评分标准的要点'}${missing}，请在${where}中针对评分标准逐条作答。`;
    findings.push({ kind: 'unanswered-scoring', severity: row.state === 'partial' ? 'medium' : 'high', nodeId: first?.id ?? null, refId: s.id, message });
  }
  if (coverage.unknown) {
    findings.push({
      kind: 'unanswered-scoring',
      // points known to be missing cost points; no table at all (e.g. 最低价法) is something to check, not a loss
      severity: coverage.unknown.points !== null ? 'high' : 'medium',
      nodeId: null,
      message: coverage.unknown.reason,
    });
  }

  // 2. ★ clauses
  const starWordCount = new Map<string, number>();
  for (const c of card.starClauses) for (const w of new Set(clauseTerms(c.text).words)) starWordCount.set(w, (starWordCount.get(w) ?? 0) + 1);
  const starBodies = card.starClauses.map((c) => c.text);
  for (const c of card.starClauses) {
    // a ★ over a whole part (「★三、商务和其他要求」) marks the clauses under it substantive: they are answered, not its title
    if (STAR_TITLE.test(c.text.replace(/\s+/g, ''))) continue;
    // nor is a ★ over a table's column or an item's name (「★数量」「★人员类别」): a word without a figure asks nothing
    if (STAR_NAME_ONLY.test(c.text.replace(/[\s★▲*＊:：。]/g, ''))) continue;
    // the clause's own words: a phrase two other ★ clauses print too (「承诺函格式见第六章」「加盖投标人公章」) answers none of them
    const all = clauseTerms(c.text);
    const own = all.words.filter((w) => starWordCount.get(w)! < 3);
    const terms = own.length ? { ...all, words: own } : all;
    if (terms.numbers.length === 0 && terms.words.length === 0) continue;
    // answered where the response is: a few lines that hold the clause's terms together — a long section holding them
    // scattered (the bigrams of a word in three different paragraphs) responds to nothing — and what sets it apart from
    // its sibling clauses (「交货期不超过…」 is not answered by the row of 「免费保修期不低于…」)
    const pieces = distinctivePieces(c.text, starBodies);
    if (withText.some((f) => responseWindows(textOf(f.node.id)).some((w) => answersClause(terms, w) && holdsPieces(pieces, w)))) continue;
    const owner = flat.find((f) => f.node.clauseIds?.includes(c.id));
    findings.push({
      kind: 'star-unanswered',
      severity: 'high',
      nodeId: owner?.node.id ?? null,
      refId: c.id,
      message: `★ 实质性条款「${clip(c.text, 60)}」在投标文件中未见响应，请逐条明确承诺满足（不满足将导致废标）。`,
    });
  }

  // 3. qualifications: each requirement needs a response (a statement or its evidence) somewhere in the bid — the
  // evidence of one requirement is often spread (营业执照 here, 授权委托书 there), so the whole bid is read at once
  const wholeBid = card.qualifications.length ? withText.map((f) => `${f.node.title}\n${textOf(f.node.id)}`).join('\n') : '';
  for (const c of card.qualifications) {
    const terms = clauseTerms(c.text);
    if (terms.words.length === 0) continue;
    if (answersQualification(terms, wholeBid)) continue;
    findings.push({
      kind: 'qualification-missing',
      severity: 'high',
      nodeId: null,
      refId: c.id,
      message: `资格要求「${clip(c.text, 60)}」在投标文件中未见响应或证明材料，请补充（资格审查不通过将导致投标无效）。`,
    });
  }

  // 4. numbers that contradict the tender card: both excerpts
  for (const k of input.cardConflicts ?? findCardConflicts(input.card, input.sections)) {
    findings.push({
      kind: 'card-conflict',
      severity: 'high',
      nodeId: k.nodeId,
      excerpt: k.excerpt,
      sourceExcerpt: k.cardExcerpt,
      ...(k.cardPage !== undefined ? { sourcePage: k.cardPage } : {}),
      message: `与招标文件矛盾（${k.label}）：此处「${k.excerpt}」，招标文件规定「${clip(k.cardExcerpt, 60)}」${k.cardPage !== undefined ? `（第 ${k.cardPage} 页）` : ''}，请按招标文件修改。`,
    });
  }

  // per-section checks
  const allowedNames = [
    card.projectName?.value,
    card.purchaser?.value,
    card.agency?.value,
    input.enterprise?.name,
  ].filter((v): v is string => typeof v === 'string' && v.trim().length >= 2);
  // names the tender itself uses (its scoring rows, requirements, clauses: the purchaser's parent company, 「LOGO字项目」 as
  // a kind of past work) are the tender's words, not another project's
  const tenderWords = [
    ...card.scoring.map((x) => `${x.item}\n${x.criteria}`),
    ...(card.requirements ?? []).map((r) => r.text),
    ...[...card.starClauses, ...card.importantClauses, ...card.qualifications].map((c) => c.text),
  ].join('\n');
  // (the name itself, or with the words the company pattern took in before it: 「合同甲方为中国某某集团有限公司」)
  const tenderOwn = (name: string) => {
    if (name.length >= 2 && tenderWords.includes(name)) return true;
    for (let i = 1; i + 6 <= name.length; i++) if (tenderWords.includes(name.slice(i))) return true;
    return false;
  };
  const otherNames = (input.otherNames ?? []).map((n) => n.trim()).filter((n) => n.length >= 2 && !nameAllowed(n, allowedNames));
  const facts: LocatedFact[] = [];
  let blankCount = 0;
  let totalChars = 0;

  for (const f of flat) {
    const id = f.node.id;
    const text = textOf(id);
    const chars = countChars(text);
    totalChars += chars;

    if (f.leaf && chars === 0) {
      // a form the tender prescribes left empty (法定代表人证明书, 承诺函…) fails the 符合性审查: high
      findings.push(
        f.node.mode === 'form'
          ? { kind: 'empty-heading', severity: 'high', nodeId: id, message: `格式文件${label(f.node)}是空的，请按招标文件的格式填写完整（缺少格式文件可能导致投标无效）。` }
          : { kind: 'empty-heading', severity: KIND_SEVERITY['empty-heading'], nodeId: id, message: `章节${label(f.node)}没有内容，请编写正文或删除该标题。` },
      );
      continue;
    }
    if (chars === 0) continue;

    if (f.leaf && f.node.targetChars && f.node.targetChars > 0 && chars < f.node.targetChars * TOO_SHORT_RATIO) {
      findings.push({
        kind: 'too-short',
        severity: chars < f.node.targetChars * 0.25 ? 'medium' : 'low',
        nodeId: id,
        excerpt: clip(text.trim(), 30),
        message: `章节${label(f.node)}仅 ${chars} 字，远低于目标 ${f.node.targetChars} 字，请扩写补充。`,
      });
    }

    // one finding per distinct placeholder of a section (the same blank repeated is one thing to fill in)
    const blanks = new Map<string, number>();
    for (const m of text.matchAll(PLACEHOLDER_RE)) blanks.set(m[0], (blanks.get(m[0]) ?? 0) + 1);
    for (const [blank, n] of blanks) {
      const times = n > 1 ? `（共 ${n} 处）` : '';
      blankCount += n;
      findings.push({ kind: 'placeholder', severity: f.node.mode === 'form' ? 'high' : 'medium', nodeId: id, excerpt: blank, message: `${label(f.node)}中有待填写内容${blank}${times}，请填入真实信息后再提交。` });
    }

    for (const a of absurdFigures(text, card.deadline?.value)) {
      findings.push({ kind: 'absurd-figure', severity: 'high', nodeId: id, excerpt: a.excerpt, message: `${label(f.node)}中${a.message}。` });
    }

    for (const hit of findTypos(text)) {
      findings.push({ kind: 'typo', severity: 'low', nodeId: id, excerpt: hit.rule.wrong, message: `错别字：「${hit.rule.wrong}」应为「${hit.rule.right}」，请修改。` });
    }

    // foreign names: known other names first, then company / project-name patterns
    const reported = new Set<string>();
    for (const n of otherNames) {
      if (text.includes(n) && !reported.has(n)) {
        reported.add(n);
        findings.push({ kind: 'foreign-name', severity: 'high', nodeId: id, excerpt: n, message: `${label(f.node)}出现其他项目或单位的名称「${n}」，疑似沿用旧标书，请替换为本项目信息。` });
      }
    }
    const performance = PERFORMANCE_TITLE.test(f.node.title);
    for (const m of text.matchAll(COMPANY_RE)) {
      const name = m[0].replace(LEADING_WORDS, '');
      if (name.length < 6 || GENERIC_COMPANY.test(name) || reported.has(name) || [...reported].some((r) => r.includes(name) || name.includes(r))) continue;
      if (nameAllowed(name, allowedNames) || tenderOwn(name)) continue;
      // a past client in the bidder's performance list or a contract row is the bidder's evidence, not another bid's leftover
      if (performance || PERFORMANCE_LINE.test(sentenceAt(text, m.index))) continue;
      reported.add(name);
      findings.push({ kind: 'foreign-name', severity: 'medium', nodeId: id, excerpt: name, message: `${label(f.node)}出现单位名称「${name}」，与本项目采购人及投标人均不一致，请确认是否为其他项目遗留内容。` });
    }
    const projectName = card.projectName?.value;
    if (projectName) {
      const projRe = /项目名称[：:]\s*([^\s，,。；;\n]{4,60})|[「“《]([^」”》\n]{2,60}?(?:项目|工程))[」”》]/g;
      for (const m of text.matchAll(projRe)) {
        const name = (m[1] ?? m[2] ?? '').trim();
        if (!name || reported.has(name) || nameAllowed(name, [projectName]) || tenderOwn(name) || /[：:，,。；;□]/.test(name)) continue;
        reported.add(name);
        findings.push({ kind: 'foreign-name', severity: m[1] ? 'high' : 'medium', nodeId: id, excerpt: name, message: `${label(f.node)}中的项目名称「${name}」与本项目「${projectName}」不一致，请改正。` });
      }
    }

    for (const fact of extractFacts(text)) facts.push({ ...fact, nodeId: id });
  }

  // repeated passages across sections (later section is reported)
  findings.push(...findRepeats(withText.map((f) => f.node), sections, [card.projectName?.value, card.projectNumber?.value, card.purchaser?.value, card.agency?.value, input.enterprise?.name]));

  // fact conflicts: per kind + qualifier, the first stated value is the reference
  const firstByKey = new Map<string, LocatedFact>();
  const reportedConflict = new Set<string>();
  for (const fact of facts) {
    // 7×24 hotline and 5×8 on-site hours are commonly both promised: listed in the sheet, never a contradiction
    if (fact.kind === 'service-hours') continue;
    const key = `${fact.kind}|${fact.qualifier}`;
    const first = firstByKey.get(key);
    if (!first) {
      firstByKey.set(key, fact);
      continue;
    }
    if (first.value === fact.value) continue;
    const dedupe = `${key}|${fact.nodeId}|${fact.value}`;
    if (reportedConflict.has(dedupe)) continue;
    reportedConflict.add(dedupe);
    const firstNode = flat.find((f) => f.node.id === first.nodeId)!.node;
    findings.push({
      kind: 'fact-conflict',
      severity: fact.kind === 'response' ? 'medium' : 'high',
      nodeId: fact.nodeId,
      excerpt: fact.excerpt,
      message: `前后矛盾：此处「${fact.excerpt}」，而${label(firstNode)}写的是「${first.excerpt}」，请统一为同一数值。`,
    });
  }

  // invalid-bid risks
  findings.push(...invalidRisks(card, flat, sections, facts));

  // the data bank: certificates that expire before the deadline, required documents it lacks
  if (input.databank) findings.push(...databankFindings(card, outline, input.databank));

  const verified = findings.filter((f) => verifyFindingExcerpt(f, sections));
  const order = new Map(flat.map((f) => [f.node.id, f.order]));
  const rank: Record<HealthSeverity, number> = { high: 0, medium: 1, low: 2 };
  verified.sort((a, b) => rank[a.severity] - rank[b.severity] || (order.get(a.nodeId ?? '') ?? -1) - (order.get(b.nodeId ?? '') ?? -1));
  const { score, capped } = scoreHealth(verified, { count: blankCount, chars: totalChars });
  return {
    score,
    ...(capped ? { capped } : {}),
    findings: verified,
    facts: buildFactSheet(facts),
    placeholders: { count: blankCount, per10k: Number.isFinite(placeholderDensity(blankCount, totalChars)) ? placeholderDensity(blankCount, totalChars) : 0 },
    coverage,
  };
}

// ---------------------------------------------------------------------------------------------------------------------

/** Passages of ≥ REPEAT_MIN_CHARS identical characters in two sections; one finding per (later, earlier) pair. */
/**
 * A text with the tender's own names (project, number, purchaser, agency, the bidder) and the blanks to fill in each
 * reduced to one mark, and for each character kept its index in the text: a form's heading 「致：采购人 / 项目名称（项目编
 * 号）」 and the same 【待填写：投标人名称】 in every section are not copied passages; the words around them may be.
 */
export function maskNames(text: string, names: readonly (string | null | undefined)[]): { masked: string; at: number[] } {
  const list = [...new Set(names.filter((v): v is string => typeof v === 'string' && v.trim().length >= 4).map((v) => v.trim()))].sort((a, b) => b.length - a.length);
  const esc = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp([...list.map(esc), '【待填写[：:][^】]*】'].join('|'), 'g');
  let masked = '';
  const at: number[] = [];
  let i = 0;
  for (const m of text.matchAll(re)) {
    for (; i < m.index; i++) {
      masked += text[i];
      at.push(i);
    }
    masked += '□';
    at.push(m.index);
    i = m.index + m[0].length;
  }
  for (; i < text.length; i++) {
    masked += text[i];
    at.push(i);
  }
  return { masked, at };
}

function findRepeats(nodes: BidOutlineNode[], sections: Record<string, string>, names: readonly (string | null | undefined)[] = []): HealthFinding[] {
  const W = REPEAT_MIN_CHARS;
  const seen = new Map<string, string>(); // window → first nodeId
  const out: HealthFinding[] = [];
  const meaningful = (w: string) => (w.match(/[\u4e00-\u9fa5A-Za-z0-9]/g)?.length ?? 0) >= W / 2;
  for (const n of nodes) {
    const original = sections[n.id] ?? '';
    const { masked: text, at } = maskNames(original, names);
    const span = (from: number, to: number) => original.slice(at[from]!, to < at.length ? at[to]! : original.length);
    const pairs = new Set<string>();
    let i = 0;
    while (i + W <= text.length) {
      const w = text.slice(i, i + W);
      const prev = seen.get(w);
      if (prev && prev !== n.id && meaningful(w)) {
        let end = i + W;
        while (end < text.length && seen.get(text.slice(end - W + 1, end + 1)) === prev) end++;
        if (!pairs.has(prev)) {
          pairs.add(prev);
          const prevNode = nodes.find((x) => x.id === prev)!;
          out.push({
            kind: 'repeated',
            severity: 'medium',
            nodeId: n.id,
            excerpt: clip(span(i, end)),
            message: `${label(n)}有 ${span(i, end).length} 字与${label(prevNode)}完全相同，请改写或删除重复内容。`,
          });
        }
        i = end;
        continue;
      }
      i++;
    }
    for (let j = 0; j + W <= text.length; j++) {
      const w = text.slice(j, j + W);
      if (!seen.has(w)) seen.set(w, n.id);
    }
  }
  return out;
}

function clauseAmount(text: string): number | null {
  const m = /([\d,]+(?:\.\d+)?)\s*(万元|元)/.exec(text);
  return m ? parseMoney(m[1]!, m[2]!) : null;
}

function invalidRisks(card: TenderCard, flat: FlatNode[], sections: Record<string, string>, facts: LocatedFact[]): HealthFinding[] {
  const out: HealthFinding[] = [];
  const done = new Set<string>();
  const push = (c: CardClause, nodeId: string, excerpt: string, why: string) => {
    const key = `${c.id}|${nodeId}|${excerpt}`;
    if (done.has(key)) return;
    done.add(key);
    out.push({ kind: 'invalid-risk', severity: 'high', nodeId, excerpt, refId: c.id, message: `废标风险：${why}（招标文件：「${clip(c.text, 50)}」），请立即核实修改。` });
  };
  for (const c of card.invalidClauses) {
    const t = c.text;
    // price above the ceiling / budget
    if (/报价|价格|总价/.test(t) && /超过|高于|超出/.test(t) && /最高限价|拦标价|控制价|限价|预算/.test(t)) {
      const ceiling = clauseAmount(t) ?? (/预算/.test(t) && !/限价|控制价|拦标价/.test(t) ? card.budget?.value : card.ceilingPrice?.value ?? card.budget?.value) ?? null;
      if (ceiling !== null && ceiling > 0) {
        for (const f of flat) {
          const text = sections[f.node.id] ?? '';
          for (const m of text.matchAll(PRICE_RE)) {
            const price = parseMoney(m[1]!, m[2]!);
            if (price > ceiling) push(c, f.node.id, m[0].trim(), `报价 ${price.toLocaleString('zh-CN')} 元超过最高限价 ${ceiling.toLocaleString('zh-CN')} 元`);
          }
        }
      }
    }
    // a stated period longer than the required one
    const period = /(工期|交货期|交付期|供货期|服务期)/.exec(t);
    if (period && /超过|长于|超出|迟于|晚于/.test(t)) {
      // the limit stated in the clause, else the tender's own delivery term (LLM card); none → not checkable
      const term = (card.terms ?? []).find((x) => x.key === 'delivery')?.text ?? '';
      const m = /(\d+)\s*(个日历天|日历天|天|日|个月|月|年)/.exec(t) ?? /(\d+)\s*(个日历天|日历天|天|日|个月|月|年)/.exec(term);
      if (m) {
        const limit = m[2]!.includes('年') ? Number(m[1]) * 365 : m[2]!.includes('月') ? Number(m[1]) * 30 : Number(m[1]);
        const kinds = /工期|服务期/.test(period[1]!) ? ['duration'] : ['delivery'];
        for (const fact of facts) {
          const d = /^(\d+(?:\.\d+)?)天$/.exec(fact.value);
          if (kinds.includes(fact.kind) && d && Number(d[1]) > limit) push(c, fact.nodeId, fact.excerpt, `承诺${fact.excerpt}，超过招标要求的 ${m[1]}${m[2]}`);
        }
      }
    }
    // warranty shorter than required
    if (/质保期|保修期|质量保证期/.test(t) && /不足|少于|低于|短于/.test(t)) {
      const m = /(\d+|[一二两三四五六七八九十]+)\s*(个月|月|年)/.exec(t);
      if (m) {
        const n = parseCnNumber(m[1]!);
        const months = m[2]!.includes('年') ? n * 12 : n;
        for (const fact of facts) {
          if (fact.kind === 'warranty' && parseFloat(fact.value) < months) push(c, fact.nodeId, fact.excerpt, `承诺${fact.excerpt}，短于招标要求的 ${m[1]}${m[2]}`);
        }
      }
    }
    // a negative deviation stated against a ★ clause
    if (/负偏离|偏离/.test(t) && /★|实质性/.test(t)) {
      for (const f of flat) {
        const text = sections[f.node.id] ?? '';
        for (const m of text.matchAll(/负偏离/g)) {
          const before = text.slice(Math.max(0, m.index - 3), m.index);
          if (/无|不|没有|非|未/.test(before)) continue;
          push(c, f.node.id, clip(text.slice(Math.max(0, m.index - 20), m.index + 3)), '投标文件中出现对实质性要求的负偏离');
        }
      }
    }
  }
  return out;
}
