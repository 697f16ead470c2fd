/**
 * SQL of writing: the leaf sections of a bid (table bid_sections), the section a writing job writes and the run it
 * belongs to, the bid's stored content-health result (bid_health) and its page settings. Callers hold the access rule
 * (access.ts) or the job's payload; statements here take ids and rows.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { BidHealth } from '@btz/shared';
import type { DB } from '../../../db/schema.js';
import type { BidSectionHistoryTable, BidSectionsTable } from '../../../db/schema-writing.js';
import { newId } from '../../../lib/ids.js';
import '../../../db/schema-writing.js';
import type { BidRow } from '../repo.js';

type Db = Kysely<DB>;
export type SectionRow = Selectable<BidSectionsTable>;

export async function sectionRows(db: Kysely<DB>, bidId: string): Promise<SectionRow[]> {
  return db.selectFrom('bid_sections').selectAll().where('bid_id', '=', bidId).execute();
}

/** The documents of a bid's sections (null: not written), with the revision a save of each must carry. */
export async function sectionDocs(db: Kysely<DB>, bidId: string): Promise<Pick<SectionRow, 'node_id' | 'doc' | 'revision'>[]> {
  return db.selectFrom('bid_sections').select(['node_id', 'doc', 'revision']).where('bid_id', '=', bidId).execute();
}

/**
 * The written sections of a bid for export, 10 at a time, each doc as its JSON text (`doc::text`: the server neither
 * parses nor holds the whole bid; the export worker parses it). The ids come first, so each query casts only its own
 * 50 docs (an ORDER BY … LIMIT over the docs would cast every remaining one before sorting).
 */
export async function* sectionDocTexts(db: Kysely<DB>, bidId: string, batch = 10): AsyncGenerator<Array<[string, string]>> {
  const ids = await db.selectFrom('bid_sections').select('node_id').where('bid_id', '=', bidId).where('doc', 'is not', null).orderBy('node_id').execute();
  for (let i = 0; i < ids.length; i += batch) {
    const rows = await db
      .selectFrom('bid_sections')
      .select(['node_id', sql<string>`doc::text`.as('doc')])
      .where('bid_id', '=', bidId)
      .where('node_id', 'in', ids.slice(i, i + batch).map((r) => r.node_id))
      .where('doc', 'is not', null)
      .execute();
    yield rows.map((r) => [r.node_id, r.doc]);
    // PGlite runs on this thread: a batch of docs costs it tens of ms; let other requests have the database in between
    await new Promise((r) => setImmediate(r));
  }
}

export async function findSection(db: Kysely<DB>, bidId: string, nodeId: string): Promise<SectionRow | undefined> {
  return db.selectFrom('bid_sections').selectAll().where('bid_id', '=', bidId).where('node_id', '=', nodeId).executeTakeFirst();
}

/** Inserts empty rows for leaves that have none (inside the caller's transaction). */
export async function ensureSectionRows(trx: Transaction<DB>, bid: Pick<BidRow, 'id' | 'tenant_id'>, leaves: readonly { node: { id: string }; targetChars: number }[]): Promise<void> {
  for (let i = 0; i < leaves.length; i += 200) {
    const chunk = leaves.slice(i, i + 200);
    await trx
      .insertInto('bid_sections')
      .values(chunk.map((l) => ({ bid_id: bid.id, node_id: l.node.id, tenant_id: bid.tenant_id, target_chars: l.targetChars })))
      .onConflict((oc) => oc.columns(['bid_id', 'node_id']).doUpdateSet({ target_chars: sql`excluded.target_chars` }))
      .execute();
  }
}

/** The count of a bid's section rows and the sum of their revisions (the health result's basis). */
export async function sectionRevisions(db: Db, bidId: string): Promise<{ n: number; revs: number }> {
  const agg = await db
    .selectFrom('bid_sections')
    .select([sql<string>`count(*)`.as('n'), sql<string | null>`sum(revision)`.as('revs')])
    .where('bid_id', '=', bidId)
    .executeTakeFirstOrThrow();
  return { n: Number(agg.n), revs: Number(agg.revs ?? 0) };
}

/** What the content-health check reads of each section. */
export async function healthSections(db: Db, bidId: string) {
  return db.selectFrom('bid_sections').select(['node_id', 'text', 'revision', 'doc']).where('bid_id', '=', bidId).execute();
}

export async function storeHealth(db: Db, row: { bid_id: string; tenant_id: string; result: string; basis: string; checked_at: Date }): Promise<void> {
  const { result, basis, checked_at } = row;
  await db
    .insertInto('bid_health')
    .values(row)
    .onConflict((oc) => oc.column('bid_id').doUpdateSet({ result, basis, checked_at }))
    .execute();
}

export async function storedHealth(db: Db, bidId: string): Promise<{ result: BidHealth; basis: string } | undefined> {
  return db.selectFrom('bid_health').select(['result', 'basis']).where('bid_id', '=', bidId).executeTakeFirst();
}

