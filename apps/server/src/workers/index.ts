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
import { Semaphore } from '@btz/bid-engine/llm';
import { runInWorker, WorkerLimitError } from './pool.js';
import type { WorkerTaskName } from './protocol.js';
import type { DupReport, FileFeatures } from '@btz/bid-engine/dupcheck';
import type { TenderCard } from '@btz/shared';
import type { BidCheckTaskInput, BidCheckTaskResult, CardTaskInput, DupReadTaskInput, ExportFeedChunk, ExportTaskInput, FoundPicture, PictureTaskResult, PicturesTaskInput, ReadTaskInput, RepositoryPassage, RepositoryReadTaskInput } from './tasks.js';
import { PictureError, checkImage, type AnalysedImage } from '@btz/bid-engine/pictures';
import { ResidentPool, WorkerTaskError } from './resident.js';

export { WorkerLimitError, WORKER_FILE } from './pool.js';
export { WorkerTaskError } from './resident.js';
export type { ExportFeedChunk, FoundPicture } from './tasks.js';

type Limits = Pick<Config, 'workerMemoryMb' | 'exportMemoryMb' | 'parseTimeoutS' | 'exportTimeoutS'>;

export const WORKER_TEXTS = {
  readMemory: (mb: number) => `文件过大或结构过于复杂，解析超出内存上限（${mb} MB），已停止处理。请拆分或精简文件后重新上传`,
  readTime: (s: number) => `文件解析超时（超过 ${s} 秒），已停止处理。请拆分或精简文件后重新上传`,
  exportMemory: (mb: number) => `标书内容过多，导出超出内存上限（${mb} MB），请精简内容或分卷导出`,
  exportTime: (s: number) => `导出超时（超过 ${s} 秒），请精简内容或稍后重试`,
  pictureCrashed: '图片无法处理（解码时超出资源上限或图片已损坏），请换一张图片或另存为常见的 PNG/JPEG 后重试',
  pictureTime: (s: number) => `图片处理超时（超过 ${s} 秒），请换一张较小的图片`,
  pictureBusy: '图片处理繁忙，请稍后再试',
};

/** A worker's limit as the reading side reports it: a DocumentError OUT_OF_MEMORY / TIMEOUT with its Chinese message. */
async function limitsAsDocumentErrors<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (e) {
    if (e instanceof WorkerLimitError) throw new DocumentError(e.limit === 'memory' ? 'OUT_OF_MEMORY' : 'TIMEOUT', e.message);
    throw e;
  }
}

/**
 * A task in a worker with the reading limits (WORKER_MEMORY_MB, PARSE_TIMEOUT_S): the engine's refusals come back as the
 * same DocumentErrors, and a file that exhausts the worker ends with OUT_OF_MEMORY / TIMEOUT, in Chinese.
 */
function underReadingLimits<T>(limits: Limits, task: WorkerTaskName, input: unknown, opts: { signal?: AbortSignal; onProgress?: (p: unknown) => void }): Promise<T> {
  return limitsAsDocumentErrors(
    runInWorker<T>(task, input, {
      memoryMb: limits.workerMemoryMb,
      timeoutMs: limits.parseTimeoutS * 1000,
      signal: opts.signal,
      onProgress: opts.onProgress,
      messages: { memory: WORKER_TEXTS.readMemory(limits.workerMemoryMb), time: WORKER_TEXTS.readTime(limits.parseTimeoutS) },
    }),
  );
}

/** A worker's `{ done, total }` progress handed to a (done, total) callback. */
const doneOfTotal = (cb?: (done: number, total: number) => void) =>
  cb ? (p: unknown) => cb((p as { done: number }).done, (p as { total: number }).total) : undefined;

/**
 * readDocument in a worker: the same result (the whole ReadResult, the document model included), the same
 * DocumentErrors, plus OUT_OF_MEMORY and TIMEOUT when the file exhausts the worker. The bytes are sent to it once.
 */
