import type { DirectoryNode } from './rules/outline.js';

/**
 * The tender card (issue 5 "Contract", PRODUCT.md §5 step 2) and the outline extensions (CONVENTIONS.md Bids). The same
 * structure is filled by the offline rule-based writer and by the LLM path; every entry cites its source and is verified
 * by the server against that page's text (an excerpt not found verbatim is flagged 'unverified', never shown as fact).
 */

/** Where a tender file sits in a bid: the main tender, an amendment / clarification (补遗, 澄清, 答疑), a bill of quantities. */
export type TenderFileRole = 'main' | 'amendment' | 'boq';

/** The source of a card entry: 1-based page of the file, the file's name, and text copied verbatim from that page. */
export interface CardSource {
  page: number;
  file: string;
  excerpt: string;
}

/**
 * 'unverified': the excerpt was not found on the cited page; 'conflict': the tender states other values too (see
 * `conflicts`); 'overridden': a later amendment replaced an earlier value (see `overridden`); 'llm-mismatch': the LLM's value
 * disagrees with the rule-based extraction; 'uncertain': the value comes from a weak place (a sentence rather than a
 * labelled field, the cover title, a table row without a label) and a person should check it (`doubt` says why).
 */
export type CardFlag = 'unverified' | 'conflict' | 'overridden' | 'llm-mismatch' | 'uncertain';

export interface CardEntry {
  source: CardSource;
  /** The excerpt was found verbatim (whitespace-insensitive) on `source.page` of `source.file`. */
  verified: boolean;
  flags?: CardFlag[];
  /** The lot (标段/包) id this entry belongs to; absent when it applies to the whole tender. */
  lot?: string;
  /** Who produced the entry. */
  origin?: 'rule' | 'llm';
  /** With flag 'uncertain': why a person should check the entry, in Chinese. */
  doubt?: string;
}

/** An earlier or competing value of a fact. */
export interface FactVersion<T = string> {
  value: T;
  text: string;
  source: CardSource;
  verified: boolean;
}

/** A single fact: `value` normalised (yuan for money, `YYYY-MM-DD HH:mm` for times), `text` as the tender words it. */
export interface CardFact<T = string> extends CardEntry {
  value: T;
  text: string;
  /** Values this one replaced, oldest first (an amendment moved the deadline, changed the budget…). */
  overridden?: FactVersion<T>[];
  /** Other values the tender states for the same fact. */
  conflicts?: FactVersion<T>[];
  /** With flag 'llm-mismatch': the other extractor's value (the model's, or the rules' when the model's was kept). */
  mismatch?: FactVersion<T> & { origin: 'rule' | 'llm' };
}

/**
 * 投标保证金 (响应/磋商/谈判保证金): the wording, and what it asks — `kind` 'none' (「本项目不收取磋商保证金」: a fact, not
 * a missing one), 'amount' (`amount` in yuan) or 'percent' (`percent`, up to `percentMax` for a range like 「投标报价的
 * 1.5–2%」, of `percentOf`). `kind` is absent on cards from before issue 23.
 */
export interface BidBondFact extends CardFact<string> {
  amount?: number;
  kind?: 'none' | 'amount' | 'percent';
  percent?: number;
  percentMax?: number;
  /** what the percentage is of, as printed (「投标报价」「项目预算金额」) */
  percentOf?: string;
}

/**
 * A cap on a price that is not the whole project's 最高限价 (issue 23): a unit price (「采购单价控制价：12.55元/条」,
 * `unit` '条'; a goods list's 单价限价 column, `item` the row's goods) or a rate (「综合费率不应超过16%」, `unit` '%';
 * 「折扣率≤1」, `unit` ''). `value` is yuan for 'unit', the printed number for 'rate'. The card's `ceilingPrice` stays the
 * whole project's figure (null when the tender caps only units or rates).
 */
export interface PriceCap extends CardEntry {
  kind: 'unit' | 'rate';
  value: number;
  unit: string;
  /** what is capped, as the tender names it (「集动车大编组（1列）」「项目经理」「12家重点出版社纸本期刊综合费率」) */
  item?: string;
  /** the tender's words */
  text: string;
}

/** A clause or list item (资格要求, ★, ▲, 废标, 格式要求). */
export interface CardClause extends CardEntry {
  id: string;
  text: string;
}