/** A bid not deleted, by id alone (a job's or a finished run's bid: no caller's access to ask). */
export async function liveBid(db: Db, bidId: string, tenantId?: string): Promise<BidRow | undefined> {
  let q = db.selectFrom('bids').selectAll().where('id', '=', bidId).where('deleted_at', 'is', null);
  if (tenantId !== undefined) q = q.where('tenant_id', '=', tenantId);
  return q.executeTakeFirst();
}

/** Whose bid it is (the realtime destination of its progress). */
export async function bidUser(db: Db, bidId: string): Promise<{ id: string; user_id: string; enterprise_id: string | null } | undefined> {
  return db.selectFrom('bids').select(['id', 'user_id', 'enterprise_id']).where('id', '=', bidId).executeTakeFirst();
}

export interface SectionOfRun {
  bidId: string;
  nodeId: string;
  runId: string;
}

/** Moves a section of the run that is still queued or writing to `state`; false when it was not (changed meanwhile). */
export async function markSectionOfRun(db: Db, s: SectionOfRun, set: { state: 'queued' | 'failed' | 'writing'; error?: string }): Promise<boolean> {
  const row = await db
    .updateTable('bid_sections')
    .set({ ...set, updated_at: sql`now()` })
    .where('bid_id', '=', s.bidId)
    .where('node_id', '=', s.nodeId)
    .where('run_id', '=', s.runId)
    .where('state', 'in', ['queued', 'writing'])
    .returning('bid_id')
    .executeTakeFirst();
  return !!row;
}

/** A section whose node left the outline: cancelled, whatever run it was in. */
export async function cancelSection(db: Db, bidId: string, nodeId: string): Promise<void> {
  await db.updateTable('bid_sections').set({ state: 'cancelled', updated_at: sql`now()` }).where('bid_id', '=', bidId).where('node_id', '=', nodeId).execute();
}

