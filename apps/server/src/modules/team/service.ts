/**
 * Team commands (issue 27 "Teams"). The rules:
 * - the team is the caller's enterprise; its admin is the user who first switched to the enterprise role (or bought an
 *   enterprise package) — `ensureEnterprise` — until it hands the role over to a member;
 * - only the admin invites (a phone number, or the team's link, whose code anyone who logs in may use until renewed),
 *   removes members and hands over the role; the admin cannot be removed and cannot leave without handing over first;
 * - an invited person joins by accepting: a phone invitation only by the account of that phone; a person in another team
 *   cannot join (a user whose own enterprise is empty — no other member, no VIP, no copies — may: that one is left behind);
 * - a member joins in the enterprise role, so it spends the team's VIP and copies (the ledger names who spent them);
 *   one who leaves goes back to the personal role and loses the sections assigned to it.
 */
import { maskPhone, TEAM_TEXTS as T, type TeamDetail, type TeamInvitation } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { newInviteCode } from '../../lib/ids.js';
import { formatTime } from '../../lib/time.js';
import {
  clearMembership,
  countOtherMembers,
  dropAssignments,
  findOpenInvite,
  findTeam,
  findUserPhone,
  insertInvite,
  invitesToPhone,
  listMembers,
  lockTeam,
  markAccepted,
  membershipOf,
  moveAdmin,
  openInvites,
  revokeInvites,
  setEmployee,
  userNames,
  type Membership,
} from './repo.js';

export interface Caller {
  tenantId: string;
  userId: string;
}

async function me(app: AppContext, c: Caller): Promise<Membership> {
  const m = await membershipOf(app.db, c.tenantId, c.userId);
  if (!m) throw unauthorized();
  return m;
}

async function teamOf(app: AppContext, c: Caller): Promise<Membership & { enterpriseId: string }> {
  const m = await me(app, c);
  if (!m.enterpriseId) throw badRequest(T.notInTeam);
  return m as Membership & { enterpriseId: string };
}

async function adminOf(app: AppContext, c: Caller) {
  const m = await teamOf(app, c);
  if (!m.isAdmin) throw badRequest(T.adminOnly);
  return m;
}

/** The join link of a team: the workbench's team page with the code (the page asks to log in first). */
export function joinUrl(origin: string, code: string): string {
  return `${origin}/workbench/team?join=${encodeURIComponent(code)}`;
}

export function teamName(name: string, adminNick: string): string {
  return name || `${adminNick || '未命名'}的团队`;
}

export async function teamDetail(app: AppContext, c: Caller, origin: string): Promise<TeamDetail> {
  const m = await teamOf(app, c);
  const team = await findTeam(app.db, c.tenantId, m.enterpriseId);
  if (!team) throw badRequest(T.notInTeam);
  const members = await listMembers(app.db, c.tenantId, team.id, team.admin_user_id);
  const admin = members.find((u) => u.id === team.admin_user_id);
  const invites = m.isAdmin ? await openInvites(app.db, c.tenantId, team.id) : [];
  const link = invites.find((i) => i.kind === 'link');
  return {
    id: team.id,
    name: teamName(team.name, admin?.nick_name ?? ''),
    isAdmin: m.isAdmin,
    members: members.map((u) => ({
      userId: u.id,
      nickName: u.nick_name,
      maskPhone: maskPhone(u.phone),
      role: u.id === team.admin_user_id ? 'admin' : 'member',
      joinTime: formatTime(u.id === team.admin_user_id ? team.created_at : u.updated_at),
    })),
    invites: invites
      .filter((i) => i.kind === 'phone')
      .map((i) => ({ id: i.id, kind: i.kind, maskPhone: maskPhone(i.phone), code: i.code, createTime: formatTime(i.created_at) })),
    inviteUrl: m.isAdmin && link ? joinUrl(origin, link.code) : '',
  };
}

export async function invitePhone(app: AppContext, c: Caller, phone: string): Promise<void> {
  const m = await adminOf(app, c);
  if (m.phone === phone) throw badRequest(T.selfInvite);
  const target = await findUserPhone(app.db, c.tenantId, phone);
  if (target && target.enterprise_id === m.enterpriseId && target.is_employee === 1) throw badRequest(T.phoneIsMember);
  const open = await invitesToPhone(app.db, c.tenantId, phone);
  if (open.some((i) => i.enterprise_id === m.enterpriseId)) throw badRequest(T.alreadyInvited);
  await insertInvite(app.db, { tenantId: c.tenantId, enterpriseId: m.enterpriseId, kind: 'phone', phone, code: newInviteCode(), invitedBy: c.userId });
}

/** A new join link; the old one stops working. */
export async function renewLink(app: AppContext, c: Caller, origin: string): Promise<TeamDetail> {
  const m = await adminOf(app, c);
  await app.db.transaction().execute(async (trx) => {
    await revokeInvites(trx, c.tenantId, m.enterpriseId, { kind: 'link' });
    await insertInvite(trx, { tenantId: c.tenantId, enterpriseId: m.enterpriseId, kind: 'link', phone: null, code: newInviteCode(), invitedBy: c.userId });
  });
  return teamDetail(app, c, origin);
}

