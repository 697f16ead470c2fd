/**
 * THE one place that changes VIP and bid copies (PRODUCT.md §8: the operator console and rewards will call it too).
 * Every change writes an `entitlement_ledger` row, inside the caller's transaction, so the change and its audit
 * record commit or roll back together (the statements: repo.ts). Holders: a user (personal) or an enterprise (shared by its members).
 */
import type { Selectable } from 'kysely';
import { BID_TYPE, COMMERCE_TEXT, LOGIN_ROLE, OPTION_TYPE, PRIVILEGES, startOfShanghaiMonth, UNIT_TYPE, type PrivilegeId } from '@btz/shared';
import type { OrdersTable } from '../../db/schema-commerce.js';
import { insufficient, unauthorized } from '../../http/errors.js';
import { ensureEnterprise } from '../user/repo.js';
import {
  addCopies,
  countVipSpends,
  findSpender,
  lockHolder,
  lockUser,
  markRefunded,
  setLoginRole,
  setOrderEnterprise,
  setVip,
  writeLedger,
  type CopyColumn,
  type Holder,
  type Trx,
} from './repo.js';

export type { Holder, Trx } from './repo.js';

const DAY_MS = 86_400_000;
/** VIP fair use: bids a VIP may start per calendar month without spending copies (config VIP_MONTHLY_BID_CAP). */
export const DEFAULT_VIP_MONTHLY_BID_CAP = 30;

/** Whose entitlements a user spends: its enterprise's in the enterprise role, else its own (as get-info shows them). */
export function activeHolder(u: { id: string; login_role: number; enterprise_id: string | null }): Holder {
  return u.login_role !== LOGIN_ROLE.personal && u.enterprise_id ? { type: 'enterprise', id: u.enterprise_id } : { type: 'user', id: u.id };
}

const copyField = (bidType: number | null) => (bidType === BID_TYPE.flagship ? 'flagship' : 'common');
const copyColumn = (bidType: number | null): CopyColumn => (bidType === BID_TYPE.flagship ? 'flagship_bid_number' : 'common_bid_number');

/**
 * Grants what a paid order bought (called by applyPayment only, in its transaction):
 * - holder: the buyer for a personal option (type 1); the buyer's enterprise for an enterprise option (type 2), created
 *   if absent, and a buyer still in the personal role is switched to the enterprise role so it sees what it bought;
 * - period (unitType 1): VIP extended from max(now, current expiry) by validDay; privileges = the package's
 *   privilegeValueList, added to those of a VIP still running (a shorter package never takes privileges away);
 * - per-copy (unitType 2): `number` copies added to commonBidNumber (bidType 1) or flagshipBidNumber (bidType 2).
 */
export async function grantOrder(trx: Trx, order: Selectable<OrdersTable>, now = new Date()): Promise<Holder> {
  const snap = order.option_snapshot;
  let holder: Holder = { type: 'user', id: order.user_id };
  if (order.type === OPTION_TYPE.enterprise) {
    const u = await lockUser(trx, order.user_id);
    const enterpriseId = await ensureEnterprise(trx, u);
    if (u.login_role === LOGIN_ROLE.personal) {
      await setLoginRole(trx, u.id, LOGIN_ROLE.enterprise, now);
    }
    await setOrderEnterprise(trx, order.id, enterpriseId);
    holder = { type: 'enterprise', id: enterpriseId };
  }
  const row = await lockHolder(trx, holder);
  if (order.unit_type === UNIT_TYPE.period) {
    const active = !!row.vip_expiry && row.vip_expiry.getTime() > now.getTime();
    const from = active ? row.vip_expiry!.getTime() : now.getTime();
    const after = new Date(from + order.valid_day * DAY_MS);
    const privileges = [...new Set([...(active ? row.privilege_list : []), ...(snap.privilegeValueList ?? [])])];
    await setVip(trx, holder, after, privileges, now);
    await writeLedger(trx, {
      tenantId: order.tenant_id,
      holder,
      actorUserId: order.user_id,
      kind: 'grant',
      field: 'vip',
      delta: order.valid_day,
      reason: 'order_paid',
      orderId: order.id,
      vipBefore: row.vip_expiry,
      vipAfter: after,
    });
  } else {
    await addCopies(trx, holder, copyColumn(order.bid_type), order.number, now);
    await writeLedger(trx, {
      tenantId: order.tenant_id,
      holder,
      actorUserId: order.user_id,
      kind: 'grant',
      field: copyField(order.bid_type),
      delta: order.number,
      reason: 'order_paid',
      orderId: order.id,
    });
  }
  return holder;
}

