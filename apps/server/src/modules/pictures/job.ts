/**
 * Job kind `extract-pictures`: finds every picture in an extraction's DOCX/PDF (the engine's extractImages, in a worker
 * process — workers/index.ts extractPicturesIsolated), stores each
 * with its thumbnail and lists them on the extraction (committed inside the job's fence). Progress (0–100) is written on
 * the row as pages are read; the ExtractImg screen polls it. A file the reader refuses fails at once with its Chinese
 * message; the file stays stored and `/btz/picture/extract/retry` runs it again.
 */
import { PICTURE_TEXTS } from '@btz/shared';
import { DocumentError } from '@btz/bid-engine/reading';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { ExtractionItem } from '../../db/schema-pictures.js';
import { PermanentJobError, RowProgress, type Job, type JobDefinition, type PayloadOf } from '../../jobs/index.js';
import { extractPicturesIsolated } from '../../workers/index.js';
import { extractionById, storeExtracted } from './repo.js';
import { EXTRACT_KIND, EXTRACT_PAYLOAD } from './service.js';

type Payload = PayloadOf<typeof EXTRACT_PAYLOAD>;

const GENERIC = '图片提取失败，请重试';
const bytes = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** The extraction's progress on its row (no realtime message: the ExtractImg screen polls). */
const progressOf = (app: AppContext, job: Job<Payload>) => new RowProgress(app, job, { table: 'picture_extractions', rowId: job.payload.extractionId });

export function extractPicturesJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: EXTRACT_KIND,
    payload: EXTRACT_PAYLOAD,
    run: async (job, ctx) => {
      const id = job.payload.extractionId;
      const row = await extractionById(app.db, id);
      if (!row) return;
      const progress = progressOf(app, job);
      await progress.to(0);
      const data = await app.storage.get(row.storage_key);
      let found;
      try {
        // in a worker process with the reading limits: a hostile file ends its worker, not the server
        found = await extractPicturesIsolated(app.config, { data, type: row.file_type, maxPixels: app.config.extractMaxPixels }, {
          signal: ctx.signal,
          onProgress: (done, total) => progress.report(Math.min(90, Math.floor((done / Math.max(1, total)) * 90))),
        });
      } catch (e) {
        if (e instanceof DocumentError) throw new PermanentJobError(e.message, { cause: e });
        throw e;
      }
      await progress.settled();
      const items: ExtractionItem[] = [];
      // the pictures count against the user's quota; an earlier attempt's are dropped first
      const outputs = { tenantId: row.tenant_id, userId: row.user_id, kind: 'extraction' as const, refId: `${id}:out` };
      await app.storage.release([outputs.refId]);
      for (const pic of found.pictures) {
        ctx.signal.throwIfAborted();
        let stored;
        try {
          stored = await app.storage.putMany([bytes(pic.data), bytes(pic.thumbnail)], outputs);
        } catch (e) {
          if (e instanceof AppError) throw new PermanentJobError(e.message, { cause: e });
          throw e;
        }
        const [key, thumbKey] = [stored[0]!.key, stored[1]!.key];
        const { data: _d, thumbnail: _t, ...meta } = pic;
        items.push({ ...meta, index: items.length + 1, key, thumbKey });
      }
      const skipped = found.skipped;
      // a done extraction's `error` is its notice: what the pixel budget left out (present.ts shows it as `notice`)
      const notice = found.overBudget ? PICTURE_TEXTS.overBudget(found.overBudget, app.config.extractMaxPixels) : null;
      const kept = await ctx.fence((trx) => storeExtracted(trx, id, { items, skipped, pages: found.pages, notice }));
      // the extraction went while it ran: its pictures have no holder
      if (!kept) await app.storage.release([outputs.refId]);
    },
    onFailed: (job, error) => progressOf(app, job).failed(error),
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : GENERIC),
  };
}
