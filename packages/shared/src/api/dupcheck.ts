/**
 * 查重 (issue 15): the duplicate check between bidders — its report (computed by the engine's dupcheck/compare.ts), the
 * check as the API answers it, its limits and its Chinese texts.
 */
export type DupRisk = 'high' | 'medium' | 'low' | 'none';
export type DupDimension = 'text' | 'outline' | 'metadata' | 'images' | 'identity' | 'telltale' | 'prices';
export const DUP_DIMENSIONS: DupDimension[] = ['text', 'outline', 'metadata', 'images', 'identity', 'telltale', 'prices'];
export const DUP_RISK_LABEL: Record<DupRisk, string> = { high: '高风险', medium: '中风险', low: '低风险', none: '无风险' };
export const DUP_DIMENSION_LABEL: Record<DupDimension, string> = { text: '文本', outline: '目录结构', metadata: '文件属性', images: '图片', identity: '身份信息', telltale: '特征错误', prices: '报价' };

export interface DupPassageSide {
  text: string;
  page: number;
  section: string;
  /** [start, end) ranges of `text` shared with the other side, for highlighting */
  marks: Array<[number, number]>;
}

export interface DupPassage {
  kind: 'verbatim' | 'near';
  /** normalised characters of side A in the passage */
  chars: number;
  /** 0–1 */
  similarity: number;
  a: DupPassageSide;
  b: DupPassageSide;
  /** first and last sentence index on each side */
  aRange: [number, number];
  bRange: [number, number];
}

/**
 * Why a shared sentence weighs little: the writer's stock phrasing (this product's own wording), a statutory or
 * standard clause every bid repeats, a formula the bid repeats with other words filled in, or text most of the bids
 * share. Such sentences are listed and labelled, never dropped; only `own` ones (and rings) raise the text risk.
 */
export type DupSentenceBasis = 'own' | 'stock' | 'statutory' | 'formula' | 'common';
export const DUP_BASIS_LABEL: Record<DupSentenceBasis, string> = { own: '雷同', stock: '本产品常用表述（降权）', statutory: '法定条款或通用声明（降权）', formula: '格式化套话（降权）', common: '多数投标文件共有（降权）' };

export interface DupSentenceSide {
  /** sentence index in the file */
  index: number;
  text: string;
  page: number;
  section: string;
}

/** One shared sentence of a pair, side by side: every sentence the pair's 雷同句 counts is one of these. */
export interface DupSentenceMatch {
  kind: 'verbatim' | 'near';
  /** 0–1 */
  similarity: number;
  basis: DupSentenceBasis;
  a: DupSentenceSide;
  b: DupSentenceSide;
}

/**
 * A ring: three bids or more that share the same sentences (one hand writing companion bids). `groups` are the shared
 * sentences, each with its text in every bid of the ring.
 */
export interface DupRing {
  /** indexes into the report's files, ascending */
  files: number[];
  risk: DupRisk;
  /** shared sentences (groups) and their own characters (those of the first bid) */
  sentences: number;
  chars: number;
  /** own: counts; common: most bids hold it; formula: lone sentences, no shared passage around them (phrasing) */
  basis: 'own' | 'common' | 'formula';
  groups: Array<{ basis: DupSentenceBasis; texts: Array<{ file: number; index: number; text: string; page: number; section: string }> }>;
}

export interface DupSectionSimilarity {
  a: string;
  b: string;
  /** 0–1 */
  similarity: number;
}

export interface DupFinding {
  dimension: DupDimension;
  level: Exclude<DupRisk, 'none'>;
  title: string;
  a: string;
  b: string;
}

export interface DupPairResult {
  /** indexes into the report's files */
  a: number;
  b: number;
  /** 0–100 */
  score: number;
  risk: DupRisk;
  /** each dimension 0–100 */
  scores: Record<DupDimension, number>;
  risks: Record<DupDimension, DupRisk>;
  passages: DupPassage[];
  sections: DupSectionSimilarity[];
  outline: Array<{ a: string; b: string }>;
  findings: DupFinding[];
  /**
   * shared sentences, as counted: verbatim + near = sentences listed in `sentences` (down-weighted ones included and
   * counted in `low`); `listed` below the total only when the list was capped
   */
  matched: { verbatim: number; near: number; low: number; listed: number };
  sentences: DupSentenceMatch[];
}

export interface DupReport {
  /** 2: rings, shared sentences listed, identities (a version 1 report is upgraded when read) */
  version: 1 | 2;
  files: Array<{ name: string; role: 'bid' | 'tender'; type: string; pages: number; sentences: number; tenderSentences: number }>;
  pairs: DupPairResult[];
  risk: DupRisk;
  /** 0–100: the highest pair */
  score: number;
  dimensions: Record<DupDimension, DupRisk>;
  rings: DupRing[];
}

/** A report as stored by an older version (1: no rings, no sentence list, no identity dimension) read as today's. */
export function upgradeDupReport(r: DupReport): DupReport {
  if (r.version === 2) return r;
  const none = <T>(x: Record<string, T> | undefined, v: T) => ({ identity: v, ...x }) as Record<DupDimension, T>;
  return {
    ...r,
    version: 2,
    dimensions: none(r.dimensions, 'none' as DupRisk),
    rings: r.rings ?? [],
    pairs: r.pairs.map((p) => ({
      ...p,
      risks: none(p.risks, 'none' as DupRisk),
      scores: none(p.scores, 0),
      sentences: p.sentences ?? [],
      matched: { verbatim: p.matched.verbatim, near: p.matched.near, low: p.matched.low ?? 0, listed: p.matched.listed ?? 0 },
    })),
  };
}

export type DupCheckState = 'draft' | 'queued' | 'running' | 'done' | 'failed';

export interface DupCheckFile {
  index: number;
  name: string;
  role: 'bid' | 'tender';
  type: string;
  size: number;
}

export interface DupCheckSummary {
  id: string;
  name: string;
  state: DupCheckState;
  /** 0–100 */
  progress: number;
  error: string | null;
  bids: number;
  hasTender: boolean;
  risk: DupRisk | null;
  score: number | null;
  createTime: string;
}

export interface DupCheckDetail extends DupCheckSummary {
  files: DupCheckFile[];
  report: DupReport | null;
}

/**
 * realtime `dupcheck.progress` on the owner's `/user/{id}/notice`: at every step of a running check, then once `done`
 * (progress 100; fetch the detail for the report) or `failed` (with its Chinese `error`).
 */
export interface DupCheckProgressMessage {
  checkId: string;
  state: Extract<DupCheckState, 'running' | 'done' | 'failed'>;
  /** 0–100 */
  progress: number;
  error: string | null;
}

export const DUPCHECK_LIMITS = { minBids: 2, maxBids: 10, name: 60 } as const;

export const DUPCHECK_TEXTS = {
  notFound: '查重任务不存在或已删除',
  notDraft: '查重已开始，不能再修改文件',
  notFailed: '只有失败的查重可以重试',
  notDone: '查重尚未完成，暂无报告',
  running: '查重正在进行中，请稍后再删除',
  tooManyBids: `投标文件最多 ${DUPCHECK_LIMITS.maxBids} 份`,
  tooFewBids: `请至少上传 ${DUPCHECK_LIMITS.minBids} 份投标文件`,
  oneTender: '招标文件只能上传 1 份',
  fileType: '仅支持 DOCX、PDF、DOC 格式的投标文件或招标文件',
  fileNotFound: '文件不存在',
  created: '已创建查重任务',
  started: '已开始查重',
  fileFailed: (name: string, why: string) => `文件「${name}」无法读取：${why}`,
  generic: '查重失败，请重试',
};