/** Start of the current calendar month in Asia/Shanghai. */
export { startOfShanghaiMonth };

export interface SpendResult {
  ledgerId: string;
  holder: Holder;
  /** 'vip': covered by the VIP privilege (fair use); 'copy': one copy spent */
  via: 'vip' | 'copy';
}

/**
 * Spends what starting a bid of `bidType` costs (CONVENTIONS.md Entitlements): free while a running VIP has the
 * version's privilege (`bid_common` / `bid_flagship`) and the holder started fewer than `monthlyCap` VIP-covered bids
 * this calendar month; otherwise one copy of that version; with neither, 5003 with `data.bidType` so the purchase
 * dialog opens preset to that version. For the bid pipeline: call once, when the first full-text writing starts.
 */
export async function spendCopy(
  trx: Trx,
  o: { tenantId: string; userId: string; bidType: 1 | 2; monthlyCap?: number; ref?: string; enterpriseId?: string | null },
  now = new Date(),
): Promise<SpendResult> {
  const u = await findSpender(trx, o.tenantId, o.userId);
  if (!u) throw unauthorized();
  // a team's bid spends the team's entitlements whoever starts it; the ledger names that person (`actorUserId`)
  const holder: Holder = o.enterpriseId ? { type: 'enterprise', id: o.enterpriseId } : activeHolder(u);
  const row = await lockHolder(trx, holder);
  const privilege: PrivilegeId = o.bidType === BID_TYPE.flagship ? 'bid_flagship' : 'bid_common';
  const vipActive = !!row.vip_expiry && row.vip_expiry.getTime() > now.getTime();
  const cap = o.monthlyCap ?? DEFAULT_VIP_MONTHLY_BID_CAP;
  if (vipActive && row.privilege_list.includes(privilege) && cap > 0) {
    const used = await countVipSpends(trx, holder, startOfShanghaiMonth(now));
    if (used < cap) {
      const ledgerId = await writeLedger(trx, {
        tenantId: o.tenantId,
        holder,
        actorUserId: o.userId,
        kind: 'spend',
        field: 'vip',
        delta: 0,
        reason: 'bid_start_vip',
        ref: o.ref,
      });
      return { ledgerId, holder, via: 'vip' };
    }
  }
  if ((o.bidType === BID_TYPE.flagship ? row.flagship_bid_number : row.common_bid_number) < 1) {
    throw insufficient(o.bidType === BID_TYPE.flagship ? COMMERCE_TEXT.insufficientFlagship : COMMERCE_TEXT.insufficientBasic, {
      bidType: o.bidType,
    });
  }
  await addCopies(trx, holder, copyColumn(o.bidType), -1, now);
  const ledgerId = await writeLedger(trx, {
    tenantId: o.tenantId,
    holder,
    actorUserId: o.userId,
    kind: 'spend',
    field: copyField(o.bidType),
    delta: -1,
    reason: 'bid_start',
    ref: o.ref,
  });
  return { ledgerId, holder, via: 'copy' };
}

/**
 * Gives back what one `spendCopy` took (a cancelled writing that wrote nothing): the copy returns to the holder it came
 * from; a VIP-covered start no longer counts toward the monthly cap. Once only: returns false when already refunded.
 */
export async function refundSpend(trx: Trx, o: { tenantId: string; ledgerId: string; actorUserId?: string }): Promise<boolean> {
  const spent = await markRefunded(trx, o.tenantId, o.ledgerId);
  if (!spent) return false;
  const holder: Holder = { type: spent.holder_type, id: spent.holder_id };
  await lockHolder(trx, holder);
  if (spent.field !== 'vip') {
    await addCopies(trx, holder, spent.field === 'flagship' ? 'flagship_bid_number' : 'common_bid_number', 1, new Date());
  }
  await writeLedger(trx, {
    tenantId: o.tenantId,
    holder,
    actorUserId: o.actorUserId ?? spent.actor_user_id,
    kind: 'refund',
    field: spent.field,
    delta: spent.field === 'vip' ? 0 : 1,
    reason: 'bid_cancelled',
    ref: spent.id,
  });
  return true;
}

/** What an operator's grant or a refund's take-back changed (for the ledger view and the audit's before/after). */
export interface EntitlementChange {
  holder: Holder;
  field: 'vip' | 'common' | 'flagship';
  /** days of VIP or copies: positive given, negative taken */
  delta: number;
  vipBefore: Date | null;
  vipAfter: Date | null;
}

