import type { HealthReport } from '../health.js';
import type { BidStatus } from './bid.js';
import { DOC_DEFAULT_FONT } from '../constants.js';

/**
 * Payloads and answers of the writing calls (issue 6): full-text writing, sections, AI actions, health, page settings,
 * export, finish, and the enterprise facts the writer may use. Shared by the server and the web client.
 */

/** The editor's JSON document (TipTap / ProseMirror). Validated against the editor schema on the server. */
export interface EditorJson {
  type: 'doc';
  content: EditorJsonNode[];
}
export interface EditorJsonNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorJsonNode[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
}

/** State of one leaf section's writing. */
export type SectionState = 'empty' | 'queued' | 'writing' | 'written' | 'edited' | 'failed' | 'cancelled';

/** `/btz/bid/write/progress` and the `bid.progress` message (plus `bidId`). */
export interface WriteProgress {
  /** sections to write: the leaves of the outline, less a level-1 cover or TOC part (isPrintedPart: the export prints those) */
  total: number;
  /** written or edited */
  done: number;
  /** being written now */
  running: number;
  failed: number;
  cancelled: number;
  /** waiting for a worker */
  queued: number;
  /** the bid's status after this change */
  status: BidStatus;
  /** per leaf: its state (so a page opened mid-writing can paint the outline) */
  sections: { nodeId: string; state: SectionState; chars: number }[];
}

/** `/btz/bid/section/get` */
export interface SectionContent {
  nodeId: string;
  title: string;
  state: SectionState;
  /** null: nothing written yet */
  doc: EditorJson | null;
  /** plain text of `doc` */
  text: string;
  chars: number;
  targetChars: number;
  /** bumps on every save; a save must carry the revision it was based on */
  revision: number;
  /** the last error of a failed writing (Chinese) */
  error: string | null;
  updateTime: string | null;
}

/** `/btz/bid/section/save` body: either the editor JSON or HTML (sanitised and converted on the server). */
export interface SectionSaveBody {
  revision: number;
  doc?: EditorJson;
  html?: string;
}
/** `/btz/bid/section/save` answer */
export interface SectionSaved {
  revision: number;
  chars: number;
  doc: EditorJson;
  updateTime: string;
}

/**
 * One entry of a section's history (issue 27): what the AI writer wrote, what a person saved (saves by the same person
 * that follow one another within {@link SECTION_HISTORY_MERGE_MINUTES} minutes are one entry, its latest text), or a
 * restore of an older entry. Nothing is deleted: a restore adds an entry.
 */
export interface SectionHistoryEntry {
  id: string;
  /** the section's revision this entry holds */
  revision: number;
  source: 'writer' | 'edit' | 'restore';
  /** who saved it (nickname or masked phone); null for the AI writer */
  author: string | null;
  chars: number;
  /** for a restore: the revision it brought back */
  restoredFrom: number | null;
  createTime: string;
  updateTime: string;
}
/** `/btz/bid/section/revision` answer: one entry with its text, and the diff from it to the section as it is now */
export interface SectionRevisionContent {
  entry: SectionHistoryEntry;
  text: string;
  /** from this entry's text to the current text */
  diff: Array<{ kind: 'same' | 'add' | 'del'; text: string }>;
  current: { revision: number; chars: number };
}
/** saves by one person within this many minutes of their previous save of the section make one history entry */
export const SECTION_HISTORY_MERGE_MINUTES = 10;
export const SECTION_SOURCE_LABELS: Record<SectionHistoryEntry['source'], string> = { writer: 'AI 编写', edit: '编辑', restore: '恢复' };

export type AiAction = 'continue' | 'expand' | 'shorten' | 'polish' | 'formal';
export const AI_ACTION_LABELS: Record<AiAction, string> = {
  continue: '续写',
  expand: '扩写',
  shorten: '缩写',
  polish: '润色',
  formal: '正式化改写',
};
/**
 * `/btz/bid/section/ai?id=&nodeId=` body. The answer is streamed as `text/plain; charset=utf-8` (chunked): the new text
 * for the selection (for `continue`: the text to insert after it). Errors before the first byte use the JSON envelope.
 */
export interface AiActionBody {
  action: AiAction;
  /** the selected text (for continue: the text before the cursor, the last ≤ 2000 characters) */
  text: string;
}

/** `/btz/bid/health`: the score, findings linking to sections (nodeId null: the whole bid) and the fact sheet. */
export interface BidHealth extends HealthReport {
  /** when it was computed */
  time: string;
}

