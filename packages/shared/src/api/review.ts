/**
 * Review as RFP teams work (issue 27): each section of a team's bid has a due date and a state (待编写 → 已提交 →
 * 已通过, or 退回 with a comment); comments on a section with @member; the 消息 list; 「我的任务」; a finished bid's result
 * (中标 / 未中标 / 废标) and the enterprise's win rate. The rules: apps/server/src/modules/bid/access.ts and
 * apps/server/src/modules/bid/review.
 */

/** A section's review state; a section nobody touched yet is `todo`. */
export type SectionReviewState = 'todo' | 'submitted' | 'approved' | 'returned';
export const REVIEW_STATE_LABELS: Record<SectionReviewState, string> = {
  todo: '待编写',
  submitted: '已提交',
  approved: '已通过',
  returned: '退回',
};
export const REVIEW_STATES = Object.keys(REVIEW_STATE_LABELS) as SectionReviewState[];

/** The review of one section (only sections with a state other than 待编写, or a due date, are listed). */
export interface SectionReview {
  nodeId: string;
  state: SectionReviewState;
  /** `YYYY-MM-DD`, '' none */
  dueDate: string;
  /** the comment it was returned with ('' unless 退回) */
  note: string;
  /** who moved it last, and when */
  byName: string;
  time: string;
}

/** A comment on a section; `mentions` are the members it told. */
export interface SectionComment {
  id: string;
  nodeId: string;
  userId: string;
  nickName: string;
  text: string;
  mentions: { userId: string; nickName: string }[];
  time: string;
}

export type UserMessageKind = 'mention' | 'submitted' | 'returned' | 'approved' | 'reopened';
export const USER_MESSAGE_LABELS: Record<UserMessageKind, string> = {
  mention: '在评论中提到了你',
  submitted: '提交了章节待审核',
  returned: '退回了你的章节',
  approved: '审核通过了你的章节',
  reopened: '重新打开了章节',
};

/** One entry of the caller's 消息 list (realtime `bid.message` when it is made). */
export interface UserMessage {
  id: string;
  kind: UserMessageKind;
  bidId: string;
  bidName: string;
  nodeId: string;
  sectionTitle: string;
  fromName: string;
  /** the comment (a mention, a return) or '' */
  text: string;
  read: boolean;
  time: string;
}

export interface MessageList {
  unread: number;
  records: UserMessage[];
}

/** One section assigned to the caller, on any bid of its enterprise (「我的任务」). */
export interface MyTask {
  bidId: string;
  bidName: string;
  nodeId: string;
  sectionTitle: string;
  state: SectionReviewState;
  dueDate: string;
  /** the due date has passed (by the server's Shanghai day) and the section is not approved */
  overdue: boolean;
  note: string;
  /** the bid is finished (read-only) */
  finished: boolean;
}

export type BidResult = 'won' | 'lost' | 'void';
export const BID_RESULT_LABELS: Record<BidResult, string> = { won: '中标', lost: '未中标', void: '废标' };

/** The result of a finished bid. `domain`: the tender's domain as the engine reads it from the tender card. */
export interface BidOutcome {
  result: BidResult;
  /** `YYYY-MM-DD` */
  date: string;
  domain: string;
}

/** Results in one month or one domain; `rate` = 中标 / (中标 + 未中标) in percent (废标 left out), null when none. */
export interface WinRateRow {
  key: string;
  label: string;
  won: number;
  lost: number;
  void: number;
  rate: number | null;
}

export interface WinRate {
  total: WinRateRow;
  byMonth: WinRateRow[];
  byDomain: WinRateRow[];
}

export const REVIEW_TEXTS = {
  locked: '这个章节已审核通过并锁定，如需修改请标书负责人或团队管理员重新打开',
  lockedInOutline: (title: string) => `章节「${title}」已审核通过并锁定，调整目录不能删除或改名它；如需调整请先重新打开这个章节`,
  personalBid: '个人标书没有审核流程',
  notSubmittable: '这个章节已提交或已通过，不能再次提交',
  emptySection: '章节还没有正文，写好后再提交审核',
  notSubmitted: '只有已提交的章节可以审核',
  notApproved: '只有已通过的章节可以重新打开',
  commentRequired: '请填写退回意见',
  mentionNotMember: '只能 @ 团队成员',
  notFinished: '标书完成编写后才能标记中标结果',
  noTeam: '你还没有加入企业团队',
  badDate: '日期格式应为 YYYY-MM-DD',
  futureDate: '结果日期不能晚于今天',
  messageNotFound: '消息不存在',
} as const;
