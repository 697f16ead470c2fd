import { bidTeamCalls, messageCalls, reviewCalls, teamCalls } from '@btz/shared/calls';
import type { BidResult } from '@btz/shared';
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

// Review (issue 27): a section's state and due date, comments, 消息, 「我的任务」, results and the win rate
export const reviewKeys = {
  comments: (id: string, nodeId: string) => ['bid', id, 'comments', nodeId] as const,
  messages: ['messages'] as const,
  tasks: ['my-tasks'] as const,
  winRate: ['win-rate'] as const,
};
export type ReviewMove = 'submit' | 'approve' | 'return' | 'reopen';
export function moveSection(id: string, nodeId: string, move: ReviewMove, comment = '') {
  const query = { id, nodeId };
  if (move === 'submit') return callApi(reviewCalls.submit, { query });
  if (move === 'approve') return callApi(reviewCalls.approve, { query });
  if (move === 'reopen') return callApi(reviewCalls.reopen, { query });
  return callApi(reviewCalls.sendBack, { query, body: { comment } });
}
export const setDueDate = (id: string, nodeId: string, dueDate: string) => callApi(reviewCalls.due, { query: { id, nodeId, dueDate } });
export const fetchComments = (id: string, nodeId: string) => callApi(reviewCalls.comments, { query: { id, nodeId } }, read);
export const addComment = (id: string, nodeId: string, text: string, mentions: string[]) =>
  callApi(reviewCalls.comment, { query: { id, nodeId }, body: { text, mentions } });
export const markResult = (id: string, result: BidResult | '', date: string) => callApi(reviewCalls.result, { query: { id, result, date } });
export const fetchMyTasks = () => callApi(reviewCalls.myTasks, {}, read);
export const fetchWinRate = () => callApi(reviewCalls.winRate, {}, read);
export const fetchMessages = () => callApi(messageCalls.list, {}, read);
export const readMessages = (id?: string) => callApi(messageCalls.read, { query: id ? { id } : {} }, read);
