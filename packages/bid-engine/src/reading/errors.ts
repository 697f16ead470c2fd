/**
 * Errors of document reading. Every failure a user can cause (wrong type, empty, too large, a zip bomb, a broken file)
 * is a DocumentError with a stable `code` for the API and a Chinese `message` that can be shown as it is.
 */
export type DocumentErrorCode =
  | 'EMPTY'
  | 'TOO_LARGE'
  | 'UNSUPPORTED'
  | 'ZIP_BOMB'
  | 'CORRUPT'
  | 'ENCRYPTED'
  | 'NO_TEXT'
  | 'ABORTED'
  /** the isolated reader ran out of its memory or its time (set by whoever runs readDocument in a worker) */
  | 'OUT_OF_MEMORY'
  | 'TIMEOUT'
  /** the isolated worker died without answering (a native crash, a kill): the same bytes would only crash it again */
  | 'WORKER_CRASHED';

export const DOCUMENT_MESSAGES: Record<DocumentErrorCode, string> = {
  EMPTY: '文件为空',
  TOO_LARGE: '文件超过 100 MB',
  UNSUPPORTED: '不支持的文件类型：仅支持 PDF、DOCX、DOC、TXT',
  ZIP_BOMB: 'DOCX 文件异常：解压后体积过大，疑似压缩炸弹，已拒绝处理',
  CORRUPT: '文件已损坏或格式不正确，无法读取',
  ENCRYPTED: 'PDF 文件已加密，请去除密码后重新上传',
  NO_TEXT: '未能从文件中读取到文字，请确认文件内容后重新上传',
  ABORTED: '文件解析已取消',
  OUT_OF_MEMORY: '文件过大或结构过于复杂，解析超出内存上限，已停止处理。请拆分或精简文件后重新上传',
  TIMEOUT: '文件解析超时，已停止处理。请拆分或精简文件后重新上传',
  WORKER_CRASHED: '文件无法处理（处理进程异常退出），请检查文件后重新上传',
};

/** Failures that reading the same bytes again would only repeat: a file that ended so is not read again on retry. */
export const FINAL_DOCUMENT_CODES: readonly DocumentErrorCode[] = ['ZIP_BOMB', 'OUT_OF_MEMORY', 'TIMEOUT', 'WORKER_CRASHED'];

export class DocumentError extends Error {
  readonly code: DocumentErrorCode;

  constructor(code: DocumentErrorCode, message: string = DOCUMENT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentError';
    this.code = code;
  }
}

export function isDocumentError(e: unknown): e is DocumentError {
  return e instanceof DocumentError;
}

/** Throws ABORTED when the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DocumentError('ABORTED');
}