export function readDocumentIsolated(
  limits: Limits,
  buf: Buffer,
  opts: Pick<ReadOptions, 'ocr' | 'maxOcrPages' | 'charsPerPage' | 'signal' | 'onProgress'> = {},
): Promise<ReadResult> {
  const { signal, onProgress, ...options } = opts;
  const input: ReadTaskInput = { data: buf, options };
  return underReadingLimits<ReadResult>(limits, 'read', input, { signal, onProgress: onProgress ? (p) => onProgress(p as ReadProgress) : undefined });
}

/** Every picture of a DOCX/PDF, analysed, in a worker with the reading limits. */
export function extractPicturesIsolated(
  limits: Limits,
  input: PicturesTaskInput,
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ pictures: FoundPicture[]; skipped: number; overBudget: number; pages: number }> {
  return underReadingLimits(limits, 'pictures', input, { signal: opts.signal, onProgress: doneOfTotal(opts.onProgress) });
}

/** The text of a data-bank document read and its fields proposed (issue 14), in a worker with the reading limits. */
export function proposeDataFieldsIsolated(
  limits: Limits,
  data: Uint8Array,
  opts: { signal?: AbortSignal; maxOcrPixels?: number } = {},
): Promise<{ kind: DataFileKind; chars: number; proposal: ProposedFields; notice: string | null }> {
  return underReadingLimits(limits, 'databank', { data, maxOcrPixels: opts.maxOcrPixels }, { signal: opts.signal });
}

/** A bid file for the 暗标 / 废标 checks (issue 15) read, its format scanned when asked, and judged, with the reading limits. */
export function readBidCheckIsolated(
  limits: Limits,
  input: BidCheckTaskInput,
  opts: { signal?: AbortSignal; onProgress?: (p: ReadProgress) => void } = {},
): Promise<BidCheckTaskResult> {
  const onProgress = opts.onProgress;
  return underReadingLimits(limits, 'bidcheck', input, { signal: opts.signal, onProgress: onProgress ? (p) => onProgress(p as ReadProgress) : undefined });
}

/** The duplicate check's features of one file (issue 15), in a worker with the reading limits. */
export function dupcheckReadIsolated(limits: Limits, input: DupReadTaskInput, opts: { signal?: AbortSignal } = {}): Promise<FileFeatures> {
  return underReadingLimits(limits, 'dupcheck-read', input, { signal: opts.signal });
}

/** A tender's card by the rules, in a worker with the reading limits (a long tender's card is seconds of CPU). */
export function extractCardIsolated(limits: Limits, input: CardTaskInput, opts: { signal?: AbortSignal } = {}): Promise<TenderCard> {
  return underReadingLimits(limits, 'card', input, { signal: opts.signal });
}

/** A past bid for the 知识库 read and split into passages with their search words, in a worker with the reading limits. */
export function repositoryReadIsolated(
  limits: Limits,
  input: RepositoryReadTaskInput,
  opts: { signal?: AbortSignal } = {},
): Promise<{ pageCount: number; passages: RepositoryPassage[] }> {
  return underReadingLimits(limits, 'repository-read', input, { signal: opts.signal });
}

/** Every pair of the files compared (issue 15) in a worker with the reading limits, so the server's loop stays free. */
export function dupcheckCompareIsolated(
  limits: Limits,
  files: FileFeatures[],
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<DupReport> {
  return underReadingLimits(limits, 'dupcheck-compare', { files }, { signal: opts.signal, onProgress: doneOfTotal(opts.onProgress) });
}

/**
 * A bid-file tool run (issue 15) in a worker with the export's memory cap and the reading time limit (LibreOffice and
 * pdftoppm get the same limit as their own and are killed at it); runs that start LibreOffice go one at a time, in a
 * slot of their own — a slow conversion never holds up a bid's PDF export (issue 22), and the job queue hands each
 * user one run at a time (filetools/job.ts onePerUser), so the slot goes round the users. The engine's refusals and the
 * limits come back as DocumentErrors in Chinese.
 */
export function fileToolIsolated(
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
      onProgress: doneOfTotal(opts.onProgress),
      messages: { memory: WORKER_TEXTS.readMemory(limits.exportMemoryMb), time: WORKER_TEXTS.readTime(limits.exportTimeoutS) },
    });
  return limitsAsDocumentErrors(office ? conversions.run(run) : run());
}

