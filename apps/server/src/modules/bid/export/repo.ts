/**
 * SQL of a bid's exports (table bid_exports, migrations/0024_bid_exports.ts). Every read from a call is scoped by tenant
 * and user (the user who started the export); the job reads its row by the id of its payload.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { BidExportsTable } from '../../../db/schema-writing.js';
import '../../../db/schema-writing.js';

type Db = Kysely<DB>;
export type ExportRow = Selectable<BidExportsTable>;
export interface ExportScope {
  tenantId: string;
  userId: string;
}

export async function insertExport(db: Db, row: { id: string; tenantId: string; userId: string; bidId: string; format: 'docx' | 'pdf'; fileName: string }): Promise<void> {
  await db
    .insertInto('bid_exports')
    .values({ id: row.id, tenant_id: row.tenantId, user_id: row.userId, bid_id: row.bidId, format: row.format, file_name: row.fileName, error: null, job_id: null, file_key: null, updated_at: new Date() })
    .execute();
}

export async function findExport(db: Db, s: ExportScope, id: string): Promise<ExportRow | undefined> {
  return db.selectFrom('bid_exports').selectAll().where('tenant_id', '=', s.tenantId).where('user_id', '=', s.userId).where('id', '=', id).executeTakeFirst();
}

/** The row a job works on (its payload's id). */
export async function exportById(db: Db, id: string): Promise<ExportRow | undefined> {
  return db.selectFrom('bid_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The caller's exports of one bid (the scope every list starts from). */
const exportsOfCaller = (db: Db, s: ExportScope, bidId: string) =>
  db.selectFrom('bid_exports').selectAll().where('tenant_id', '=', s.tenantId).where('user_id', '=', s.userId).where('bid_id', '=', bidId);

/** The caller's exports of a bid, newest first. */
export async function listExports(db: Db, s: ExportScope, bidId: string, limit = 10): Promise<ExportRow[]> {
  return exportsOfCaller(db, s, bidId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** An export of the bid in this format still queued or running (a second click follows it rather than starting another). */
export async function unfinishedExport(db: Db, s: ExportScope, bidId: string, format: 'docx' | 'pdf'): Promise<ExportRow | undefined> {
  return exportsOfCaller(db, s, bidId).where('format', '=', format).where('state', 'in', ['queued', 'running']).orderBy('created_at', 'desc').executeTakeFirst();
}

/** Every export of a bid (any user of it), for the bid's deletion. */
export async function exportsOfBid(db: Db, bidId: string): Promise<{ id: string }[]> {
  return db.selectFrom('bid_exports').select('id').where('bid_id', '=', bidId).execute();
}

/** Sections of the bid that have a doc (what the export is fed), for its progress. */
export async function countWrittenSections(db: Db, bidId: string): Promise<number> {
  const r = await db.selectFrom('bid_sections').select(sql<number>`count(*)::int`.as('n')).where('bid_id', '=', bidId).where('doc', 'is not', null).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The job's result, if the row is still this job's (a retry's newer job, or a deleted row, keeps it from writing). */
export async function markExportDone(db: Db, id: string, jobId: string, file: { key: string; size: number }): Promise<boolean> {
  const r = await db
    .updateTable('bid_exports')
    .set({ state: 'done', progress: 100, error: null, file_key: file.key, file_size: file.size, finished_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Older finished exports of the same bid, format and user than `id`: deleted, their ids returned (the caller releases
 * their stored files). The latest export of each bid and format is what a user downloads; older ones only take space.
 */
export async function dropOlderExports(db: Db, row: Pick<ExportRow, 'id' | 'tenant_id' | 'user_id' | 'bid_id' | 'format' | 'created_at'>): Promise<string[]> {
  const gone = await db
    .deleteFrom('bid_exports')
    .where('tenant_id', '=', row.tenant_id)
    .where('user_id', '=', row.user_id)
    .where('bid_id', '=', row.bid_id)
    .where('format', '=', row.format)
    .where('id', '!=', row.id)
    .where('state', 'in', ['done', 'failed'])
    .where('created_at', '<=', row.created_at)
    .returning('id')
    .execute();
  return gone.map((g) => g.id);
}

export async function deleteExports(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('bid_exports').where('id', 'in', ids).execute();
}
