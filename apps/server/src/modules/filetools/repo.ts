/**
 * SQL of the bid-file tools' runs. Every statement is scoped by tenant and owner (the user, or its enterprise in the
 * enterprise role — `ownerOf` of enterprise/owner.ts); ids from the client only ever narrow such a scoped query.
 */
import type { Insertable, Kysely, SelectQueryBuilder, Selectable } from 'kysely';
import type { Page } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-filetools.js';
import type { FileToolFile, FileToolRunsTable } from '../../db/schema-filetools.js';
import { paginate, type Paging } from '../../db/paging.js';
import { scopedToOwner, type Owner } from '../enterprise/owner.js';

type Db = Kysely<DB>;
export type RunRow = Selectable<FileToolRunsTable>;

export async function insertRunRow(db: Db, row: Insertable<FileToolRunsTable>): Promise<void> {
  await db.insertInto('file_tool_runs').values(row).execute();
}

/** A run by id alone (its job's: the payload names it). */
export async function runById(db: Db, id: string): Promise<RunRow | undefined> {
  return db.selectFrom('file_tool_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The run's outputs, done (its job commits them inside the job's fence); false when the run was deleted meanwhile. */
export async function storeOutputs(db: Db, id: string, outputs: FileToolFile[], report: object | null | undefined): Promise<boolean> {
  const r = await db
    .updateTable('file_tool_runs')
    .set({ state: 'done', progress: 100, error: null, outputs: JSON.stringify(outputs), report: report ? JSON.stringify(report) : null, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whose runs the caller sees: the same holder as its pictures and enterprise facts. */
export async function findRun(db: Db, o: Owner, id: string): Promise<RunRow | undefined> {
  return scopedToOwner(db.selectFrom('file_tool_runs').selectAll(), o).where('id', '=', id).executeTakeFirst();
}

export async function listRuns(db: Db, o: Owner, p: Paging, tools: string[] | null): Promise<Page<RunRow>> {
  let base = scopedToOwner(db.selectFrom('file_tool_runs'), o) as SelectQueryBuilder<DB, 'file_tool_runs', object>;
  if (tools?.length) base = base.where('tool', 'in', tools as RunRow['tool'][]);
  return paginate(
    base,
    p,
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}

/** The row goes; the stored bytes stay (storage is content-addressed and may be shared). */
export async function deleteRun(db: Db, o: Owner, id: string): Promise<boolean> {
  const r = await scopedToOwner(db.deleteFrom('file_tool_runs'), o).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
