/**
 * A bid's team work: who writes which section (assigned by the bid's owner or the team's admin, to a member of the
 * team), what happened on the bid (the activity log), and who has it open where (presence, told in realtime as
 * `bid.presence` to everyone who has it open).
 */
import { PRESENCE_STALE_MS, TEAM_TEXTS as T, type BidActivity, type BidActivityAction, type BidPresence, type BidTeam } from '@btz/shared';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { formatTime } from '../../../lib/time.js';
import type { BidAccess } from '../access.js';
import { findNode, leavesOf } from '../writing/sections.js';
import { bidOutcome, sectionReviews } from '../review/service.js';
import { activityOf, assignmentsOf, clearAssignee, dropPresence, logActivity, presenceOf, setAssignee, setPresence, teamMembers } from './repo.js';

export async function bidTeam(app: AppContext, a: BidAccess): Promise<BidTeam> {
  const assignments = await assignmentsOf(app.db, a.bid.id);
  const members = a.bid.enterprise_id ? await teamMembers(app.db, a.bid.tenant_id, a.bid.enterprise_id) : [];
  return {
    role: a.role,
    canManage: a.canManage,
    editable: a.canManage ? '*' : assignments.filter((x) => x.user_id === a.me.userId).map((x) => x.node_id),
    assignments: assignments.map((x) => ({ nodeId: x.node_id, userId: x.user_id, nickName: x.nick_name })),
    members: members.map((m) => ({ userId: m.id, nickName: m.nick_name })),
    reviews: await sectionReviews(app, a.bid.id),
    outcome: await bidOutcome(app, a.bid.id),
  };
}

/** `a` comes from bidToManage (the owner or the admin). `userId` '' takes the section back. */
export async function assignSection(app: AppContext, a: BidAccess, nodeId: string, userId: string): Promise<BidTeam> {
  const { bid } = a;
  if (!bid.enterprise_id) throw badRequest(T.personalBid);
  const leaf = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).find((l) => l.node.id === nodeId);
  if (!leaf) throw badRequest(T.nodeNotFound);
  if (!userId) {
    await clearAssignee(app.db, bid.id, nodeId);
    return bidTeam(app, a);
  }
  const member = (await teamMembers(app.db, bid.tenant_id, bid.enterprise_id)).find((m) => m.id === userId);
  if (!member) throw badRequest(T.assigneeNotMember);
  await app.db.transaction().execute(async (trx) => {
    await setAssignee(trx, bid.id, nodeId, userId, a.me.userId);
    await logActivity(trx, { bidId: bid.id, userId: a.me.userId, action: 'assign', nodeId, detail: `${leaf.node.title} → ${member.nick_name}` });
  });
  return bidTeam(app, a);
}

export async function bidActivity(app: AppContext, a: BidAccess): Promise<BidActivity[]> {
  const rows = await activityOf(app.db, a.bid.id);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    nickName: r.nick_name,
    action: r.action as BidActivityAction,
    nodeId: r.node_id ?? '',
    // a section's title as it reads now (the detail keeps the title it had)
    detail: r.action === 'edit' && r.node_id ? (findNode(a.bid.outline ?? [], r.node_id)?.title ?? r.detail) : r.detail,
    time: formatTime(r.created_at),
  }));
}

/** Records where the caller is on the bid and tells everyone who has it open (the caller included). */
export async function updatePresence(app: AppContext, a: BidAccess, nodeId: string, leave: boolean): Promise<BidPresence> {
  if (leave) await dropPresence(app.db, a.bid.id, a.me.userId);
  else await setPresence(app.db, a.bid.id, a.me.userId, nodeId);
  const rows = await presenceOf(app.db, a.bid.id, PRESENCE_STALE_MS);
  const out: BidPresence = { bidId: a.bid.id, viewers: rows.map((r) => ({ userId: r.user_id, nickName: r.nick_name, nodeId: r.node_id })) };
  const told = new Set([...rows.map((r) => r.user_id), a.me.userId]);
  await Promise.all([...told].map((u) => app.realtime.publish(u, 'bid.presence', out).catch((err: unknown) => app.log.warn({ err }, 'bid.presence publish failed'))));
  return out;
}