export type ScoringCategory = 'technical' | 'commercial' | 'price';

/** One row of the 评分标准 table. `points` is null when the table gives none. */
export interface ScoringItem extends CardEntry {
  id: string;
  item: string;
  points: number | null;
  criteria: string;
  category: ScoringCategory;
}

/**
 * Where a composition was read (issue 23): the tender's own list of the bid's parts, the format chapter's contents, or —
 * a guess the user should check — only the forms the format chapter gives.
 */
export type CompositionBasis = 'list' | 'contents' | 'forms';

/** What the card tells the user about a composition not read from the tender's own list (null: nothing to say). */
export const COMPOSITION_BASIS_NOTES: Record<CompositionBasis, string | null> = {
  list: null,
  contents: '招标文件未单独列出投标文件的组成，以下按“投标文件格式”一章的目录整理，请对照招标文件核对。',
  forms: '招标文件未列出投标文件的组成，以下按“投标文件格式”一章给出的格式推断，可能不全，请对照招标文件核对。',
};

/** A required part of the bid file (投标文件组成), in the tender's order. */
export interface CompositionPart extends CardEntry {
  id: string;
  title: string;
  /** What the tender says the part contains, when it says more than the name. */
  note?: string;
  /** The form the format chapter gives for this part (its heading and page), when there is one. */
  form?: { title: string; page: number };
  /** Where the composition was read (absent on cards from before issue 23: the tender's list or the format chapter). */
  basis?: CompositionBasis;
}

/**
 * A block of a tender form as printed (issue 24): a line of text (paragraph, list item with its numbering, sub-heading),
 * or a table as its grid — `null` marks a slot covered by a merged cell to its left or above.
 */
export type TenderFormBlock = { t: 'p'; text: string } | { t: 'table'; rows: Array<Array<string | null>> };

/** A form of the tender's format chapter (投标函, 报价表, 承诺函…): its heading, page and body up to the next form. */
export interface TenderForm {
  title: string;
  page: number;
  blocks: TenderFormBlock[];
}

/** A lot (标段 / 包); ids are '1', '2'… (or a letter for 包A). */
export interface TenderLot {
  id: string;
  name: string;
}

/**
 * Kinds of the further facts (delivery, warranty, payment…): the LLM path extracts the first seven; the rules read the
 * commercial terms the tender labels (交货期、交货地点、付款方式、质保期、售后、验收、投标有效期、履约保证金).
 */
export type CardTermKey =
  | 'contact'
  | 'method'
  | 'evaluation'
  | 'delivery'
  | 'warranty'
  | 'payment'
  | 'performance'
  | 'place'
  | 'aftersales'
  | 'acceptance'
  | 'validity';

export const CARD_TERM_LABELS: Record<CardTermKey, string> = {
  contact: '联系方式',
  method: '采购方式',
  evaluation: '评标办法',
  delivery: '交付期 / 服务期',
  warranty: '质保与售后',
  payment: '付款方式',
  performance: '履约要求',
  place: '交付地点',
  aftersales: '售后服务',
  acceptance: '验收',
  validity: '投标有效期',
};

/** A further fact the LLM path found (交付期、质保期、付款方式…), with its source like every entry. */
export interface CardTerm extends CardEntry {
  id: string;
  key: CardTermKey;
  text: string;
}

/**
 * One requirement of the tender's 采购需求 / 技术要求 / 服务要求 / 商务要求 chapters (issue 13 item 2): a numbered item, a
 * requirement sentence or a row of a requirement table, with its page and the figures it states (工期、人数、响应时间、
 * 标准号…, as the tender words them). The writer restates and answers each one; found through the document model.
 */
export interface RequirementItem extends CardEntry {
  id: string;
  text: string;
  /** The heading the item sits under (「五、具体要求」), '' when directly under the chapter. */
  section: string;
  /** Figures the item states, as printed: 「30分钟」「99.99%」「GY/T 381」「不少于10人」. */
  figures: string[];
}

/**
 * Format rules a bid must follow, read from the tender's sentences (暗标 clauses and format requirements): the font, size,
 * line spacing, page limit, paper and margins it prescribes. Absent keys: the tender says nothing of them.
 */
