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
import { PermanentJobError, type JobDefinition } from '../../jobs/index.js';
import { newId } from '../../lib/ids.js';
import { readDocumentIsolated } from '../../workers/index.js';
import { READ_KIND } from './service.js';

interface Payload {
  fileId: string;
}

/** A model from the pages' text when the reader gave none: one paragraph per line. */
function pagesModel(pages: { page: number; text: string }[]): DocModel {
  return {
    blocks: pages.flatMap((p) => p.text.split('\n').filter((l) => l.trim()).map((text) => ({ type: 'paragraph' as const, text, page: p.page, pageEnd: p.page }))),
    furniture: [],
    pageCount: pages.length,
  };
}

export function readRepositoryJob(app: AppContext): JobDefinition<Payload> {
  return {
    kind: READ_KIND,
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
      await ctx.fence(async (trx) => {
        await trx.deleteFrom('repository_passages').where('file_id', '=', id).execute();
        for (let i = 0; i < passages.length; i += 200) {
          await trx
            .insertInto('repository_passages')
            .values(
              passages.slice(i, i + 200).map((p, j) => ({
                id: newId(),
                file_id: id,
                tenant_id: row.tenant_id,
                owner_type: row.owner_type,
                owner_id: row.owner_id,
                seq: i + j,
                heading: JSON.stringify(p.path),
                page: p.page,
                text: p.text,
                tsv: sql`${tsvectorLiteral(p.path.join(' '), p.text)}::tsvector` as unknown as string,
                heading_tsv: sql`${tsvectorLiteral(p.path.join(' '), '')}::tsvector` as unknown as string,
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