export type HeadingStyle = 'chapter' | 'numeric';
export type PageNumberFormat = 'plain' | 'dash' | 'page' | 'pageOfTotal';
export const PAGE_NUMBER_FORMAT_LABELS: Record<PageNumberFormat, string> = {
  plain: '1',
  dash: '-1-',
  page: '第1页',
  pageOfTotal: '第1页 共N页',
};
export const HEADING_STYLE_LABELS: Record<HeadingStyle, string> = { chapter: '第一章 / 第一节 / 一、', numeric: '1 / 1.1 / 1.1.1' };

/** `/btz/bid/page-settings` body and answer (GET-like read: `/btz/bid/page-settings/get`). */
export interface PageSettings {
  /** East Asian body font (default DOC_DEFAULT_FONT, 楷体) */
  font: string;
  /** pt */
  fontSize: number;
  headingStyle: HeadingStyle;
  pageNumber: { start: number; format: PageNumberFormat; position: 'center' | 'right' | 'left' };
  /** restart numbering per volume: level-1 nodes grouped into 商务标 / 技术标… (empty: one volume) */
  volumes: { title: string; nodeIds: string[] }[];
  /** opt-in: let the writer invent plausible facts the user did not give (flagged in the bid) */
  inventFacts: boolean;
}

/** Settings of a bid nobody has changed: body 楷体 (spec docData) 小四, 第一章/第一节 numbering, page numbers from 1, centred. */
export const DEFAULT_PAGE_SETTINGS: PageSettings = {
  font: DOC_DEFAULT_FONT,
  fontSize: 12,
  headingStyle: 'chapter',
  pageNumber: { start: 1, format: 'plain', position: 'center' },
  volumes: [],
  inventFacts: false,
};

/** Enterprise facts the writer may use (`/workbench/data/EnterpriseInfo`). Never invented by the writer. */
export interface EnterpriseInfo {
  name: string;
  creditCode: string;
  legalRep: string;
  address: string;
  contacts: { name: string; phone: string; role?: string }[];
  qualifications: { name: string; number: string; expiry: string }[];
  staff: { name: string; role: string; title: string; certificate?: string }[];
  projects: { name: string; client: string; year: string; amount: string }[];
  updateTime: string | null;
}

/** The fields CompleteEntDialog asks for before writing starts. */
export const ENTERPRISE_ESSENTIALS = ['name', 'creditCode', 'legalRep'] as const;

/** Messages of the writing calls. */
export const WRITE_TEXTS = {
  noOutline: '请先生成目录，再开始编写全文',
  parseRunning: '招标文件正在解析中，请稍候',
  noLeaves: '目录中没有可编写的章节',
  notWriting: '当前没有正在进行的编写任务',
  staleRevision: '该章节已在其他窗口或由 AI 更新，请刷新后再保存（你的修改未丢失，可复制后重新粘贴）',
  sectionBusy: '该章节正在由 AI 编写，请稍候再编辑',
  notLeaf: '只能编辑最末级章节的正文',
  badDoc: '正文格式不正确',
  tooLong: (n: number) => `单个章节正文不能超过 ${n} 字`,
  noPdf: '服务器未安装 LibreOffice，暂不支持导出 PDF，请导出 Word 文件',
  badFormat: '导出格式只能是 docx 或 pdf',
  notWritten: '全文尚未编写完成，请先编写全文',
  finished: '完成编写后内容将只读，仍可导出',
  exportNotFound: '导出记录不存在',
  exportNotReady: '文件尚未导出完成，请稍候',
  exportFailed: '导出失败，请稍后重试',
  pdfFailed: 'PDF 导出失败，请导出 Word 文件或稍后重试',
  /** the export's file is gone (a newer export of the same bid and format replaced it) */
  exportGone: '该导出文件已被更新的导出替换，请下载最新的导出文件',
  revisionNotFound: '该历史版本不存在',
  revisionIsCurrent: '该版本就是当前内容，无需恢复',
} as const;

export type ExportFormat = 'docx' | 'pdf';
export type BidExportState = 'queued' | 'running' | 'done' | 'failed';

/**
 * One export of a bid (issue 26: a job — the call that starts it answers at once; progress comes over realtime as
 * `bid.export` and by polling `/btz/bid/export/get`; the file is downloaded from `/btz/bid/export/file` once done).
 */
export interface BidExport {
  id: string;
  bidId: string;
  format: ExportFormat;
  state: BidExportState;
  /** 0–100 */
  progress: number;
  /** the Chinese reason when failed, else null */
  error: string | null;
  /** the file's name as it will be saved (the bid's name and the format's extension) */
  name: string;
  /** bytes of the file once done, else null */
  size: number | null;
  createTime: string;
  finishTime: string | null;
}

/** realtime `bid.export` on the starting user's `/user/{id}/bid` queue as an export advances, then `done` or `failed`. */
export interface BidExportMessage {
  id: string;
  bidId: string;
  state: Exclude<BidExportState, 'queued'>;
  progress: number;
  error: string | null;
}
