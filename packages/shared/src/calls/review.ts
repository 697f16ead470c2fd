import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import {
  BID_RESULT_LABELS,
  REVIEW_STATES,
  REVIEW_TEXTS,
  USER_MESSAGE_LABELS,
  type BidResult,
  type MessageList,
  type MyTask,
  type SectionComment,
  type SectionReviewState,
  type UserMessageKind,
  type WinRate,
} from '../api/review.js';
import { bidId } from './bid.js';
import { bidTeamAnswer } from './team.js';
import { time } from './answers.js';

/**
 * Review as RFP teams work (issue 27; docs/api.md, Review): a section's due date and state (submitted by whoever may
 * edit it, approved / returned / reopened by the bid's owner or the team's admin), comments with @member, the caller's
 * 消息, 「我的任务」, a finished bid's result and the enterprise's win rate.
 */
const nodeId = z.string().trim().min(1).max(100);
const byNode = z.object({ id: bidId, nodeId });
const labels = { id: '标书 ID', nodeId: '章节', dueDate: '截止日期', comment: '退回意见', text: '评论', mentions: '提到的成员', result: '投标结果', date: '结果日期' };
const day = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: REVIEW_TEXTS.badDate });
const str = z.string();
const states = REVIEW_STATES as [SectionReviewState, ...SectionReviewState[]];
const results = Object.keys(BID_RESULT_LABELS) as [BidResult, ...BidResult[]];
const kinds = Object.keys(USER_MESSAGE_LABELS) as [UserMessageKind, ...UserMessageKind[]];

const comment: z.ZodType<SectionComment> = z.strictObject({
  id: str,
  nodeId: str,
  userId: str,
  nickName: str,
  text: str,
  mentions: z.array(z.strictObject({ userId: str, nickName: str })),
  time,
});
const messageList: z.ZodType<MessageList> = z.strictObject({
  unread: z.number().int().min(0),
  records: z.array(
    z.strictObject({
      id: str,
      kind: z.enum(kinds),
      bidId: str,
      bidName: str,
      nodeId: str,
      sectionTitle: str,
      fromName: str,
      text: str,
      read: z.boolean(),
      time,
    }),
  ),
});
const myTask: z.ZodType<MyTask> = z.strictObject({
  bidId: str,
  bidName: str,
  nodeId: str,
  sectionTitle: str,
  state: z.enum(states),
  dueDate: str,
  overdue: z.boolean(),
  note: str,
  finished: z.boolean(),
});
const rateRow = z.strictObject({
  key: str,
  label: str,
  won: z.number().int(),
  lost: z.number().int(),
  void: z.number().int(),
  rate: z.number().nullable(),
});
const winRate: z.ZodType<WinRate> = z.strictObject({ total: rateRow, byMonth: z.array(rateRow), byDomain: z.array(rateRow) });

export const reviewCalls = {
  /** the assignee (or the owner / admin) hands the section in: 待编写 or 退回 → 已提交 */
  submit: defineCall({ path: '/btz/bid/review/submit', auth: true, bidAccess: 'section', query: byNode, labels, response: bidTeamAnswer }),
  /** the owner or admin: 已提交 → 已通过 (the section is locked) */
  approve: defineCall({ path: '/btz/bid/review/approve', auth: true, bidAccess: 'change', query: byNode, labels, response: bidTeamAnswer }),
  /** the owner or admin: 已提交 → 退回, with the comment the assignee is told */
  sendBack: defineCall({
    path: '/btz/bid/review/return',
    auth: true,
    bidAccess: 'change',
    query: byNode,
    body: z.object({ comment: z.string().trim().min(1, { error: REVIEW_TEXTS.commentRequired }).max(1000) }),
    labels,
    response: bidTeamAnswer,
  }),
  /** the owner or admin: 已通过 → 待编写 (unlocked) */
  reopen: defineCall({ path: '/btz/bid/review/reopen', auth: true, bidAccess: 'change', query: byNode, labels, response: bidTeamAnswer }),
  /** the owner or admin sets the section's due date (`dueDate` '' or absent clears it) */
  due: defineCall({
    path: '/btz/bid/review/due',
    auth: true,
    bidAccess: 'change',
    query: z.object({ id: bidId, nodeId, dueDate: z.union([z.literal(''), day]).default('') }),
    labels,
    response: bidTeamAnswer,
  }),
  /** a section's comments, oldest first: whoever may read the bid */
  comments: defineCall({ path: '/btz/bid/comment/list', auth: true, bidAccess: 'read', query: byNode, labels, response: z.array(comment) }),
  /** a comment; each member in `mentions` (team members only) is told in realtime and in 消息 */
  comment: defineCall({
    path: '/btz/bid/comment/add',
    auth: true,
    bidAccess: 'read',
    query: byNode,
    body: z.object({
      text: z.string().trim().min(1, { error: '请填写评论内容' }).max(2000),
      mentions: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
    }),
    labels,
    response: z.array(comment),
  }),
  /** a finished bid's result (the owner or admin): 中标 / 未中标 / 废标 on `date`; `result` '' (or absent) takes it back */
  result: defineCall({
    path: '/btz/bid/result',
    auth: true,
    bidAccess: 'change',
    query: z.object({ id: bidId, result: z.union([z.literal(''), z.enum(results)]).default(''), date: z.union([z.literal(''), day]).default('') }),
    labels,
    response: bidTeamAnswer,
  }),
  /** 「我的任务」: the sections assigned to the caller on the bids of its enterprise */
  myTasks: defineCall({ path: '/btz/bid/my-tasks', auth: true, response: z.array(myTask) }),
  /** the enterprise's results: win rate by month (of the result's date) and by the tender's domain */
  winRate: defineCall({ path: '/btz/bid/win-rate', auth: true, response: winRate }),
};

export const messageCalls = {
  /** the caller's newest 100 messages and the unread count */
  list: defineCall({ path: '/btz/message/list', auth: true, response: messageList }),
  /** marks one message (`id`) or all (no id) read; answers the list */
  read: defineCall({ path: '/btz/message/read', auth: true, ownedBy: 'user', query: z.object({ id: z.string().trim().min(1).max(40).optional() }), labels: { id: '消息' }, response: messageList }),
};
