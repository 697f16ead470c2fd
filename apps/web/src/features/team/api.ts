import { bidTeamCalls, teamCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';

export type { BidActivity, BidPresence, BidTeam, TeamDetail, TeamInvitation, TeamMember } from '@btz/shared';

export const teamKeys = {
  detail: ['team', 'detail'] as const,
  invitations: (code: string) => ['team', 'invitations', code] as const,
  bid: (id: string) => ['bid', id, 'team'] as const,
  activity: (id: string) => ['bid', id, 'activity'] as const,
};

/** Reads, refetched right after a change: not held back by the duplicate-submit guard, errors shown in place. */
const read = { silent: true, repeatSubmit: false } as const;

/** The caller's team; null when it is in none (that answer is expected here, not an error to show). */
export async function fetchTeam() {
  try {
    return await callApi(teamCalls.detail, {}, read);
  } catch {
    return null;
  }
}
export const fetchInvitations = (code: string) => callApi(teamCalls.invitations, { query: code ? { code } : {} }, read);
export const invitePhone = (phone: string) => callApi(teamCalls.invitePhone, { query: { phone } });
export const renewLink = () => callApi(teamCalls.renewLink, {});
export const revokeInvite = (id: string) => callApi(teamCalls.revokeInvite, { query: { id } });
export const joinTeam = (code: string) => callApi(teamCalls.join, { query: { code } });
export const removeMember = (userId: string) => callApi(teamCalls.removeMember, { query: { userId } });
export const transferAdmin = (userId: string) => callApi(teamCalls.transferAdmin, { query: { userId } });
export const leaveTeam = () => callApi(teamCalls.leave, {});

export const fetchBidTeam = (id: string) => callApi(bidTeamCalls.team, { query: { id } }, read);
export const assignSection = (id: string, nodeId: string, userId: string) => callApi(bidTeamCalls.assign, { query: { id, nodeId, userId } });
export const fetchActivity = (id: string) => callApi(bidTeamCalls.activity, { query: { id } }, read);
export const sendPresence = (id: string, nodeId: string, leave = false) =>
  callApi(bidTeamCalls.presence, { query: { id, nodeId, ...(leave ? { leave: '1' as const } : {}) } }, read);
