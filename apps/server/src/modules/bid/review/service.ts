/**
 * Review as RFP teams work (issue 27). Who may call what is access.ts's (routes ask it first); the moves themselves:
 * - a section is 待编写 until whoever may edit it (its assignee, the owner, the admin) submits it — with text in it —
 *   as 已提交; the bid's owner or the team's admin then approves it (已通过: locked, access.ts refuses every edit) or
 *   returns it with a comment (退回: the assignee edits and submits again); an approved section is reopened (待编写) by
 *   the owner or admin only. Each move is one statement from the states it may come from, so two reviewers cannot both move it.
 * - comments on a section are read and written by whoever reads the bid; the members a comment @mentions (team
 *   members only) get a 消息 and the realtime `bid.message`, as does the assignee when its section is returned,
 *   approved or reopened, and the owner and admin when a section is submitted. `dm.count` carries the unread count.
 * - a finished bid's result (中标 / 未中标 / 废标, a date not after today in Shanghai) with the tender's domain read from
 *   its card then; the enterprise's win rate is 中标 / (中标 + 未中标) by the result's month and by domain.
 */
import {
  BID_RESULT_LABELS,
  REVIEW_TEXTS as R,
  TEAM_TEXTS as T,
  formatShanghaiTime,
  type BidOutcome,
  type BidResult,
  type MessageList,
  type MyTask,
  type SectionComment,
  type SectionReview,
  type SectionReviewState,
  type UserMessage,
  type UserMessageKind,
  type WinRate,
  type WinRateRow,
} from '@btz/shared';
import { DOMAIN_LABELS, detectDomain } from '@btz/bid-engine/tender';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { formatTime } from '../../../lib/time.js';
import type { BidAccess } from '../access.js';
import type { BidRow } from '../repo.js';
import { assignedTo, logActivity, teamMembers } from '../team/repo.js';
import { findNode, leavesOf } from '../writing/sections.js';
import {
  addComment,
  addMessages,
  commentsOf,
  markRead,
  messageExists,
  messagesOf,
  moveReview,
  resultOf,
  resultsOf,
  reviewsOf,
  sectionChars,
  setDue,
  setResult,
  tasksOf,
  teamAdminOf,
  unreadCount,
} from './repo.js';

type Caller = { tenantId: string; userId: string };

/** Today in Shanghai, `YYYY-MM-DD` (the server's clock and zone decide every date). */
export const shanghaiToday = (now = new Date()) => formatShanghaiTime(now).slice(0, 10);

export async function sectionReviews(app: AppContext, bidId: string): Promise<SectionReview[]> {
  return (await reviewsOf(app.db, bidId))
    .filter((r) => r.state !== 'todo' || r.due)
    .map((r) => ({ nodeId: r.node_id, state: r.state, dueDate: r.due ?? '', note: r.note, byName: r.nick_name ?? '', time: formatTime(r.updated_at) }));
}

export async function bidOutcome(app: AppContext, bidId: string): Promise<BidOutcome | null> {
  const r = await resultOf(app.db, bidId);
  return r?.result ? { result: r.result, date: r.date ?? '', domain: r.result_domain ?? '' } : null;
}

function leafOf(bid: BidRow, nodeId: string) {
  const leaf = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1).find((l) => l.node.id === nodeId);
  if (!leaf) throw badRequest(T.nodeNotFound);
  return leaf.node;
}

function teamBid(bid: BidRow): string {
  if (!bid.enterprise_id) throw badRequest(R.personalBid);
  return bid.enterprise_id;
}

/** Makes the messages and tells each person (`bid.message`, then `dm.count`); a failed push loses nothing (the list has it). */
async function notify(app: AppContext, a: BidAccess, nodeId: string, kind: UserMessageKind, to: (string | undefined)[], text: string): Promise<void> {
  const people = [...new Set(to.filter((u): u is string => !!u && u !== a.me.userId))];
  const made = await addMessages(app.db, { tenantId: a.bid.tenant_id, to: people, kind, bidId: a.bid.id, nodeId, from: a.me.userId, text });
  const now = formatTime(new Date());
  await Promise.all(
    made.map(async (m) => {
      const msg: UserMessage = {
        id: m.id,
        kind,
        bidId: a.bid.id,
        bidName: a.bid.name,
        nodeId,
        sectionTitle: findNode(a.bid.outline, nodeId)?.title ?? '',
        fromName: a.me.nickName ?? '',
        text,
        read: false,
        time: now,
      };
      try {
        await app.realtime.publish(m.userId, 'bid.message', msg);
        await app.realtime.publish(m.userId, 'dm.count', { count: await unreadCount(app.db, a.bid.tenant_id, m.userId) });
      } catch (err) {
        app.log.warn({ err }, 'bid.message publish failed');
      }
    }),
  );
}

