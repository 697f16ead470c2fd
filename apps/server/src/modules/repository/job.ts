/**
 * Job kind `read-repository`: a past bid read, split into passages (engine splitPassages) and their words segmented
 * (tsvectorLiteral), all in a worker process with the reading limits; the passages stored inside the job's fence,
 * replacing any from an earlier run. A file the reader refuses, or one without text, fails at once with its Chinese message; the file stays stored and `/btz/repository/retry` reads it again.
 */
import { sql } from 'kysely';
import { REPOSITORY_TEXTS } from '@btz/shared';
import { DocumentError } from '@btz/bid-engine/reading';
import type { AppContext } from '../../context.js';
import { PermanentJobError, type JobDefinition, type PayloadOf } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import { repositoryReadIsolated } from '../../workers/index.js';
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
      const row = await app.db.selectFrom('repository_files').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return;
      await app.db.updateTable('repository_files').set({ state: 'running', updated_at: new Date() }).where('id', '=', id).where('job_id', '=', job.id).execute();
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
        await trx.deleteFrom('repository_passages').where('file_id', '=', id).execute();
        // small batches with a turn of the event loop between them: on the embedded database a statement runs on the
        // server's thread (inserting ~128 KB of passages and their index entries at once held it up to a second)
        for (let i = 0, n = 0; i < passages.length; i += n) {
          let size = 0;
          for (n = 0; i + n < passages.length && n < 50 && (n === 0 || size < INSERT_BATCH_CHARS); n++) size += passages[i + n]!.text.length + passages[i + n]!.tsv.length;
          if (i > 0) {
            await new Promise((r) => setImmediate(r));
            if (ctx.signal.aborted) throw ctx.signal.reason;
          }
          await trx
            .insertInto('repository_passages')
            .values(
              passages.slice(i, i + n).map((p, j) => ({
                id: newId(),
                file_id: id,
                tenant_id: row.tenant_id,
                owner_type: row.owner_type,
                owner_id: row.owner_id,
                seq: i + j,
                heading: JSON.stringify(p.path),
                page: p.page,
                text: p.text,
                tsv: sql`${p.tsv}::tsvector` as unknown as string,
                heading_tsv: sql`${p.head}::tsvector` as unknown as string,
              })),
            )
            .execute();
        }
        await trx
          .updateTable('repository_files')
          .set({ state: 'done', error: null, page_count: read.pageCount, passage_count: passages.length, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
      });
    },
    onFailed: async (job, error) => {
      await app.db.updateTable('repository_files').set({ state: 'failed', error, updated_at: new Date() }).where('id', '=', job.payload.fileId).where('job_id', '=', job.id).execute();
    },
    describeError: (e) => (e instanceof PermanentJobError || e instanceof DocumentError ? e.message : REPOSITORY_TEXTS.readFailed),
  };
}
