/**
 * Who may do what with a bid — the one place these rules live (ARCHITECTURE.md example 4). Routes ask, never re-check;
 * every call on one bid declares the rule it needs (`bidAccess` in @btz/shared/calls) and the access test walks every
 * such call through every role.
 *
 * Whose a bid is: a bid written in the personal role is its writer's alone; one written in the enterprise role belongs
 * to the enterprise (the team, modules/team). The roles of a caller on a bid:
 *   - owner     — wrote it (and, for a team's bid, is still in the team);
 *   - admin     — the team's admin, on a bid of its team;
 *   - assignee  — a member a section of the team's bid is assigned to (for that section);
 *   - member    — anyone else in the team;
 *   - stranger  — anyone else: another user, a member of another enterprise, a former member.
 *
 * 1. read    (see the bid, its sections, its checks; export it): owner, admin, assignee, member.
 * 2. change  (the bid itself: files, lot, name, outline, writing, page settings, assigning sections, finishing, deleting):
 *            owner and admin. A member is told 「你没有修改这份标书的权限…」.
 * 3. section (edit one section: save, AI actions, picked passages): owner, admin, and the member it is assigned to; other
 *            members are told 「这个章节没有分配给你，只能查看」.
 * 4. A finished bid is read-only for good: changes answer 「标书已完成编写，内容为只读」.
 * 4a. A section approved in review (已通过) is locked: rule 3 answers 「这个章节已审核通过并锁定…」 to everyone, the owner and
 *     admin included, until one of them reopens it (review/service.ts). Reviewing (approve, return, reopen, due dates)
 *     is rule 2; submitting a section for review is rule 3; comments are rule 1; a result is marked on a finished bid
 *     by the owner or admin (bidToMarkResult).
 * 5. A stranger cannot tell the bid from one that does not exist: 「标书不存在」, for every call.
 */
import { BID_TEXTS, LOGIN_ROLE, REVIEW_TEXTS, TEAM_TEXTS } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { badRequest, readOnlyBid, unauthorized } from '../../http/errors.js';
import type { AuthInfo } from '../../auth/tokens.js';
import { membershipOf, type Membership } from '../team/index.js';
import { findBid, type BidRow, type Owner } from './repo.js';
import { assignedTo } from './team/repo.js';
import { reviewStateOf } from './review/repo.js';

export type BidRole = 'owner' | 'admin' | 'member';

export interface BidAccess {
  bid: BidRow;
  role: BidRole;
  /** owner or admin: may change the bid itself */
  canManage: boolean;
  me: Membership;
}

type Caller = Pick<AuthInfo, 'tenantId' | 'userId'>;

/** The caller as the bid repo's scope: itself and its team. */
export function viewerOf(me: Membership): Owner {
  return { tenantId: me.tenantId, userId: me.userId, enterpriseId: me.enterpriseId };
}

async function caller(app: AppContext, auth: Caller): Promise<Membership> {
  const me = await membershipOf(app.db, auth.tenantId, auth.userId);
  if (!me) throw unauthorized();
  return me;
}

/** The caller's role on a bid it may see (rule 5 otherwise). */
export async function bidAccess(app: AppContext, auth: Caller, id: string): Promise<BidAccess> {
  const me = await caller(app, auth);
  const bid = await findBid(app.db, viewerOf(me), id);
  if (!bid) throw badRequest(BID_TEXTS.notFound);
  const role: BidRole = bid.user_id === me.userId ? 'owner' : bid.enterprise_id && me.isAdmin ? 'admin' : 'member';
  return { bid, role, canManage: role !== 'member', me };
}

/** Rule 1. */
export async function bidToRead(app: AppContext, auth: Caller, id: string): Promise<BidRow> {
  return (await bidAccess(app, auth, id)).bid;
}

/** Rule 2 (a finished bid included: finishing twice is no change). */
export async function bidToManage(app: AppContext, auth: Caller, id: string): Promise<BidAccess> {
  const a = await bidAccess(app, auth, id);
  if (!a.canManage) throw badRequest(TEAM_TEXTS.noRightToChange);
  return a;
}

/** Rules 2 and 4. */
export async function bidToChange(app: AppContext, auth: Caller, id: string): Promise<BidRow> {
  const { bid } = await bidToManage(app, auth, id);
  assertChangeable(bid);
  return bid;
}

/** Rules 3, 4 and 4a: one section of the bid. */
export async function sectionToChange(app: AppContext, auth: Caller, id: string, nodeId: string): Promise<BidRow> {
  return (await sectionAccess(app, auth, id, nodeId)).bid;
}

/** Rules 3, 4 and 4a, with the caller's role (submitting a section for review). */
export async function sectionAccess(app: AppContext, auth: Caller, id: string, nodeId: string): Promise<BidAccess> {
  const a = await bidAccess(app, auth, id);
  if (!a.canManage && (await assignedTo(app.db, a.bid.id, nodeId)) !== a.me.userId) throw badRequest(TEAM_TEXTS.sectionNotAssigned);
  assertChangeable(a.bid);
  if ((await reviewStateOf(app.db, a.bid.id, nodeId)) === 'approved') throw badRequest(REVIEW_TEXTS.locked);
  return a;
}

/** Rules 2 and 4 with the caller's role: reviewing sections, assigning them. */
export async function bidToReview(app: AppContext, auth: Caller, id: string): Promise<BidAccess> {
  const a = await bidToManage(app, auth, id);
  assertChangeable(a.bid);
  return a;
}

export function assertChangeable(bid: Pick<BidRow, 'status'>): void {
  if (bid.status === 'finished') throw readOnlyBid();
}

/** Changes that re-read the tender (files, lot) would pull the outline from under a running writing. */
export async function bidToReparse(app: AppContext, auth: Caller, id: string): Promise<BidRow> {
  const bid = await bidToChange(app, auth, id);
  if (bid.status === 'writing') throw badRequest(BID_TEXTS.busyWriting);
  return bid;
}

/** A bid started now is the team's when the caller is in the enterprise role and in a team, else the caller's own. */
export async function teamOfNewBid(app: AppContext, auth: Caller): Promise<string | null> {
  const me = await caller(app, auth);
  return me.loginRole !== LOGIN_ROLE.personal && me.enterpriseId ? me.enterpriseId : null;
}

/** The bid list's scope: the team's bids in the enterprise role, else the caller's personal ones. */
export async function listScopeOf(app: AppContext, auth: Caller): Promise<{ tenantId: string; userId: string; team: string | null }> {
  return { tenantId: auth.tenantId, userId: auth.userId, team: await teamOfNewBid(app, auth) };
}