/** The owner and the team's admin: who reviews. */
async function reviewersOf(app: AppContext, bid: BidRow): Promise<string[]> {
  return [bid.user_id, (await teamAdminOf(app.db, bid.tenant_id, bid.enterprise_id!)) ?? ''];
}

async function move(
  app: AppContext,
  a: BidAccess,
  nodeId: string,
  m: { from: SectionReviewState[]; to: SectionReviewState; note?: string; refused: string; action: 'submit' | 'approve' | 'return' | 'reopen' },
): Promise<string> {
  teamBid(a.bid);
  const node = leafOf(a.bid, nodeId);
  const moved = await app.db.transaction().execute(async (trx) => {
    const ok = await moveReview(trx, { bidId: a.bid.id, nodeId, from: m.from, to: m.to, note: m.note ?? '', by: a.me.userId });
    if (ok) await logActivity(trx, { bidId: a.bid.id, userId: a.me.userId, action: m.action, nodeId, detail: node.title });
    return ok;
  });
  if (!moved) throw badRequest(m.refused);
  return node.title;
}

/** `a` from sectionToChange: the assignee, the owner or the admin. */
export async function submitSection(app: AppContext, a: BidAccess, nodeId: string): Promise<void> {
  teamBid(a.bid);
  leafOf(a.bid, nodeId);
  if ((await sectionChars(app.db, a.bid.id, nodeId)) <= 0) throw badRequest(R.emptySection);
  await move(app, a, nodeId, { from: ['todo', 'returned'], to: 'submitted', refused: R.notSubmittable, action: 'submit' });
  await notify(app, a, nodeId, 'submitted', await reviewersOf(app, a.bid), '');
}

/** `a` from bidToManage on a bid still being written. */
export async function approveSection(app: AppContext, a: BidAccess, nodeId: string): Promise<void> {
  await move(app, a, nodeId, { from: ['submitted'], to: 'approved', refused: R.notSubmitted, action: 'approve' });
  await notify(app, a, nodeId, 'approved', [await assignedTo(app.db, a.bid.id, nodeId)], '');
}

export async function returnSection(app: AppContext, a: BidAccess, nodeId: string, comment: string): Promise<void> {
  await move(app, a, nodeId, { from: ['submitted'], to: 'returned', note: comment, refused: R.notSubmitted, action: 'return' });
  await addComment(app.db, { bidId: a.bid.id, nodeId, userId: a.me.userId, text: `退回意见：${comment}`, mentions: [] });
  await notify(app, a, nodeId, 'returned', [await assignedTo(app.db, a.bid.id, nodeId)], comment);
}

export async function reopenSection(app: AppContext, a: BidAccess, nodeId: string): Promise<void> {
  await move(app, a, nodeId, { from: ['approved'], to: 'todo', refused: R.notApproved, action: 'reopen' });
  await notify(app, a, nodeId, 'reopened', [await assignedTo(app.db, a.bid.id, nodeId)], '');
}

export async function setDueDate(app: AppContext, a: BidAccess, nodeId: string, due: string): Promise<void> {
  teamBid(a.bid);
  leafOf(a.bid, nodeId);
  if (due && Number.isNaN(Date.parse(`${due}T00:00:00Z`))) throw badRequest(R.badDate);
  await setDue(app.db, a.bid.id, nodeId, due || null, a.me.userId);
}

export async function sectionComments(app: AppContext, a: BidAccess, nodeId: string): Promise<SectionComment[]> {
  const rows = await commentsOf(app.db, a.bid.id, nodeId);
  const members = a.bid.enterprise_id ? await teamMembers(app.db, a.bid.tenant_id, a.bid.enterprise_id) : [];
  const names = new Map(members.map((m) => [m.id, m.nick_name]));
  return rows.map((r) => ({
    id: r.id,
    nodeId: r.node_id,
    userId: r.user_id,
    nickName: r.nick_name,
    text: r.text,
    mentions: (r.mentions ?? []).map((u) => ({ userId: u, nickName: names.get(u) ?? '' })),
    time: formatTime(r.created_at),
  }));
}

/** `a` from bidAccess (whoever reads the bid). Every mentioned id must be a member of the bid's team. */
export async function commentOn(app: AppContext, a: BidAccess, nodeId: string, text: string, mentions: string[]): Promise<SectionComment[]> {
  leafOf(a.bid, nodeId);
  const wanted = [...new Set(mentions)];
  if (wanted.length) {
    const members = a.bid.enterprise_id ? await teamMembers(app.db, a.bid.tenant_id, a.bid.enterprise_id) : [];
    if (!wanted.every((u) => members.some((m) => m.id === u))) throw badRequest(R.mentionNotMember);
  }
  await addComment(app.db, { bidId: a.bid.id, nodeId, userId: a.me.userId, text, mentions: wanted });
  await notify(app, a, nodeId, 'mention', wanted, text);
  return sectionComments(app, a, nodeId);
}

