/**
 * SQL of the bid-file tools' runs. Every statement is scoped by tenant and owner (the user, or its enterprise in the
 * enterprise role — the picture library's `ownerOf`); ids from the client only ever narrow such a scoped query.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { FileToolRun, Page } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-filetools.js';
import type { FileToolFile, FileToolRunsTable } from '../../db/schema-filetools.js';
import { paginate, type Paging } from '../../db/paging.js';
import { ownerOf as pictureOwnerOf, type PictureOwner } from '../pictures/repo.js';
import { presentRun } from './present.js';

type Db = Kysely<DB>;
export type ToolOwner = PictureOwner;
export type RunRow = Omit<FileToolRunsTable, 'created_at' | 'state' | 'progress' | 'inputs' | 'outputs' | 'report'> & {
  created_at: Date;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  inputs: FileToolFile[];
  outputs: FileToolFile[];
  report: Record<string, number | boolean> | null;
};

/** Whose runs the caller sees: the same holder as its pictures and enterprise facts. */
export const ownerOf = pictureOwnerOf;

function scoped<T extends { where: (...a: any[]) => T }>(q: T, o: ToolOwner): T {
  return q.where('tenant_id', '=', o.tenantId).where('owner_type', '=', o.holder.type).where('owner_id', '=', o.holder.id);
}

export async function findRun(db: Db, o: ToolOwner, id: string): Promise<RunRow | undefined> {
  return (await scoped(db.selectFrom('file_tool_runs').selectAll(), o).where('id', '=', id).executeTakeFirst()) as RunRow | undefined;
}

export async function listRuns(db: Db, o: ToolOwner, p: Paging, tools: string[] | null): Promise<Page<FileToolRun>> {
  let base = scoped(db.selectFrom('file_tool_runs'), o) as SelectQueryBuilder<DB, 'file_tool_runs', object>;
  if (tools?.length) base = base.where('tool', 'in', tools as RunRow['tool'][]);
  return paginate(
    base,
    p,
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    (row) => presentRun(row as unknown as RunRow),
  );
}

/** The row goes; the stored bytes stay (storage is content-addressed and may be shared). */
export async function deleteRun(db: Db, o: ToolOwner, id: string): Promise<boolean> {
  const r = await scoped(db.deleteFrom('file_tool_runs'), o).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
