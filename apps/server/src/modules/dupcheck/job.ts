/**
 * Job kind `dupcheck`: each file of a check read into its features in a worker process (workers/index.ts
 * dupcheckReadIsolated — the document model, metadata, pictures), then every pair compared in another
 * (dupcheckCompareIsolated); the report is committed inside the job's fence, so a check interrupted by a restart is
 * run again by the runner and committed once. Progress (0–100) is written on the row; the BiddingCheck screen polls it.
 * A file the reader refuses fails the check at once with its name and the reader's Chinese message.
 */
import { DocumentError } from '@btz/bid-engine/reading';
import type { FileFeatures } from '@btz/bid-engine/dupcheck';
import { DUPCHECK_TEXTS as T } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { PermanentJobError, type JobDefinition } from '../../jobs/index.js';
import { StorageNotFoundError } from '../../providers/storage/index.js';
import { dupcheckCompareIsolated, dupcheckReadIsolated } from '../../workers/index.js';
import { findCheckLight } from './repo.js';
import { DUPCHECK_KIND } from './service.js';

interface Payload {
  checkId: string;
}

export function dupcheckJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: DUPCHECK_KIND,
    run: async (job, ctx) => {
      const id = job.payload.checkId;
      const row = await findCheckLight(app.db, id);
      if (!row) return;
      const setProgress = (progress: number) =>
        app.db.updateTable('dup_checks').set({ state: 'running', progress, updated_at: new Date() }).where('id', '=', id).where('job_id', '=', job.id).execute();
      await setProgress(1);
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
        await setProgress(Math.round(((n + 1) / ordered.length) * 70));
      }
      let last = 70;
      let pending: Promise<unknown> = Promise.resolve();
      const report = await dupcheckCompareIsolated(app.config, files, {
        signal: ctx.signal,
        onProgress: (done, total) => {
          const p = 70 + Math.floor((done / Math.max(1, total)) * 28);
          if (p >= last + 4) {
            last = p;
            pending = pending.then(() => setProgress(p));
          }
        },
      });
      await pending;
      await ctx.fence((trx) =>
        trx
          .updateTable('dup_checks')
          .set({ state: 'done', progress: 100, error: null, report: JSON.stringify(report), risk: report.risk, score: report.score, updated_at: new Date() })
          .where('id', '=', id)
          .execute(),
      );
    },
    onFailed: async (job, error) => {
      await app.db.updateTable('dup_checks').set({ state: 'failed', error, updated_at: new Date() }).where('id', '=', job.payload.checkId).where('job_id', '=', job.id).execute();
    },
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : T.generic),
  };
}
