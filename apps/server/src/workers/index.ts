/**
 * The bid engine's heavy work, isolated (issue 10): reading a tender file and exporting a bid each run in a worker
 * process of their own (pool.ts) with WORKER_MEMORY_MB / EXPORT_MEMORY_MB of heap and PARSE_TIMEOUT_S / EXPORT_TIMEOUT_S
 * of time. A worker that hits a limit ends with a DocumentError OUT_OF_MEMORY / TIMEOUT (reading) or a WorkerLimitError
 * (export), in Chinese.
 */
import { DocumentError, type ReadOptions, type ReadProgress, type ReadResult } from '@btz/bid-engine/reading';
import type { DataFileKind, ProposedFields } from '@btz/bid-engine/databank';
import type { FileToolInput, FileToolOutput } from '@btz/bid-engine/filetools';
import type { Config } from '../config.js';
import { runInWorker, Semaphore, WorkerLimitError } from './pool.js';
import type { FormatScan } from '@btz/bid-engine/bidcheck';
import type { DupReport, FileFeatures } from '@btz/bid-engine/dupcheck';
import type { BidCheckTaskInput, DupReadTaskInput, ExportFeedChunk, ExportTaskInput, FoundPicture, PicturesTaskInput, ReadTaskInput } from './tasks.js';

export { WorkerLimitError, WORKER_FILE } from './pool.js';
export type { ExportFeedChunk, FoundPicture } from './tasks.js';

type Limits = Pick<Config, 'workerMemoryMb' | 'exportMemoryMb' | 'parseTimeoutS' | 'exportTimeoutS'>;

export const WORKER_TEXTS = {
  readMemory: (mb: number) => `文件过大或结构过于复杂，解析超出内存上限（${mb} MB），已停止处理。请拆分或精简文件后重新上传`,
  readTime: (s: number) => `文件解析超时（超过 ${s} 秒），已停止处理。请拆分或精简文件后重新上传`,
  exportMemory: (mb: number) => `标书内容过多，导出超出内存上限（${mb} MB），请精简内容或分卷导出`,
  exportTime: (s: number) => `导出超时（超过 ${s} 秒），请精简内容或稍后重试`,
};

/**
 * readDocument in a worker: the same result (the whole ReadResult, the document model included), the same
 * DocumentErrors, plus OUT_OF_MEMORY and TIMEOUT when the file exhausts the worker. The bytes are sent to it once.
 */
export async function readDocumentIsolated(
  limits: Limits,
  buf: Buffer,
  opts: Pick<ReadOptions, 'ocr' | 'maxOcrPages' | 'charsPerPage' | 'signal' | 'onProgress'> = {},
): Promise<ReadResult> {
  const { signal, onProgress, ...options } = opts;
  const input: ReadTaskInput = { data: buf, options };
  try {
    return await runInWorker<ReadResult>('read', input, {
      memoryMb: limits.workerMemoryMb,
      timeoutMs: limits.parseTimeoutS * 1000,
      signal,
      onProgress: onProgress ? (p) => onProgress(p as ReadProgress) : undefined,
      messages: { memory: WORKER_TEXTS.readMemory(limits.workerMemoryMb), time: WORKER_TEXTS.readTime(limits.parseTimeoutS) },
    });
  } catch (e) {
    if (e instanceof WorkerLimitError) throw new DocumentError(e.limit === 'memory' ? 'OUT_OF_MEMORY' : 'TIMEOUT', e.message);
    throw e;
  }
}

/**
 * Every picture of a DOCX/PDF, analysed, in a worker with the reading limits (WORKER_MEMORY_MB, PARSE_TIMEOUT_S): a file
 * that exhausts it ends with a DocumentError OUT_OF_MEMORY / TIMEOUT, in Chinese; the engine's own refusals come back as
 * the same DocumentErrors.
 */
