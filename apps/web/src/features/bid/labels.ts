/** Chinese labels and formatting of the bid screens (one place, shared by the workspace and 我的标书). */
import { BID_PARSE_STAGES, SCORING_CATEGORY_LABELS, type CardFlag, type OutlineMode, type ScoringCategory, type TenderFileRole } from '@btz/shared';
import type { BidStatus, BidType, ParseState } from './api';

export const BID_STATUS_LABEL: Record<BidStatus, string> = {
  draft: '草稿',
  parsed: '已解析',
  outlined: '已生成目录',
  writing: '撰写中',
  written: '已完成撰写',
  finished: '已完成',
};

export const BID_STATUS_COLOR: Record<BidStatus, string> = {
  draft: 'default',
  parsed: 'processing',
  outlined: 'blue',
  writing: 'gold',
  written: 'cyan',
  finished: 'green',
};

export const PARSE_STATE_LABEL: Record<ParseState, string> = {
  queued: '排队中',
  running: '解析中',
  done: '解析完成',
  failed: '解析失败',
};

export const BID_TYPE_LABEL: Record<BidType, '普通版' | '旗舰版'> = { 1: '普通版', 2: '旗舰版' };

export const MODE_LABEL: Record<OutlineMode, string> = { ai: 'AI撰写', form: '套用招标格式', table: '点对点应答表' };

export const MODE_HINT: Record<OutlineMode, string> = {
  ai: '由写作引擎按评分要求撰写正文',
  form: '按招标文件“投标文件格式”章节中的格式填写（投标函、授权委托书、开标一览表等）',
  table: '逐条列出招标要求、我方响应与偏离情况',
};

/** the card panel, the coverage list and the analysis report name the categories with one set of words */
export const CATEGORY_LABEL = SCORING_CATEGORY_LABELS;
export const CATEGORY_COLOR: Record<ScoringCategory, string> = { technical: 'blue', commercial: 'purple', price: 'orange' };

export const ROLE_LABEL: Record<TenderFileRole, string> = { main: '招标文件', amendment: '补遗/答疑', boq: '工程量清单' };

export const FLAG_LABEL: Record<CardFlag, string> = {
  unverified: '待核实',
  conflict: '存在不同说法',
  overridden: '已被补遗更新',
  'llm-mismatch': 'AI 与规则结果不一致',
  uncertain: '需人工核对',
};

export const FLAG_COLOR: Record<CardFlag, string> = {
  unverified: 'warning',
  conflict: 'orange',
  overridden: 'blue',
  'llm-mismatch': 'magenta',
  uncertain: 'gold',
};

/** Node status dots (spec §3 status: 0 empty, 1 writing, 2 written, 3 edited by hand). */
export const NODE_STATUS: Record<number, { label: string; color: string }> = {
  0: { label: '未撰写', color: '#c9cdd4' },
  1: { label: '撰写中', color: '#1677ff' },
  2: { label: '已撰写', color: '#52c41a' },
  3: { label: '已手动修改', color: '#fa8c16' },
};
export const nodeStatus = (s: number | undefined) => NODE_STATUS[s ?? 0] ?? NODE_STATUS[0]!;

/** Parse stages: the server persists and pushes their Chinese names (BID_PARSE_STAGES); a key is translated too. */
export const stageLabel = (stage: string | null | undefined): string =>
  stage ? ((BID_PARSE_STAGES as Record<string, string>)[stage] ?? stage) : '';

export { formatTime } from '../../lib/time';

/** 「12.3 MB」 */
export function formatSize(bytes: number | null | undefined): string {
  if (!bytes && bytes !== 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Upload rules (issue 5): the types the reader takes and the 100 MB limit, checked before sending. */
export const UPLOAD_ACCEPT = '.pdf,.docx,.doc,.txt';
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
export const UPLOAD_ERRORS = {
  type: '仅支持 PDF、DOCX、DOC、TXT 格式的招标文件',
  size: '文件超过 100 MB，请压缩或拆分后再上传',
  empty: '文件是空的，请检查后重新选择',
} as const;

/** Client-side check of a chosen file; null when it may be sent. */
export function checkUpload(file: { name: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!['pdf', 'docx', 'doc', 'txt'].includes(ext) || !file.name.includes('.')) return UPLOAD_ERRORS.type;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_ERRORS.size;
  if (file.size === 0) return UPLOAD_ERRORS.empty;
  return null;
}

/** Bid workspace URL (CONVENTIONS.md Bids). */
export const workspaceHref = (bidId: string) => `/workbench/document/BidingDocument?id=${encodeURIComponent(bidId)}`;
