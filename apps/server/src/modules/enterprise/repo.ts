import type { Kysely } from 'kysely';
import { emptyEnterpriseInfo, type EnterpriseInfo, type EnterpriseInfoInput } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import '../../db/schema-enterprise.js';
import { unauthorized } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { formatTime } from '../../lib/time.js';
import { activeHolder, type Holder } from '../entitlements/index.js';

/** A database or a transaction. */
type Db = Kysely<DB>;
export interface OwnerRef {
  tenantId: string;
  userId: string;
}

/**
 * Whose facts a user reads and writes — the same holder as its entitlements: its enterprise's in the enterprise role
 * (shared by the members), else its own. Scoped by tenant: a user of another brand is nobody here.
 */
export async function factsOwner(db: Db, ref: OwnerRef): Promise<Holder> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'login_role', 'enterprise_id'])
    .where('tenant_id', '=', ref.tenantId)
    .where('id', '=', ref.userId)
    .executeTakeFirst();
  if (!u) throw unauthorized();
  return activeHolder(u);
}

/** The stored info of an owner, every field present (empty strings and lists when nothing was saved). */
export async function readInfo(db: Db, tenantId: string, owner: Holder): Promise<EnterpriseInfo> {
  const row = await db
    .selectFrom('enterprise_profiles')
    .select(['data', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .executeTakeFirst();
  return presentInfo(row ? (row.data as Partial<EnterpriseInfoInput>) : null, row?.updated_at ?? null);
}

export function presentInfo(data: Partial<EnterpriseInfoInput> | null, updatedAt: Date | null): EnterpriseInfo {
  const empty = emptyEnterpriseInfo();
  if (!data) return empty;
  return {
    name: data.name ?? '',
    creditCode: data.creditCode ?? '',
    legalRep: data.legalRep ?? '',
    address: data.address ?? '',
    contacts: (data.contacts ?? []).map((c) => ({ name: c.name, phone: c.phone ?? '', ...(c.role ? { role: c.role } : {}) })),
    qualifications: (data.qualifications ?? []).map((q) => ({ name: q.name, number: q.number ?? '', expiry: q.expiry ?? '' })),
    staff: (data.staff ?? []).map((s) => ({
      name: s.name,
      role: s.role ?? '',
      title: s.title ?? '',
      ...(s.certificate ? { certificate: s.certificate } : {}),
    })),
    projects: (data.projects ?? []).map((p) => ({ name: p.name, client: p.client ?? '', year: p.year ?? '', amount: p.amount ?? '' })),
    updateTime: updatedAt ? formatTime(updatedAt) : null,
  };
}

/** Writes the whole info of an owner (insert or replace, one row per owner). */
export async function writeInfo(db: Db, tenantId: string, owner: Holder, data: EnterpriseInfoInput, byUserId: string): Promise<void> {
  const now = new Date();
  const json = JSON.stringify(data);
  await db
    .insertInto('enterprise_profiles')
    .values({ id: newId(), tenant_id: tenantId, owner_type: owner.type, owner_id: owner.id, data: json, updated_by: byUserId, updated_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'owner_type', 'owner_id']).doUpdateSet({ data: json, updated_by: byUserId, updated_at: now }))
    .execute();
}