export interface AnonymityFormat {
  /** 宋体, 仿宋_GB2312, … */
  font?: string;
  /** 小四, 四号, 12磅 … as printed, and its size in points */
  sizeName?: string;
  sizePt?: number;
  /** 1.5 (倍行距) or a fixed spacing in points (固定值 28 磅) */
  lineSpacing?: { multiple?: number; exactPt?: number; text: string };
  /** most pages the (technical) bid may have */
  maxPages?: number;
  /** A4, A3 */
  paper?: string;
  /** page margins in centimetres, one value for all sides when the tender gives one */
  marginCm?: number;
  /** text must be black (不得使用彩色字体) */
  blackText?: boolean;
  /** headers and footers are forbidden (页码 aside) */
  noHeaderFooter?: boolean;
}

/**
 * The 暗标 (anonymous technical bid) rules of a tender (issue 15): whether the tender requires one, the sentences that say
 * so (cited like every clause) and the format it prescribes. `advisory`: the format is only recommended (「建议使用宋体小四」).
 */
export interface AnonymityRules {
  required: boolean;
  /** what must be anonymous, as the tender words it (「技术标」「技术部分」); '' when not said */
  scope: string;
  clauses: CardClause[];
  format: AnonymityFormat;
  advisory?: boolean;
}

export interface TenderCardFile {
  name: string;
  role: TenderFileRole;
  order: number;
}

export interface TenderCard {
  projectName: CardFact | null;
  projectNumber: CardFact | null;
  purchaser: CardFact | null;
  agency: CardFact | null;
  /** yuan */
  budget: CardFact<number> | null;
  /** yuan: a numeric 最高限价 of the whole project (unit and rate caps are in `priceCaps`) */
  ceilingPrice: CardFact<number> | null;
  /** unit-price and rate caps (absent on cards from before issue 23) */
  priceCaps?: PriceCap[];
  /** `YYYY-MM-DD HH:mm` (`YYYY-MM-DD` when the tender gives no time) */
  deadline: CardFact | null;
  openingTime: CardFact | null;
  openingPlace: CardFact | null;
  bidBond: BidBondFact | null;
  qualifications: CardClause[];
  scoring: ScoringItem[];
  /**
   * The scoring rows checked against the total the tender prints (合计 row, 满分100分, section headers): `problem` says in
   * Chinese why they do not add up (null when they do, or when no total is printed). Absent on cards from before.
   */
  scoringCheck?: { total: number | null; sum: number; problem: string | null };
  starClauses: CardClause[];
  importantClauses: CardClause[];
  invalidClauses: CardClause[];
  composition: CompositionPart[];
  /**
   * The forms of the tender's format chapter with their bodies (issue 24): the writer reproduces each as the section of
   * the composition part that links it. Absent on cards from before, and when the tender has no format chapter.
   */
  forms?: TenderForm[];
  formatRules: CardClause[];
  /** Lots found in the tender (empty when it has one). */
  lots: TenderLot[];
  /** The lot this card answers (facts of other lots left out), or null when none was picked. */
  lot: string | null;
  /** 'offline': rule-based writer (离线模式); 'llm': a model; 'merged': a model cross-checked by the rules. */
  writer: 'offline' | 'llm' | 'merged';
  files: TenderCardFile[];
  /** Further facts: the commercial terms the tender labels (rules), or what the LLM path found (delivery, warranty, payment…). */
  terms?: CardTerm[];
  /** The requirement items of the tender's requirement chapters (absent on cards from before issue 13). */
  requirements?: RequirementItem[];
  /** 暗标 rules and the prescribed format (issue 15); absent on cards from before, null when the tender states none. */
  anonymity?: AnonymityRules | null;
  /** Parts of the card whose reader failed on this file (left empty), each with the reason; absent when all were read. */
  failedParts?: string[];
  /** What the user should know about how a file was read (a DOC read as text only), in Chinese; absent when nothing. */
  notices?: string[];

  /** LLM path only: the model, the extraction tasks run, and the titles of those that failed (their part is the rules' alone). */
  llm?: { model: string; tasks: number; failed: string[] };
}

/** The scalar keys of the card. */
export const CARD_FACT_KEYS = [
  'projectName',
  'projectNumber',
  'purchaser',
  'agency',
  'budget',
  'ceilingPrice',
  'deadline',
  'openingTime',
  'openingPlace',
  'bidBond',
] as const;
export type CardFactKey = (typeof CARD_FACT_KEYS)[number];

