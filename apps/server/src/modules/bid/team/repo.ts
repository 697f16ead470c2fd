/**
 * SQL of a bid's team work: who is assigned which section, the activity log, and who has the bid open (presence).
 * Callers reach these only with a bid that access.ts let them see, so the statements take the bid id.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import '../../../db/schema-teams.js';
import { newId } from '../../../lib/ids.js';

type Db = Kysely<DB>;

export async function assignedTo(db: Db, bidId: string, nodeId: string): Promise<string | undefined> {
  const r = await db.selectFrom('bid_assignees').select('user_id').where('bid_id', '=', bidId).where('node_id', '=', nodeId).executeTakeFirst();
  return r?.user_id;
}

export function assignmentsOf(db: Db, bidId: string) {
  return db
    .selectFrom('bid_assignees')
    .innerJoin('users', 'users.id', 'bid_assignees.user_id')
    .select(['bid_assignees.node_id', 'bid_assignees.user_id', 'users.nick_name'])
    .where('bid_assignees.bid_id', '=', bidId)
    .orderBy('bid_assignees.assigned_at')
    .execute();
}

export async function setAssignee(db: Db, bidId: string, nodeId: string, userId: string, by: string): Promise<void> {
  await db
    .insertInto('bid_assignees')
    .values({ bid_id: bidId, node_id: nodeId, user_id: userId, assigned_by: by, assigned_at: new Date() })
    .onConflict((oc) => oc.columns(['bid_id', 'node_id']).doUpdateSet({ user_id: userId, assigned_by: by, assigned_at: new Date() }))
    .execute();
}

export async function clearAssignee(db: Db, bidId: string, nodeId: string): Promise<void> {
  await db.deleteFrom('bid_assignees').where('bid_id', '=', bidId).where('node_id', '=', nodeId).execute();
}

/** The members of a team who may be assigned a section (the admin and the employees). */
export function teamMembers(db: Db, tenantId: string, enterpriseId: string) {
  return db
    .selectFrom('users')
    .innerJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['users.id', 'users.nick_name'])
    .where('users.tenant_id', '=', tenantId)
    .where('users.enterprise_id', '=', enterpriseId)
    .where((eb) => eb.or([eb('users.is_employee', '=', 1), eb('enterprises.admin_user_id', '=', eb.ref('users.id'))]))
    .orderBy('users.created_at')
    .execute();
}

export async function logActivity(db: Db, e: { bidId: string; userId: string; action: string; nodeId?: string | null; detail?: string }): Promise<void> {
  await db
    .insertInto('bid_activity')
    .values({ id: newId(), bid_id: e.bidId, user_id: e.userId, action: e.action, node_id: e.nodeId ?? null, detail: e.detail ?? '' })
    .execute();
}

/**
 * One edit of a section by one person is one entry while that person keeps editing: a save within `mergeMs` of the
 * person's last entry for the section moves that entry's time instead of adding another (autosave every few seconds).
 */
export async function logEdit(db: Db, e: { bidId: string; userId: string; nodeId: string; detail: string }, mergeMs: number): Promise<void> {
  const moved = await db
    .updateTable('bid_activity')
    .set({ created_at: sql<Date>`now()` })
    .where('bid_id', '=', e.bidId)
    .where('user_id', '=', e.userId)
    .where('action', '=', 'edit')
    .where('node_id', '=', e.nodeId)
    .where('created_at', '>', new Date(Date.now() - mergeMs))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) await logActivity(db, { ...e, action: 'edit' });
}

export function activityOf(db: Db, bidId: string, limit = 200) {
  return db
    .selectFrom('bid_activity')
    .innerJoin('users', 'users.id', 'bid_activity.user_id')
    .select(['bid_activity.id', 'bid_activity.user_id', 'users.nick_name', 'bid_activity.action', 'bid_activity.node_id', 'bid_activity.detail', 'bid_activity.created_at'])
    .where('bid_activity.bid_id', '=', bidId)
    .orderBy('bid_activity.created_at', 'desc')
    .orderBy('bid_activity.id', 'desc')
    .limit(limit)
    .execute();
}

export async function setPresence(db: Db, bidId: string, userId: string, nodeId: string): Promise<void> {
  await db
    .insertInto('bid_presence')
    .values({ bid_id: bidId, user_id: userId, node_id: nodeId, seen_at: new Date() })
    .onConflict((oc) => oc.columns(['bid_id', 'user_id']).doUpdateSet({ node_id: nodeId, seen_at: new Date() }))
    .execute();
}

export async function dropPresence(db: Db, bidId: string, userId: string): Promise<void> {
  await db.deleteFrom('bid_presence').where('bid_id', '=', bidId).where('user_id', '=', userId).execute();
}

/**
 * Who had the bid open within `staleMs` and may still read it (access.ts rule 1): on a team's bid, its members now — a member
 * removed or gone since is no viewer, even with a fresh presence row; on a personal bid, its writer.
 */
export function presenceOf(db: Db, bidId: string, staleMs: number) {
  return db
    .selectFrom('bid_presence')
    .innerJoin('users', 'users.id', 'bid_presence.user_id')
    .innerJoin('bids', 'bids.id', 'bid_presence.bid_id')
    .leftJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['bid_presence.user_id', 'users.nick_name', 'bid_presence.node_id'])
    .where('bid_presence.bid_id', '=', bidId)
    .where('bid_presence.seen_at', '>', new Date(Date.now() - staleMs))
    .where((eb) =>
      eb.or([
        eb.and([eb('bids.enterprise_id', 'is', null), eb('users.id', '=', eb.ref('bids.user_id'))]),
        eb.and([
          eb('users.enterprise_id', '=', eb.ref('bids.enterprise_id')),
          eb.or([eb('users.is_employee', '=', 1), eb('enterprises.admin_user_id', '=', eb.ref('users.id'))]),
        ]),
      ]),
    )
    .orderBy('bid_presence.seen_at')
    .execute();
}

/** Whether the writer of a team's bid is still in that team (a personal bid's writer always is its reader). */
export async function writerStillReads(db: Db, bid: { user_id: string; enterprise_id: string | null }): Promise<boolean> {
  if (!bid.enterprise_id) return true;
  const u = await db
    .selectFrom('users')
    .leftJoin('enterprises', 'enterprises.id', 'users.enterprise_id')
    .select(['users.enterprise_id', 'users.is_employee', 'enterprises.admin_user_id'])
    .where('users.id', '=', bid.user_id)
    .executeTakeFirst();
  return !!u && u.enterprise_id === bid.enterprise_id && (u.is_employee === 1 || u.admin_user_id === bid.user_id);
}