/** `a` from bidToManage: the owner or the admin; the bid must be finished. */
export async function markResult(app: AppContext, a: BidAccess, result: BidResult | '', date: string): Promise<void> {
  if (a.bid.status !== 'finished') throw badRequest(R.notFinished);
  if (!result) {
    await setResult(app.db, a.bid.id, null);
    return;
  }
  const today = shanghaiToday();
  const day = date || today;
  if (Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw badRequest(R.badDate);
  if (day > today) throw badRequest(R.futureDate);
  const domain = a.bid.card ? DOMAIN_LABELS[detectDomain(a.bid.card)] : '未识别';
  await app.db.transaction().execute(async (trx) => {
    await setResult(trx, a.bid.id, { result, date: day, domain });
    await logActivity(trx, { bidId: a.bid.id, userId: a.me.userId, action: 'result', detail: `${BID_RESULT_LABELS[result]}（${day}）` });
  });
}

export async function myTasks(app: AppContext, me: Caller & { enterpriseId: string | null }): Promise<MyTask[]> {
  if (!me.enterpriseId) return [];
  const today = shanghaiToday();
  const rows = await tasksOf(app.db, me.tenantId, me.enterpriseId, me.userId);
  return rows
    .map((r) => {
      const node = findNode(r.outline, r.node_id);
      const state = r.state ?? 'todo';
      const due = r.due ?? '';
      return node
        ? {
            bidId: r.bid_id,
            bidName: r.bid_name,
            nodeId: r.node_id,
            sectionTitle: `${node.number ? `${node.number} ` : ''}${node.title}`,
            state,
            dueDate: due,
            overdue: !!due && due < today && state !== 'approved' && r.status !== 'finished',
            note: state === 'returned' ? (r.note ?? '') : '',
            finished: r.status === 'finished',
          }
        : null;
    })
    .filter((t): t is MyTask => !!t);
}

function rateRow(key: string, label: string, rows: { result: BidResult | null }[]): WinRateRow {
  const n = (r: BidResult) => rows.filter((x) => x.result === r).length;
  const won = n('won');
  const lost = n('lost');
  return { key, label, won, lost, void: n('void'), rate: won + lost ? Math.round((won / (won + lost)) * 1000) / 10 : null };
}

export async function winRate(app: AppContext, me: Caller & { enterpriseId: string | null }): Promise<WinRate> {
  if (!me.enterpriseId) throw badRequest(R.noTeam);
  const rows = await resultsOf(app.db, me.tenantId, me.enterpriseId);
  const group = (key: (r: (typeof rows)[number]) => string) => {
    const m = new Map<string, typeof rows>();
    for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
    return m;
  };
  const months = [...group((r) => r.month).entries()].sort(([a], [b]) => b.localeCompare(a));
  const domains = [...group((r) => r.result_domain ?? '未识别').entries()].sort(([, a], [, b]) => b.length - a.length);
  return {
    total: rateRow('all', '全部', rows),
    byMonth: months.map(([k, rs]) => rateRow(k, `${k.slice(0, 4)}年${Number(k.slice(5))}月`, rs)),
    byDomain: domains.map(([k, rs]) => rateRow(k, k, rs)),
  };
}

export async function messageList(app: AppContext, me: Caller): Promise<MessageList> {
  const [rows, unread] = await Promise.all([messagesOf(app.db, me.tenantId, me.userId), unreadCount(app.db, me.tenantId, me.userId)]);
  return {
    unread,
    records: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      bidId: r.bid_id,
      bidName: r.bid_name,
      nodeId: r.node_id,
      sectionTitle: findNode(r.outline, r.node_id)?.title ?? '',
      fromName: r.from_name,
      text: r.text,
      read: !!r.read_at,
      time: formatTime(r.created_at),
    })),
  };
}

export async function readMessages(app: AppContext, me: Caller, id: string | undefined): Promise<MessageList> {
  if (id && !(await messageExists(app.db, me.tenantId, me.userId, id))) throw badRequest(R.messageNotFound);
  await markRead(app.db, me.tenantId, me.userId, id ?? null);
  const out = await messageList(app, me);
  await app.realtime.publish(me.userId, 'dm.count', { count: out.unread }).catch((err: unknown) => app.log.warn({ err }, 'dm.count publish failed'));
  return out;
}

