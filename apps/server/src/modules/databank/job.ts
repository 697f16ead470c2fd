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
import { readingDoc, updateReading } from './repo.js';
import { READ_KIND, READ_PAYLOAD, stemOf } from './service.js';

type Payload = PayloadOf<typeof READ_PAYLOAD>;

export function readDataDocJob(app: AppContext): JobDefinition<Payload> {
  const tell = async (userId: string | null, data: DataDocReadMessage) => {
    if (userId) await app.realtime.publish(userId, 'databank.read', data).catch((err: unknown) => app.log.warn({ err }, 'databank: realtime publish failed'));
  };
  return {
    kind: READ_KIND,
    payload: READ_PAYLOAD,
    concurrency: app.config.databankReadConcurrency,
    run: async (job, ctx) => {
      const id = job.payload.docId;
      const row = await readingDoc(app.db, id, job.id);
      if (!row) return;
      await updateReading(app.db, id, job.id, { read_state: 'running' });
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
      await ctx.fence((trx) =>
        updateReading(trx, id, job.id, {
          read_state: 'done',
          chars: set.chars,
          read_error: set.readError,
          read_notice: set.notice,
          ...(set.proposal ? { proposal: JSON.stringify(set.proposal) } : {}),
        }),
      );
      await tell(job.userId, { docId: id, state: 'done' });
    },
    onFailed: async (job) => {
      await updateReading(app.db, job.payload.docId, job.id, { read_state: 'failed', read_error: DATA_TEXTS.readFailed });
      await tell(job.userId, { docId: job.payload.docId, state: 'failed' });
    },
    describeError: (e) => (e instanceof DocumentError ? e.message : DATA_TEXTS.readFailed),
  };
}
