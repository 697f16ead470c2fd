/**
 * Job kind `bid-export` (issue 26 item 3): builds the bid's Word file (and, for PDF, converts it through LibreOffice)
 * in a worker process (workers/index.ts exportIsolated — never on the server's thread), stores it and marks the export
 * done. It reads the bid as it is when it runs: the enterprise facts completed from the data bank, the tender's cover
 * form, the page settings, the sections (fed to the worker ten at a time) and the pictures they show. Progress (0–100)
 * is written on the row and pushed to the user as `bid.export` (jobs/progress.ts). A server that dies mid-export hands
 * the job back (the runner re-queues it) and another attempt builds the file again; a limit of the worker (memory,
 * time) or a document error fails the export at once with its Chinese message.
 */
import { WRITE_TEXTS, type BidExportMessage } from '@btz/shared';
import { DocumentError } from '@btz/bid-engine/reading';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { PermanentJobError, RowProgress, type Job, type JobDefinition, type PayloadOf } from '../../../jobs/index.js';
import { exportIsolated, WorkerLimitError, type ExportFeedChunk } from '../../../workers/index.js';
import { loadEnterpriseFacts } from '../../enterprise/index.js';
import { bankImagesOfBid, factsWithBank } from '../../databank/qualify.js';
import { libraryImagesOfBid } from '../../pictures/index.js';
import { findBidForJob } from '../repo.js';
import { tenderCoverForm } from '../writing/cover.js';
import { sectionDocTexts } from '../writing/repo.js';
import { settingsOf } from '../writing/settings.js';
import { countWrittenSections, dropOlderExports, exportById, markExportDone } from './repo.js';
import { EXPORT_KIND, EXPORT_PAYLOAD } from './service.js';

type Payload = PayloadOf<typeof EXPORT_PAYLOAD>;

/** Where the progress stands after each step (the worker's part is reported by the steps it takes). */
const AT = { gathered: 5, fed: 45, pictures: 60, docx: 80, pdf: 95 } as const;

const progressOf = (app: AppContext, job: Job<Payload>, bidId: string) =>
  new RowProgress<BidExportMessage>(app, job, {
    table: 'bid_exports',
    rowId: job.payload.exportId,
    notify: { kind: 'bid.export', data: (s) => ({ id: job.payload.exportId, bidId, ...s }) },
  });

/** The sections as fed to the worker, counted as they go (progress from `from` to `to`). */
async function* counted(src: AsyncIterable<ExportFeedChunk>, total: number, at: (share: number) => void): AsyncGenerator<ExportFeedChunk> {
  let n = 0;
  for await (const chunk of src) {
    n += chunk.length;
    at(total ? n / total : 1);
    yield chunk;
  }
}

export function exportJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: EXPORT_KIND,
    payload: EXPORT_PAYLOAD,
    // one user's exports wait for each other, not other users' (the workers have two slots, LibreOffice one: workers/index.ts)
    onePerUser: true,
    run: async (job, ctx) => {
      const row = await exportById(app.db, job.payload.exportId);
      if (!row) return;
      const bid = await findBidForJob(app.db, row.tenant_id, row.bid_id);
      if (!bid) throw new PermanentJobError('标书不存在');
      if (!bid.outline?.length) throw new PermanentJobError(WRITE_TEXTS.noOutline);
      const progress = progressOf(app, job, bid.id);
      await progress.to(0);
      const ent = await factsWithBank(app, bid, await loadEnterpriseFacts(app.db, { tenantId: bid.tenant_id, userId: bid.user_id }));
      const settings = settingsOf(bid.page_settings, bid.invent_facts);
      const input = {
        title: bid.name,
        bidderName: ent.name,
        bidder: { name: ent.name, legalRep: ent.legalRep, address: ent.address, contacts: ent.contacts },
        card: bid.card,
        // the cover follows the tender's cover form when it prescribes one (dated on the bid deadline, else today)
        coverForm: await tenderCoverForm(app.db, bid.id, bid.card),
        outline: bid.outline,
        settings: {
          font: settings.font,
          fontSize: settings.fontSize,
          headingStyle: settings.headingStyle,
          pageNumber: settings.pageNumber,
          volumes: settings.volumes.length ? settings.volumes : undefined,
        },
      };
      // pictures the sections show by URL: the picture library's and the data bank's (qualification chapters)
      const library = { ...(await libraryImagesOfBid(app, bid)), ...(await bankImagesOfBid(app, bid)) };
      await progress.to(AT.gathered);
      const total = await countWrittenSections(app.db, bid.id);
      const feed = counted(sectionDocTexts(app.db, bid.id), total, (share) => progress.report(Math.round(AT.gathered + share * (AT.fed - AT.gathered))));
      let data: Buffer;
      try {
        data = await exportIsolated(app.config, { bid: input, format: row.format, library }, feed, {
          signal: ctx.signal,
          onStep: (step) => progress.report(AT[step]),
        });
      } catch (e) {
        // a limit, or the worker died (WORKER_CRASHED): its Chinese message, not a retry invitation
        if (e instanceof WorkerLimitError || e instanceof DocumentError) throw new PermanentJobError(e.message, { cause: e });
        if (row.format === 'pdf' && !ctx.signal.aborted) {
          app.log.error({ err: e }, 'pdf export failed');
          throw new PermanentJobError(WRITE_TEXTS.pdfFailed, { cause: e });
        }
        throw e;
      }
      await progress.settled();
      let file;
      try {
        file = await app.storage.put(data, { tenantId: row.tenant_id, userId: row.user_id, kind: 'export', refId: row.id });
      } catch (e) {
        if (e instanceof AppError) throw new PermanentJobError(e.message, { cause: e });
        throw e;
      }
      ctx.signal.throwIfAborted();
      const kept = await ctx.fence((trx) => markExportDone(trx, row.id, job.id, { key: file.key, size: file.size }));
      // the export was dropped while it ran (its bid deleted): its file has no holder
      if (!kept) return void (await app.storage.release([row.id]));
      await progress.done();
      // the latest export of each bid and format is what is downloaded: older ones go, with their files
      const older = await dropOlderExports(app.db, row);
      await app.storage.release(older);
    },
    onFailed: async (job, error) => {
      const row = await exportById(app.db, job.payload.exportId);
      if (row) await progressOf(app, job, row.bid_id).failed(error);
    },
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : WRITE_TEXTS.exportFailed),
  };
}
