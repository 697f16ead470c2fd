/**
 * Job kind `file-tool`: runs a bid-file tool on a run's stored inputs in a worker process (workers/index.ts
 * fileToolIsolated — LibreOffice, pdftoppm and pdf-lib never run in the server), stores the results and lists them on
 * the run, committed inside the job's fence (a run whose server died mid-way is re-queued by the runner and finishes
 * once). Progress (0–100) is written on the row as the worker reports it and pushed to the user as `filetools.progress`
 * (jobs/progress.ts); the screens follow the push and poll as a fallback. A file the tool refuses
 * fails at once with its Chinese message; `/btz/filetools/retry` runs it again.
 */
import { DocumentError } from '@btz/bid-engine/reading';
import { FILETOOL_TEXTS, type FileToolProgressMessage } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { FileToolFile } from '../../db/schema-filetools.js';
import { PermanentJobError, RowProgress, type Job, type JobDefinition, type PayloadOf } from '../../jobs/index.js';
import { fileToolIsolated } from '../../workers/index.js';
import { runById, storeOutputs } from './repo.js';
import { FILE_TOOL_KIND, FILE_TOOL_PAYLOAD } from './service.js';

type Payload = PayloadOf<typeof FILE_TOOL_PAYLOAD>;

/** The run's progress on its row and, as `filetools.progress`, to the user who started it (its `/user/{id}/notice`). */
const progressOf = (app: AppContext, job: Job<Payload>) =>
  new RowProgress<FileToolProgressMessage>(app, job, {
    table: 'file_tool_runs',
    rowId: job.payload.runId,
    notify: { kind: 'filetools.progress', data: (s) => ({ id: job.payload.runId, ...s }) },
  });

const bytes = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export function fileToolJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: FILE_TOOL_KIND,
    payload: FILE_TOOL_PAYLOAD,
    // one user's many conversions wait for each other, not other users' (LibreOffice has one slot: workers/index.ts)
    onePerUser: true,
    run: async (job, ctx) => {
      const id = job.payload.runId;
      const row = await runById(app.db, id);
      if (!row) return;
      const progress = progressOf(app, job);
      await progress.to(0);
      const files = [];
      for (const f of row.inputs) files.push({ name: f.name, type: f.type, data: await app.storage.get(f.key) });
      await progress.to(5);
      let out;
      try {
        out = await fileToolIsolated(app.config, { tool: row.tool, files }, {
          signal: ctx.signal,
          onProgress: (done, total) => progress.report(Math.min(90, 5 + Math.floor((done / Math.max(1, total)) * 85))),
        });
      } catch (e) {
        if (e instanceof DocumentError) throw new PermanentJobError(e.message, { cause: e });
        throw e;
      }
      await progress.settled();
      const outputs: FileToolFile[] = [];
      // the outputs count against the user's quota (one check for all); an earlier attempt's are dropped first
      const outRef = `${id}:out`;
      await app.storage.release([outRef]);
      let written;
      try {
        written = await app.storage.putMany(out.files.map((f) => bytes(f.data)), { tenantId: row.tenant_id, userId: row.user_id, kind: 'filetool', refId: outRef });
      } catch (e) {
        if (e instanceof AppError) throw new PermanentJobError(e.message, { cause: e });
        throw e;
      }
      for (const [i, f] of out.files.entries()) {
        ctx.signal.throwIfAborted();
        const stored = written[i]!;
        const type = f.mime === 'application/pdf' ? 'pdf' : f.mime === 'image/png' ? 'png' : 'docx';
        outputs.push({ index: outputs.length + 1, name: f.name, type, mime: f.mime, size: stored.size, key: stored.key });
      }
      const kept = await ctx.fence((trx) => storeOutputs(trx, id, outputs, out.report));
      // the run was deleted while it ran: its outputs have no holder
      if (!kept) return void (await app.storage.release([outRef]));
      await progress.done();
    },
    onFailed: (job, error) => progressOf(app, job).failed(error),
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : FILETOOL_TEXTS.failed),
  };
}
