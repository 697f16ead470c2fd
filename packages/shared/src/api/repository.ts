/** The repository of past bids (知识库, issue 14): files, passages and what a search or a section's suggestion answers. */

export type RepositoryFileState = 'queued' | 'running' | 'done' | 'failed';

export interface RepositoryFile {
  id: string;
  fileName: string;
  fileType: 'docx' | 'pdf';
  size: number;
  state: RepositoryFileState;
  /** Chinese, when the reading failed */
  error: string | null;
  pageCount: number;
  passageCount: number;
  createTime: string;
}

export interface RepositoryPassage {
  id: string;
  fileId: string;
  fileName: string;
  /** heading texts from the chapter down */
  heading: string[];
  page: number;
  text: string;
  /** ts_rank of the passage for the query (0 for a pinned passage the query did not find) */
  rank: number;
}

export interface RepositorySearchResult {
  /** the words searched for (the segmenter's), for highlighting */
  terms: string[];
  records: RepositoryPassage[];
}

export interface RepositorySuggestion extends RepositorySearchResult {
  /** the passage ids pinned to the section (listed first) */
  pinned: string[];
  /** how many passages the section excluded */
  excluded: number;
}

export const REPOSITORY_TEXTS = {
  fileNotFound: '文件不存在',
  passageNotFound: '段落不存在',
  type: '仅支持上传 DOCX 或 PDF 格式的历史标书',
  uploaded: '已上传，正在解析',
  notFailed: '该文件未解析失败，无需重试',
  noText: '未从文件中读取到正文，请确认文件不是扫描件或加密文件',
  readFailed: '解析失败，请重试',
  nodeNotFound: '章节不存在',
};
