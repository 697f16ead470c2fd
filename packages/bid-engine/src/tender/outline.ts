/**
 * The offline outline: level 1 is the bid composition the tender prescribes, in its order (a standard 商务/资信/技术/报价
 * composition when the card has none); each level-1 chapter gets a kind and a mode (tender form, response table, or
 * written); every technical and commercial scoring item becomes a section phrased as its answer, under the matching
 * chapter; ★/▲ clauses get a response table; the number of leaves follows the target length. Plus the checks and the
 * renumbering used after hand edits.
 */
import {
  checkOutline,
  flattenOutline,
  isPrintedPart,
  newNodeId,
  OUTLINE_MAX_TITLE,
  renumberOutline,
  walkOutline,
  type BidOutlineNode,
  type OutlineDefaults,
  type OutlineValidation,
  type CoverageEntry,
  type OutlineKind,
  type OutlineMode,
  type ScoringItem,
  type TenderCard,
} from '@btz/shared';
import { deviationTableFor, isDeviationRow } from './deviation.js';
import { detectDomain, isServiceDomain, type TenderDomain } from './domain.js';
import { formHasBody, isFillable, tenderFormFor, tenderFormsFor } from './rules/forms.js';
import { bigramSet } from '../text/ngrams.js';
import { sharedCount } from '../text/similarity.js';

export interface OutlineOptions {
  /** 1 basic, 2 flagship (longer: more leaves) */
  bidType: 1 | 2;
  /** characters a written section aims at (default 3,000) */
  targetCharsPerSection?: number;
  /** characters of written text in the whole bid (default by bidType) */
  totalTargetChars?: number;
}

export interface OutlineResult {
  nodes: BidOutlineNode[];
  coverage: CoverageEntry[];
}

export const DEFAULT_SECTION_CHARS = 3000;
/** Written characters of a whole bid by version: basic ≈ 60,000, flagship ≈ 150,000. */
export const DEFAULT_TOTAL_CHARS: Record<1 | 2, number> = { 1: 60_000, 2: 150_000 };
const MAX_CHILDREN = 10;

export const FALLBACK_COMPOSITION = ['商务部分', '资信部分', '技术部分', '报价部分'];

// ---------------------------------------------------------------------------------------------------------------------
// Classification and titles

/** Kind and mode of a level-1 chapter from its title. */
export function classifyChapter(title: string): { kind: OutlineKind; mode: OutlineMode } {
  const t = title.replace(/\s+/g, '');
  const bare = withoutQualifiers(t);
  if (bare === t) return classifyTitle(t);
  // what the part is, not a qualifier in brackets: 「供应商自主知识产权产品（创新、设计）情况」 is no design part; a bracket
  // that names the part of the bid (「投标文件（技术部分）」) still says what it is
  const own = classifyTitle(bare);
  if (own.kind !== '其他' || own.mode !== 'ai') return own;
  const part = [...t.matchAll(/[（(]([^（()）]*)[)）]/g)].map((m) => m[1]!).filter((q) => PART_NAME.test(q));
  return part.length ? classifyTitle(bare + part.join('')) : own;
}

const PART_NAME = /^(?:技术|商务|资信|资格|报价|价格|经济)(?:部分|文件|标|册|卷)?$/;

function classifyTitle(t: string): { kind: OutlineKind; mode: OutlineMode } {
  // the cover or the TOC: printed by the export from the tender's form, never a place for sections
  if (isPrintedPart(t)) return { kind: '其他', mode: 'form' };
  if (/偏离表|响应表|偏离情况|响应对照|逐条响应/.test(t))
    return { kind: /商务/.test(t) ? '商务' : /技术/.test(t) ? '技术' : '其他', mode: 'table' };
  if (/开标一览表|报价一览表|报价表|分项报价|报价单|报价明细|投标总价|工程量清单|价格|报价/.test(t)) return { kind: '价格', mode: 'form' };
  if (/投标函|投标书|响应函|授权|委托书|身份证明|承诺函|承诺书|声明|保证金|联合体|廉洁|诚信|格式/.test(t)) return { kind: '商务', mode: 'form' };
  if (/资信/.test(t)) return { kind: '资信', mode: 'ai' };
  if (/资格|资质|证明文件|证明材料/.test(t)) return { kind: '资信', mode: 'form' };
  if (/技术|方案|服务|实施|设计|施工组织|需求响应/.test(t)) return { kind: '技术', mode: 'ai' };
  if (/商务|业绩|信誉/.test(t)) return { kind: '商务', mode: 'ai' };
  return { kind: '其他', mode: 'ai' };
}

const ANSWERS: Array<[RegExp, string]> = [
  [/^(?:总体)?技术方案$|^技术方案(?:评价|评分)?$/, '总体技术方案'],
  [/^(?:项目)?实施方案$|^项目实施$|^实施计划$/, '项目实施方案'],
  [/^售后服务方案$|^售后服务(?:承诺)?$|^售后$/, '售后服务方案'],
  [/^(?:项目)?团队|^人员配置|^拟派人员|^项目人员|^项目经理/, '项目团队及人员配置'],
  [/^培训/, '培训方案'],
  [/^应急/, '应急预案'],
  [/^质量/, '质量保证措施'],
  [/^(?:进度|工期)/, '进度计划及保证措施'],
  [/^安全/, '安全保障措施'],
  [/^(?:类似)?(?:项目)?业绩/, '类似项目业绩'],
  [/^(?:企业)?资质|^资格证书/, '企业资质证明'],
  [/^(?:企业)?(?:信誉|荣誉|信用)/, '企业信誉及荣誉'],
  [/^(?:项目|需求)(?:理解|分析)/, '项目理解与需求分析'],
  [/^技术(?:参数|指标)?响应$|^技术参数/, '技术参数响应说明'],
  [/^运维/, '运维服务方案'],
];

