import type { CompiledQuery, Selectable, Transaction } from 'kysely';
import type { Page } from '@btz/shared';
import type { Database } from '../../db/connection.js';
import { paginate, type Paging } from '../../db/paging.js';
import type { DB, EnterprisesTable, UsersTable } from '../../db/schema.js';
import { newId, newInviteCode } from '../../lib/ids.js';

export type UserRow = Selectable<UsersTable>;

/** Every lookup is scoped by tenant: an id of another brand finds nothing. */
export function findUser(db: Database, tenantId: string, userId: string) {
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
}

export function findUserByPhone(db: Database, tenantId: string, phone: string) {
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst();
}

export function findUserByOpenid(db: Database, tenantId: string, openid: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('wechat_openid', '=', openid)
    .executeTakeFirst();
}

/** The user whose invitation code this is (any case), within the tenant. */
export function findUserByInviteCode(db: Database, tenantId: string, code: string) {
  return db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('invite_code', '=', code.toUpperCase()).executeTakeFirst();
}

/** The users who signed up with this user's invitation code, newest first. */
export function listInvitedUsers<R>(
  db: Database,
  tenantId: string,
  inviterId: string,
  p: Paging,
  present: (u: Pick<UserRow, 'id' | 'phone' | 'nick_name' | 'created_at'>) => R,
): Promise<Page<R>> {
  const base = db.selectFrom('users').where('tenant_id', '=', tenantId).where('inviter_id', '=', inviterId);
  return paginate(base, p, (q) => q.select(['id', 'phone', 'nick_name', 'created_at']).orderBy('created_at', 'desc'), present);
}

/** The user's enterprise, within the tenant. */
export function findEnterpriseOf(db: Database, tenantId: string, enterpriseId: string) {
  return db.selectFrom('enterprises').selectAll().where('id', '=', enterpriseId).where('tenant_id', '=', tenantId).executeTakeFirst();
}

const ENTERPRISE_COLUMNS = [
  'id',
  'tenant_id',
  'name',
  'admin_user_id',
  'vip_expiry',
  'privilege_list',
  'common_bid_number',
  'flagship_bid_number',
  'created_at',
  'updated_at',
] as const;

/**
 * The user and its enterprise (within the tenant) in one round trip — get-info is the call every page makes, so it
 * pays one query, not two. The enterprise is undefined when the user has none (or one of another tenant).
 */
function userWithEnterpriseQuery(db: Database, tenantId: string, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('enterprises as e', (j) => j.onRef('e.id', '=', 'users.enterprise_id').on('e.tenant_id', '=', tenantId))
    .selectAll('users')
    .select(ENTERPRISE_COLUMNS.map((c) => `e.${c} as e__${c}` as const))
    .where('users.tenant_id', '=', tenantId)
    .where('users.id', '=', userId);
}
type UserWithEnterpriseRow = NonNullable<Awaited<ReturnType<ReturnType<typeof userWithEnterpriseQuery>['executeTakeFirst']>>>;

/**
 * get-info's query (every page load and focus asks it): its SQL is the same for every user, so it is built once and
 * run with each call's values — building it through the query builder was 11 % of a get-info's CPU under load.
 */
const TENANT_SLOT = '\u0000tenant';
const USER_SLOT = '\u0000user';
let userWithEnterprise: CompiledQuery | undefined;

export async function findUserWithEnterprise(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<{ user: UserRow; enterprise: Selectable<EnterprisesTable> | undefined } | undefined> {
  userWithEnterprise ??= userWithEnterpriseQuery(db, TENANT_SLOT, USER_SLOT).compile();
  const parameters = userWithEnterprise.parameters.map((v) => (v === TENANT_SLOT ? tenantId : v === USER_SLOT ? userId : v));
  const row = (await db.executeQuery<UserWithEnterpriseRow>({ ...userWithEnterprise, parameters })).rows[0];
  if (!row) return undefined;
  const user: Record<string, unknown> = {};
  const ent: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k.startsWith('e__')) ent[k.slice(3)] = v;
    else user[k] = v;
  }
  return { user: user as UserRow, enterprise: ent.id ? (ent as Selectable<EnterprisesTable>) : undefined };
}

/** Profile fields by column name (the caller maps and validates them). */
export async function updateUserFields(db: Database, tenantId: string, userId: string, set: Record<string, string | number>): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .execute();
}

export async function setLoginRole(db: Database, userId: string, loginRole: number): Promise<void> {
  await db.updateTable('users').set({ login_role: loginRole, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** A new phone; the unique index refuses one another account holds (23505). */
export async function setPhone(db: Database, userId: string, phone: string): Promise<void> {
  await db.updateTable('users').set({ phone, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** Binds a WeChat identity to an account; `unionid` left out keeps the stored one. */
export async function bindWechat(db: Database, userId: string, w: { openid: string; unionid?: string | null }): Promise<void> {
  const set = w.unionid === undefined ? { wechat_openid: w.openid } : { wechat_openid: w.openid, wechat_unionid: w.unionid };
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

export interface NewUser {
  tenantId: string;
  phone?: string;
  openid?: string;
  unionid?: string;
  nickName: string;
  avatar: string;
  source: number;
  /** the invitation code the visitor arrived with; linked when it names another user of the same tenant */
  invitationCode?: string;
}

/**
 * Inserts the account on first login — called by provisionUser only (commands/provision-user.ts), the one
 * find-or-create of every way in. Concurrent first logins of one phone are settled by the unique index: the loser
 * reads the winner's row.
 */
export async function createUser(db: Database, u: NewUser): Promise<UserRow> {
  const inviter = u.invitationCode ? await findUserByInviteCode(db, u.tenantId, u.invitationCode) : undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await db
        .insertInto('users')
        .values({
          id: newId(),
          tenant_id: u.tenantId,
          phone: u.phone ?? null,
          wechat_openid: u.openid ?? null,
          wechat_unionid: u.unionid ?? null,
          nick_name: u.nickName,
          avatar: u.avatar,
          source: u.source,
          invite_code: newInviteCode(),
          inviter_id: inviter?.id ?? null,
          privilege_list: '[]',
          rights: '[]',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (e) {
      if ((e as { code?: string }).code !== '23505') throw e;
      const existing = u.phone
        ? await findUserByPhone(db, u.tenantId, u.phone)
        : u.openid
          ? await findUserByOpenid(db, u.tenantId, u.openid)
          : undefined;
      if (existing) return existing;
      // otherwise the invite code collided: try another
    }
  }
  throw new Error('无法生成唯一的邀请码');
}

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

/** The user's live sessions (not revoked, not expired), newest first. */
export function liveSessions(db: Database, tenantId: string, userId: string, now = new Date()) {
  return db
    .selectFrom('auth_sessions')
    .select(['id', 'ip', 'user_agent', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** Revokes every live session of the user; the ids revoked. */
export async function revokeAllSessions(db: Database, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Clears the user's WeChat identity. */
export async function clearWechat(db: Database, tenantId: string, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ wechat_openid: null, wechat_unionid: null, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** The storage-ledger holders of the user's avatars (released when a new one replaces them). */
export async function avatarRefs(db: Database, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stored_objects')
    .select('ref_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'avatar')
    .execute();
  return rows.map((r) => r.ref_id);
}

/** Whether `key` is an avatar of a user of this tenant (only those are served at /avatar/{key}.jpg). */
export async function isAvatarOf(db: Database, tenantId: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('stored_objects')
    .select('object_key')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'avatar')
    .where('object_key', '=', key)
    .executeTakeFirst();
  return !!row;
}
