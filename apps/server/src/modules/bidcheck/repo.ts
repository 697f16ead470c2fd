/**
 * SQL of the bid checks. Every statement is scoped by tenant and owner (the user, or its enterprise in the enterprise
 * role — `ownerOf`); ids from the client only ever narrow such a scoped query.
 */
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { BidCheckKind, BidCheckReport, BidCheckSeverity, Page } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-bidcheck.js';
import '../../db/schema-databank.js';
import type { BidChecksTable } from '../../db/schema-bidcheck.js';
import { paginate, type Paging } from '../../db/paging.js';
import { scopedToOwner, type Owner } from '../enterprise/owner.js';
import type { Holder } from '../entitlements/index.js';

type Db = Kysely<DB>;
export type CheckRow = Selectable<BidChecksTable>;

/** Whose checks the caller sees: the same holder as its enterprise facts and pictures. */
const scoped = <T extends { where: (...a: any[]) => T }>(q: T, o: Owner): T => scopedToOwner(q, o, 'bid_checks');

export async function findCheck(db: Db, o: Owner, id: string): Promise<(CheckRow & { bid_name: string | null }) | undefined> {
  const row = await scoped(
    db
      .selectFrom('bid_checks')
      .leftJoin('bids', (j) => j.onRef('bids.id', '=', 'bid_checks.bid_id').onRef('bids.tenant_id', '=', 'bid_checks.tenant_id'))
      .selectAll('bid_checks')
      .select('bids.name as bid_name'),
    o,
  )
    .where('bid_checks.id', '=', id)
    .executeTakeFirst();
  return row as (CheckRow & { bid_name: string | null }) | undefined;
}

/** The columns a list of checks shows: the bid's name, and the counts and verdict read out of the result. */
export type CheckSummaryRow = Pick<CheckRow, 'id' | 'kind' | 'source' | 'state' | 'progress' | 'error' | 'file_name' | 'bid_id' | 'created_at'> & {
  bid_name: string | null;
  counts: Record<BidCheckSeverity, number> | string | null;
  passed: boolean | null;
};

export async function listChecks(db: Db, o: Owner, q: Paging & { kind?: BidCheckKind }): Promise<Page<CheckSummaryRow>> {
  let base = scoped(
    db.selectFrom('bid_checks').leftJoin('bids', (j) => j.onRef('bids.id', '=', 'bid_checks.bid_id').onRef('bids.tenant_id', '=', 'bid_checks.tenant_id')),
    o,
  );
  if (q.kind) base = base.where('bid_checks.kind', '=', q.kind);
  return paginate(
    base,
    q,
    (b) =>
      b
        .select([
          'bid_checks.id',
          'bid_checks.kind',
          'bid_checks.source',
          'bid_checks.state',
          'bid_checks.progress',
          'bid_checks.error',
          'bid_checks.file_name',
          'bid_checks.bid_id',
          'bid_checks.created_at',
          'bids.name as bid_name',
          sql<string | null>`bid_checks.result -> 'counts'`.as('counts'),
          sql<boolean | null>`(bid_checks.result ->> 'passed')::boolean`.as('passed'),
        ])
        .orderBy('bid_checks.created_at', 'desc')
        .orderBy('bid_checks.id', 'desc'),
  );
}

/** A check by id alone (its job's: the payload names it). */
export async function checkById(db: Db, id: string) {
  return db.selectFrom('bid_checks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCheckRow(db: Db, row: Insertable<BidChecksTable>): Promise<void> {
  await db.insertInto('bid_checks').values(row).execute();
}

/** The check's report, done (its job commits it inside the job's fence). */
export async function storeCheckResult(db: Db, id: string, report: BidCheckReport): Promise<void> {
  await db.updateTable('bid_checks').set({ state: 'done', progress: 100, error: null, result: JSON.stringify(report), updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteCheck(db: Db, o: Owner, id: string): Promise<{ storage_key: string | null } | undefined> {
  return scoped(db.deleteFrom('bid_checks'), o).where('id', '=', id).returning(['storage_key']).executeTakeFirst();
}

/** The owner's saved data-bank documents (资料库): their holders, numbers and expiries identify the bidder too. */
export async function ownerDataDocs(
  db: Db,
  tenantId: string,
  holder: Holder,
): Promise<{ name: string; number: string | null; credit_code: string | null; person: string | null; expiry: string | null }[]> {
  return db
    .selectFrom('data_documents')
    .select(['name', 'number', 'credit_code', 'person', 'expiry'])
    .where('tenant_id', '=', tenantId)
    .where('owner_type', '=', holder.type)
    .where('owner_id', '=', holder.id)
    .where('state', '=', 'saved')
    .limit(2000)
    .execute();
}

/** The user's own read tenders (newest first, at most 200) a bid check can start from, with whether any section is written. */
export async function checkableBids(db: Db, auth: { tenantId: string; userId: string }) {
  return db
    .selectFrom('bids')
    .select(['id', 'name', 'card', 'outline', 'updated_at'])
    .select((eb) => eb.exists(eb.selectFrom('bid_sections').select('node_id').whereRef('bid_sections.bid_id', '=', 'bids.id').where('bid_sections.chars', '>', 0)).as('written'))
    .where('tenant_id', '=', auth.tenantId)
    .where('user_id', '=', auth.userId)
    .where('deleted_at', 'is', null)
    .where('card', 'is not', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}
