/**
 * SQL of teams. A team is an enterprise: its admin is `enterprises.admin_user_id` (also `users.is_team_admin` = 1), its
 * employees the users with `enterprise_id` = the enterprise and `is_employee` = 1. Every statement is scoped by tenant.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.js';
import '../../db/schema-teams.js';
import type { TeamInvitesTable } from '../../db/schema-teams.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<DB> | Transaction<DB>;
export type InviteRow = Selectable<TeamInvitesTable>;
export type MemberRow = Pick<Selectable<UsersTable>, 'id' | 'nick_name' | 'phone' | 'is_team_admin' | 'is_employee' | 'updated_at' | 'created_at'>;

/** Who the user is in its team: the enterprise it belongs to (as admin or employee), or none. */
export interface Membership {
  tenantId: string;
  userId: string;
  nickName: string;
  phone: string | null;
  loginRole: number;
  /** the team (enterprise) the user belongs to; null when none */
  enterpriseId: string | null;
  isAdmin: boolean;
}

export async function membershipOf(db: Db, tenantId: string, userId: string): Promise<Membership | undefined> {
  const u = await db
    .selectFrom('users')
    .leftJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['users.id', 'users.nick_name', 'users.phone', 'users.login_role', 'users.enterprise_id', 'users.is_employee', 'enterprises.admin_user_id'])
    .where('users.tenant_id', '=', tenantId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!u) return undefined;
  const isAdmin = !!u.enterprise_id && u.admin_user_id === u.id;
  const member = isAdmin || (!!u.enterprise_id && u.is_employee === 1);
  return {
    tenantId,
    userId: u.id,
    nickName: u.nick_name,
    phone: u.phone,
    loginRole: u.login_role,
    enterpriseId: member ? u.enterprise_id : null,
    isAdmin,
  };
}

export function findTeam(db: Db, tenantId: string, enterpriseId: string) {
  return db.selectFrom('enterprises').selectAll().where('tenant_id', '=', tenantId).where('id', '=', enterpriseId).executeTakeFirst();
}

/** The admin first, then the employees by when they joined. */
export async function listMembers(db: Db, tenantId: string, enterpriseId: string, adminUserId: string): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nick_name', 'phone', 'is_team_admin', 'is_employee', 'updated_at', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('enterprise_id', '=', enterpriseId)
    .where((eb) => eb.or([eb('is_employee', '=', 1), eb('id', '=', adminUserId)]))
    .orderBy('created_at')
    .execute();
  return rows.sort((a, b) => Number(b.id === adminUserId) - Number(a.id === adminUserId));
}

export async function countOtherMembers(db: Db, tenantId: string, enterpriseId: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('enterprise_id', '=', enterpriseId)
    .where('is_employee', '=', 1)
    .where('id', '<>', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Open invitations of a team, newest first. */
export function openInvites(db: Db, tenantId: string, enterpriseId: string): Promise<InviteRow[]> {
  return db
    .selectFrom('team_invites')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('enterprise_id', '=', enterpriseId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

export function findOpenInvite(db: Db, tenantId: string, code: string): Promise<InviteRow | undefined> {
  return db
    .selectFrom('team_invites')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code.toUpperCase())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Open invitations to a phone number (any team of the tenant). */
export function invitesToPhone(db: Db, tenantId: string, phone: string): Promise<InviteRow[]> {
  return db
    .selectFrom('team_invites')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', phone)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertInvite(
  db: Db,
  v: { tenantId: string; enterpriseId: string; kind: 'phone' | 'link'; phone: string | null; code: string; invitedBy: string },
): Promise<void> {
  await db
    .insertInto('team_invites')
    .values({ id: newId(), tenant_id: v.tenantId, enterprise_id: v.enterpriseId, kind: v.kind, phone: v.phone, code: v.code, invited_by: v.invitedBy })
    .execute();
}

/** Revokes open invitations of a team: one by id, or every link (a renewed link replaces the old). */
export async function revokeInvites(db: Db, tenantId: string, enterpriseId: string, which: { id: string } | { kind: 'link' }): Promise<number> {
  let q = db
    .updateTable('team_invites')
    .set({ revoked_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('enterprise_id', '=', enterpriseId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null);
  q = 'id' in which ? q.where('id', '=', which.id) : q.where('kind', '=', which.kind);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function markAccepted(db: Db, inviteId: string, userId: string): Promise<void> {
  await db.updateTable('team_invites').set({ accepted_by: userId, accepted_at: new Date() }).where('id', '=', inviteId).execute();
}

/** The user joins the team as an employee, in the enterprise role (it sees the team's bids and entitlements). */
export async function setEmployee(db: Db, tenantId: string, userId: string, enterpriseId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ enterprise_id: enterpriseId, is_employee: 1, is_team_admin: 0, login_role: 1, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** The user leaves its team: back to the personal role, with no enterprise (a later switch makes it one of its own). */
export async function clearMembership(db: Db, tenantId: string, userId: string, enterpriseId: string): Promise<number> {
  const r = await db
    .updateTable('users')
    .set({ enterprise_id: null, is_employee: 0, is_team_admin: 0, login_role: 0, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('enterprise_id', '=', enterpriseId)
    .where('is_employee', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Hands the admin role from one member to another: both rows and the enterprise's admin column. */
export async function moveAdmin(trx: Transaction<DB>, tenantId: string, enterpriseId: string, from: string, to: string): Promise<void> {
  const now = new Date();
  await trx.updateTable('enterprises').set({ admin_user_id: to, updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', enterpriseId).execute();
  await trx.updateTable('users').set({ is_team_admin: 0, is_employee: 1, updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', from).execute();
  await trx.updateTable('users').set({ is_team_admin: 1, is_employee: 0, updated_at: now }).where('tenant_id', '=', tenantId).where('id', '=', to).execute();
}

/** Locks the team row: membership changes of one team run one at a time. */
export async function lockTeam(trx: Transaction<DB>, tenantId: string, enterpriseId: string) {
  return trx.selectFrom('enterprises').selectAll().where('tenant_id', '=', tenantId).where('id', '=', enterpriseId).forUpdate().executeTakeFirst();
}

/** A member who leaves keeps nothing assigned in the team's bids. */
export async function dropAssignments(db: Db, tenantId: string, enterpriseId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('bid_assignees')
    .where('user_id', '=', userId)
    .where('bid_id', 'in', (eb) => eb.selectFrom('bids').select('id').where('tenant_id', '=', tenantId).where('enterprise_id', '=', enterpriseId))
    .execute();
}

export function findUserPhone(db: Db, tenantId: string, phone: string) {
  return db.selectFrom('users').select(['id', 'enterprise_id', 'is_employee']).where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst();
}

export function userNames(db: Db, tenantId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([] as { id: string; nick_name: string; phone: string | null }[]);
  return db.selectFrom('users').select(['id', 'nick_name', 'phone']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}
