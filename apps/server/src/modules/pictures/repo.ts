/**
 * SQL of the picture library. Every statement is scoped by tenant and owner (the user, or its enterprise in the
 * enterprise role — `ownerOf`); ids from the client only ever narrow such a scoped query.
 */
import { sql, type Insertable, type Kysely, type SelectQueryBuilder, type Selectable } from 'kysely';
import type { EditorJson, Page } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-pictures.js';
import type { ExtractionItem, PictureExtractionsTable, PicturesTable } from '../../db/schema-pictures.js';
import { paginate, type Paging } from '../../db/paging.js';
import { scopedToOwner, type Owner } from '../enterprise/owner.js';

type Db = Kysely<DB>;
export type PictureRow = Selectable<PicturesTable>;
export type ExtractionRow = Selectable<PictureExtractionsTable>;

/** Whose pictures the caller sees: the same holder as its enterprise facts and entitlements. */
/** Adds a picture unless the owner holds its bytes already (two saves of the same bytes at once: one row); whether it did. */
export async function insertPicture(db: Db, row: Insertable<PicturesTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('pictures')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'owner_type', 'owner_id', 'sha256']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function insertExtraction(db: Db, row: Insertable<PictureExtractionsTable>): Promise<void> {
  await db.insertInto('picture_extractions').values(row).execute();
}

