/**
 * Job kind `file-tool`: runs a bid-file tool on a run's stored inputs in a worker process (workers/index.ts
 * fileToolIsolated — LibreOffice, pdftoppm and pdf-lib never run in the server), stores the results and lists them on
 * the run, committed inside the job's fence (a run whose server died mid-way is re-queued by the runner and finishes
 * once). Progress (0–100) is written on the row as the worker reports it; the screens poll it. A file the tool refuses
 * fails at once with its Chinese message; `/btz/filetools/retry` runs it again.
 */
import { DocumentError } from '@btz/bid-engine/reading';
import { FILETOOL_TEXTS } from '@btz/shared';
import type { AppContext } from '../../context.js';
import type { FileToolFile } from '../../db/schema-filetools.js';
import { PermanentJobError, type JobDefinition } from '../../jobs/index.js';
import { fileToolIsolated } from '../../workers/index.js';
import type { RunRow } from './repo.js';
import { FILE_TOOL_KIND } from './service.js';

interface Payload {
  runId: string;
}

/** `filetools.progress` `{ id, state, progress, error }` to the user who started the run (its `/user/{id}/notice`). */
async function push(app: AppContext, userId: string, msg: { id: string; state: string; progress: number; error: string | null }): Promise<void> {
  try {
    await app.realtime.publish(userId, 'filetools.progress', msg);
  } catch (err) {
    app.log.warn({ err }, 'filetools.progress publish failed');
  }
}

const bytes = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export function fileToolJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: FILE_TOOL_KIND,
    run: async (job, ctx) => {
      const id = job.payload.runId;
      const row = (await app.db.selectFrom('file_tool_runs').selectAll().where('id', '=', id).executeTakeFirst()) as RunRow | undefined;
      if (!row) return;
      const setProgress = async (progress: number) => {
        await app.db.updateTable('file_tool_runs').set({ state: 'running', progress, updated_at: new Date() }).where('id', '=', id).where('job_id', '=', job.id).execute();
        await push(app, row.user_id, { id, state: 'running', progress, error: null });
      };
      await setProgress(0);
      const files = [];
      for (const f of row.inputs) files.push({ name: f.name, type: f.type, data: await app.storage.get(f.key) });
      await setProgress(5);
      let last = 5;
      let pending: Promise<unknown> = Promise.resolve();
      let out;
      try {
        out = await fileToolIsolated(app.config, { tool: row.tool, files }, {
          signal: ctx.signal,
          onProgress: (done, total) => {
            const p = Math.min(90, 5 + Math.floor((done / Math.max(1, total)) * 85));
            if (p >= last + 5) {
              last = p;
              pending = pending.then(() => setProgress(p));
            }
          },
        });
      } catch (e) {
        if (e instanceof DocumentError) throw new PermanentJobError(e.message, { cause: e });
        throw e;
      }
      await pending;
      const outputs: FileToolFile[] = [];
      for (const f of out.files) {
        ctx.signal.throwIfAborted();
        const stored = await app.storage.put(bytes(f.data));
        const type = f.mime === 'application/pdf' ? 'pdf' : f.mime === 'image/png' ? 'png' : 'docx';
        outputs.push({ index: outputs.length + 1, name: f.name, type, mime: f.mime, size: stored.size, key: stored.key });
      }
      await ctx.fence((trx) =>
        trx
          .updateTable('file_tool_runs')
          .set({ state: 'done', progress: 100, error: null, outputs: JSON.stringify(outputs), report: out.report ? JSON.stringify(out.report) : null, updated_at: new Date() })
          .where('id', '=', id)
          .execute(),
      );
      await push(app, row.user_id, { id, state: 'done', progress: 100, error: null });
    },
    onFailed: async (job, error) => {
      await app.db
        .updateTable('file_tool_runs')
        .set({ state: 'failed', error, updated_at: new Date() })
        .where('id', '=', job.payload.runId)
        .where('job_id', '=', job.id)
        .execute();
      if (job.userId) await push(app, job.userId, { id: job.payload.runId, state: 'failed', progress: 0, error });
    },
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : FILETOOL_TEXTS.failed),
  };
}
