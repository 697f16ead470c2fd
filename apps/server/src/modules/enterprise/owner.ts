/**
 * Whose rows a caller sees in the libraries (pictures, 资料库, 知识库, 查重, bid checks, file tools): the tenant and the
 * same holder as its enterprise facts and entitlements — the user, or its enterprise in the enterprise role. Every repo
 * of such rows scopes its statements with `scopedToOwner`; ids from the client only ever narrow a scoped query.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Holder } from '../entitlements/index.js';
import { factsOwner } from './repo.js';

export interface Owner {
  tenantId: string;
  holder: Holder;
}

/** The owner of the caller's library rows (a user of another tenant is nobody: 401). */
export async function ownerOf(db: Kysely<DB>, auth: { tenantId: string; userId: string }): Promise<Owner> {
  return { tenantId: auth.tenantId, holder: await factsOwner(db, auth) };
}

/**
 * Narrows a query of a table with `tenant_id`, `owner_type`, `owner_id` to the owner's rows (`table` names the columns
 * when the query joins another table that has them too).
 */
export function scopedToOwner<T extends { where: (...a: any[]) => T }>(q: T, o: Owner, table?: string): T {
  const col = (c: string) => (table ? `${table}.${c}` : c);
  return q.where(col('tenant_id'), '=', o.tenantId).where(col('owner_type'), '=', o.holder.type).where(col('owner_id'), '=', o.holder.id);
}