export async function revokeInvite(app: AppContext, c: Caller, id: string): Promise<void> {
  const m = await adminOf(app, c);
  if (!(await revokeInvites(app.db, c.tenantId, m.enterpriseId, { id }))) throw badRequest(T.inviteNotFound);
}

/** What the caller may accept: the invitations to its phone, and the one of `code`. */
export async function invitationsFor(app: AppContext, c: Caller, code?: string): Promise<TeamInvitation[]> {
  const m = await me(app, c);
  const rows = m.phone ? await invitesToPhone(app.db, c.tenantId, m.phone) : [];
  if (code) {
    const byCode = await findOpenInvite(app.db, c.tenantId, code);
    if (!byCode || (byCode.phone && byCode.phone !== m.phone)) throw badRequest(T.inviteNotFound);
    if (!rows.some((r) => r.id === byCode.id)) rows.unshift(byCode);
  }
  const open = rows.filter((r) => r.enterprise_id !== m.enterpriseId);
  const out: TeamInvitation[] = [];
  for (const r of open) {
    const team = await findTeam(app.db, c.tenantId, r.enterprise_id);
    if (!team) continue;
    const names = await userNames(app.db, c.tenantId, [team.admin_user_id, r.invited_by]);
    const nick = (id: string) => names.find((n) => n.id === id)?.nick_name ?? '';
    out.push({ code: r.code, teamName: teamName(team.name, nick(team.admin_user_id)), inviterName: nick(r.invited_by) });
  }
  return out;
}

export async function joinTeam(app: AppContext, c: Caller, code: string, origin: string): Promise<TeamDetail> {
  await app.db.transaction().execute(async (trx) => {
    const invite = await findOpenInvite(trx, c.tenantId, code);
    if (!invite) throw badRequest(T.inviteNotFound);
    const team = await lockTeam(trx, c.tenantId, invite.enterprise_id);
    if (!team) throw badRequest(T.inviteNotFound);
    const m = await membershipOf(trx, c.tenantId, c.userId);
    if (!m) throw unauthorized();
    if (invite.phone && invite.phone !== m.phone) throw badRequest(T.invitePhoneMismatch);
    if (m.enterpriseId === team.id) throw badRequest(T.alreadyMember);
    if (m.enterpriseId && !m.isAdmin) throw badRequest(T.inOtherTeam);
    if (m.enterpriseId && m.isAdmin) {
      const own = await lockTeam(trx, c.tenantId, m.enterpriseId);
      const holds = !!own && ((own.vip_expiry && own.vip_expiry.getTime() > Date.now()) || own.common_bid_number > 0 || own.flagship_bid_number > 0);
      if (holds || (await countOtherMembers(trx, c.tenantId, m.enterpriseId, c.userId)) > 0) throw badRequest(T.ownTeamNotEmpty);
    }
    await setEmployee(trx, c.tenantId, c.userId, team.id);
    if (invite.kind === 'phone') await markAccepted(trx, invite.id, c.userId);
  });
  return teamDetail(app, c, origin);
}

export async function removeMember(app: AppContext, c: Caller, userId: string, origin: string): Promise<TeamDetail> {
  const m = await adminOf(app, c);
  if (userId === c.userId) throw badRequest(T.cannotRemoveAdmin);
  await app.db.transaction().execute(async (trx) => {
    await lockTeam(trx, c.tenantId, m.enterpriseId);
    if (!(await clearMembership(trx, c.tenantId, userId, m.enterpriseId))) throw badRequest(T.memberNotFound);
    await dropAssignments(trx, c.tenantId, m.enterpriseId, userId);
  });
  return teamDetail(app, c, origin);
}

export async function transferAdmin(app: AppContext, c: Caller, userId: string, origin: string): Promise<TeamDetail> {
  const m = await adminOf(app, c);
  await app.db.transaction().execute(async (trx) => {
    const team = await lockTeam(trx, c.tenantId, m.enterpriseId);
    if (!team || team.admin_user_id !== c.userId) throw badRequest(T.adminOnly);
    const to = await membershipOf(trx, c.tenantId, userId);
    if (!to || to.enterpriseId !== m.enterpriseId || to.isAdmin) throw badRequest(T.memberNotFound);
    await moveAdmin(trx, c.tenantId, m.enterpriseId, c.userId, userId);
  });
  return teamDetail(app, c, origin);
}

export async function leaveTeam(app: AppContext, c: Caller): Promise<void> {
  const m = await teamOf(app, c);
  if (m.isAdmin) throw badRequest(T.adminCannotLeave);
  await app.db.transaction().execute(async (trx) => {
    await lockTeam(trx, c.tenantId, m.enterpriseId);
    await clearMembership(trx, c.tenantId, c.userId, m.enterpriseId);
    await dropAssignments(trx, c.tenantId, m.enterpriseId, c.userId);
  });
}
