import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { UserRow } from './repo.js';

/**
 * The user's enterprise, created (with the user as its admin) when it has none — the rule of CONVENTIONS.md: an
 * enterprise is created for a user when it first switches to the enterprise role, or when it first buys an enterprise
 * package. Runs inside the caller's transaction.
 */
export async function ensureEnterprise(trx: Transaction<DB>, u: Pick<UserRow, 'id' | 'tenant_id' | 'company_name' | 'enterprise_id'>): Promise<string> {
  if (u.enterprise_id) return u.enterprise_id;
  const enterpriseId = newId();
  await trx
    .insertInto('enterprises')
    .values({ id: enterpriseId, tenant_id: u.tenant_id, name: u.company_name, admin_user_id: u.id, privilege_list: '[]' })
    .execute();
  await trx.updateTable('users').set({ enterprise_id: enterpriseId, is_team_admin: 1, updated_at: new Date() }).where('id', '=', u.id).execute();
  return enterpriseId;
}