/** The privileges a VIP granted by an operator carries when the holder has no running VIP (all but the team ones for a person). */
export function grantPrivileges(holder: Holder): PrivilegeId[] {
  return (Object.keys(PRIVILEGES) as PrivilegeId[]).filter((p) => holder.type === 'enterprise' || p !== 'team');
}

/**
 * An operator's grant (issue 28): `amount` days of VIP (extended from max(now, current expiry); a running VIP keeps its
 * privileges, a new one gets `grantPrivileges`) or `amount` copies of one version — one ledger row, in the caller's
 * transaction (the console writes its audit row in the same one).
 */
export async function grantByOperator(
  trx: Trx,
  o: { tenantId: string; holder: Holder; field: 'vip' | 'common' | 'flagship'; amount: number; reason: string; ref: string },
  now = new Date(),
): Promise<EntitlementChange> {
  const row = await lockHolder(trx, o.holder);
  if (o.field === 'vip') {
    const active = !!row.vip_expiry && row.vip_expiry.getTime() > now.getTime();
    const after = new Date((active ? row.vip_expiry!.getTime() : now.getTime()) + o.amount * DAY_MS);
    await setVip(trx, o.holder, after, active ? row.privilege_list : grantPrivileges(o.holder), now);
    await writeLedger(trx, {
      tenantId: o.tenantId,
      holder: o.holder,
      actorUserId: null,
      kind: 'grant',
      field: 'vip',
      delta: o.amount,
      reason: o.reason,
      ref: o.ref,
      vipBefore: row.vip_expiry,
      vipAfter: after,
    });
    return { holder: o.holder, field: 'vip', delta: o.amount, vipBefore: row.vip_expiry, vipAfter: after };
  }
  await addCopies(trx, o.holder, o.field === 'flagship' ? 'flagship_bid_number' : 'common_bid_number', o.amount, now);
  await writeLedger(trx, {
    tenantId: o.tenantId,
    holder: o.holder,
    actorUserId: null,
    kind: 'grant',
    field: o.field,
    delta: o.amount,
    reason: o.reason,
    ref: o.ref,
  });
  return { holder: o.holder, field: o.field, delta: o.amount, vipBefore: null, vipAfter: null };
}

/**
 * Takes back what a refunded order granted (issue 28), in the refund's transaction, once per order (a unique index on the
 * order's 'revoke' row): the VIP days the order added come off the expiry (never before now), and the copies it added
 * come off the holder — as many as are left, when some were already spent (the ledger says how many).
 */
export async function revokeOrder(trx: Trx, order: Selectable<OrdersTable>, now = new Date()): Promise<EntitlementChange> {
  const holder: Holder = order.enterprise_id ? { type: 'enterprise', id: order.enterprise_id } : { type: 'user', id: order.user_id };
  const row = await lockHolder(trx, holder);
  if (order.unit_type === UNIT_TYPE.period) {
    const before = row.vip_expiry;
    let after = before;
    if (before && before.getTime() > now.getTime()) {
      after = new Date(Math.max(now.getTime(), before.getTime() - order.valid_day * DAY_MS));
      await setVip(trx, holder, after, row.privilege_list, now);
    }
    const days = before && after ? Math.round((before.getTime() - after.getTime()) / DAY_MS) : 0;
    await writeLedger(trx, {
      tenantId: order.tenant_id,
      holder,
      actorUserId: null,
      kind: 'revoke',
      field: 'vip',
      delta: -days,
      reason: 'order_refunded',
      orderId: order.id,
      vipBefore: before,
      vipAfter: after,
    });
    return { holder, field: 'vip', delta: -days, vipBefore: before, vipAfter: after };
  }
  const field = copyField(order.bid_type);
  const left = order.bid_type === BID_TYPE.flagship ? row.flagship_bid_number : row.common_bid_number;
  const take = Math.min(order.number, left);
  if (take > 0) await addCopies(trx, holder, copyColumn(order.bid_type), -take, now);
  await writeLedger(trx, {
    tenantId: order.tenant_id,
    holder,
    actorUserId: null,
    kind: 'revoke',
    field,
    delta: -take,
    reason: take < order.number ? `order_refunded (${order.number - take} already spent)` : 'order_refunded',
    orderId: order.id,
  });
  return { holder, field, delta: -take, vipBefore: null, vipAfter: null };
}
