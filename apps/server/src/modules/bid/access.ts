/**
 * Who may do what with a bid — the one place these rules live (ARCHITECTURE.md example 4). Routes ask, never re-check.
 *
 * 1. A user may read a bid of its own: same tenant, same owner, not deleted. (Sharing with the user's enterprise comes
 *    later and will be added to `Owner` scoping in repo.ts.)
 * 2. A user may change a bid it may read, unless the bid is finished (read-only for good): 400 「标书已完成编写，内容为只读」.
 * 3. A bid the user may not read looks exactly like a bid that does not exist: 400 「标书不存在」. Nothing tells another
 *    user's bid apart from a missing one.
 */
import { BID_TEXTS } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { badRequest, readOnlyBid } from '../../http/errors.js';
import type { AuthInfo } from '../../auth/tokens.js';
import { findBid, type BidRow, type Owner } from './repo.js';

export function ownerOf(auth: Pick<AuthInfo, 'tenantId' | 'userId'>): Owner {
  return { tenantId: auth.tenantId, userId: auth.userId };
}

export async function bidToRead(app: AppContext, auth: AuthInfo, id: string): Promise<BidRow> {
  const bid = await findBid(app.db, ownerOf(auth), id);
  if (!bid) throw badRequest(BID_TEXTS.notFound);
  return bid;
}

export async function bidToChange(app: AppContext, auth: AuthInfo, id: string): Promise<BidRow> {
  const bid = await bidToRead(app, auth, id);
  assertChangeable(bid);
  return bid;
}

export function assertChangeable(bid: Pick<BidRow, 'status'>): void {
  if (bid.status === 'finished') throw readOnlyBid();
}

/** Changes that re-read the tender (files, lot) would pull the outline from under a running writing. */
export async function bidToReparse(app: AppContext, auth: AuthInfo, id: string): Promise<BidRow> {
  const bid = await bidToChange(app, auth, id);
  if (bid.status === 'writing') throw badRequest(BID_TEXTS.busyWriting);
  return bid;
}
