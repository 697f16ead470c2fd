/**
 * The picture library (issue 14, 图片库): what the calls answer, and the words screens and tests share.
 */
export interface PictureItem {
  id: string;
  name: string;
  tags: string[];
  mime: string;
  size: number;
  width: number;
  height: number;
  source: 'upload' | 'extract';
  /** the DOCX/PDF it was extracted from, and the page */
  sourceFile: string | null;
  sourcePage: number | null;
  createTime: string;
}

/** An upload or a saved extracted picture: stored, or the owner already has the same picture (exact or perceptual). */
export interface PictureSaveResult {
  status: 'created' | 'duplicate';
  picture: PictureItem;
  /** for a duplicate: exact (same bytes) or similar (same picture recompressed or resized) */
  match?: 'exact' | 'similar';
  /** Chinese: 「已上传」 or 「已存在相同图片：…」 */
  message: string;
}

export type PictureExtractionState = 'queued' | 'running' | 'done' | 'failed';

export interface PictureExtractionItem {
  index: number;
  page: number;
  name: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}

export interface PictureExtraction {
  id: string;
  fileName: string;
  fileType: 'docx' | 'pdf';
  state: PictureExtractionState;
  /** 0–100 */
  progress: number;
  /** why it failed (state failed) */
  error: string | null;
  /** what a finished extraction left out on purpose (state done): the document's pixel budget was spent (issue 22) */
  notice: string | null;
  pageCount: number;
  skipped: number;
  items: PictureExtractionItem[];
  createTime: string;
}

/** An extraction in the list of recent ones (its pictures counted, not listed). */
export type PictureExtractionSummary = Omit<PictureExtraction, 'items'> & { count: number };

export const PICTURE_LIMITS = {
  name: 100,
  tag: 20,
  tags: 10,
  /** pictures saved from one extraction in one call */
  saveBatch: 200,
} as const;

export const PICTURE_TEXTS = {
  notFound: '图片不存在',
  extractionNotFound: '提取记录不存在',
  uploaded: '已上传',
  saved: '已保存到图片库',
  duplicateExact: (name: string) => `已存在相同图片：${name}`,
  duplicateSimilar: (name: string) => `已存在相同图片：${name}（内容相似）`,
  extractType: '仅支持从 DOCX 或 PDF 文件中提取图片',
  extractNotDone: '图片提取尚未完成',
  extractNotFailed: '只有提取失败的文件可以重试',
  itemNotFound: (index: number) => `第 ${index} 张图片不存在`,
  tooManyTags: `标签最多 ${PICTURE_LIMITS.tags} 个`,
  overBudget: (left: number, pixels: number) => `文件中图片的像素总量超过提取上限（${Math.round(pixels / 10_000)} 万像素），其余 ${left} 张图片未提取；请拆分文件后分别提取`,
} as const;
