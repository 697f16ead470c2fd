import type { BidOutlineNode, CoverageEntry, ScoringItem, TenderCard, TenderFileRole, TenderLot } from '../bid.js';

/**
 * Payloads and answers of the bid calls (`/btz/bid/*`, docs/api.md "Bids"), shared by the server and the web client.
 */

export type BidStatus = 'draft' | 'parsed' | 'outlined' | 'writing' | 'written' | 'finished';
export const BID_STATUSES: readonly BidStatus[] = ['draft', 'parsed', 'outlined', 'writing', 'written', 'finished'];
export type BidParseState = 'queued' | 'running' | 'done' | 'failed';
export type BidFileState = 'uploaded' | 'parsing' | 'parsed' | 'failed';
export type BidFileType = 'pdf' | 'docx' | 'doc' | 'txt';

/** Stage names of tender parsing, persisted and pushed with `bid.parse` (the loading tips are the UI's own). */
export const BID_PARSE_STAGES = {
  queued: '排队中',
  reading: '读取文件',
  ocr: '识别扫描页',
  card: '解析招标要点',
  outline: '生成目录',
  lot: '请选择标段',
  done: '解析完成',
  failed: '解析失败',
} as const;

export interface BidParseInfo {
  state: BidParseState;
  /** 0–100 */
  progress: number;
  stage: string;
  /** Chinese, shown as it is; null unless failed */
  error: string | null;
}

export interface BidFileInfo {
  id: string;
  name: string;
  role: TenderFileRole;
  type: BidFileType;
  /** bytes */
  size: number;
  pageCount: number;
  state: BidFileState;
  error: string | null;
  createTime: string;
}

export interface BidUsage {
  prompt: number;
  completion: number;
  cached: number;
}

/** `/btz/bid/detail` */
export interface BidDetail {
  id: string;
  name: string;
  bidType: 1 | 2;
  status: BidStatus;
  /** the lot the bid answers (null: none picked) */
  lot: string | null;
  /** lots found in the tender; several and `lot` null → the user must call select-lot */
  lots: TenderLot[];
  /** who parses and writes: the rule-based offline writer (离线模式) or a model */
  writer: 'offline' | 'llm';
  parse: BidParseInfo;
  files: BidFileInfo[];
  card: TenderCard | null;
  outline: BidOutlineNode[] | null;
  coverage: CoverageEntry[] | null;
  usage: BidUsage;
  createTime: string;
  updateTime: string;
}

/** `/btz/bid/list` record */
export interface BidListItem {
  id: string;
  name: string;
  bidType: 1 | 2;
  status: BidStatus;
  projectName: string;
  projectNumber: string;
  /** the card's normalised deadline `YYYY-MM-DD HH:mm`, '' when unknown */
  deadline: string;
  parseState: BidParseState;
  createTime: string;
  updateTime: string;
}

/** `/btz/bid/page` */
export interface BidPageText {
  fileId: string;
  fileName: string;
  page: number;
  pageCount: number;
  text: string;
  /** the page's text came from OCR (a scanned page) */
  ocr: boolean;
  /**
   * The page as the document model read it (issue 12 item 1: the page viewer shows tables as tables): headings,
   * paragraphs, list items and the rows of tables printed on this page, in reading order; the running headers, page
   * numbers and TOC lines left out. Absent when the file has no stored model (read before it existed, or a scan).
   */
  blocks?: PageViewBlock[];
}

/** One block of a page in the page viewer. */
export type PageViewBlock =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list-item'; level: number; text: string }
  | {
      type: 'table';
      /** grid columns */
      columns: number;
      /** the rows printed on this page; a cell spans the grid slots `colSpan` × `rowSpan` (clipped to this page) */
      rows: { header?: boolean; cells: { text: string; col: number; colSpan: number; rowSpan: number }[] }[];
      /** the table began on an earlier page */
      continued: boolean;
      /** the table goes on after this page */
      continues: boolean;
    };

/** `/btz/bid/outline/generate`, `/outline/save`, `/outline/regenerate` */
export interface BidOutlineResult {
  outline: BidOutlineNode[];
  coverage: CoverageEntry[];
}

/** `/btz/bid/outline/import`, `/outline/import-file`: the imported outline and the scoring rows no section of it answers. */
export interface OutlineImportResult extends BidOutlineResult {
  unmapped: Pick<ScoringItem, 'id' | 'item' | 'points' | 'category'>[];
}

/** `bid.parse` realtime message data */
export interface BidParseMessage {
  bidId: string;
  state: BidParseState;
  progress: number;
  stage: string;
  error?: string;
}

/** Messages of the bid calls (server and UI use the same words). */
export const BID_TEXTS = {
  notFound: '标书不存在',
  fileNotFound: '文件不存在',
  noFile: '请选择要上传的招标文件',
  badBidType: '请选择标书版本（1 普通版，2 旗舰版）',
  /** `limit` as people say it: 「100 MB」 */
  tooLarge: (limit: string) => `文件超过 ${limit}，请压缩或拆分后重新上传`,
  oneFile: '一次只能上传一个文件',
  notMultipart: '请以 multipart/form-data 方式上传文件',
  badRole: '文件类型只能是 main（招标文件）、amendment（补遗/澄清/答疑）或 boq（工程量清单）',
  tooManyFiles: (n: number) => `一个标书最多上传 ${n} 个招标文件`,
  notParsed: '招标文件尚未解析完成，请稍后再试',
  parseRunning: '招标文件正在解析中，请稍候',
  chooseLot: '该招标文件包含多个标段，请先选择标段',
  noLots: '该招标文件未划分标段',
  badLot: '所选标段不存在',
  writing: '标书正在编写中，无法修改目录',
  busyWriting: '标书正在编写全文，请等待完成或先取消编写',
  badName: '标书名称不能为空，且不超过 100 个字',
  tooManyNodes: (n: number) => `目录节点过多（最多 ${n} 个）`,
  branchLevel: '只能重新生成一级或二级目录',
  nodeNotFound: '目录节点不存在',
  noOutline: '请先生成目录',
  noImportText: '请粘贴目录文字，或上传含标题的 Word 文件',
  noHeadings: '没有读到目录：每行一个标题，可带编号（如「1 项目理解」「1.1 需求分析」），Word 文件请使用标题样式',
  importFileType: '目录文件只支持 Word（.docx）或文本（.txt）',
  pageOutOfRange: (n: number) => `页码超出范围（共 ${n} 页）`,
  fileNotParsed: '该文件尚未解析完成',
  lastFile: '不能删除标书的最后一个招标文件',
} as const;