export async function extractPicturesIsolated(
  limits: Limits,
  input: PicturesTaskInput,
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ pictures: FoundPicture[]; skipped: number; pages: number }> {
  try {
    return await runInWorker('pictures', input, {
      memoryMb: limits.workerMemoryMb,
      timeoutMs: limits.parseTimeoutS * 1000,
      signal: opts.signal,
      onProgress: opts.onProgress ? (p) => opts.onProgress!((p as { done: number }).done, (p as { total: number }).total) : undefined,
      messages: { memory: WORKER_TEXTS.readMemory(limits.workerMemoryMb), time: WORKER_TEXTS.readTime(limits.parseTimeoutS) },
    });
  } catch (e) {
    if (e instanceof WorkerLimitError) throw new DocumentError(e.limit === 'memory' ? 'OUT_OF_MEMORY' : 'TIMEOUT', e.message);
    throw e;
  }
}

/**
 * The text of a data-bank document read and its fields proposed (issue 14), in a worker with the reading limits; the
 * engine's refusals and the limits come back as DocumentErrors in Chinese.
 */
export async function proposeDataFieldsIsolated(
  limits: Limits,
  data: Uint8Array,
  opts: { signal?: AbortSignal } = {},
): Promise<{ kind: DataFileKind; chars: number; proposal: ProposedFields }> {
  try {
    return await runInWorker('databank', { data }, {
      memoryMb: limits.workerMemoryMb,
      timeoutMs: limits.parseTimeoutS * 1000,
      signal: opts.signal,
      messages: { memory: WORKER_TEXTS.readMemory(limits.workerMemoryMb), time: WORKER_TEXTS.readTime(limits.parseTimeoutS) },
    });
  } catch (e) {
    if (e instanceof WorkerLimitError) throw new DocumentError(e.limit === 'memory' ? 'OUT_OF_MEMORY' : 'TIMEOUT', e.message);
    throw e;
  }
}

/**
 * A bid file for the 暗标 / 废标 checks (issue 15) read, and its format scanned when asked, in a worker with the reading
 * limits; the engine's refusals and the limits come back as DocumentErrors in Chinese.
 */
export async function readBidCheckIsolated(
  limits: Limits,
  input: BidCheckTaskInput,
  opts: { signal?: AbortSignal; onProgress?: (p: ReadProgress) => void } = {},
): Promise<{ read: ReadResult; format: FormatScan | null }> {
  try {
    return await runInWorker('bidcheck', input, {
      memoryMb: limits.workerMemoryMb,
      timeoutMs: limits.parseTimeoutS * 1000,
      signal: opts.signal,
      onProgress: opts.onProgress ? (p) => opts.onProgress!(p as ReadProgress) : undefined,
      messages: { memory: WORKER_TEXTS.readMemory(limits.workerMemoryMb), time: WORKER_TEXTS.readTime(limits.parseTimeoutS) },
    });
  } catch (e) {
    if (e instanceof WorkerLimitError) throw new DocumentError(e.limit === 'memory' ? 'OUT_OF_MEMORY' : 'TIMEOUT', e.message);
    throw e;
  }
}

/**
 * The duplicate check's features of one file (issue 15), in a worker with the reading limits; refusals and the limits
 * come back as DocumentErrors in Chinese.
 */
export async function dupcheckReadIsolated(limits: Limits, input: DupReadTaskInput, opts: { signal?: AbortSignal } = {}): Promise<FileFeatures> {
  try {
    return await runInWorker('dupcheck-read', input, {
      memoryMb: limits.workerMemoryMb,
      timeoutMs: limits.parseTimeoutS * 1000,
      signal: opts.signal,
      messages: { memory: WORKER_TEXTS.readMemory(limits.workerMemoryMb), time: WORKER_TEXTS.readTime(limits.parseTimeoutS) },
    });
  } catch (e) {
    if (e instanceof WorkerLimitError) throw new DocumentError(e.limit === 'memory' ? 'OUT_OF_MEMORY' : 'TIMEOUT', e.message);
    throw e;
  }
}

