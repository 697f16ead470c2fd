/**
 * Bid-file tools (issue 15): 元数据清除, 文件转换 and IP 记录 — what the calls answer, and the words screens and tests share.
 */
export type FileToolName = 'clean' | 'docx-pdf' | 'pdf-docx' | 'doc-docx' | 'images-pdf' | 'pdf-images';
export type FileToolState = 'queued' | 'running' | 'done' | 'failed';

export interface FileToolFileItem {
  index: number;
  name: string;
  mime: string;
  size: number;
}

/** One run of a tool: its inputs, its state and progress (0–100), its results once done. */
export interface FileToolRun {
  id: string;
  tool: FileToolName;
  toolName: string;
  inputs: FileToolFileItem[];
  outputs: FileToolFileItem[];
  state: FileToolState;
  progress: number;
  error: string | null;
  /** metadata clearing: what was removed, one Chinese line each (「自定义属性 1 项」) */
  removed: string[];
  createTime: string;
}

/** realtime `filetools.progress` on the starting user's `/user/{id}/notice` as a run advances, then `done` or `failed`. */
export interface FileToolProgressMessage {
  id: string;
  state: Exclude<FileToolState, 'queued'>;
  /** 0–100 */
  progress: number;
  error: string | null;
}

export type IpRecordKind = 'login' | 'upload' | 'export';

export interface IpRecordItem {
  id: string;
  kind: IpRecordKind;
  kindName: string;
  ip: string;
  device: string;
  detail: string;
  createTime: string;
}

/** 警示: the same IP exported bids of two different bidders (a signal evaluators use). */
export interface IpWarning {
  ip: string;
  /** bidders exported from this IP (the account's own exports by name; other accounts' as 「其他账号的企业」) */
  bidders: string[];
  lastTime: string;
  message: string;
}

export const FILETOOL_LIMITS = {
  /** one file of 元数据清除 / 文件转换 */
  fileBytes: 50 * 1024 * 1024,
  /** pictures put into one PDF */
  images: 30,
} as const;

export const FILETOOL_NAMES: Record<FileToolName, string> = {
  clean: '元数据清除',
  'docx-pdf': 'Word 转 PDF',
  'pdf-docx': 'PDF 转 Word',
  'doc-docx': 'DOC 转 DOCX',
  'images-pdf': '图片转 PDF',
  'pdf-images': 'PDF 转图片',
};

export const IP_KIND_NAMES: Record<IpRecordKind, string> = { login: '登录', upload: '上传文件', export: '导出标书' };

export const FILETOOL_TEXTS = {
  notFound: '记录不存在或已删除',
  notFailed: '只有失败的任务可以重试',
  fileNotFound: '文件不存在',
  fileLost: '文件已丢失，请重新上传',
  noFile: '请选择要处理的文件',
  tooManyImages: (n: number) => `一次最多转换 ${n} 张图片`,
  expect: {
    clean: '元数据清除仅支持 DOCX 或 PDF 文件',
    'docx-pdf': '请上传 DOCX 文件（Word 2007 及以上格式）',
    'pdf-docx': '请上传 PDF 文件',
    'doc-docx': '请上传 DOC 文件（Word 97-2003 格式）',
    'images-pdf': '请上传图片（PNG、JPEG、GIF、WebP、BMP）',
    'pdf-images': '请上传 PDF 文件',
  } satisfies Record<FileToolName, string>,
  noOffice: '服务器未安装 LibreOffice，暂不支持该转换，请联系管理员安装后再试',
  noPoppler: '服务器未安装 PDF 渲染组件（poppler-utils），暂不支持 PDF 转图片，请联系管理员安装后再试',
  failed: '文件处理失败，请重试',
  ipWarning: (n: number) => `同一 IP 导出了 ${n} 家不同企业的标书，评标时可能被视为围标、串标的迹象`,
  otherBidder: '其他账号的企业',
} as const;
