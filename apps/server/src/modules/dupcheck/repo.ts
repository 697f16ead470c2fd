/**
 * SQL of the duplicate checks. Every statement is scoped by tenant and owner (the user, or its enterprise in the
 * enterprise role — `ownerOf`, the same holder as the picture library); ids from the client only narrow such a query.
 */
import { sql, type Insertable, type Kysely, type SelectQueryBuilder } from 'kysely';
import { upgradeDupReport, type DupReport, type DupRisk, type Page } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-dupcheck.js';
import type { DupChecksTable, DupStoredFile } from '../../db/schema-dupcheck.js';
import { paginate, type Paging } from '../../db/paging.js';
import { scopedToOwner, type Owner } from '../enterprise/owner.js';

type Db = Kysely<DB>;

export interface DupCheckRow {
  id: string;
  tenant_id: string;
  owner_type: 'user' | 'enterprise';
  owner_id: string;
  user_id: string;
  name: string;
  state: 'draft' | 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  error: string | null;
  files: DupStoredFile[];
  report: DupReport | null;
  risk: DupRisk | null;
  score: number | null;
  job_id: string | null;
  created_at: Date;
}

/** The check with its report read as today's (a report stored by an older version upgraded: upgradeDupReport). */
export async function insertCheckRow(db: Db, row: Insertable<DupChecksTable>): Promise<void> {
  await db.insertInto('dup_checks').values(row).execute();
}

/** A draft check queued (only a draft starts: two clicks at once queue it once); whether it was a draft. */
export async function queueDraft(db: Db, id: string): Promise<boolean> {
  const r = await db.updateTable('dup_checks').set({ state: 'queued', updated_at: new Date() }).where('id', '=', id).where('state', '=', 'draft').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The check's report, done (its job commits it inside the job's fence). */
export async function storeReport(db: Db, id: string, report: DupReport): Promise<void> {
  await db
    .updateTable('dup_checks')
    .set({ state: 'done', progress: 100, error: null, report: JSON.stringify(report), risk: report.risk, score: report.score, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function findCheck(db: Db, o: Owner, id: string): Promise<DupCheckRow | undefined> {
  const row = (await scopedToOwner(db.selectFrom('dup_checks').selectAll(), o).where('id', '=', id).executeTakeFirst()) as DupCheckRow | undefined;
  if (row?.report) row.report = upgradeDupReport(row.report);
  return row;
}

/** The check without its report (the job and the list need only this). */
export async function findCheckLight(db: Db, id: string) {
  return db.selectFrom('dup_checks').select(['id', 'tenant_id', 'user_id', 'state', 'files', 'name']).where('id', '=', id).executeTakeFirst() as Promise<
    Pick<DupCheckRow, 'id' | 'tenant_id' | 'user_id' | 'state' | 'files' | 'name'> | undefined
  >;
}

/**
 * Adds a file to a draft check in one statement: the index from the check's counter, refused (undefined) when the check
 * is not a draft or already holds `max` files of the role — so two uploads at once cannot pass the limit together.
 */
export async function addFile(db: Db, o: Owner, id: string, file: Omit<DupStoredFile, 'index'>, max: number): Promise<number | undefined> {
  const { rows } = await sql<{ next_index: number }>`
    UPDATE dup_checks
    SET next_index = next_index + 1,
        files = files || jsonb_build_array(${JSON.stringify(file)}::jsonb || jsonb_build_object('index', next_index + 1)),
        updated_at = now()
    WHERE id = ${id} AND tenant_id = ${o.tenantId} AND owner_type = ${o.holder.type} AND owner_id = ${o.holder.id}
      AND state = 'draft'
      AND (SELECT count(*) FROM jsonb_array_elements(files) AS f WHERE f->>'role' = ${file.role}) < ${max}
    RETURNING next_index`.execute(db);
  return rows[0]?.next_index;
}

export async function removeFile(db: Db, o: Owner, id: string, index: number): Promise<boolean> {
  const r = await sql`
    UPDATE dup_checks
    SET files = COALESCE((SELECT jsonb_agg(f ORDER BY (f->>'index')::int) FROM jsonb_array_elements(files) AS f WHERE (f->>'index')::int <> ${index}), '[]'::jsonb),
        updated_at = now()
    WHERE id = ${id} AND tenant_id = ${o.tenantId} AND owner_type = ${o.holder.type} AND owner_id = ${o.holder.id}
      AND state = 'draft' AND EXISTS (SELECT 1 FROM jsonb_array_elements(files) AS f WHERE (f->>'index')::int = ${index})`.execute(db);
  return Number(r.numAffectedRows ?? 0n) > 0;
}

export async function deleteCheck(db: Db, o: Owner, id: string): Promise<boolean> {
  const r = await scopedToOwner(db.deleteFrom('dup_checks'), o).where('id', '=', id).where('state', 'not in', ['queued', 'running']).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The columns a list shows. */
export type DupCheckListRow = Pick<DupCheckRow, 'id' | 'name' | 'state' | 'progress' | 'error' | 'files' | 'risk' | 'score' | 'created_at'>;

export async function listChecks(db: Db, o: Owner, p: Paging): Promise<Page<DupCheckListRow>> {
  const base = scopedToOwner(db.selectFrom('dup_checks'), o) as SelectQueryBuilder<DB, 'dup_checks', object>;
  return paginate(
    base,
    p,
    (b) => b.select(['id', 'name', 'state', 'progress', 'error', 'files', 'risk', 'score', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}