/** A section title phrased as the answer to a scoring item: 实施方案 → 项目实施方案, 类似业绩 → 类似项目业绩. */
export function answerTitle(item: string, category: ScoringItem['category'] = 'technical'): string {
  const t = item.replace(/\s+/g, '').replace(/[（(][^）)]*[)）]$/, '');
  for (const [re, title] of ANSWERS) if (re.test(t)) return title;
  const base = t.replace(/(?:评价|评分|得分|情况|程度|评审)$/, '') || t;
  if (/(?:方案|计划|措施|预案|承诺|说明|分析|体系|保障|配置|证明|材料|表|制度|设计|方法|流程)$/.test(base)) return base;
  return category === 'commercial' ? `${base}证明材料` : `${base}方案`;
}

/** The item as an evaluator reads it in the scoring table: printed points and spaces dropped; a sub-row by its own name. */
export function itemText(item: string): string {
  const t = item.replace(/\s+/g, '').replace(/[（(](?:满分|最高|共|计)?\d+(?:\.\d+)?分[)）]/g, '');
  const dash = t.indexOf('-');
  if (dash >= 2 && dash <= t.length - 3 && !/\d-\d/.test(t.slice(dash - 1, dash + 2))) {
    const sub = t.slice(dash + 1);
    if (sub.length <= 40 && !/[=＝×÷]/.test(sub)) return sub;
  }
  return t;
}

/** The factor of a sub-row's item (「样品评分-色泽」 → 样品评分), or null when the item names no sub-row. */
export function factorOf(item: string): string | null {
  const t = item.replace(/\s+/g, '').replace(/[（(](?:满分|最高|共|计)?\d+(?:\.\d+)?分[)）]/g, '');
  const sub = itemText(item);
  if (sub === t) return null;
  const factor = t.slice(0, t.length - sub.length - 1);
  return factor.length >= 2 ? factor : null;
}

/** Whether `title` shows the scoring item (its text inside the title, spaces and printed points aside). */
export function recognisable(title: string, item: string): boolean {
  const t = title.replace(/\s+/g, '');
  const own = itemText(item);
  if (t.includes(own)) return true;
  // a qualifier in brackets on either side (「拟安排的项目经理情况（仅限1人）」 for the part 「拟安排的项目经理情况」)
  const core = withoutQualifiers(own);
  return core.length >= 4 && core !== own && withoutQualifiers(t).includes(core);
}

/** A title without its bracketed qualifiers (「（仅限1人）」「（格式自定）」「（创新、设计）」). */
export function withoutQualifiers(title: string): string {
  const bare = title.replace(/[（(][^（()）]*[)）]/g, '');
  return bare.length >= 2 ? bare : title;
}

/**
 * The title of the section answering a scoring row: phrased as its answer (实施方案 → 项目实施方案) when that still
 * contains the row's words, else the row's own words — the evaluator looks for the item as the table prints it.
 */
export function sectionTitle(item: string, category: ScoringItem['category'] = 'technical'): string {
  const own = itemText(item);
  // a longer item already names what the bid shows (「物业管理服务分项承诺与考核指标」): its words as they are
  if (own.length > 6) return own.slice(0, OUTLINE_MAX_TITLE);
  const answer = answerTitle(own, category);
  return (answer.includes(own) ? answer : own).slice(0, OUTLINE_MAX_TITLE);
}

const TEMPLATES: Array<[RegExp, string[]]> = [
  // one person (「拟安排的项目经理情况」), not the team
  [/^(?!.*(?:团队|成员|人员)).*(?:项目经理|项目负责人)/, ['项目经理简介', '任职资格与从业经历', '岗位职责与授权', '到岗与稳定性承诺']],
  [/团队|人员|项目经理/, ['项目组织架构', '项目经理简介', '核心成员配置', '人员职责分工', '人员稳定性保障', '人员资质与认证']],
  [/样品/, ['样品清单与对应参数', '样品制作与送达安排', '样品与供货一致性保证']],
  [/培训/, ['培训目标与对象', '培训内容与课程安排', '培训方式与计划', '培训讲师与教材', '培训考核与效果评估']],
  [/应急/, ['应急组织体系', '风险识别与分级', '应急响应流程', '应急保障资源', '应急演练计划']],
  [/售后|运维|服务/, ['服务承诺', '服务体系与网点', '响应时间与处理流程', '运维保障措施', '备品备件保障', '服务考核与持续改进']],
  [/实施/, ['实施组织与分工', '实施步骤与进度安排', '实施质量控制', '实施风险与应对', '上线与验收安排', '交付文档与资料']],
  [/质量/, ['质量目标', '质量管理体系', '质量控制措施', '质量检测与验收', '质量问题处理']],
  [/进度|工期/, ['进度目标', '进度计划安排', '进度保证措施', '进度偏差纠正']],
  [/安全/, ['安全管理目标', '安全管理制度', '安全技术措施', '数据与信息安全', '安全事故应急处理']],
  [/业绩/, ['类似项目业绩一览表', '代表性项目介绍', '业绩证明材料', '用户评价']],
  [/资质|认证|证书/, ['企业资质证书', '管理体系认证', '其他资格证明']],
  [/信誉|荣誉|信用/, ['企业荣誉', '信用记录', '获奖证明']],
  [/理解|需求|分析/, ['项目背景', '建设目标', '需求分析', '重点难点分析']],
  [/资信/, ['企业资质证明', '财务与纳税情况', '信誉及荣誉', '类似项目业绩']],
  [/商务/, ['企业概况', '商务条款响应', '类似项目业绩', '履约能力与服务承诺']],
  [/技术|方案|设计|参数|功能|性能/, ['需求理解与分析', '总体设计思路', '系统架构设计', '功能设计', '关键技术与创新', '技术标准与规范', '安全与可靠性设计', '兼容与扩展性设计']],
];
const GENERIC = ['总体说明', '具体内容与措施', '保障措施', '响应承诺'];
const DEFAULT_TECH = ['总体技术方案', '项目实施方案', '质量保证措施', '售后服务方案', '培训方案'];

