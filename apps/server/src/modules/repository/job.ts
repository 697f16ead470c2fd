/**
 * Job kind `read-repository`: reads a past bid (readDocument in a worker process with the reading limits), splits its
 * document model into passages (engine splitPassages) and stores them with their words (tsvectorLiteral) inside the
 * job's fence, replacing any from an earlier run. A file the reader refuses, or one without text, fails at once with its
 * Chinese message; the file stays stored and `/btz/repository/retry` reads it again.
 */
import { sql } from 'kysely';
import { REPOSITORY_TEXTS } from '@btz/shared';
import { DocumentError, type DocModel } from '@btz/bid-engine/reading';
import { splitPassages, tsvectorLiteral } from '@btz/bid-engine/repository';
import type { AppContext } from '../../context.js';
import { PermanentJobError, type JobDefinition, type PayloadOf } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import { readDocumentIsolated } from '../../workers/index.js';
import { READ_KIND, READ_PAYLOAD } from './service.js';

type Payload = PayloadOf<typeof READ_PAYLOAD>;

/** A model from the pages' text when the reader gave none: one paragraph per line. */
function pagesModel(pages: { page: number; text: string }[]): DocModel {
  return {
    blocks: pages.flatMap((p) => p.text.split('\n').filter((l) => l.trim()).map((text) => ({ type: 'paragraph' as const, text, page: p.page, pageEnd: p.page }))),
    furniture: [],
    pageCount: pages.length,
  };
}

/** How much of one passage is segmented for search. */
const INDEX_CHARS = 20_000;

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
      let result;
      try {
        result = await readDocumentIsolated(app.config, data, { ocr: false, signal: ctx.signal });
      } catch (e) {
        if (e instanceof DocumentError) throw new PermanentJobError(e.message, { cause: e });
        throw e;
      }
      const passages = splitPassages(result.model ?? pagesModel(result.pages.map((p) => ({ page: p.page, text: p.text }))));
      if (!passages.length) throw new PermanentJobError(REPOSITORY_TEXTS.noText);
      // the words of each passage (segmentation is CPU work on the server's thread): computed in slices of ~15 ms with a
      // turn of the event loop between them — a large file done in one go stalled /healthz 2–4 s (issue 22 storage bench)
      const words: { tsv: string; head: string }[] = [];
      let slice = performance.now();
      for (const p of passages) {
        // a passage is searched by its first INDEX_CHARS characters (one passage of a paragraph-less file can be the whole
        // file: segmenting 900 KB at once held the thread for seconds)
        words.push({ tsv: tsvectorLiteral(p.path.join(' '), p.text.slice(0, INDEX_CHARS)), head: tsvectorLiteral(p.path.join(' '), '') });
        if (performance.now() - slice > 15) {
          await new Promise((r) => setImmediate(r));
          if (ctx.signal.aborted) throw ctx.signal.reason;
          slice = performance.now();
        }
      }
      await ctx.fence(async (trx) => {
        await trx.deleteFrom('repository_passages').where('file_id', '=', id).execute();
        // batches of at most 200 rows and ~128 KB: on the embedded database one statement runs on the server's thread
        for (let i = 0, n = 0; i < passages.length; i += n) {
          let size = 0;
          for (n = 0; i + n < passages.length && n < 200 && (n === 0 || size < 128_000); n++) size += passages[i + n]!.text.length + words[i + n]!.tsv.length;
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
                tsv: sql`${words[i + j]!.tsv}::tsvector` as unknown as string,
                heading_tsv: sql`${words[i + j]!.head}::tsvector` as unknown as string,
              })),
            )
            .execute();
        }
        await trx
          .updateTable('repository_files')
          .set({ state: 'done', error: null, page_count: result.meta.pageCount, passage_count: passages.length, updated_at: new Date() })
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
