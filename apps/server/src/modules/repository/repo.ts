/**
 * SQL of the repository of past bids. Every statement is scoped by tenant and owner (enterprise/owner.ts ownerOf: the user,
 * or its enterprise in the enterprise role); ids from the client only ever narrow such a scoped query. Full-text search:
 * the passage words in `tsv` (GIN index), the query's as a tsquery, ranked with ts_rank.
 */
import { sql, type Insertable, type Kysely, type SelectQueryBuilder, type Selectable, type Updateable } from 'kysely';
import type { Page, RepositoryPassage } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-repository.js';
import type { RepositoryFilesTable } from '../../db/schema-repository.js';
import { paginate, type Paging } from '../../db/paging.js';
import { newId } from '../../lib/ids.js';
import type { RepositoryPassage as ReadPassage } from '../../workers/tasks.js';
import { scopedToOwner, type Owner } from '../enterprise/owner.js';

type Db = Kysely<DB>;
export type RepositoryFileRow = Selectable<RepositoryFilesTable>;

export async function insertFile(db: Db, row: Insertable<RepositoryFilesTable>): Promise<void> {
  await db.insertInto('repository_files').values(row).execute();
}

/** A file by id alone (its reading job's: the payload names it). */
export async function fileById(db: Db, id: string) {
  return db.selectFrom('repository_files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes the file while its reading is `jobId` (running, failed). */
export async function updateReading(db: Db, id: string, jobId: string, set: Updateable<RepositoryFilesTable>): Promise<void> {
  await db.updateTable('repository_files').set(set).where('id', '=', id).where('job_id', '=', jobId).execute();
}

/** The passages of a file go (a reading that runs again stores them anew). */
export async function clearPassages(db: Db, fileId: string): Promise<void> {
  await db.deleteFrom('repository_passages').where('file_id', '=', fileId).execute();
}

/** Stores passages of a file read, numbered from `firstSeq`, their words as tsvector. */
export async function insertPassages(
  db: Db,
  file: { id: string; tenant_id: string; owner_type: 'user' | 'enterprise'; owner_id: string },
  firstSeq: number,
  passages: readonly ReadPassage[],
): Promise<void> {
  await db
    .insertInto('repository_passages')
    .values(
      passages.map((p, j) => ({
        id: newId(),
        file_id: file.id,
        tenant_id: file.tenant_id,
        owner_type: file.owner_type,
        owner_id: file.owner_id,
        seq: firstSeq + j,
        heading: JSON.stringify(p.path),
        page: p.page,
        text: p.text,
        tsv: sql<string>`${p.tsv}::tsvector`,
        heading_tsv: sql<string>`${p.head}::tsvector`,
      })),
    )
    .execute();
}

/** The file read: its counts, done. */
export async function finishReading(db: Db, id: string, counts: { pageCount: number; passageCount: number }): Promise<void> {
  await db
    .updateTable('repository_files')
    .set({ state: 'done', error: null, page_count: counts.pageCount, passage_count: counts.passageCount, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function findFile(db: Db, o: Owner, id: string): Promise<RepositoryFileRow | undefined> {
  return (await scopedToOwner(db.selectFrom('repository_files').selectAll(), o).where('id', '=', id).executeTakeFirst()) as RepositoryFileRow | undefined;
}

export async function listFiles(db: Db, o: Owner, p: Paging): Promise<Page<RepositoryFileRow>> {
  const base = scopedToOwner(db.selectFrom('repository_files'), o) as SelectQueryBuilder<DB, 'repository_files', object>;
  return paginate(
    base,
    p,
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}

export async function deleteFile(db: Db, o: Owner, id: string): Promise<boolean> {
  const r = await scopedToOwner(db.deleteFrom('repository_files'), o).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

interface PassageHit {
  id: string;
  file_id: string;
  file_name: string;
  heading: string[];
  page: number;
  text: string;
  rank: number;
}

const present = (r: PassageHit): RepositoryPassage => ({
  id: r.id,
  fileId: r.file_id,
  fileName: r.file_name,
  heading: r.heading,
  page: r.page,
  text: r.text,
  rank: Math.round(Number(r.rank) * 1e4) / 1e4,
});

/** How many passages of those matching a search-box query are ranked by their whole text. */
export const SEARCH_POOL = 200;

/**
 * The owner's passages holding every word of `tsquery` (tsvector/tsquery input syntax, engine tsqueryLiteral), best
 * first, identical passages shown once. In two steps, so a common word at 10 000 passages stays quick: the matches are
 * found through the GIN index on `tsv` and ordered by their heading's words (heading_tsv, small) — the best SEARCH_POOL
 * of them — then those are ranked by their whole text (ts_rank of `tsv`, heading words at weight A) and the heading.
 * The full vectors (large, stored out of line) of a few hundred passages are read, not of every passage of the owner.
 * `exclude`: passage ids left out.
 */
export async function searchPassages(db: Db, o: Owner, tsquery: string, limit: number, exclude: string[] = []): Promise<RepositoryPassage[]> {
  if (!tsquery) return [];
  return db.transaction().execute(async (trx) => {
    await indexOnly(trx);
    const { rows } = await searchSql(o, tsquery, limit, exclude).execute(trx);
    return rows.map(present);
  });
}

/**
 * Inside a transaction: the planner takes the GIN index for `@@`. Its cost model does not see that testing a row reads
 * the row's out-of-line tsvector, so for a common word it would scan (and unpack) every vector of every owner.
 */
async function indexOnly(trx: Db) {
  await sql`SET LOCAL enable_seqscan = off`.execute(trx);
}

function searchSql(o: Owner, tsquery: string, limit: number, exclude: string[]) {
  return sql<PassageHit>`
    WITH qq AS (SELECT ${tsquery}::tsquery AS q),
    m AS (
      SELECT DISTINCT ON (p.text_hash) p.id, p.file_id, p.seq, ts_rank(p.heading_tsv, q) AS hr
      FROM repository_passages p, qq
      WHERE p.tenant_id = ${o.tenantId} AND p.owner_type = ${o.holder.type} AND p.owner_id = ${o.holder.id}
        AND p.tsv @@ q
        ${exclude.length ? sql`AND p.id NOT IN (${sql.join(exclude)})` : sql``}
      ORDER BY p.text_hash, hr DESC, p.file_id, p.seq
    ),
    c AS (SELECT id, hr FROM m ORDER BY hr DESC, file_id, seq LIMIT ${SEARCH_POOL})
    SELECT p.id, p.file_id, f.file_name, p.heading, p.page, p.text, ts_rank(p.tsv, q) + c.hr AS rank
    FROM c JOIN repository_passages p ON p.id = c.id JOIN repository_files f ON f.id = p.file_id, qq
    ORDER BY rank DESC, p.file_id, p.seq
    LIMIT ${limit}`;
}

/** The plan of searchPassages' statement as PostgreSQL ran it (bench/retrieval.ts --explain). */
export async function explainSearch(db: Db, o: Owner, tsquery: string, limit: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await indexOnly(trx);
    const { rows } = await sql<Record<string, string>>`EXPLAIN (ANALYZE, BUFFERS) ${searchSql(o, tsquery, limit, [])}`.execute(trx);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

/**
 * A section's suggestion pool, in two steps: the passages whose heading (heading_tsv, small) best matches `tsquery`
 * (`pool` of them, identical passages once), then the best `limit` of them by their whole text (tsv) — the full vectors
 * of a few hundred passages are read, not of every passage sharing a word with the section.
 */
export async function searchByHeading(db: Db, o: Owner, tsquery: string, limit: number, exclude: string[] = [], pool = 200): Promise<RepositoryPassage[]> {
  if (!tsquery) return [];
  const { rows } = await sql<PassageHit>`
    WITH qq AS (SELECT ${tsquery}::tsquery AS q),
    m AS (
      SELECT DISTINCT ON (p.text_hash) p.id, ts_rank(p.heading_tsv, q) AS hr
      FROM repository_passages p, qq
      WHERE p.tenant_id = ${o.tenantId} AND p.owner_type = ${o.holder.type} AND p.owner_id = ${o.holder.id}
        AND p.heading_tsv @@ q
        ${exclude.length ? sql`AND p.id NOT IN (${sql.join(exclude)})` : sql``}
      ORDER BY p.text_hash, hr DESC, p.id
    ),
    c AS (SELECT id FROM m ORDER BY hr DESC, id LIMIT ${pool})
    SELECT p.id, p.file_id, f.file_name, p.heading, p.page, p.text, ts_rank(p.tsv, q) AS rank
    FROM c JOIN repository_passages p ON p.id = c.id JOIN repository_files f ON f.id = p.file_id, qq
    ORDER BY rank DESC, p.file_id, p.seq
    LIMIT ${limit}`.execute(db);
  return rows.map(present);
}

/** Passages of the owner by id (pinned ones), in the order given. */
export async function passagesById(db: Db, o: Owner, ids: string[]): Promise<RepositoryPassage[]> {
  if (!ids.length) return [];
  const { rows } = await sql<PassageHit>`
    SELECT p.id, p.file_id, f.file_name, p.heading, p.page, p.text, 0 AS rank
    FROM repository_passages p JOIN repository_files f ON f.id = p.file_id
    WHERE p.tenant_id = ${o.tenantId} AND p.owner_type = ${o.holder.type} AND p.owner_id = ${o.holder.id}
      AND p.id IN (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [present(byId.get(id)!)] : []));
}

/** The user's pin or exclusion of a passage for a section of its bid (one per passage: the latest wins). */
export async function pickPassage(db: Db, bidId: string, nodeId: string, passageId: string, pick: 'pin' | 'exclude'): Promise<void> {
  await db
    .insertInto('repository_picks')
    .values({ bid_id: bidId, node_id: nodeId, passage_id: passageId, pick })
    .onConflict((oc) => oc.columns(['bid_id', 'node_id', 'passage_id']).doUpdateSet({ pick }))
    .execute();
}

export async function unpickPassage(db: Db, bidId: string, nodeId: string, passageId: string): Promise<void> {
  await db.deleteFrom('repository_picks').where('bid_id', '=', bidId).where('node_id', '=', nodeId).where('passage_id', '=', passageId).execute();
}

export async function picksOf(db: Db, bidId: string, nodeId: string): Promise<{ passage_id: string; pick: 'pin' | 'exclude' }[]> {
  return db.selectFrom('repository_picks').select(['passage_id', 'pick']).where('bid_id', '=', bidId).where('node_id', '=', nodeId).orderBy('created_at').execute();
}
