/**
 * SQL of bids. Every query that starts from a user's request is scoped by tenant AND owner here, so a forgotten check in
 * a caller still leaks nothing (ARCHITECTURE.md example 4). Writes that change a bid also refuse a finished one.
 */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { BidParseState, BidStatus, Page } from '@btz/shared';
import type { Block, DocModel } from '@btz/bid-engine/reading';
import { paginate, type Paging } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';
import type { BidFilesTable, BidsTable } from '../../db/schema-bids.js';

export type BidRow = Selectable<BidsTable>;
export type BidFileRow = Selectable<BidFilesTable>;

/**
 * Who asks: a user of a tenant, and the team it belongs to (null: none). A personal bid (`enterprise_id` null) is its
 * writer's alone; a bid written in the enterprise role (`enterprise_id` set) is the team's: every member sees it, and
 * its writer only while a member. What each may do with it: access.ts.
 */
export interface Owner {
  tenantId: string;
  userId: string;
  enterpriseId: string | null;
}

function ownerScope<T extends { where: (...a: any[]) => T }>(q: T, owner: Owner): T {
  return q
    .where('tenant_id', '=', owner.tenantId)
    .where('deleted_at', 'is', null)
    .where((eb: any) => {
      const own = eb.and([eb('user_id', '=', owner.userId), eb('enterprise_id', 'is', null)]);
      return owner.enterpriseId ? eb.or([own, eb('enterprise_id', '=', owner.enterpriseId)]) : own;
    });
}

/** The scope that holds exactly the people a bid belongs to (for writes after access.ts allowed them). */
export function scopeOfBid(bid: Pick<BidRow, 'tenant_id' | 'user_id' | 'enterprise_id'>): Owner {
  return { tenantId: bid.tenant_id, userId: bid.user_id, enterpriseId: bid.enterprise_id };
}

export async function findBid(db: Kysely<DB>, owner: Owner, id: string): Promise<BidRow | undefined> {
  return ownerScope(db.selectFrom('bids').selectAll().where('id', '=', id), owner).executeTakeFirst();
}

