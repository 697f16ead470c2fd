import { sql } from 'kysely';
import type { Database } from '../../../db/connection.js';
import { paginate, type Paging } from '../../../db/paging.js';

const USER_COLUMNS = [
  'id',
  'tenant_id',
  'phone',
  'nick_name',
  'real_name',
  'company_name',
  'status',
  'login_role',
  'enterprise_id',
  'created_at',
  'vip_expiry',
  'privilege_list',
  'common_bid_number',
  'flagship_bid_number',
] as const;

/** Users of the scope (null: every tenant) whose phone, nickname, real name or company contains `keyword`. */
export function searchUsers(db: Database, f: { tenantId: string | null; keyword?: string }, p: Paging) {
  let base = db.selectFrom('users');
  if (f.tenantId) base = base.where('tenant_id', '=', f.tenantId);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('phone', 'like', like), eb('nick_name', 'ilike', like), eb('real_name', 'ilike', like), eb('company_name', 'ilike', like)]),
    );
  }
  return paginate(base, p, (q) => q.select(USER_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'));
}

/** One user within the scope (null: any tenant); `lock` takes its row lock (inside a transaction). */
export function findScopedUser(db: Database, tenantId: string | null, userId: string, lock = false) {
  let q = db.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId);
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}
export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findScopedUser>>>;

export function findEnterprise(db: Database, tenantId: string, id: string) {
  return db
    .selectFrom('enterprises')
    .select(['id', 'name', 'admin_user_id', 'vip_expiry', 'privilege_list', 'common_bid_number', 'flagship_bid_number'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function enterpriseMembers(db: Database, tenantId: string, enterpriseId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'phone', 'nick_name'])
    .where('tenant_id', '=', tenantId)
    .where('enterprise_id', '=', enterpriseId)
    .orderBy('created_at')
    .limit(200)
    .execute();
}

/** The last 100 ledger rows of the user and of its enterprise. */
export function ledgerOf(db: Database, tenantId: string, userId: string, enterpriseId: string | null) {
  return db
    .selectFrom('entitlement_ledger')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('holder_type', '=', 'user'), eb('holder_id', '=', userId)]),
        ...(enterpriseId ? [eb.and([eb('holder_type', '=', 'enterprise'), eb('holder_id', '=', enterpriseId)])] : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export async function setUserStatus(db: Database, userId: string, status: number): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** Ends every login session of the user at once (its tokens stop working: TokenService.verify reads the session). */
export async function revokeUserSessions(db: Database, userId: string): Promise<number> {
  const r = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
