/**
 * Job kind `databank-read` (issue 22, finding 5): the text of a 资料库 upload read in a reading worker (OCR for a
 * picture — scaled down to OCR_MAX_PIXELS first — or a scanned PDF) and its fields proposed. At most
 * DATABANK_READ_CONCURRENCY run at once in a process; the rest wait in the queue. Deleting the document cancels the job,
 * which kills its worker. A reading the engine refuses is not a failure of the job: the draft shows the refusal and the
 * user types the fields. One attempt: a file that exhausted its reader is not read again.
 */
import { DATA_TEXTS, type DataDocReadMessage } from '@btz/shared';
import { DocumentError } from '@btz/bid-engine/reading';
import type { AppContext } from '../../context.js';
import type { JobDefinition, PayloadOf } from '../../jobs/index.js';
import { proposeDataFieldsIsolated } from '../../workers/index.js';
import { READ_KIND, READ_PAYLOAD, stemOf } from './service.js';

type Payload = PayloadOf<typeof READ_PAYLOAD>;

export function readDataDocJob(app: AppContext): JobDefinition<Payload> {
  const mine = (id: string, jobId: string) => app.db.updateTable('data_documents').where('id', '=', id).where('read_job_id', '=', jobId);
  const tell = async (userId: string | null, data: DataDocReadMessage) => {
    if (userId) await app.realtime.publish(userId, 'databank.read', data).catch((err: unknown) => app.log.warn({ err }, 'databank: realtime publish failed'));
  };
  return {
    kind: READ_KIND,
    payload: READ_PAYLOAD,
    concurrency: app.config.databankReadConcurrency,
    run: async (job, ctx) => {
      const id = job.payload.docId;
      const row = await app.db.selectFrom('data_documents').selectAll().where('id', '=', id).where('read_job_id', '=', job.id).executeTakeFirst();
      if (!row) return;
      await mine(id, job.id).set({ read_state: 'running' }).execute();
      const data = await app.storage.get(row.storage_key);
      let set;
      try {
        const r = await proposeDataFieldsIsolated(app.config, data, { signal: ctx.signal, maxOcrPixels: app.config.ocrMaxPixels });
        const { name, ...rest } = r.proposal;
        set = { proposal: { ...rest, name: name ?? stemOf(row.file_name) }, chars: r.chars, readError: r.chars ? null : DATA_TEXTS.readFailed, notice: r.notice };
      } catch (e) {
        if (ctx.signal.aborted) throw e;
        if (!(e instanceof DocumentError)) ctx.log.warn({ err: e }, 'databank: reading failed');
        set = { proposal: null, chars: 0, readError: e instanceof DocumentError ? e.message : DATA_TEXTS.readFailed, notice: null };
      }
      await ctx.fence(async (trx) => {
        await trx
          .updateTable('data_documents')
          .set({
            read_state: 'done',
            chars: set.chars,
            read_error: set.readError,
            read_notice: set.notice,
            ...(set.proposal ? { proposal: JSON.stringify(set.proposal) } : {}),
          })
          .where('id', '=', id)
          .where('read_job_id', '=', job.id)
          .execute();
      });
      await tell(job.userId, { docId: id, state: 'done' });
    },
    onFailed: async (job) => {
      await mine(job.payload.docId, job.id).set({ read_state: 'failed', read_error: DATA_TEXTS.readFailed }).execute();
      await tell(job.userId, { docId: job.payload.docId, state: 'failed' });
    },
    describeError: (e) => (e instanceof DocumentError ? e.message : DATA_TEXTS.readFailed),
  };
}
