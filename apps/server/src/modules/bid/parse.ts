/**
 * Tender parsing, run by the `parse-tender` job (parse-job.ts): read every file of the bid (OCR for scanned
 * pages), store each file's pages and chapters, build the tender card (rule-based, or a model cross-checked by the
 * rules), then the outline — unless the tender has several lots and none is chosen yet (status stays `parsed` until
 * select-lot). Progress 0–100 with a stage name is stored on the bid and pushed to its owner as `bid.parse`.
 *
 * Nothing here holds a transaction across I/O. Every write to the bid is guarded by `parse_job_id = this job`, so a
 * superseded run (the user added a file, retried) can no longer touch it; the result lands through the job's fence.
 */
import { BID_PARSE_STAGES, type BidParseMessage, type BidParseState, type BidStatus, type TenderCard } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { DocumentError, FINAL_DOCUMENT_CODES, type DocModel, type ReadProgress } from '@btz/bid-engine/reading';
import { extractCardIsolated, readDocumentIsolated } from '../../workers/index.js';
import * as z from 'zod';
import { jobPayload, PermanentJobError, type Job, type JobRunContext, type PayloadOf } from '../../jobs/index.js';
import { LlmError } from '../../providers/llm/index.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { computeCoverage, generateOutline } from '@btz/bid-engine/tender';
import type { TenderFileInput } from '@btz/bid-engine/tender';
import { extractCardWithLlm } from '@btz/bid-engine/tender';
import {
  commitParseRun,
  failParseRun,
  fileModel,
  filePages,
  findBidForJob,
  listFiles,
  replaceModel,
  replacePages,
  requeueParseRun,
  setParseProgress,
  updateFile,
  type BidFileRow,
  type BidRow,
} from './repo.js';

export const PARSE_KIND = 'parse-tender';

/** Share of the progress bar per phase: reading files 0–60, the card 60–90, the outline 90–100. */
const READ_END = 60;
const CARD_END = 90;

const EARLY: readonly BidStatus[] = ['draft', 'parsed', 'outlined'];

/** the parse job's payload, version 1 (jobs/payload.ts) */
export const PARSE_PAYLOAD = jobPayload(1, z.strictObject({ bidId: z.string().min(1) }));
export type ParseJobPayload = PayloadOf<typeof PARSE_PAYLOAD>;

class Reporter {
  private last = { progress: -1, stage: '', at: 0 };
  constructor(
    private readonly app: AppContext,
    private readonly bid: Pick<BidRow, 'id' | 'user_id'>,
    private readonly jobId: string,
  ) {}

  private chain: Promise<void> = Promise.resolve();

  /** Stores and pushes progress, in order (reports from progress callbacks are not awaited); throttled unless the stage changes. */
  report(state: BidParseState, progress: number, stage: string, force = false): Promise<void> {
    const p = Math.max(0, Math.min(100, Math.round(progress)));
    const now = Date.now();
    if (!force && stage === this.last.stage && (p - this.last.progress < 2 || now - this.last.at < 200)) return this.chain;
    if (p < this.last.progress) return this.chain;
    this.last = { progress: p, stage, at: now };
    this.chain = this.chain.then(() => this.write(state, p, stage)).catch((err: unknown) => this.app.log.warn({ err }, 'parse progress not stored'));
    return this.chain;
  }

  /** Waits for the reports already made (before the result is committed, so none lands after it). */
  flush(): Promise<void> {
    return this.chain;
  }

  private async write(state: BidParseState, p: number, stage: string): Promise<void> {
    await setParseProgress(this.app.db, this.bid.id, this.jobId, { state, progress: p, stage });
    await publishParse(this.app, this.bid.user_id, { bidId: this.bid.id, state, progress: p, stage });
  }
}

export async function publishParse(app: AppContext, userId: string, msg: BidParseMessage): Promise<void> {
  try {
    await app.realtime.publish(userId, 'bid.parse', msg);
  } catch (err) {
    app.log.warn({ err }, 'bid.parse publish failed');
  }
}