/**
 * Exports at once; each may take up to EXPORT_MEMORY_MB. LibreOffice one at a time per use: the file tools' conversions
 * and the bid PDF export each have their own slot, so neither waits for the other (issue 22).
 */
const exports = new Semaphore(2);
const conversions = new Semaphore(1);
const pdfExports = new Semaphore(1);

/**
 * exportBidDocx (and, for PDF, the LibreOffice conversion) in a worker. `sections` arrives in pieces of [node id, editor
 * JSON text], so the server never parses nor copies the whole bid in one go. Rejects with WorkerLimitError at a limit.
 */
export type ExportStep = 'pictures' | 'docx' | 'pdf';

export function exportIsolated(
  limits: Limits,
  input: Omit<ExportTaskInput, 'pdfTimeoutMs'>,
  sections: AsyncIterable<ExportFeedChunk>,
  opts: { signal?: AbortSignal; onStep?: (step: ExportStep) => void } = {},
): Promise<Buffer> {
  const run = () =>
    exports.run(async () => {
      const out = await runInWorker<Uint8Array>(
        'export',
        { ...input, pdfTimeoutMs: limits.exportTimeoutS * 1000 } satisfies ExportTaskInput,
        {
          memoryMb: limits.exportMemoryMb,
          timeoutMs: limits.exportTimeoutS * 1000,
          feed: sections,
          signal: opts.signal,
          // the worker reports each step it finished: `{ step }`
          onProgress: (p) => {
            const step = (p as { step?: unknown } | null)?.step;
            if (step === 'pictures' || step === 'docx' || step === 'pdf') opts.onStep?.(step);
          },
          messages: { memory: WORKER_TEXTS.exportMemory(limits.exportMemoryMb), time: WORKER_TEXTS.exportTime(limits.exportTimeoutS) },
        },
      );
      return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    });
  return input.format === 'pdf' ? pdfExports.run(run) : run();
}

/**
 * The resident picture workers (issue 22, resident.ts): every picture the server decodes — an upload to the library, an
 * image pasted into a section — is analysed there, never on the server's thread. `analyse` measures the picture first
 * (checkImage: every size it declares, cheap and here) so a lie is refused before any process sees it; a refusal, a
 * worker that died, overran or a full queue all throw a PictureError with the Chinese message.
 */
export interface PictureWorkers {
  analyse(data: Buffer): Promise<AnalysedImage>;
  /** pictures handed to a worker to decode so far */
  readonly decoded: number;
  /** processes started so far (a replaced one counts again) */
  readonly started: number;
  close(): Promise<void>;
}

type PictureLimits = Pick<Config, 'pictureWorkers' | 'pictureMemoryMb' | 'pictureTimeoutS'>;

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export function createPictureWorkers(limits: PictureLimits, log?: { warn(obj: object, msg: string): void }): PictureWorkers {
  const pool = new ResidentPool({
    size: limits.pictureWorkers,
    memoryMb: limits.pictureMemoryMb,
    timeoutMs: limits.pictureTimeoutS * 1000,
    maxQueue: 32 * limits.pictureWorkers,
    messages: { crashed: WORKER_TEXTS.pictureCrashed, time: WORKER_TEXTS.pictureTime(limits.pictureTimeoutS), busy: WORKER_TEXTS.pictureBusy },
    onReplace: (why) => log?.warn({ why }, 'picture worker replaced'),
  });
  let decoded = 0;
  return {
    async analyse(data) {
      checkImage(data);
      let r: PictureTaskResult;
      try {
        decoded++;
        r = await pool.run<PictureTaskResult>('picture', { data });
      } catch (e) {
        if (e instanceof WorkerTaskError) throw new PictureError(e.message);
        // the image library failed inside its cap (a surface it could not allocate): the picture's fault, said in Chinese
        log?.warn({ err: (e as Error).message }, 'picture worker failed');
        throw new PictureError(WORKER_TEXTS.pictureCrashed);
      }
      if (r.refused !== undefined) throw new PictureError(r.refused);
      return { ...r.ok, thumbnail: asBuffer(r.ok.thumbnail) };
    },
    get decoded() {
      return decoded;
    },
    get started() {
      return pool.started;
    },
    close: () => pool.close(),
  };
}