/** An extraction by id alone (its job's: the payload names it). */
export async function extractionById(db: Db, id: string) {
  return db.selectFrom('picture_extractions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The extraction's pictures, done (its job commits them inside the job's fence; `error` is then its notice); false when
 * the extraction went meanwhile.
 */
export async function storeExtracted(db: Db, id: string, r: { items: ExtractionItem[]; skipped: number; pages: number; notice: string | null }): Promise<boolean> {
  const kept = await db
    .updateTable('picture_extractions')
    .set({ state: 'done', progress: 100, error: r.notice, items: JSON.stringify(r.items), skipped: r.skipped, page_count: r.pages, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(kept.numUpdatedRows) > 0;
}

/**
 * Stored sections whose document still holds a data-URL image, `limit` at a time in key order after `after`, with the
 * owner of their bid (the start-up move of pasted pictures into the library).
 */
export async function sectionsWithDataImages(db: Db, after: { bid: string; node: string }, limit: number) {
  return db
    .selectFrom('bid_sections')
    .innerJoin('bids', 'bids.id', 'bid_sections.bid_id')
    .select(['bid_sections.bid_id', 'bid_sections.node_id', 'bid_sections.revision', 'bid_sections.doc', 'bids.tenant_id', 'bids.user_id'])
    .where('bid_sections.doc', 'is not', null)
    .where(sql<boolean>`bid_sections.doc::text LIKE '%data:image/%'`)
    .where(sql<boolean>`(bid_sections.bid_id, bid_sections.node_id) > (${after.bid}, ${after.node})`)
    .orderBy('bid_sections.bid_id')
    .orderBy('bid_sections.node_id')
    .limit(limit)
    .execute();
}

/** A section's document with its images moved, at the revision it was read at (the revision stays); whether it was. */
export async function replaceSectionDoc(db: Db, s: { bid_id: string; node_id: string; revision: number }, doc: EditorJson): Promise<boolean> {
  const u = await db
    .updateTable('bid_sections')
    .set({ doc: JSON.stringify(doc) })
    .where('bid_id', '=', s.bid_id)
    .where('node_id', '=', s.node_id)
    .where('revision', '=', s.revision)
    .executeTakeFirst();
  return Number(u.numUpdatedRows) > 0;
}

export async function findPicture(db: Db, o: Owner, id: string): Promise<PictureRow | undefined> {
  return (await scopedToOwner(db.selectFrom('pictures').selectAll(), o).where('id', '=', id).executeTakeFirst()) as PictureRow | undefined;
}

export async function findBySha(db: Db, o: Owner, sha256: string): Promise<PictureRow | undefined> {
  return (await scopedToOwner(db.selectFrom('pictures').selectAll(), o).where('sha256', '=', sha256).executeTakeFirst()) as PictureRow | undefined;
}

/** Every dHash of the owner's pictures (16 hex digits each; a few hundred KB at 10 000 pictures). */
export async function ownerHashes(db: Db, o: Owner): Promise<{ id: string; dhash: string }[]> {
  return scopedToOwner(db.selectFrom('pictures').select(['id', 'dhash']), o).execute();
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listPictures(db: Db, o: Owner, q: Paging & { keyword?: string; tag?: string }): Promise<Page<PictureRow>> {
  let base = scopedToOwner(db.selectFrom('pictures'), o) as SelectQueryBuilder<DB, 'pictures', object>;
  if (q.keyword) {
    const like = `%${likeEscape(q.keyword)}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'ilike', like), sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(pictures.tags) AS t WHERE t ILIKE ${like})`]),
    );
  }
  if (q.tag) base = base.where(sql<boolean>`tags @> ${JSON.stringify([q.tag])}::jsonb`);
  return paginate(
    base,
    q,
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}

export async function ownerTags(db: Db, o: Owner): Promise<string[]> {
  const { rows } = await sql<{ tag: string }>`
    SELECT DISTINCT t AS tag FROM pictures, jsonb_array_elements_text(pictures.tags) AS t
    WHERE tenant_id = ${o.tenantId} AND owner_type = ${o.holder.type} AND owner_id = ${o.holder.id}
    ORDER BY tag LIMIT 500`.execute(db);
  return rows.map((r) => r.tag);
}

export async function updatePicture(db: Db, o: Owner, id: string, set: { name?: string; tags?: string[] }): Promise<void> {
  await scopedToOwner(db.updateTable('pictures'), o)
    .set({
      ...(set.name !== undefined ? { name: set.name } : {}),
      ...(set.tags !== undefined ? { tags: JSON.stringify(set.tags) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** The row goes; the stored bytes stay (storage is content-addressed and shared with other rows). */
export async function deletePicture(db: Db, o: Owner, id: string): Promise<boolean> {
  const r = await scopedToOwner(db.deleteFrom('pictures'), o).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function findExtraction(db: Db, o: Owner, id: string): Promise<ExtractionRow | undefined> {
  return (await scopedToOwner(db.selectFrom('picture_extractions').selectAll(), o).where('id', '=', id).executeTakeFirst()) as ExtractionRow | undefined;
}

/** The picture-library ids the sections of a bid refer to (`/api/btz/picture/file?id=…` in their documents), at most `max`. */
export async function pictureIdsInBid(db: Db, bidId: string, max = 500): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT DISTINCT m.g[1] AS id
    FROM bid_sections CROSS JOIN LATERAL regexp_matches(bid_sections.doc::text, '/api/btz/picture/file[?]id=([0-9]+)', 'g') AS m(g)
    WHERE bid_sections.bid_id = ${bidId} AND bid_sections.doc IS NOT NULL
    LIMIT ${max}`.execute(db);
  return rows.map((r) => r.id);
}

/** The columns a list of extractions shows, with the count of pictures found. */
export type ExtractionListRow = Pick<ExtractionRow, 'id' | 'file_name' | 'file_type' | 'state' | 'progress' | 'error' | 'page_count' | 'skipped' | 'created_at'> & { count: number };

export async function listExtractions(db: Db, o: Owner, p: Paging): Promise<Page<ExtractionListRow>> {
  const base = scopedToOwner(db.selectFrom('picture_extractions'), o) as SelectQueryBuilder<DB, 'picture_extractions', object>;
  return paginate(
    base,
    p,
    (b) =>
      b
        .select(['id', 'file_name', 'file_type', 'state', 'progress', 'error', 'page_count', 'skipped', 'created_at', sql<number>`jsonb_array_length(items)`.as('count')])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
  );
}