/** The list keys of the card. */
export const CARD_LIST_KEYS = [
  'qualifications',
  'scoring',
  'starClauses',
  'importantClauses',
  'invalidClauses',
  'composition',
  'formatRules',
] as const;
export type CardListKey = (typeof CARD_LIST_KEYS)[number];

/** Chinese labels of the card's keys (UI and reports use the same words). */
export const CARD_LABELS: Record<CardFactKey | CardListKey, string> = {
  projectName: '项目名称',
  projectNumber: '项目编号',
  purchaser: '采购人',
  agency: '代理机构',
  budget: '预算金额',
  ceilingPrice: '最高限价',
  deadline: '投标截止时间',
  openingTime: '开标时间',
  openingPlace: '开标地点',
  bidBond: '投标保证金',
  qualifications: '资格要求',
  scoring: '评分标准',
  starClauses: '★ 实质性条款',
  importantClauses: '▲ 重要条款',
  invalidClauses: '废标条款',
  composition: '投标文件组成',
  formatRules: '格式要求',
};

// ---------------------------------------------------------------------------------------------------------------------
// Outline

/** The kind of a level-1 chapter (and, by inheritance, of its sections). */
export type OutlineKind = '商务' | '资信' | '技术' | '价格' | '其他';
export const OUTLINE_KINDS: readonly OutlineKind[] = ['商务', '资信', '技术', '价格', '其他'];

/** 'ai': written by the writer; 'form': filled from the tender's own form (投标函, 授权委托书, 开标一览表…);
 *  'table': a point-to-point response table (技术/商务偏离表: requirement, our response, deviation). */
export type OutlineMode = 'ai' | 'form' | 'table';
export const OUTLINE_MODES: readonly OutlineMode[] = ['ai', 'form', 'table'];

/** A bid directory node (spec §3 fields) with our kind, mode and the scoring items it answers. */
export interface BidOutlineNode extends DirectoryNode {
  kind: OutlineKind;
  mode: OutlineMode;
  scoringIds: string[];
  /** ★/▲ clause ids a response table answers. */
  clauseIds?: string[];
  /** Target length of a leaf written by the writer, in characters. */
  targetChars?: number;
  children: BidOutlineNode[];
}

/**
 * A level-1 part of the outline that is the bid's cover or its table of contents (「投标文件封面」「编制目录」, parts the
 * tender's composition names): the Word export prints them as the cover and the TOC, so they are not written as text.
 */
export function isPrintedPart(title: string | null | undefined): boolean {
  const t = (title ?? '').replace(/\s+/g, '');
  // short: 「投标文件封面」「封面（格式）」, not a chapter that mentions a cover among other things
  return (/封面|封皮/.test(t) && t.length <= 12) || /^(?:编制|投标文件)?目录(?:页)?$/.test(t);
}
export const PRINTED_PART_NOTE = '封面和目录在导出 Word 时按招标文件的格式自动生成，这一部分无需撰写。';

/** Scoring item ↔ the nodes that answer it (CONVENTIONS.md Bids). An empty `nodeIds` is a gap. */
export interface CoverageEntry {
  scoringId: string;
  item: string;
  nodeIds: string[];
}

/** Refusals of an outline (saved by hand or generated), shown as they are. */
export const OUTLINE_ERRORS = {
  notArray: '目录必须是节点数组',
  notObject: '目录节点格式不正确',
  missingId: '目录节点缺少 ID',
  duplicateId: (id: string) => `目录节点 ID 重复：${id}`,
  badTitle: (id: string) => `目录节点标题必须是文本：${id}`,
  titleTooLong: (id: string) => `目录节点标题过长（最多 200 字）：${id}`,
  tooDeep: (title: string) => `目录最多 4 级，「${title}」超出层级限制`,
  badLevel: (title: string) => `目录节点层级必须在 1–4 之间：「${title}」`,
  cycle: (id: string) => `目录存在循环引用：${id}`,
  badKind: (id: string) => `目录节点类型不正确：${id}`,
  badMode: (id: string) => `目录节点编写方式不正确：${id}`,
} as const;