/** The written section, stored only while this run still writes it (inside the job's fence); its new revision, if stored. */
export async function saveWrittenSection(
  trx: Transaction<DB>,
  s: SectionOfRun,
  jobId: string,
  written: { doc: unknown; text: string; chars: number },
): Promise<{ revision: number } | undefined> {
  return trx
    .updateTable('bid_sections')
    .set({
      doc: JSON.stringify(written.doc),
      text: written.text,
      chars: written.chars,
      state: 'written',
      revision: sql`revision + 1`,
      job_id: jobId,
      error: null,
      written_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('bid_id', '=', s.bidId)
    .where('node_id', '=', s.nodeId)
    .where('run_id', '=', s.runId)
    .where('state', '=', 'writing')
    .returning('revision')
    .executeTakeFirst();
}

/** The bid's page settings and (when given) its invent-facts switch (a finished bid keeps its own). */
export async function savePageSettings(db: Db, bidId: string, stored: object, inventFacts?: boolean): Promise<void> {
  await db
    .updateTable('bids')
    .set({ page_settings: JSON.stringify(stored), ...(inventFacts === undefined ? {} : { invent_facts: inventFacts }) })
    .where('id', '=', bidId)
    .where('status', '<>', 'finished')
    .execute();
}

/**
 * The bid row locked for the transaction (`live`: not deleted). FOR NO KEY UPDATE, not FOR UPDATE: it serialises every
 * change of the bid the same way, but leaves alone the key-share locks that rows referring to the bid take (a section's
 * history row, written inside a writing job's fence while that job's row is locked). With FOR UPDATE, 取消编写 (bid
 * locked, then the jobs) and a section being stored (job locked, then a history row referring to the bid) deadlocked
 * on PostgreSQL and the cancel answered 500.
 */
export async function lockBidRow(trx: Transaction<DB>, id: string, opts: { live: boolean }): Promise<BidRow | undefined> {
  let q = trx.selectFrom('bids').selectAll().where('id', '=', id);
  if (opts.live) q = q.where('deleted_at', 'is', null);
  return q.forNoKeyUpdate().executeTakeFirst();
}

export async function bidById(db: Db, id: string): Promise<BidRow> {
  return db.selectFrom('bids').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The state of each section row of a bid. */
export async function sectionStates(db: Db, bidId: string): Promise<Pick<SectionRow, 'node_id' | 'state'>[]> {
  return db.selectFrom('bid_sections').select(['node_id', 'state']).where('bid_id', '=', bidId).execute();
}

/** The bid's writing status (and its run, its spend) changed now. */
export async function setBidStatus(
  db: Db,
  id: string,
  set: { status: BidRow['status']; write_run_id?: string | null; spend_ledger_id?: string | null },
): Promise<void> {
  await db
    .updateTable('bids')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The spend of the bid's first writing (its `updated_at` untouched). */
export async function setSpendLedger(db: Db, id: string, ledgerId: string): Promise<void> {
  await db.updateTable('bids').set({ spend_ledger_id: ledgerId }).where('id', '=', id).execute();
}

/** 完成编写: read-only for good. */
export async function markBidFinished(db: Db, id: string): Promise<void> {
  await db.updateTable('bids').set({ status: 'finished', finished_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', id).execute();
}

/** The sections of a new run, queued. */
export async function queueSections(db: Db, bidId: string, nodeIds: string[], runId: string): Promise<void> {
  await db
    .updateTable('bid_sections')
    .set({ state: 'queued', run_id: runId, error: null, updated_at: sql`now()` })
    .where('bid_id', '=', bidId)
    .where('node_id', 'in', nodeIds)
    .execute();
}

/** Every section still queued or writing, cancelled. */
export async function cancelActiveSections(db: Db, bidId: string, active: readonly SectionRow['state'][]): Promise<void> {
  await db
    .updateTable('bid_sections')
    .set({ state: 'cancelled', updated_at: sql`now()` })
    .where('bid_id', '=', bidId)
    .where('state', 'in', [...active])
    .execute();
}

/** One section row locked for the transaction (it exists: ensureSectionRows ran). */
export async function lockSection(trx: Transaction<DB>, bidId: string, nodeId: string): Promise<SectionRow> {
  return trx.selectFrom('bid_sections').selectAll().where('bid_id', '=', bidId).where('node_id', '=', nodeId).forUpdate().executeTakeFirstOrThrow();
}

/** A section saved by hand: `edited`, its revision the next one. */
export async function saveEditedSection(
  trx: Transaction<DB>,
  bidId: string,
  nodeId: string,
  s: { doc: unknown; text: string; chars: number; revision: number },
): Promise<SectionRow> {
  return trx
    .updateTable('bid_sections')
    .set({ doc: JSON.stringify(s.doc), text: s.text, chars: s.chars, state: 'edited', error: null, revision: s.revision, updated_at: sql`now()` })
    .where('bid_id', '=', bidId)
    .where('node_id', '=', nodeId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/* ---- a section's history (issue 27; migrations/0029_section_history.ts) ---- */

export type HistoryRow = Selectable<BidSectionHistoryTable>;
export interface HistoryWrite {
  tenantId: string;
  bidId: string;
  nodeId: string;
  revision: number;
  source: HistoryRow['source'];
  userId: string | null;
  restoredFrom?: number | null;
  doc: unknown;
  text: string;
  chars: number;
}

/**
 * Records what a section now holds, in the transaction that stored it. A person's save that follows their own save of
 * the section (nobody else's entry between) within `mergeMinutes` updates that entry instead of adding one: autosave
 * runs every 1.5 s, and the history shows each person's sittings, not every keystroke pause.
 */
export async function recordHistory(trx: Transaction<DB>, h: HistoryWrite, mergeMinutes: number): Promise<void> {
  if (h.source === 'edit' && h.userId) {
    const last = await trx
      .selectFrom('bid_section_history')
      .select(['id', 'source', 'user_id', 'updated_at'])
      .where('bid_id', '=', h.bidId)
      .where('node_id', '=', h.nodeId)
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && last.source === 'edit' && last.user_id === h.userId) {
      const merged = await trx
        .updateTable('bid_section_history')
        .set({ revision: h.revision, doc: JSON.stringify(h.doc), text: h.text, chars: h.chars, updated_at: sql`now()` })
        .where('id', '=', last.id)
        .where('updated_at', '>', sql<Date>`now() - ${`${mergeMinutes} minutes`}::interval`)
        .returning('id')
        .executeTakeFirst();
      if (merged) return;
    }
  }
  await trx
    .insertInto('bid_section_history')
    .values({
      id: newId(),
      tenant_id: h.tenantId,
      bid_id: h.bidId,
      node_id: h.nodeId,
      revision: h.revision,
      source: h.source,
      user_id: h.userId,
      restored_from: h.restoredFrom ?? null,
      doc: JSON.stringify(h.doc),
      text: h.text,
      chars: h.chars,
    })
    .execute();
}

/** A section's history entries, newest first, with the name of who saved each (nickname, else phone). */
export async function historyOfSection(db: Db, bidId: string, nodeId: string, limit = 200) {
  return db
    .selectFrom('bid_section_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.revision', 'h.source', 'h.user_id', 'h.restored_from', 'h.chars', 'h.created_at', 'h.updated_at', 'u.nick_name', 'u.phone'])
    .where('h.bid_id', '=', bidId)
    .where('h.node_id', '=', nodeId)
    .orderBy('h.revision', 'desc')
    .limit(limit)
    .execute();
}

/** One entry of a section's history (of that bid and section only), with its text and name of who saved it. */
export async function historyEntry(db: Db, bidId: string, nodeId: string, id: string) {
  return db
    .selectFrom('bid_section_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.revision', 'h.source', 'h.user_id', 'h.restored_from', 'h.chars', 'h.created_at', 'h.updated_at', 'h.doc', 'h.text', 'u.nick_name', 'u.phone'])
    .where('h.bid_id', '=', bidId)
    .where('h.node_id', '=', nodeId)
    .where('h.id', '=', id)
    .executeTakeFirst();
}