/** A job acts for the bid it was queued for (the call that queued it checked the caller): tenant and bid only. */
export async function findBidForJob(db: Kysely<DB>, tenantId: string, id: string): Promise<BidRow | undefined> {
  return db.selectFrom('bids').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Changes a bid of the owner unless it is finished; returns the new row, undefined when nothing matched. */
export async function updateBid(
  db: Kysely<DB>,
  owner: Owner,
  id: string,
  patch: Updateable<BidsTable>,
): Promise<BidRow | undefined> {
  return ownerScope(db.updateTable('bids').set({ ...patch, updated_at: sql<Date>`now()` }).where('id', '=', id), owner)
    .where('status', '<>', 'finished')
    .returningAll()
    .executeTakeFirst();
}

export type BidListRow = Pick<BidRow, 'id' | 'name' | 'bid_type' | 'status' | 'parse_state' | 'created_at' | 'updated_at'> & {
  project_name: string | null;
  project_number: string | null;
  deadline: string | null;
};

/**
 * The bid list follows the role, as the entitlements do: in the enterprise role the team's bids (`team` = the
 * enterprise), else the user's personal ones.
 */
export async function listBids(
  db: Kysely<DB>,
  who: { tenantId: string; userId: string; team: string | null },
  opts: Paging & { status?: BidStatus },
): Promise<Page<BidListRow>> {
  let base = db.selectFrom('bids').where('tenant_id', '=', who.tenantId).where('deleted_at', 'is', null);
  base = who.team ? base.where('enterprise_id', '=', who.team) : base.where('user_id', '=', who.userId).where('enterprise_id', 'is', null);
  if (opts.status) base = base.where('status', '=', opts.status);
  return paginate(base, opts, (q) =>
    q
      .select([
        'id',
        'name',
        'bid_type',
        'status',
        'parse_state',
        'created_at',
        'updated_at',
        sql<string | null>`card->'projectName'->>'value'`.as('project_name'),
        sql<string | null>`card->'projectNumber'->>'value'`.as('project_number'),
        sql<string | null>`card->'deadline'->>'value'`.as('deadline'),
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
}

export async function listFiles(db: Kysely<DB>, bidId: string): Promise<BidFileRow[]> {
  return db.selectFrom('bid_files').selectAll().where('bid_id', '=', bidId).where('deleted_at', 'is', null).orderBy('ord').execute();
}

export async function findFile(db: Kysely<DB>, bidId: string, where: { id?: string; name?: string }): Promise<BidFileRow | undefined> {
  let q = db.selectFrom('bid_files').selectAll().where('bid_id', '=', bidId).where('deleted_at', 'is', null);
  if (where.id) q = q.where('id', '=', where.id);
  else if (where.name) q = q.where('name', '=', where.name);
  else return undefined;
  return q.executeTakeFirst();
}

export async function nextFileOrd(db: Kysely<DB>, bidId: string): Promise<number> {
  const r = await db
    .selectFrom('bid_files')
    .select((eb) => eb.fn.max<number>('ord').as('m'))
    .where('bid_id', '=', bidId)
    .executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

export async function readPage(db: Kysely<DB>, fileId: string, page: number) {
  return db.selectFrom('bid_file_pages').select(['page', 'text', 'ocr']).where('file_id', '=', fileId).where('page', '=', page).executeTakeFirst();
}

export async function filePages(db: Kysely<DB>, fileId: string) {
  return db.selectFrom('bid_file_pages').select(['page', 'text', 'ocr']).where('file_id', '=', fileId).orderBy('page').execute();
}

/**
 * The blocks of the stored document model that touch page `page` (the database picks them out of the model, so a
 * 300-page tender's model is not loaded for one page); undefined when the file has no stored model.
 */
export async function modelBlocksOnPage(db: Kysely<DB>, fileId: string, page: number): Promise<Block[] | undefined> {
  const has = await db.selectFrom('bid_file_models').select('file_id').where('file_id', '=', fileId).executeTakeFirst();
  if (!has) return undefined;
  const r = await sql<{ block: Block }>`
    SELECT b.block
    FROM bid_file_models m, jsonb_array_elements(m.model -> 'blocks') WITH ORDINALITY AS b(block, n)
    WHERE m.file_id = ${fileId} AND (b.block ->> 'page')::int <= ${page} AND (b.block ->> 'pageEnd')::int >= ${page}
    ORDER BY b.n`.execute(db);
  return r.rows.map((row) => row.block);
}

/** The stored document model of a file, or undefined (read before migration 0011, or the reader gave none). */
export async function fileModel(db: Kysely<DB>, fileId: string): Promise<DocModel | undefined> {
  const row = await db.selectFrom('bid_file_models').select('model').where('file_id', '=', fileId).executeTakeFirst();
  return row?.model ?? undefined;
}

/** Stores (or replaces, or with `undefined` removes) the document model of a file. */
export async function replaceModel(db: Kysely<DB>, fileId: string, model: DocModel | undefined): Promise<void> {
  await db.deleteFrom('bid_file_models').where('file_id', '=', fileId).execute();
  if (model) await db.insertInto('bid_file_models').values({ file_id: fileId, model: JSON.stringify(model).split('\\u0000').join('') }).execute();
}

/** Replaces the stored page text of a file (one short transaction). */
export async function replacePages(db: Kysely<DB>, fileId: string, pages: Array<{ page: number; text: string; ocr?: boolean }>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bid_file_pages').where('file_id', '=', fileId).execute();
    for (let i = 0; i < pages.length; i += 200) {
      const chunk = pages.slice(i, i + 200);
      await trx
        .insertInto('bid_file_pages')
        .values(chunk.map((p) => ({ file_id: fileId, page: p.page, text: p.text.split('\u0000').join(''), ocr: !!p.ocr })))
        .execute();
    }
  });
}

/** Adds a model call's token usage to the bid's counts. */
export async function addTokenUsage(db: Kysely<DB>, bidId: string, usage: { prompt: number; completion: number; cached: number }): Promise<void> {
  await db
    .updateTable('bids')
    .set({
      tokens_prompt: sql<number>`tokens_prompt + ${usage.prompt}`,
      tokens_completion: sql<number>`tokens_completion + ${usage.completion}`,
      tokens_cached: sql<number>`tokens_cached + ${usage.cached}`,
    })
    .where('id', '=', bidId)
    .execute();
}

export async function insertBid(db: Kysely<DB>, row: Insertable<BidsTable>): Promise<void> {
  await db.insertInto('bids').values(row).execute();
}

/** Marks the bid of the owner deleted (unless it is finished) and lets go of its parse run. */
export async function softDeleteBid(db: Kysely<DB>, owner: Owner, id: string): Promise<BidRow | undefined> {
  return updateBid(db, owner, id, { deleted_at: sql<Date>`now()` as never, parse_job_id: null });
}

export async function insertFile(db: Kysely<DB>, row: Insertable<BidFilesTable>): Promise<void> {
  await db.insertInto('bid_files').values(row).execute();
}

export async function updateFile(db: Kysely<DB>, fileId: string, patch: Updateable<BidFilesTable>): Promise<void> {
  await db.updateTable('bid_files').set(patch).where('id', '=', fileId).execute();
}

export async function softDeleteFile(db: Kysely<DB>, fileId: string): Promise<void> {
  await db.updateTable('bid_files').set({ deleted_at: sql<Date>`now()` }).where('id', '=', fileId).execute();
}

/** The ids of every file the bid ever had, deleted ones too (what the storage ledger holds for it). */
export async function allFileIds(db: Kysely<DB>, bidId: string): Promise<{ id: string }[]> {
  return db.selectFrom('bid_files').select('id').where('bid_id', '=', bidId).execute();
}

// Parse runs: every write below names the run (`parse_job_id`), so a superseded run can no longer touch the bid.

/** Points the bid at a new parse run, queued. */
export async function startParseRun(db: Kysely<DB>, bidId: string, jobId: string, stage: string): Promise<void> {
  await db
    .updateTable('bids')
    .set({ parse_job_id: jobId, parse_state: 'queued', parse_progress: 0, parse_stage: stage, parse_error: null, updated_at: sql<Date>`now()` })
    .where('id', '=', bidId)
    .execute();
}

/** The run's progress, while it is queued or running. */
export async function setParseProgress(db: Kysely<DB>, bidId: string, jobId: string, p: { state: BidParseState; progress: number; stage: string }): Promise<void> {
  await db
    .updateTable('bids')
    .set({ parse_state: p.state, parse_progress: p.progress, parse_stage: p.stage, updated_at: sql<Date>`now()` })
    .where('id', '=', bidId)
    .where('parse_job_id', '=', jobId)
    .where('parse_state', 'in', ['queued', 'running'])
    .execute();
}

/** The run's result, unless the bid is finished; whether it landed. */
export async function commitParseRun(db: Kysely<DB>, bidId: string, jobId: string, result: Updateable<BidsTable>): Promise<boolean> {
  const r = await db
    .updateTable('bids')
    .set({ ...result, updated_at: sql<Date>`now()` })
    .where('id', '=', bidId)
    .where('parse_job_id', '=', jobId)
    .where('status', '<>', 'finished')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The run failed for good; the bid's owner and last progress, when the bid still pointed at the run. */
export async function failParseRun(db: Kysely<DB>, bidId: string, jobId: string, error: string, stage: string) {
  const rows = await db
    .updateTable('bids')
    .set({ parse_state: 'failed', parse_stage: stage, parse_error: error, updated_at: sql<Date>`now()` })
    .where('id', '=', bidId)
    .where('parse_job_id', '=', jobId)
    .returning(['user_id', 'parse_progress'])
    .execute();
  return rows[0];
}

/** An attempt of the run failed and will be retried: the bid shows it waiting. */
export async function requeueParseRun(db: Kysely<DB>, bidId: string, jobId: string, stage: string): Promise<void> {
  await db
    .updateTable('bids')
    .set({ parse_state: 'queued', parse_stage: stage, updated_at: sql<Date>`now()` })
    .where('id', '=', bidId)
    .where('parse_job_id', '=', jobId)
    .execute();
}
