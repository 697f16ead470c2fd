/**
 * Job kind `read-repository`: a past bid read, split into passages (engine splitPassages) and their words segmented
 * (tsvectorLiteral), all in a worker process with the reading limits; the passages stored inside the job's fence,
 * replacing any from an earlier run. A file the reader refuses, or one without text, fails at once with its Chinese message; the file stays stored and `/btz/repository/retry` reads it again.
 */
import { REPOSITORY_TEXTS } from '@btz/shared';
import { DocumentError } from '@btz/bid-engine/reading';
import type { AppContext } from '../../context.js';
import { PermanentJobError, type JobDefinition, type PayloadOf } from '../../jobs/index.js';
import { repositoryReadIsolated } from '../../workers/index.js';
import { clearPassages, fileById, finishReading, insertPassages, updateReading } from './repo.js';
import { READ_KIND, READ_PAYLOAD } from './service.js';

type Payload = PayloadOf<typeof READ_PAYLOAD>;

/** How much of one passage is segmented for search. */
const INDEX_CHARS = 20_000;
/** At most this many characters (text and words) in one insert statement. */
const INSERT_BATCH_CHARS = 8_000;

export function readRepositoryJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: READ_KIND,
    payload: READ_PAYLOAD,
    run: async (job, ctx) => {
      const id = job.payload.fileId;
      const row = await fileById(app.db, id);
      if (!row) return;
      await updateReading(app.db, id, job.id, { state: 'running', updated_at: new Date() });
      const data = await app.storage.get(row.storage_key);
      let read;
      try {
        // reading, splitting into passages and segmenting their words all run in the worker: segmenting a large file on
        // the server's thread (and its garbage) stalled /healthz for seconds (issue 22 storage bench)
        read = await repositoryReadIsolated(app.config, { data, indexChars: INDEX_CHARS }, { signal: ctx.signal });
      } catch (e) {
        if (e instanceof DocumentError) throw new PermanentJobError(e.message, { cause: e });
        throw e;
      }
      const passages = read.passages;
      if (!passages.length) throw new PermanentJobError(REPOSITORY_TEXTS.noText);
      await ctx.fence(async (trx) => {
        await clearPassages(trx, id);
        // small batches with a turn of the event loop between them: on the embedded database a statement runs on the
        // server's thread (inserting ~128 KB of passages and their index entries at once held it up to a second)
        for (let i = 0, n = 0; i < passages.length; i += n) {
          let size = 0;
          for (n = 0; i + n < passages.length && n < 50 && (n === 0 || size < INSERT_BATCH_CHARS); n++) size += passages[i + n]!.text.length + passages[i + n]!.tsv.length;
          if (i > 0) {
            await new Promise((r) => setImmediate(r));
            if (ctx.signal.aborted) throw ctx.signal.reason;
          }
          await insertPassages(trx, row, i, passages.slice(i, i + n));
        }
        await finishReading(trx, id, { pageCount: read.pageCount, passageCount: passages.length });
      });
    },
    onFailed: async (job, error) => {
      await updateReading(app.db, job.payload.fileId, job.id, { state: 'failed', error, updated_at: new Date() });
    },
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : REPOSITORY_TEXTS.readFailed),
  };
}
