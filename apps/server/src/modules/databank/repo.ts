/**
 * SQL of the data bank. Every statement is scoped by tenant and owner (the user, or its enterprise in the enterprise
 * role — `ownerOf` of enterprise/owner.ts); ids from the client only ever narrow such a scoped query.
 */
import { sql, type Insertable, type Kysely, type SelectQueryBuilder, type Selectable, type Updateable } from 'kysely';
import type { DataDocFields, Page } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-databank.js';
import type { DataDocumentsTable } from '../../db/schema-databank.js';
import { paginate, type Paging } from '../../db/paging.js';
import { scopedToOwner, type Owner } from '../enterprise/owner.js';
import { addDays, shanghaiToday } from '../../lib/dates.js';

type Db = Kysely<DB>;
export type DataDocRow = Selectable<DataDocumentsTable>;

/** A document of the owner, draft or saved. */
export async function findDataDoc(db: Db, o: Owner, id: string): Promise<DataDocRow | undefined> {
  return (await scopedToOwner(db.selectFrom('data_documents').selectAll(), o).where('id', '=', id).executeTakeFirst()) as DataDocRow | undefined;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listDataDocs(
  db: Db,
  o: Owner,
  q: Paging & { keyword?: string; type?: string; tag?: string; expiring?: number },
  now = new Date(),
): Promise<Page<DataDocRow>> {
  let base = scopedToOwner(db.selectFrom('data_documents'), o).where('state', '=', 'saved') as SelectQueryBuilder<DB, 'data_documents', object>;
  if (q.keyword) {
    const like = `%${likeEscape(q.keyword)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('name', 'ilike', like),
        eb('number', 'ilike', like),
        eb('issuer', 'ilike', like),
        eb('person', 'ilike', like),
        eb('client', 'ilike', like),
        eb('credit_code', 'ilike', like),
        eb('file_name', 'ilike', like),
        sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(data_documents.tags) AS t WHERE t ILIKE ${like})`,
      ]),
    );
  }
  if (q.type) base = base.where('type', '=', q.type);
  if (q.tag) base = base.where(sql<boolean>`tags @> ${JSON.stringify([q.tag])}::jsonb`);
  if (q.expiring) base = base.where('expiry', 'is not', null).where('expiry', '<=', addDays(shanghaiToday(now), q.expiring));
  return paginate(
    base,
    q,
    (b) => (q.expiring ? b.selectAll().orderBy('expiry', 'asc').orderBy('id', 'asc') : b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc')),
  );
}

export async function ownerDataTags(db: Db, o: Owner): Promise<string[]> {
  const { rows } = await sql<{ tag: string }>`
    SELECT DISTINCT t AS tag FROM data_documents, jsonb_array_elements_text(data_documents.tags) AS t
    WHERE tenant_id = ${o.tenantId} AND owner_type = ${o.holder.type} AND owner_id = ${o.holder.id} AND state = 'saved'
    ORDER BY tag LIMIT 500`.execute(db);
  return rows.map((r) => r.tag);
}

/** Writes the confirmed fields; a draft becomes saved. */
export async function saveDataDoc(db: Db, o: Owner, id: string, f: DataDocFields): Promise<void> {
  await scopedToOwner(db.updateTable('data_documents'), o)
    .set({
      state: 'saved',
      type: f.type,
      name: f.name,
      number: f.number,
      credit_code: f.creditCode,
      issuer: f.issuer,
      valid_from: f.validFrom,
      expiry: f.expiry,
      person: f.person,
      client: f.client,
      year: f.year,
      amount_fen: f.amount == null ? null : Math.round(f.amount * 100),
      tags: JSON.stringify(f.tags),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** The row goes; the stored bytes stay (storage is content-addressed and may be shared with other rows). */
export async function deleteDataDoc(db: Db, o: Owner, id: string): Promise<boolean> {
  const r = await scopedToOwner(db.deleteFrom('data_documents'), o).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Saved documents expiring within `days` (not yet past) whose notice for this expiry was not sent. */
export async function dueNotices(db: Db, today: string, days: number): Promise<DataDocRow[]> {
  return (await db
    .selectFrom('data_documents')
    .selectAll()
    .where('state', '=', 'saved')
    .where('expiry', 'is not', null)
    .where('expiry', '>=', today)
    .where('expiry', '<=', addDays(today, days))
    .where((eb) => eb.or([eb('notified_expiry', 'is', null), eb('notified_expiry', '!=', eb.ref('expiry'))]))
    .orderBy('expiry')
    .limit(1000)
    .execute()) as DataDocRow[];
}

export async function markNotified(db: Db, id: string, expiry: string): Promise<boolean> {
  const r = await db.updateTable('data_documents').set({ notified_expiry: expiry }).where('id', '=', id).where('expiry', '=', expiry).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The owner's saved documents (of `types` when given), oldest first; at most `max`. */
export async function savedDataDocs(db: Db, o: Owner, types?: readonly string[], max = 300): Promise<DataDocRow[]> {
  let q = scopedToOwner(db.selectFrom('data_documents').selectAll(), o).where('state', '=', 'saved');
  if (types) {
    if (!types.length) return [];
    q = q.where('type', 'in', [...types]);
  }
  return (await q.orderBy('created_at').orderBy('id').limit(max).execute()) as DataDocRow[];
}

/** What changes when a saved document of the owner changes (count, last update): part of the health result's basis. */
export async function dataDocsStamp(db: Db, o: Owner): Promise<string> {
  const r = await scopedToOwner(db.selectFrom('data_documents'), o)
    .where('state', '=', 'saved')
    .select([sql<string>`count(*)`.as('n'), sql<Date | null>`max(updated_at)`.as('at')])
    .executeTakeFirstOrThrow();
  return `${Number(r.n)}@${r.at ? new Date(r.at).getTime() : 0}`;
}

/** The data-bank ids the sections of a bid show by picture (`/api/btz/databank/file?id=…` in their documents), at most `max`. */
export async function dataDocIdsInBid(db: Db, bidId: string, max = 500): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT DISTINCT m.g[1] AS id
    FROM bid_sections CROSS JOIN LATERAL regexp_matches(bid_sections.doc::text, '/api/btz/databank/file[?]id=([0-9]+)', 'g') AS m(g)
    WHERE bid_sections.bid_id = ${bidId} AND bid_sections.doc IS NOT NULL
    LIMIT ${max}`.execute(db);
  return rows.map((r) => r.id);
}

export async function insertDataDoc(db: Db, row: Insertable<DataDocumentsTable>): Promise<void> {
  await db.insertInto('data_documents').values(row).execute();
}

/** The reading job of a document (set once it is queued). */
export async function setReadJob(db: Db, id: string, jobId: string): Promise<void> {
  await db.updateTable('data_documents').set({ read_job_id: jobId }).where('id', '=', id).execute();
}

/** The document while its reading is `jobId` (a reading superseded or stopped finds nothing). */
export async function readingDoc(db: Db, id: string, jobId: string): Promise<DataDocRow | undefined> {
  return db.selectFrom('data_documents').selectAll().where('id', '=', id).where('read_job_id', '=', jobId).executeTakeFirst();
}

/** Changes the document while its reading is `jobId`. */
export async function updateReading(db: Db, id: string, jobId: string | null, set: Updateable<DataDocumentsTable>): Promise<void> {
  await db.updateTable('data_documents').set(set).where('id', '=', id).where('read_job_id', '=', jobId).execute();
}