/**
 * A bid-file tool run (issue 15) in a worker with the export's memory cap and the reading time limit (LibreOffice and
 * pdftoppm get the same limit as their own and are killed at it); runs that start LibreOffice go one at a time, like the
 * PDF export. The engine's refusals and the limits come back as DocumentErrors in Chinese.
 */
export async function fileToolIsolated(
  limits: Limits,
  input: Omit<FileToolInput, 'timeoutMs'>,
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<FileToolOutput> {
  const office = input.tool === 'docx-pdf' || input.tool === 'doc-docx';
  const run = () =>
    runInWorker<FileToolOutput>('filetools', { ...input, timeoutMs: Math.max(5, limits.exportTimeoutS - 5) * 1000 } satisfies FileToolInput, {
      memoryMb: limits.exportMemoryMb,
      timeoutMs: limits.exportTimeoutS * 1000,
      signal: opts.signal,
      onProgress: opts.onProgress ? (p) => opts.onProgress!((p as { done: number }).done, (p as { total: number }).total) : undefined,
      messages: { memory: WORKER_TEXTS.readMemory(limits.exportMemoryMb), time: WORKER_TEXTS.readTime(limits.exportTimeoutS) },
    });
  try {
    return await (office ? conversions.use(run) : run());
  } catch (e) {
    if (e instanceof WorkerLimitError) throw new DocumentError(e.limit === 'memory' ? 'OUT_OF_MEMORY' : 'TIMEOUT', e.message);
    throw e;
  }
}

/** Every pair of the files compared (issue 15) in a worker with the reading limits, so the server's loop stays free. */
export async function dupcheckCompareIsolated(
  limits: Limits,
  files: FileFeatures[],
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<DupReport> {
  try {
    return await runInWorker('dupcheck-compare', { files }, {
      memoryMb: limits.workerMemoryMb,
      timeoutMs: limits.parseTimeoutS * 1000,
      signal: opts.signal,
      onProgress: opts.onProgress ? (p) => opts.onProgress!((p as { done: number }).done, (p as { total: number }).total) : undefined,
      messages: { memory: WORKER_TEXTS.readMemory(limits.workerMemoryMb), time: WORKER_TEXTS.readTime(limits.parseTimeoutS) },
    });
  } catch (e) {
    if (e instanceof WorkerLimitError) throw new DocumentError(e.limit === 'memory' ? 'OUT_OF_MEMORY' : 'TIMEOUT', e.message);
    throw e;
  }
}

/** Exports at once; each may take up to EXPORT_MEMORY_MB. PDF conversions (LibreOffice) one at a time, as before. */
const exports = new Semaphore(2);
const conversions = new Semaphore(1);

/**
 * exportBidDocx (and, for PDF, the LibreOffice conversion) in a worker. `sections` arrives in pieces of [node id, editor
 * JSON text], so the server never parses nor copies the whole bid in one go. Rejects with WorkerLimitError at a limit.
 */
export function exportIsolated(limits: Limits, input: Omit<ExportTaskInput, 'pdfTimeoutMs'>, sections: AsyncIterable<ExportFeedChunk>): Promise<Buffer> {
  const run = () =>
    exports.use(async () => {
      const out = await runInWorker<Uint8Array>(
        'export',
        { ...input, pdfTimeoutMs: limits.exportTimeoutS * 1000 } satisfies ExportTaskInput,
        {
          memoryMb: limits.exportMemoryMb,
          timeoutMs: limits.exportTimeoutS * 1000,
          feed: sections,
          messages: { memory: WORKER_TEXTS.exportMemory(limits.exportMemoryMb), time: WORKER_TEXTS.exportTime(limits.exportTimeoutS) },
        },
      );
      return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    });
  return input.format === 'pdf' ? conversions.use(run) : run();
}