function fileInput(f: BidFileRow, pages: Array<{ page: number; text: string; ocr: boolean }>, model: DocModel | undefined): TenderFileInput {
  return { name: f.name, role: f.role, order: f.ord, pages, chapters: f.chapters ?? [], ...(model ? { model } : {}) };
}

export async function runParse(app: AppContext, job: Job<ParseJobPayload>, ctx: JobRunContext): Promise<unknown> {
  const bidId = job.refId ?? job.payload.bidId;
  const bid = await findBidForJob(app.db, job.tenantId ?? '', bidId);
  if (!bid || bid.status === 'finished' || bid.parse_job_id !== job.id) return { skipped: true };
  const reporter = new Reporter(app, bid, job.id);
  await reporter.report('running', 1, BID_PARSE_STAGES.reading, true);

  const files = await listFiles(app.db, bid.id);
  if (!files.length) throw new PermanentJobError('标书没有招标文件，请先上传');

  // 1. Read each file (a file read before and unchanged is not read again).
  const inputs: TenderFileInput[] = [];
  const failures: string[] = [];
  const slice = READ_END / files.length;
  for (const [i, f] of files.entries()) {
    const base = 1 + i * slice;
    if (f.state === 'parsed') {
      const pages = await filePages(app.db, f.id);
      if (pages.length) {
        inputs.push(fileInput(f, pages, await fileModel(app.db, f.id)));
        continue;
      }
    }
    // a file that exhausted its reader (a bomb, out of memory or time) would only do it again: fail at once, same message
    if (f.state === 'failed' && f.error && f.error_code && FINAL_DOCUMENT_CODES.includes(f.error_code as never)) {
      failures.push(files.length > 1 ? `「${f.name}」${f.error}` : f.error);
      continue;
    }
    await updateFile(app.db, f.id, { state: 'parsing', error: null, error_code: null });
    let result;
    try {
      const buf = await app.storage.get(f.storage_key);
      // in a worker process with a heap cap and a time limit: a hostile file ends its worker, never this process
      result = await readDocumentIsolated(app.config, buf, {
        ocr: true,
        signal: ctx.signal,
        onProgress: (p: ReadProgress) => {
          const ocr = p.stage === 'ocr';
          const frac = p.total > 0 ? p.done / p.total : 0;
          const within = ocr ? 0.2 + 0.75 * frac : p.stage === 'chapters' || p.stage === 'done' ? 0.95 : 0.1;
          void reporter.report('running', base + slice * within, ocr ? BID_PARSE_STAGES.ocr : BID_PARSE_STAGES.reading);
        },
      });
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      const message =
        e instanceof DocumentError ? e.message : e instanceof StorageNotFoundError ? '原始文件已丢失，请重新上传' : null;
      if (!message) throw e;
      const code = e instanceof DocumentError ? e.code : null;
      await updateFile(app.db, f.id, { state: 'failed', error: message, error_code: code });
      failures.push(files.length > 1 ? `「${f.name}」${message}` : message);
      continue;
    }
    await replacePages(app.db, f.id, result.pages);
    await replaceModel(app.db, f.id, result.model);
    await updateFile(app.db, f.id, {
      state: 'parsed',
      error: null,
      error_code: null,
      page_count: result.meta.pageCount,
      ocr_pages: result.meta.ocrPages,
      chapters: JSON.stringify(result.chapters),
    });
    inputs.push(fileInput(f, result.pages.map((p) => ({ page: p.page, text: p.text, ocr: !!p.ocr })), result.model));
  }
  if (failures.length) throw new PermanentJobError(failures.join('；'));

  // 2. The card.
  await reporter.report('running', READ_END, BID_PARSE_STAGES.card, true);
  const lot = bid.lot ?? undefined;
  let card: TenderCard;
  let writer: 'offline' | 'llm' = 'offline';
  if (!app.llm.offline) {
    try {
      card = await extractCardWithLlm(app.llm, inputs, {
        lot,
        signal: ctx.signal,
        tag: `bid:${bid.id}`,
        onProgress: (done, total) => {
          if (total > 0) void reporter.report('running', READ_END + ((CARD_END - READ_END) * Math.min(done, total)) / total, BID_PARSE_STAGES.card);
        },
      });
      writer = 'llm';
    } catch (e) {
      // A model that keeps failing must not cost the user the card: the last attempt falls back to the rules.
      if (ctx.signal.aborted || !(e instanceof LlmError) || !ctx.isLastAttempt) throw e;
      ctx.log.warn({ err: e }, 'LLM card failed on the last attempt; using the offline card');
      card = await extractCardIsolated(app.config, { files: inputs, options: { lot } }, { signal: ctx.signal });
    }
  } else {
    card = await extractCardIsolated(app.config, { files: inputs, options: { lot } }, { signal: ctx.signal });
  }

  // 3. The outline — unless a lot must be chosen first; a hand-edited outline is kept (its coverage recomputed).
  const needsLot = card.lots.length > 1 && !card.lot;
  let outline = bid.outline;
  let coverage = bid.coverage;
  let outlineEdited = bid.outline_edited;
  if (!needsLot) {
    await reporter.report('running', CARD_END, BID_PARSE_STAGES.outline, true);
    // once writing has started, sections hang on the outline: it is only ever replaced before that
    if (!bid.outline || (!bid.outline_edited && EARLY.includes(bid.status))) {
      const gen = generateOutline(card, { bidType: bid.bid_type === 2 ? 2 : 1 });
      outline = gen.nodes;
      coverage = gen.coverage;
      outlineEdited = false;
    } else {
      coverage = computeCoverage(card.scoring, bid.outline);
    }
  } else if (!bid.outline_edited && EARLY.includes(bid.status)) {
    outline = null;
    coverage = null;
  }
  const status: BidStatus = EARLY.includes(bid.status) ? (needsLot ? 'parsed' : 'outlined') : bid.status;
  const stage = needsLot ? BID_PARSE_STAGES.lot : BID_PARSE_STAGES.done;

  // 4. Commit: only while this worker still owns the job and the bid still waits for this run.
  await reporter.flush();
  const committed = await ctx.fence((trx) =>
    commitParseRun(trx, bid.id, job.id, {
      card: JSON.stringify(card),
      outline: outline ? JSON.stringify(outline) : null,
      coverage: coverage ? JSON.stringify(coverage) : null,
      outline_edited: outlineEdited,
      writer,
      status,
      lot: card.lot ?? bid.lot,
      parse_state: 'done',
      parse_progress: 100,
      parse_stage: stage,
      parse_error: null,
    }),
  );
  if (committed) await publishParse(app, bid.user_id, { bidId: bid.id, state: 'done', progress: 100, stage });
  return { committed, files: inputs.length, lots: card.lots.length, needsLot };
}

/** The job failed for good: the bid shows the error; its files stay (retry-parse starts again). */
export async function markParseFailed(app: AppContext, job: Job<ParseJobPayload>, error: string): Promise<void> {
  const bidId = job.refId ?? job.payload.bidId;
  const row = await failParseRun(app.db, bidId, job.id, error, BID_PARSE_STAGES.failed);
  if (row) await publishParse(app, row.user_id, { bidId, state: 'failed', progress: row.parse_progress, stage: BID_PARSE_STAGES.failed, error });
}

/** An attempt failed and will be retried: show it as waiting, not as stuck. */
export async function markParseRetrying(app: AppContext, job: Job<ParseJobPayload>): Promise<void> {
  const bidId = job.refId ?? job.payload.bidId;
  await requeueParseRun(app.db, bidId, job.id, '解析遇到问题，稍后自动重试');
}

export function describeParseError(e: unknown): string {
  if (e instanceof DocumentError || e instanceof PermanentJobError || e instanceof LlmError) return e.message;
  if (e instanceof StorageNotFoundError) return '原始文件已丢失，请重新上传';
  return '解析失败：服务器内部错误，请稍后重试';
}
