/**
 * Enterprise teams (issue 27): the enterprise's members, its invitations (by phone, or a link with a code), who writes
 * which section of an enterprise's bid, and the bid's activity log. The rules: apps/server/src/modules/team and
 * apps/server/src/modules/bid/access.ts.
 */

import type { BidOutcome, SectionReview } from './review.js';

/** A member of the caller's team. `role`: admin (the one team admin) or member (an employee). */
export interface TeamMember {
  userId: string;
  nickName: string;
  maskPhone: string;
  role: 'admin' | 'member';
  joinTime: string;
}

/** An invitation still open: to a phone number (`maskPhone`) or the team's link. */
export interface TeamInvite {
  id: string;
  kind: 'phone' | 'link';
  maskPhone: string;
  code: string;
  createTime: string;
}

/** `/btz/team/detail`: the caller's team as the caller may see it (invites and link only for the admin). */
export interface TeamDetail {
  id: string;
  name: string;
  isAdmin: boolean;
  members: TeamMember[];
  invites: TeamInvite[];
  /** the join link of the team (admin only; '' for a member) */
  inviteUrl: string;
}

/** An invitation the caller may accept: the team's name and who invited. */
export interface TeamInvitation {
  code: string;
  teamName: string;
  inviterName: string;
}

/** A section of an enterprise bid assigned to a member. */
export interface BidAssignment {
  nodeId: string;
  userId: string;
  nickName: string;
}

/** `/btz/bid/team`: who is on the bid and what the caller may do there. */
export interface BidTeam {
  /** the caller's role on the bid: owner (wrote it), admin (the team admin), member (anyone else in the team) */
  role: 'owner' | 'admin' | 'member';
  /** the caller may change the bid itself (outline, files, writing, finish) and assign sections */
  canManage: boolean;
  /** section ids the caller may edit ('*': every section) */
  editable: string[] | '*';
  assignments: BidAssignment[];
  /** the people who may be assigned: the team's members ([] for a personal bid) */
  members: { userId: string; nickName: string }[];
  /** each section's review (due date, state) where it is not simply 待编写 without a due date */
  reviews: SectionReview[];
  /** the result of the finished bid (中标 / 未中标 / 废标), null until marked */
  outcome: BidOutcome | null;
}

/** One entry of a bid's activity log. */
export interface BidActivity {
  id: string;
  userId: string;
  nickName: string;
  action: BidActivityAction;
  nodeId: string;
  /** the section's title (or the export's format, the new name …) */
  detail: string;
  time: string;
}
export type BidActivityAction = 'create' | 'write' | 'edit' | 'assign' | 'export' | 'finish' | 'submit' | 'approve' | 'return' | 'reopen' | 'result';
export const BID_ACTIVITY_LABELS: Record<BidActivityAction, string> = {
  create: '创建了标书',
  write: '开始 AI 编写全文',
  edit: '编辑了章节',
  assign: '分配了章节',
  export: '导出了标书',
  finish: '完成了标书',
  submit: '提交了章节待审核',
  approve: '审核通过了章节',
  return: '退回了章节',
  reopen: '重新打开了章节',
  result: '标记了投标结果',
};

/** Realtime `bid.presence` `{ bidId, viewers }`: who has the bid open, and which section each has open. */
export interface BidPresence {
  bidId: string;
  viewers: { userId: string; nickName: string; nodeId: string }[];
}

/** How often an open bid tells the server it is still open; a viewer not heard of for PRESENCE_STALE_MS is gone. */
export const PRESENCE_PING_MS = 20_000;
export const PRESENCE_STALE_MS = 60_000;

/** What get-info's `rights` holds for a team (what each grants: modules/team). */
export const TEAM_RIGHTS = {
  /** invite, remove, hand over */
  manage: 'team:manage',
  /** assign sections of any bid of the team */
  assign: 'team:assign',
  /** read the team's bids */
  read: 'team:read',
} as const;

export const TEAM_TEXTS = {
  notInTeam: '你还没有加入企业团队',
  adminOnly: '只有团队管理员可以这样做',
  inviteNotFound: '邀请不存在或已失效',
  invitePhoneMismatch: '该邀请发给了其他手机号',
  alreadyMember: '你已是该团队成员',
  alreadyInvited: '已向该手机号发出邀请',
  selfInvite: '不能邀请自己',
  phoneIsMember: '该手机号已是团队成员',
  inOtherTeam: '你已属于其他企业团队，请先退出或移交后再加入',
  ownTeamNotEmpty: '你是另一个团队的管理员，且该团队已有成员或会员权益，不能加入其他团队',
  memberNotFound: '该成员不在团队中',
  cannotRemoveAdmin: '不能移除管理员，请先移交管理员',
  adminCannotLeave: '管理员不能直接退出，请先移交管理员',
  noRightToChange: '你没有修改这份标书的权限，请联系标书负责人或团队管理员',
  sectionNotAssigned: '这个章节没有分配给你，只能查看',
  assigneeNotMember: '只能分配给团队成员',
  personalBid: '个人标书不能分配章节',
  nodeNotFound: '章节不存在',
} as const;
