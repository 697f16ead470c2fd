/**
 * SQL of the entitlement ledger: the holders' VIP and copy columns (users or enterprises), the `entitlement_ledger`
 * rows that record every change, and the reads of a grant or a spend. Every function runs in the caller's transaction.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export type Trx = Transaction<DB>;
export interface Holder {
  type: 'user' | 'enterprise';
  id: string;
}

export interface HolderRow {
  id: string;
  vip_expiry: Date | null;
  privilege_list: string[];
  common_bid_number: number;
  flagship_bid_number: number;
}

export type CopyColumn = 'common_bid_number' | 'flagship_bid_number';

const tableOf = (h: Holder) => (h.type === 'user' ? 'users' : 'enterprises');

/** Reads and row-locks the holder (serialises concurrent grants/spends of one holder on PostgreSQL). */
export async function lockHolder(trx: Trx, h: Holder): Promise<HolderRow> {
  const row = await trx
    .selectFrom(tableOf(h))
    .select(['id', 'vip_expiry', 'privilege_list', 'common_bid_number', 'flagship_bid_number'])
    .where('id', '=', h.id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new Error(`entitlement holder ${h.type} ${h.id} not found`);
  return { ...row, privilege_list: row.privilege_list ?? [] };
}

export interface LedgerEntry {
  tenantId: string;
  holder: Holder;
  actorUserId: string | null;
  kind: 'grant' | 'spend' | 'refund' | 'revoke';
  field: 'vip' | 'common' | 'flagship';
  delta: number;
  reason: string;
  orderId?: string | null;
  ref?: string | null;
  vipBefore?: Date | null;
  vipAfter?: Date | null;
}

/** Writes one ledger row; its id. */
export async function writeLedger(trx: Trx, e: LedgerEntry): Promise<string> {
  const id = newId();
  await trx
    .insertInto('entitlement_ledger')
    .values({
      id,
      tenant_id: e.tenantId,
      holder_type: e.holder.type,
      holder_id: e.holder.id,
      actor_user_id: e.actorUserId,
      kind: e.kind,
      field: e.field,
      delta: e.delta,
      reason: e.reason,
      order_id: e.orderId ?? null,
      ref: e.ref ?? null,
      vip_expiry_before: e.vipBefore ?? null,
      vip_expiry_after: e.vipAfter ?? null,
    })
    .execute();
  return id;
}

/** The buyer of an order, row-locked. */
export function lockUser(trx: Trx, userId: string) {
  return trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/** Switches a buyer to the enterprise role, so it sees what it bought. */
export async function setLoginRole(trx: Trx, userId: string, loginRole: number, now: Date): Promise<void> {
  await trx.updateTable('users').set({ login_role: loginRole, updated_at: now }).where('id', '=', userId).execute();
}

/** The enterprise an order's grant went to. */
export async function setOrderEnterprise(trx: Trx, orderId: string, enterpriseId: string): Promise<void> {
  await trx.updateTable('orders').set({ enterprise_id: enterpriseId }).where('id', '=', orderId).execute();
}

export async function setVip(trx: Trx, h: Holder, expiry: Date, privileges: string[], now: Date): Promise<void> {
  await trx
    .updateTable(tableOf(h))
    .set({ vip_expiry: expiry, privilege_list: JSON.stringify(privileges), updated_at: now })
    .where('id', '=', h.id)
    .execute();
}

/** Adds `delta` (negative: takes) copies of one version to the holder. */
export async function addCopies(trx: Trx, h: Holder, column: CopyColumn, delta: number, now: Date): Promise<void> {
  await trx
    .updateTable(tableOf(h))
    .set({ [column]: sql`${sql.ref(column)} + ${delta}`, updated_at: now } as never)
    .where('id', '=', h.id)
    .execute();
}

/** The user's role and enterprise, within the tenant (whose entitlements it spends). */
export function findSpender(trx: Trx, tenantId: string, userId: string) {
  return trx.selectFrom('users').select(['id', 'login_role', 'enterprise_id']).where('id', '=', userId).where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** VIP-covered starts of the holder since `since`, refunded ones aside. */
export async function countVipSpends(trx: Trx, h: Holder, since: Date): Promise<number> {
  const { used } = await trx
    .selectFrom('entitlement_ledger')
    .select((eb) => eb.fn.countAll<number>().as('used'))
    .where('holder_type', '=', h.type)
    .where('holder_id', '=', h.id)
    .where('kind', '=', 'spend')
    .where('field', '=', 'vip')
    .where('refunded_at', 'is', null)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(used);
}

/** Marks an unrefunded spend of the tenant refunded; the spend, or undefined when there is none (or it was refunded). */
export function markRefunded(trx: Trx, tenantId: string, ledgerId: string) {
  return trx
    .updateTable('entitlement_ledger')
    .set({ refunded_at: new Date() })
    .where('id', '=', ledgerId)
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'spend')
    .where('refunded_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