/**
 * The technical topics of a tender that is not an IT system (issue 13 item 2): a staffing or property-service tender's
 * 技术方案 is about people, procedures and assessment, a works tender's about making, installing and accepting, a goods
 * tender's about sources, delivery and acceptance.
 */
const SERVICE_TECH_TOPICS = ['服务内容理解', '服务组织与人员配置', '服务流程与作业标准', '质量考核与监督', '应急与保障措施', '档案与信息管理'];
const WORKS_TECH_TOPICS = ['需求理解与分析', '深化设计与选材', '制作与安装工艺', '质量检验与验收', '进度与安全文明保障'];
const GOODS_TECH_TOPICS = ['需求理解与分析', '货源与供货渠道', '供货组织与进度', '到货验收与交付', '售后与退换服务'];
const GOODS_DEFAULT_TECH = ['供货总体方案', '货源与供货渠道', '到货验收与交付', '质量保证措施', '售后服务方案'];
const SERVICE_DEFAULT_TECH = ['服务总体方案', '人员配置与管理', '服务质量保证措施', '应急预案', '培训方案'];
const WORKS_DEFAULT_TECH = ['总体施工（供货）方案', '制作与安装方案', '质量保证措施', '进度与安全文明措施', '售后服务方案'];

function templateFor(title: string, domain: TenderDomain): string[] | undefined {
  const bare = withoutQualifiers(title);
  const hit = TEMPLATES.find(([re]) => re.test(bare));
  if (hit && hit[0] === TEMPLATES[TEMPLATES.length - 1]![0]) {
    if (isServiceDomain(domain)) return SERVICE_TECH_TOPICS;
    if (domain === 'construction') return WORKS_TECH_TOPICS;
    if (domain === 'goods') return GOODS_TECH_TOPICS;
  }
  return hit?.[1];
}

