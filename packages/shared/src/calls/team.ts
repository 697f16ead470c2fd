import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { REVIEW_STATES } from '../api/review.js';
import { BID_ACTIVITY_LABELS, type BidActivity, type BidPresence, type BidTeam, type TeamDetail, type TeamInvitation } from '../api/team.js';
import { phoneField } from './auth.js';
import { bidId } from './bid.js';
import { nothing, time } from './answers.js';

/**
 * Enterprise teams (issue 27 "Teams"; docs/api.md, Teams): the caller's team, invitations by phone and by link, joining,
 * removing, handing over the admin role; and on a bid of the team: who writes which section, and what happened.
 */
const userId = z.string().trim().min(1).max(40);
const code = z.string().trim().min(4).max(40);
const nodeId = z.string().trim().min(1).max(100);
const labels = { phone: '手机号', userId: '成员', code: '邀请码', id: '标书 ID', nodeId: '章节' };

const str = z.string();
const member = z.strictObject({ userId: str, nickName: str, maskPhone: str, role: z.enum(['admin', 'member']), joinTime: time });
const invite = z.strictObject({ id: str, kind: z.enum(['phone', 'link']), maskPhone: str, code: str, createTime: time });
const teamDetail: z.ZodType<TeamDetail> = z.strictObject({
  id: str,
  name: str,
  isAdmin: z.boolean(),
  members: z.array(member),
  invites: z.array(invite),
  inviteUrl: str,
});
const invitation: z.ZodType<TeamInvitation> = z.strictObject({ code: str, teamName: str, inviterName: str });
export const bidTeamAnswer: z.ZodType<BidTeam> = z.strictObject({
  role: z.enum(['owner', 'admin', 'member']),
  canManage: z.boolean(),
  editable: z.union([z.literal('*'), z.array(str)]),
  assignments: z.array(z.strictObject({ nodeId: str, userId: str, nickName: str })),
  members: z.array(z.strictObject({ userId: str, nickName: str })),
  reviews: z.array(
    z.strictObject({ nodeId: str, state: z.enum(REVIEW_STATES as [string, ...string[]]), dueDate: str, note: str, byName: str, time }),
  ) as z.ZodType<BidTeam['reviews']>,
  outcome: z.strictObject({ result: z.enum(['won', 'lost', 'void']), date: str, domain: str }).nullable(),
});
const actions = Object.keys(BID_ACTIVITY_LABELS) as [keyof typeof BID_ACTIVITY_LABELS, ...(keyof typeof BID_ACTIVITY_LABELS)[]];
const activity: z.ZodType<BidActivity> = z.strictObject({
  id: str,
  userId: str,
  nickName: str,
  action: z.enum(actions),
  nodeId: str,
  detail: str,
  time,
});

export const teamCalls = {
  /** the caller's team (members; for the admin also the open invitations and the join link) */
  detail: defineCall({ path: '/btz/team/detail', auth: true, response: teamDetail }),
  invitePhone: defineCall({ path: '/btz/team/invite-phone', auth: true, query: z.object({ phone: phoneField() }), labels, response: nothing }),
  /** a new join link (the previous one stops working) */
  renewLink: defineCall({ path: '/btz/team/renew-link', auth: true, response: teamDetail }),
  revokeInvite: defineCall({ path: '/btz/team/revoke-invite', auth: true, ownedBy: 'teamAdmin', query: z.object({ id: z.string().trim().min(1).max(40) }), labels, response: nothing }),
  /** invitations the caller may accept: those to its phone, and the one of `code` when given */
  invitations: defineCall({ path: '/btz/team/invitations', auth: true, query: z.object({ code: code.optional() }), labels, response: z.array(invitation) }),
  join: defineCall({ path: '/btz/team/join', auth: true, query: z.object({ code }), labels, response: teamDetail }),
  removeMember: defineCall({ path: '/btz/team/remove-member', auth: true, ownedBy: 'teamAdmin', query: z.object({ userId }), labels, response: teamDetail }),
  transferAdmin: defineCall({ path: '/btz/team/transfer-admin', auth: true, ownedBy: 'teamAdmin', query: z.object({ userId }), labels, response: teamDetail }),
  leave: defineCall({ path: '/btz/team/leave', auth: true, response: nothing }),
};

const presence: z.ZodType<BidPresence> = z.strictObject({
  bidId: str,
  viewers: z.array(z.strictObject({ userId: str, nickName: str, nodeId: str })),
});

export const bidTeamCalls = {
  team: defineCall({ path: '/btz/bid/team', auth: true, bidAccess: 'read', query: z.object({ id: bidId }), labels, response: bidTeamAnswer }),
  /** `userId` '' takes the section back (nobody assigned) */
  assign: defineCall({
    path: '/btz/bid/assign',
    auth: true,
    bidAccess: 'change',
    query: z.object({ id: bidId, nodeId, userId: z.string().trim().max(40) }),
    labels,
    response: bidTeamAnswer,
  }),
  /**
   * The caller has the bid open at section `nodeId` ('' none); `leave=1`: it closed it. Sent when the section changes and
   * every PRESENCE_PING_MS while open; every viewer is told the new list as realtime `bid.presence`.
   */
  presence: defineCall({
    path: '/btz/bid/presence',
    auth: true,
    bidAccess: 'read',
    query: z.object({ id: bidId, nodeId: z.string().trim().max(100).default(''), leave: z.enum(['1']).optional() }),
    labels,
    response: presence,
  }),
  activity: defineCall({ path: '/btz/bid/activity', auth: true, bidAccess: 'read', query: z.object({ id: bidId }), labels, response: z.array(activity) }),
};
