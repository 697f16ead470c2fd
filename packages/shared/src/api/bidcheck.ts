/**
 * The bid checks of the tools hub (issue 15, 标书工具): the 暗标 compliance check and the 废标 check of any bid. What the
 * calls answer and the words the screens, reports and tests share.
 */
import type { AnonymityRules } from '../bid.js';
import type { ScoringCoverage } from '../health.js';

export type BidCheckKind = 'anonymity' | 'reject';
export type BidCheckState = 'queued' | 'running' | 'done' | 'failed';
export type BidCheckSeverity = 'high' | 'medium' | 'low';
/** an uploaded file, or a bid written here (暗标 only) */
export type BidCheckSource = 'upload' | 'bid';

export const BID_CHECK_KIND_LABELS: Record<BidCheckKind, string> = { anonymity: '暗标检查', reject: '废标检查' };
export const BID_CHECK_SEVERITY_LABELS: Record<BidCheckSeverity, string> = { high: '严重', medium: '一般', low: '提示' };

/** The kinds of finding, with their Chinese names (the report's 类别 column). */
export const BID_CHECK_RULE_LABELS: Record<string, string> = {
  'bidder-name': '投标人名称',
  person: '人员姓名',
  phone: '联系电话',
  contact: '邮箱 / 网址 / 地址',
  number: '证照编号',
  company: '单位名称',
  'header-footer': '页眉页脚',
  image: '图片 / 标志',
  colour: '彩色文字',
  font: '字体',
  size: '字号',
  spacing: '行距',
  'page-size': '纸张大小',
  margin: '页边距',
  'page-count': '页数',
  metadata: '文档属性',
  reviewer: '批注 / 修订',
  // 废标 check: the content-health kinds
  'unanswered-scoring': '评分项未响应',
  'star-unanswered': '★条款未响应',
  'invalid-risk': '废标风险',
  'card-conflict': '与招标文件矛盾',
  'qualification-missing': '资格要求未响应',
  'fact-conflict': '前后矛盾',
  'absurd-figure': '数值不合常理',
  'foreign-name': '其他项目名称',
  placeholder: '待填写内容',
  'empty-heading': '空章节',
  repeated: '重复内容',
  'too-short': '内容过短',
  typo: '错别字',
  'composition-missing': '缺少组成部分',
  'certificate-expired': '证书过期',
};

export interface BidCheckFinding {
  /** stable within a report: 'f1', 'f2', … */
  id: string;
  /** a key of BID_CHECK_RULE_LABELS */
  rule: string;
  severity: BidCheckSeverity;
  /** 1-based page of the file; null when the finding is about the whole file */
  page: number | null;
  /** further pages where the same thing shows */
  pages?: number[];
  /** the text as it stands in the file */
  excerpt?: string;
  message: string;
  /** how to fix it, in Chinese */
  fix: string;
  /** bids written here: the section it is in, and whether 一键修复 can fix it */
  nodeId?: string | null;
  /** the section's title */
  section?: string;
  fixable?: boolean;
}

export interface BidCheckReport {
  kind: BidCheckKind;
  /** the file checked (or the bid's name) */
  fileName: string;
  /** the tender the check used (the bid whose card it read) */
  tenderName: string | null;
  pageCount: number;
  findings: BidCheckFinding[];
  counts: Record<BidCheckSeverity, number>;
  /** true when nothing severe was found */
  passed: boolean;
  /** 暗标: the rules checked against (the card's, or the defaults when the tender states none) */
  rules?: AnonymityRules | null;
  /** 废标: the content-health score of the file and its scoring coverage */
  score?: number;
  capped?: { max: number; reasons: string[] };
  coverage?: ScoringCoverage;
  /** what the check could not look at (e.g. colours of a scanned page), in Chinese */
  notes: string[];
}

export interface BidCheckSummary {
  id: string;
  kind: BidCheckKind;
  source: BidCheckSource;
  state: BidCheckState;
  /** 0–100 */
  progress: number;
  error: string | null;
  fileName: string;
  bidId: string | null;
  bidName: string | null;
  counts: Record<BidCheckSeverity, number> | null;
  passed: boolean | null;
  createTime: string;
}

export interface BidCheckDetail extends BidCheckSummary {
  report: BidCheckReport | null;
}

/** realtime `bid.check` on the check's user's `/user/{id}/bid` as the check advances, then `done` or `failed`. */
export interface BidCheckMessage {
  checkId: string;
  state: Exclude<BidCheckState, 'queued'>;
  /** 0–100 */
  progress: number;
  error: string | null;
}

/** A tender of the caller's, for the checks' picker. */
export interface BidCheckTender {
  id: string;
  name: string;
  projectName: string | null;
  /** the tender requires an anonymous technical bid (card.anonymity.required) */
  anonymity: boolean;
  /** the bid has written sections (its 暗标 can be checked and fixed here) */
  written: boolean;
  updateTime: string;
}

/** 一键修复 of a bid written here: what was changed. */
export interface AnonymityFixResult {
  sections: number;
  replacements: number;
  colours: number;
  /** the export settings' body font / size were set to the tender's */
  settings: boolean;
  message: string;
}

export const BID_CHECK_TEXTS = {
  notFound: '检查记录不存在或已删除',
  bidNotFound: '所选招标项目不存在或无权访问',
  noCard: '所选项目还没有解析出招标文件信息，请先完成招标文件解析',
  fileType: '仅支持检查 Word（DOCX）、PDF 或 DOC 格式的投标文件',
  notDone: '检查尚未完成，请稍后再试',
  notFailed: '只有失败的检查可以重试',
  noText: '未能从文件中读取到文字，无法检查（扫描件请先转换为文字版）',
  failed: '检查失败，请重试',
  noOutline: '该标书还没有目录和正文，无法检查',
  notWritten: '只有在本平台编写的标书可以一键修复',
  fixed: (n: number) => (n ? `已修复 ${n} 处（各章节已保存为新版本），请重新检查确认` : '没有可自动修复的内容'),
  fileName: (name: string, kind: BidCheckKind) => `${name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}-${BID_CHECK_KIND_LABELS[kind]}报告.xlsx`,
};