/** Sub-topics a scoring item's criteria names: 「实施方案包括实施组织、进度计划、质量保证措施」. */
export function criteriaTopics(criteria: string): string[] {
  // (a note in brackets — 「（含学校社工）」「（不含副省级）」「（专业：管理类，包括但不限于：工商管理…等）」 — says what a
  // word covers: no list of topics; the first list outside brackets is)
  // (nor is what a proof holds — 「合同关键信息包括但不仅限于合同的项目名称、服务内容」 — a heading of the plan)
  const m = [...criteria.matchAll(/(?<![（(不])(?:包括|包含|涵盖|应含|含)(?:但?不仅?限于)?(?:以下|如下)?(?:[一二三四五六七八九十\d]+[个项点])?(?:内容|方面)?[：:]?\s*([^。；;]+)/g)].find(
    (x) => !insideBrackets(criteria, x.index) && !PROOF.test(criteria.slice(0, x.index).split(/[。；;，,\n]/).pop() ?? ''),
  );
  if (!m) return [];
  let items: string[];
  if (TOPIC_NUMBER.test(m[1]!)) {
    // a numbered list, an item a line (「包括以下内容：\n（1）服务目标；\n（2）服务重点；」): each item
    items = [];
    // (one list: its items numbered alike — 「（1）」… — until the next clause of the criteria, 「2、评审标准」)
    const style = (line: string) => /^\s*[（(]/.test(line);
    const lines = criteria.slice(m.index + m[0].length - m[1]!.length).split('\n');
    for (const line of lines) {
      if (!TOPIC_NUMBER.test(line) || style(line) !== style(lines[0]!)) break;
      items.push(line.replace(TOPIC_NUMBER, '').replace(/[；;。，,：:].*$/, ''));
    }
  } else items = m[1]!.split(/[，,]/)[0]!.split(/、|和|及|与|以及/);
  const balanced = (s: string) => (s.match(/[（(]/g)?.length ?? 0) === (s.match(/[）)]/g)?.length ?? 0);
  return items
    .map((s) => s.replace(/等.*$/, '').trim())
    .filter((s) => s.length >= 2 && s.length <= 16 && /[\u4e00-\u9fa5]/.test(s) && !/[得分]\d|\d分/.test(s) && balanced(s));
}
/** The subject of a list that says what a proof shows (a document, not a part of the plan). */
const PROOF = /证明|关键信息|复印件|扫描件|合同|证书|资料|截图/;

/** Whether position `at` of a text sits inside an open bracket (a note: 「（专业：…，包括…）」). */
function insideBrackets(text: string, at: number): boolean {
  let depth = 0;
  for (const ch of text.slice(0, at)) {
    if (ch === '（' || ch === '(') depth++;
    else if ((ch === '）' || ch === ')') && depth > 0) depth--;
  }
  return depth > 0;
}

/** An item's number at the start of its line: 「（1）」「1、」「2.」. */
const TOPIC_NUMBER = /^\s*[（(]?\d{1,2}[)）、.．]\s*/;

/** The one person leading the project, by either name. */
const MANAGER = /项目经理|项目负责人/;

function subTopics(title: string, criteria: string, count: number, domain: TenderDomain, items: readonly string[] = []): string[] {
  const out: string[] = [];
  const own = bigrams(title);
  const distinct = (s: string) => new Set([...bigrams(s)].filter((b) => !own.has(b)));
  const add = (s: string, max = count) => {
    if (out.length >= max || s === title || out.includes(s)) return;
    const mine = distinct(s);
    // a template topic that repeats one the criteria named (「进度计划」 / 「实施步骤与进度安排」) is left out
    if (out.some((o) => [...distinct(o)].some((b) => mine.has(b)))) return;
    out.push(s);
  };
  // the sub-points the criteria name are all headings of the row when it is split at all (「服务目标、服务重点、具体服务
  // 内容」: an evaluator looks for each — a third one cut by the row's length share has no heading): up to the most children
  const named = criteria ? criteriaTopics(criteria) : [];
  const room = Math.min(MAX_CHILDREN, Math.max(count, named.length));
  for (const s of named) if (out.length < room) add(s, room);
  // what the title or its scoring row leaves out (「（项目经理除外）」「（项目负责人除外）」) is no topic of it — the
  // project's manager and its 负责人 are one post
  const except = [title, ...items].flatMap((t) => [...t.matchAll(/[（(]([^（()）]+)除外[)）]/g)].map((m) => m[1]!));
  const left = (s: string) => except.some((e) => s.includes(e) || (MANAGER.test(e) && MANAGER.test(s)));
  // (the tender's own name of the post: a row on the 项目负责人 gets 「项目负责人简介」, not 「项目经理简介」)
  const lead = [title, ...items].some((t) => t.includes('项目负责人')) && ![title, ...items].some((t) => t.includes('项目经理'));
  for (const s of templateFor(title, domain) ?? GENERIC) if (!left(s)) add(lead ? s.replace('项目经理', '项目负责人') : s);
  return out;
}

const GENERIC_BIGRAMS = new Set([
  '企业', '项目', '方案', '技术', '商务', '管理', '服务', '部分', '文件', '证明', '材料', '情况', '要求', '设计', '措施', '保障',
  '安排', '体系', '计划', '说明', '分析',
]);
/** The telling bigrams of a title, word by word (none across 与/和/及/的 or punctuation). */
function bigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (const t of s.split(/[^\u4e00-\u9fa5A-Za-z0-9]|[与和及的、]/)) for (const b of bigramSet(t, GENERIC_BIGRAMS)) out.add(b);
  return out;
}
const similarity = (a: string, b: string): number => sharedCount(bigrams(b), bigrams(a));

/** The sub-parts a composition note names: 「包括技术方案、实施方案、售后服务方案等」. */
export function noteParts(note: string | undefined): string[] {
  if (!note) return [];
  return note
    .replace(/^(?:包括|包含|含|由)[：:]?/, '')
    .split(/[、，,；;]/)
    .map((s) => s.replace(/^(?:包括|包含|含|及|和)/, '').replace(/等.*$/, '').replace(/[。]$/, '').trim())
    .filter((s) => s.length >= 2 && s.length <= 16 && /[\u4e00-\u9fa5]/.test(s));
}

// ---------------------------------------------------------------------------------------------------------------------
// Generation

interface Draft {
  title: string;
  kind: OutlineKind;
  mode: OutlineMode;
  scoringIds: string[];
  clauseIds: string[];
  children: Draft[];
  /** scoring criteria for sub-topics */
  criteria: string;
  /** weight of a written branch; 0 for forms and tables */
  weight: number;
  /** the scoring items (as printed) this branch answers */
  items?: string[];
  /** the branch came from the scoring table (or the composition), not a template */
  fixed?: boolean;
  targetChars?: number;
}

const draft = (title: string, kind: OutlineKind, mode: OutlineMode, extra: Partial<Draft> = {}): Draft => ({
  title,
  kind,
  mode,
  scoringIds: [],
  clauseIds: [],
  children: [],
  criteria: '',
  weight: 0,
  ...extra,
});

const CREDENTIAL = /业绩|资质|信誉|认证|荣誉|信用|财务|证书|资信/;

function pickChapter(chapters: Draft[], item: ScoringItem): Draft | undefined {
  const ai = (d: Draft) => d.mode === 'ai';
  const last = chapters[chapters.length - 1];
  if (item.category === 'technical')
    return (
      chapters.find((c) => c.kind === '技术' && ai(c)) ??
      chapters.find((c) => c.kind === '其他' && ai(c)) ??
      chapters.find(ai) ??
      chapters.find((c) => c.kind === '技术') ??
      last
    );
  if (item.category === 'commercial')
    return (
      (CREDENTIAL.test(item.item) ? chapters.find((c) => c.kind === '资信' && ai(c)) : undefined) ??
      chapters.find((c) => c.kind === '商务' && ai(c)) ??
      chapters.find((c) => c.kind === '资信' && ai(c)) ??
      chapters.find((c) => c.kind === '其他' && ai(c)) ??
      chapters.find(ai) ??
      chapters.find((c) => c.kind === '资信' || c.kind === '商务') ??
      last
    );
  return chapters.find((c) => c.kind === '价格');
}

/** The tender's deviation table (技术/商务偏离表, 响应表) a row scoring deviations is read from, of the same side (deviation.ts). */
function deviationTable(chapters: readonly Draft[], item: string): Draft | undefined {
  if (!isDeviationRow(item)) return undefined;
  return deviationTableFor(item, chapters.flatMap((c) => [c, ...c.children]).filter((d) => d.mode === 'table' && /偏离/.test(d.title)));
}

function shortClause(text: string): string {
  let t = text.replace(/\s+/g, '').split(/[；;。]/)[0]!;
  if (t.length > 30) {
    const cut = t.lastIndexOf('，', 30);
    t = cut >= 6 ? t.slice(0, cut) : t.slice(0, 30);
  }
  return t.replace(/[，,：:]+$/, '');
}

/**
 * A written part that answers a row itself but also holds other sections is a chapter, not a section the writer writes:
 * the row gets a leaf of its own at the top of the chapter (「技术方案」 → 「总体技术方案」), so its points have text.
 */
function ownRowLeaves(chapters: readonly Draft[], afterTables = false): void {
  for (const ch of chapters) {
    if (ch.mode !== 'ai' || !ch.scoringIds.length || !ch.children.length) continue;
    const items = ch.items ?? [];
    const title = items.length === 1 && !items[0]!.startsWith('总体') && ch.title.includes(items[0]!) ? `总体${items[0]}` : sectionTitle(items[0] ?? ch.title);
    const leaf = draft(title, ch.kind, 'ai', { scoringIds: ch.scoringIds, items, weight: ch.weight, criteria: ch.criteria, fixed: true });
    ch.scoringIds = [];
    ch.items = [];
    const at = afterTables ? ch.children.findIndex((c) => c.mode === 'ai') : 0;
    ch.children.splice(at < 0 ? ch.children.length : at, 0, leaf);
  }
}

/** Adds `d` to `list`, merging it into a sibling of the same title. */
function addUnique(list: Draft[], d: Draft): Draft {
  const same = list.find((x) => x.title === d.title);
  if (!same) {
    list.push(d);
    return d;
  }
  for (const id of d.scoringIds) if (!same.scoringIds.includes(id)) same.scoringIds.push(id);
  for (const id of d.clauseIds) if (!same.clauseIds.includes(id)) same.clauseIds.push(id);
  if (d.items) same.items = [...(same.items ?? []), ...d.items];
  same.weight += d.weight;
  same.criteria = [same.criteria, d.criteria].filter(Boolean).join('；');
  same.fixed ||= d.fixed;
  return same;
}

/** A parent with a single child absorbs it (keeping its own title, the tender's words). */
function collapse(d: Draft): void {
  d.children.forEach(collapse);
  while (d.children.length === 1) {
    const only = d.children[0]!;
    // a section answering scoring rows stays its own node when the parent's title does not show them: the evaluator
    // looks for the row's words (「投标人业绩」 under 「商务响应文件」)
    if (only.items?.some((it) => !recognisable(d.title, it))) break;
    for (const id of only.scoringIds) if (!d.scoringIds.includes(id)) d.scoringIds.push(id);
    for (const id of only.clauseIds) if (!d.clauseIds.includes(id)) d.clauseIds.push(id);
    d.weight = Math.max(d.weight, only.weight);
    d.criteria ||= only.criteria;
    if (d.mode !== 'ai' || only.mode === 'ai') d.targetChars ??= only.targetChars;
    if (only.mode !== 'ai' && d.mode === 'ai' && !d.scoringIds.length) d.mode = only.mode;
    d.children = only.children;
  }
}

function depthOf(d: Draft, level = 1): number {
  return d.children.length ? Math.max(...d.children.map((c) => depthOf(c, level + 1))) : level;
}

/** A works tender's part where the construction plan goes (its title: 技术标, 施工组织设计, 施工方案, 其他资料…). */
const WORKS_PLAN_PART = /施工组织设计|施工方案|技术标|技术部分|技术文件|技术方案|其他资料|其他材料|其他内容/;
const WORKS_PLAN_NAMED = /施工组织设计|施工方案|技术标|技术部分|技术文件|技术方案/;

/** The tender's enumeration of what its 施工组织设计 / 施工方案 / 技术标 holds (「施工组织设计应包括：施工部署、…」). */
const PLAN_LIST =
  /(?:施工组织设计|施工组织方案|施工技术方案|施工方案|技术标)[^。；:：]{0,16}?(?:应|须|需|必须|应当)?(?:包括|包含|涵盖|含有|主要内容(?:为|有|包括)?|内容(?:为|有|包括))(?:但不限于|以下内容|下列内容|如下内容)?[：:]?\s*([^。；;]+)/;

/**
 * The sections the tender's own words give the construction plan: the first enumeration of what its 施工组织设计 / 施工方案
 * / 技术标 must hold, read from its requirements, instructions, composition notes, forms and scoring criteria (in that
 * order), each item as printed (numbering and a trailing 等 off). Empty when the tender lists nothing.
 */
export function worksPlanItems(card: TenderCard): string[] {
  const texts = [
    ...(card.requirements ?? []).map((r) => r.text),
    ...card.formatRules.map((r) => r.text),
    ...card.composition.map((p) => p.note ?? ''),
    ...(card.forms ?? []).flatMap((f) => f.blocks.flatMap((b) => (b.t === 'p' ? [b.text] : []))),
    ...card.scoring.map((s) => s.criteria),
  ];
  for (const t of texts) {
    const m = PLAN_LIST.exec(t.replace(/\s+/g, ''));
    if (!m) continue;
    const items = m[1]!
      .split(/[、，,]|[（(]?\d{1,2}[)）.．、]|[①-⑳]/)
      .map((x) => x.replace(/^(?:以及|及|和)/, '').replace(/等(?:内容|方面)?$/, '').trim())
      .filter((x) => x.length >= 2 && x.length <= 16 && /[\u4e00-\u9fa5]{2}/.test(x) && !/\d+分|得分/.test(x));
    const distinct = [...new Set(items)];
    if (distinct.length >= 2) return distinct.slice(0, MAX_CHILDREN);
  }
  return [];
}

/**
 * The outline of a bid from its tender card: nested directory nodes (levels 1–3, ids n1, n1-2, n1-2-3) and the coverage
 * of every scoring item. Deterministic.
 */
export function generateOutline(card: TenderCard, opts: OutlineOptions): OutlineResult {
  const domain = detectDomain(card);
  const target = Math.max(500, opts.targetCharsPerSection ?? DEFAULT_SECTION_CHARS);
  const total = Math.max(target, opts.totalTargetChars ?? DEFAULT_TOTAL_CHARS[opts.bidType] ?? DEFAULT_TOTAL_CHARS[1]);

  // Level 1: the prescribed composition, in its order
  const parts = card.composition.length
    ? card.composition.map((c) => ({ title: c.title.trim(), note: c.note }))
    : FALLBACK_COMPOSITION.map((title) => ({ title, note: undefined as string | undefined }));
  const chapters: Draft[] = [];
  for (const p of parts) {
    if (!p.title || chapters.some((c) => c.title === p.title)) continue;
    const { kind, mode } = classifyChapter(p.title);
    const ch = draft(p.title.slice(0, OUTLINE_MAX_TITLE), kind, mode, { fixed: true });
    // sub-parts the composition names become its sections (the tender's own words)
    if (mode === 'ai')
      for (const sub of noteParts(p.note)) {
        const c = classifyChapter(sub);
        addUnique(ch.children, draft(sub, kind, c.mode === 'table' ? 'table' : 'ai', { fixed: true, weight: c.mode === 'table' ? 0 : 1 }));
      }
    chapters.push(ch);
  }

  // Scoring items → sections answering them
  const scoring = card.scoring;
  const known = scoring.map((s) => s.points).filter((p): p is number => typeof p === 'number' && p > 0);
  const avgPoints = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 5;
  const priceIds: Record<string, string[]> = {};
  for (const s of scoring) {
    // a row scoring the deviations (「重要技术要求偏离情况」) is answered by the tender's deviation table, row by row —
    // not by a plan section
    const table = s.category === 'price' ? undefined : deviationTable(chapters, s.item);
    if (table) {
      table.scoringIds.push(s.id);
      table.items = [...(table.items ?? []), s.item];
      continue;
    }
    // a written part the composition names after the row (「物业管理服务分项承诺与考核指标」) answers it itself
    const own = s.category === 'price' ? undefined : chapters.find((c) => c.mode === 'ai' && !c.scoringIds.length && recognisable(c.title, s.item));
    const weight = typeof s.points === 'number' && s.points > 0 ? s.points : avgPoints;
    if (own) {
      own.scoringIds.push(s.id);
      own.items = [...(own.items ?? []), s.item];
      own.weight = weight;
      own.criteria = s.criteria;
      continue;
    }
    // a sub-row (「交货期承诺-常规供应交货期」) goes under the written part the composition names after its factor
    const factor = factorOf(s.item);
    const named = s.category === 'price' || !factor ? undefined : chapters.find((c) => c.mode === 'ai' && c.title.replace(/\s+/g, '') === factor);
    const ch = named ?? pickChapter(chapters, s);
    if (!ch) continue;
    if (s.category === 'price') {
      (priceIds[ch.title] ??= []).push(s.id);
      continue;
    }
    const answer = sectionTitle(s.item, s.category);
    // a section the composition prescribes that answers it (「企业业绩」 for 类似业绩)
    let best: Draft | undefined;
    let bestScore = 0;
    for (const c of ch.children) {
      if (c.mode !== 'ai' || c.scoringIds.length) continue;
      const sc = Math.max(similarity(c.title, s.item), similarity(c.title, answer));
      if (sc > bestScore) {
        best = c;
        bestScore = sc;
      }
    }
    if (best) {
      // the section keeps the tender's own words only when an evaluator still finds the row's item in them
      if (best.title.includes(s.item) || s.item.includes(best.title) || !recognisable(best.title, s.item)) best.title = answer;
      best.scoringIds.push(s.id);
      best.items = [...(best.items ?? []), s.item];
      best.weight = weight;
      best.criteria = s.criteria;
      // the renamed section may now equal a sibling: merge
      const twin = ch.children.find((x) => x !== best && x.title === best!.title);
      if (twin) {
        ch.children.splice(ch.children.indexOf(best), 1);
        addUnique(ch.children, best);
      }
    } else {
      addUnique(ch.children, draft(answer, ch.kind, 'ai', { scoringIds: [s.id], items: [s.item], weight, criteria: s.criteria, fixed: true }));
    }
  }
  // A goods or works tender's technical parameters: a 技术参数响应偏离表 in the technical chapter (the tender's own
  // 技术偏离表 when it prescribes one) — each parameter a row with the offered value and the deviation (writer/points.ts)
  if ((domain === 'goods' || domain === 'construction') && card.requirements?.length) {
    const all = chapters.flatMap((c) => [c, ...c.children]);
    if (!all.some((d) => d.mode === 'table' && /技术|参数/.test(d.title))) {
      const host = chapters.find((c) => c.kind === '技术' && c.mode === 'ai') ?? chapters.find((c) => c.mode === 'ai');
      if (host) host.children.push(draft('技术参数响应偏离表', host.kind === '商务' ? '技术' : host.kind, 'table', { fixed: true }));
    }
  }

  ownRowLeaves(chapters);
  for (const ch of chapters) if (priceIds[ch.title]) ch.scoringIds.push(...priceIds[ch.title]!);

  // ★/▲: a response table — the tender's 技术偏离表 when it prescribes one, else a section of the technical chapter
  const clauseIds = [...card.starClauses.map((c) => c.id), ...card.importantClauses.map((c) => c.id)];
  if (clauseIds.length) {
    const all = chapters.flatMap((c) => [c, ...c.children]);
    const hasTech = chapters.some((c) => c.kind === '技术');
    const table = all.find((d) => d.mode === 'table' && /技术|参数/.test(d.title)) ?? (hasTech ? undefined : all.find((d) => d.mode === 'table'));
    if (table) table.clauseIds.push(...clauseIds);
    else {
      const host =
        chapters.find((c) => c.kind === '技术' && c.mode === 'ai') ??
        chapters.find((c) => c.mode === 'ai') ??
        chapters[chapters.length - 1]!;
      const title = card.importantClauses.length && card.starClauses.length ? '★/▲条款逐条响应表' : card.starClauses.length ? '★实质性条款响应表' : '▲重要条款响应表';
      host.children.unshift(draft(title, host.kind, 'table', { clauseIds, fixed: true }));
      // the host may answer a row itself: that answer becomes a section beside the table
      ownRowLeaves([host], true);
    }
  }

  // Qualification proofs under the 资格 chapter
  const qualCh = chapters.find((c) => c.kind === '资信' && /资格/.test(c.title));
  if (qualCh && card.qualifications.length >= 2 && !qualCh.children.length)
    for (const q of card.qualifications) addUnique(qualCh.children, draft(shortClause(q.text), '资信', 'form', { fixed: true }));

  // The tender's form of a part is written as the part (issue 24): a part holding sections (qualification proofs, scoring
  // rows) gets the form as its first section; a written part whose form is a table to fill (「供应商基本情况表」) and that
  // answers no scoring row is that form
  for (const ch of chapters) {
    const form = tenderFormFor(card, ch);
    // forms after the part's own that no part names (「（九）开标一览表」 after 「（七）保洁方案」): printed with it
    const followers = form ? tenderFormsFor(card, ch).filter((f) => f !== form && formHasBody(f) && isFillable(f)) : [];
    if (!formHasBody(form) && !followers.length) continue;
    if (ch.mode === 'ai' && isFillable(form!) && !ch.scoringIds.length && !ch.children.some((c) => c.scoringIds.length)) {
      ch.mode = 'form';
      ch.children = [];
    } else if (ch.children.length && (ch.mode !== 'ai' || isFillable(form!) || followers.length))
      // (a plan part whose guidance is followed by forms no part names — 「（九）开标一览表」 after 「（七）保洁方案」 — has
      // them printed first, with the guidance: otherwise they are in no section)
      ch.children.unshift(draft(ch.title, ch.kind, 'form', { fixed: true }));
  }

  // A works tender's part for the construction plan (技术标, 施工组织设计, 其他资料 where the plans go) that answers no
  // scoring row: its sections are what the tender says the plan holds (its own enumeration); when it says nothing, the
  // part stays one section stating what the tender asks for — never the generic four (总体说明、具体内容与措施…)
  const plainParts = new Set<Draft>();
  const planSections = new Set<Draft>();
  if (domain === 'construction') {
    const parts = chapters.filter((ch) => ch.mode === 'ai' && !ch.scoringIds.length && !ch.children.some((c) => c.mode === 'ai' || c.scoringIds.length) && WORKS_PLAN_PART.test(ch.title));
    // the enumeration goes to the part named for the plan, else to the first catch-all part (其他资料); the rest stay plain
    const host = parts.find((ch) => WORKS_PLAN_NAMED.test(ch.title)) ?? parts[0];
    const items = host ? worksPlanItems(card) : [];
    for (const ch of parts) {
      if (ch === host && items.length >= 2) for (const t of items) planSections.add(addUnique(ch.children, draft(t, '技术', 'ai', { fixed: true, weight: avgPoints / 2 })));
      // (a part holding a table — the parameter table — gets its one written section beside it)
      else if (ch.children.length) plainParts.add(addUnique(ch.children, draft(ch.title, '技术', 'ai', { fixed: true, weight: avgPoints })));
      else plainParts.add(ch);
    }
  }

  // A technical chapter with nothing to answer still gets a standard structure — when the tender scores nothing (a
  // scored tender's rows are the structure; its other technical parts stay one written section each)
  const scored = scoring.some((s) => s.category !== 'price');
  const defaults = isServiceDomain(domain) ? SERVICE_DEFAULT_TECH : domain === 'construction' ? WORKS_DEFAULT_TECH : domain === 'goods' ? GOODS_DEFAULT_TECH : DEFAULT_TECH;
  for (const ch of chapters)
    if (!scored && ch.kind === '技术' && ch.mode === 'ai' && !ch.children.some((c) => c.mode === 'ai'))
      for (const t of defaults) addUnique(ch.children, draft(t, '技术', 'ai', { weight: avgPoints }));

  // Length: written branches share the total by weight; a branch with ≥ 2 sections' worth gets level-3 sub-topics
  const written: Draft[] = [];
  for (const ch of chapters) {
    if (ch.mode === 'ai' && !ch.children.length) {
      ch.weight ||= avgPoints;
      written.push(ch);
    }
    for (const c of ch.children) if (c.mode === 'ai') written.push(c);
    for (const c of ch.children) if (c.mode === 'ai' && !c.weight) c.weight = avgPoints / 2;
  }
  const sum = written.reduce((a, d) => a + d.weight, 0) || 1;
  for (const d of written) {
    const chars = (total * d.weight) / sum;
    const leaves = Math.min(MAX_CHILDREN, Math.max(1, Math.round(chars / target)));
    // (a works plan's sections are the tender's items, not split again into template topics)
    if (leaves >= 2 && !plainParts.has(d) && !planSections.has(d)) {
      const topics = subTopics(d.title, d.criteria, leaves, domain, d.items);
      if (topics.length >= 2) {
        const per = Math.round(chars / topics.length);
        d.children = topics.map((t) => draft(t, d.kind, 'ai', { targetChars: per }));
        continue;
      }
    }
    d.targetChars = Math.round(chars);
  }

  chapters.forEach(collapse);
  for (const ch of chapters) if (depthOf(ch) > 3) ch.children.forEach((c) => c.children.forEach((g) => (g.children = [])));

  const nodes = chapters.map((ch, i) => build(ch, `n${i + 1}`, '', 1, i, String(i + 1)));
  return { nodes, coverage: computeCoverage(scoring, nodes) };
}

function build(d: Draft, id: string, parentId: string, level: number, index: number, number: string): BidOutlineNode {
  const children = d.children.map((c, j) => build(c, `${id}-${j + 1}`, id, level + 1, j, `${number}.${j + 1}`));
  const node: BidOutlineNode = {
    id,
    title: d.title,
    level,
    isLeaf: children.length === 0,
    index,
    status: 0,
    parentId,
    readStatus: 0,
    number,
    children,
    kind: d.kind,
    mode: d.mode,
    scoringIds: [...d.scoringIds],
  };
  if (d.clauseIds.length) node.clauseIds = [...d.clauseIds];
  if (children.length === 0 && d.mode === 'ai' && d.targetChars) node.targetChars = d.targetChars;
  return node;
}

// ---------------------------------------------------------------------------------------------------------------------
// Coverage, validation, renumbering

/** Scoring item ↔ the nodes whose `scoringIds` name it, in scoring order. An empty `nodeIds` is a gap. */
export function computeCoverage(scoring: readonly Pick<ScoringItem, 'id' | 'item'>[], nodes: readonly BidOutlineNode[]): CoverageEntry[] {
  const by = new Map<string, string[]>();
  walkOutline(nodes, (n) => {
    for (const id of Array.isArray(n.scoringIds) ? n.scoringIds : []) by.set(id, [...(by.get(id) ?? []), n.id]);
  });
  return scoring.map((s) => ({ scoringId: s.id, item: s.item, nodeIds: by.get(s.id) ?? [] }));
}

/** Technical and commercial scoring items no node answers. */
export function coverageGaps(scoring: readonly ScoringItem[], coverage: readonly CoverageEntry[]): ScoringItem[] {
  const covered = new Set(coverage.filter((c) => c.nodeIds.length).map((c) => c.scoringId));
  return scoring.filter((s) => s.category !== 'price' && !covered.has(s.id));
}

/**
 * What a node without kind or mode gets on the server: a level-1 chapter is classified from its title (「投标函」 → 商务,
 * form), a deeper node takes its parent's kind and mode. (The outline editor fills differently: see apps/web outline.ts.)
 */
export const chapterDefaults: OutlineDefaults = (n, parent) => (parent ? { kind: parent.kind, mode: parent.mode } : classifyChapter(n.title ?? ''));

/** The outline renumbered after hand edits (shared rule), kind and mode filled by `chapterDefaults`. */
export const renumber = (nodes: readonly BidOutlineNode[]): BidOutlineNode[] => renumberOutline(nodes, chapterDefaults);

/** The checks a saved outline must pass (shared rule); when it passes, `nodes` is renumbered by `renumber`. */
export const validateOutline = (input: unknown): OutlineValidation => checkOutline(input, chapterDefaults);

export { flattenOutline, newNodeId, type OutlineValidation };
