/**
 * Job kind `dupcheck`: each file of a check read into its features in a worker process (workers/index.ts
 * dupcheckReadIsolated — the document model, metadata, pictures), then every pair compared in another
 * (dupcheckCompareIsolated); the report is committed inside the job's fence, so a check interrupted by a restart is
 * run again by the runner and committed once. Progress (0–100) is written on the row and pushed to the owner as
 * `dupcheck.progress` (jobs/progress.ts), then done or failed; the BiddingCheck screens follow the push and poll slowly.
 * A file the reader refuses fails the check at once with its name and the reader's Chinese message.
 */
import { DocumentError } from '@btz/bid-engine/reading';
import type { FileFeatures } from '@btz/bid-engine/dupcheck';
import { DUPCHECK_TEXTS as T, type DupCheckProgressMessage } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { PermanentJobError, RowProgress, type Job, type JobDefinition, type PayloadOf } from '../../jobs/index.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { dupcheckCompareIsolated, dupcheckReadIsolated } from '../../workers/index.js';
import { findCheckLight, storeReport } from './repo.js';
import { DUPCHECK_KIND, DUPCHECK_PAYLOAD } from './service.js';

type Payload = PayloadOf<typeof DUPCHECK_PAYLOAD>;

/** The check's progress on its row and, as `dupcheck.progress`, to its owner. */
const progressOf = (app: AppContext, job: Job<Payload>) =>
  new RowProgress<DupCheckProgressMessage>(app, job, {
    table: 'dup_checks',
    rowId: job.payload.checkId,
    step: 4,
    notify: { kind: 'dupcheck.progress', data: (s) => ({ checkId: job.payload.checkId, ...s }) },
  });

export function dupcheckJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: DUPCHECK_KIND,
    payload: DUPCHECK_PAYLOAD,
    run: async (job, ctx) => {
      const id = job.payload.checkId;
      const row = await findCheckLight(app.db, id);
      if (!row) return;
      const progress = progressOf(app, job);
      await progress.to(1);
      const files: FileFeatures[] = [];
      // the tender first is not needed: the engine finds it by role; bids keep their upload order
      const ordered = [...row.files].sort((a, b) => a.index - b.index);
      for (const [n, f] of ordered.entries()) {
        ctx.signal.throwIfAborted();
        let data: Buffer;
        try {
          data = await app.storage.get(f.key);
        } catch (e) {
          if (e instanceof StorageNotFoundError) throw new PermanentJobError(T.fileFailed(f.name, '文件已丢失，请重新上传'));
          throw e;
        }
        try {
          files.push(await dupcheckReadIsolated(app.config, { data, name: f.name, role: f.role }, { signal: ctx.signal }));
        } catch (e) {
          if (e instanceof DocumentError) throw new PermanentJobError(T.fileFailed(f.name, e.message), { cause: e });
          throw e;
        }
        await progress.to(Math.round(((n + 1) / ordered.length) * 70));
      }
      const report = await dupcheckCompareIsolated(app.config, files, {
        signal: ctx.signal,
        onProgress: (done, total) => progress.report(70 + Math.floor((done / Math.max(1, total)) * 28)),
      });
      await progress.settled();
      await ctx.fence((trx) => storeReport(trx, id, report));
      await progress.done();
    },
    onFailed: (job, error) => progressOf(app, job).failed(error),
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : T.generic),
  };
}
