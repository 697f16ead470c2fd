import { sql, type Selectable, type Transaction } from 'kysely';
import { BID_TYPE, COMMERCE_TEXT, LOGIN_ROLE, OPTION_TYPE, startOfShanghaiMonth, UNIT_TYPE, type PrivilegeId } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import type { OptionSnapshot, OrdersTable } from '../../db/schema-commerce.js';
import { insufficient, unauthorized } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { ensureEnterprise } from '../user/enterprise.js';

/**
 * THE one place that changes VIP and bid copies (PRODUCT.md §8: the operator console and rewards will call it too).
 * Every change writes an `entitlement_ledger` row, inside the caller's transaction, so the change and its audit
 * record commit or roll back together. Holders: a user (personal) or an enterprise (shared by its members).
 */
export type Trx = Transaction<DB>;
export interface Holder {
  type: 'user' | 'enterprise';
  id: string;
}

interface HolderRow {
  id: string;
  vip_expiry: Date | null;
  privilege_list: string[];
  common_bid_number: number;
  flagship_bid_number: number;
}

const DAY_MS = 86_400_000;
/** VIP fair use: bids a VIP may start per calendar month without spending copies (config VIP_MONTHLY_BID_CAP). */
export const DEFAULT_VIP_MONTHLY_BID_CAP = 30;

/** Reads and row-locks the holder (serialises concurrent grants/spends of one holder on PostgreSQL). */
async function lockHolder(trx: Trx, h: Holder): Promise<HolderRow> {
  const table = h.type === 'user' ? 'users' : 'enterprises';
  const row = await trx
    .selectFrom(table)
    .select(['id', 'vip_expiry', 'privilege_list', 'common_bid_number', 'flagship_bid_number'])
    .where('id', '=', h.id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new Error(`entitlement holder ${h.type} ${h.id} not found`);
  return { ...row, privilege_list: (row.privilege_list as unknown as string[]) ?? [] };
}

async function writeLedger(
  trx: Trx,
  e: {
    tenantId: string;
    holder: Holder;
    actorUserId: string | null;
    kind: 'grant' | 'spend' | 'refund' | 'revoke';
    field: 'vip' | 'common' | 'flagship';
    delta: number;
    reason: string;
    orderId?: string | null;
    ref?: string | null;
    vipBefore?: Date | null;
    vipAfter?: Date | null;
  },
): Promise<string> {
  const id = newId();
  await trx
    .insertInto('entitlement_ledger')
    .values({
      id,
      tenant_id: e.tenantId,
      holder_type: e.holder.type,
      holder_id: e.holder.id,
      actor_user_id: e.actorUserId,
      kind: e.kind,
      field: e.field,
      delta: e.delta,
      reason: e.reason,
      order_id: e.orderId ?? null,
      ref: e.ref ?? null,
      vip_expiry_before: e.vipBefore ?? null,
      vip_expiry_after: e.vipAfter ?? null,
    })
    .execute();
  return id;
}

/** Whose entitlements a user spends: its enterprise's in the enterprise role, else its own (as get-info shows them). */
export function activeHolder(u: { id: string; login_role: number; enterprise_id: string | null }): Holder {
  return u.login_role !== LOGIN_ROLE.personal && u.enterprise_id ? { type: 'enterprise', id: u.enterprise_id } : { type: 'user', id: u.id };
}

const copyField = (bidType: number | null) => (bidType === BID_TYPE.flagship ? 'flagship' : 'common');
const copyColumn = (bidType: number | null) => (bidType === BID_TYPE.flagship ? 'flagship_bid_number' : 'common_bid_number');

/**
 * Grants what a paid order bought (called by applyPayment only, in its transaction):
 * - holder: the buyer for a personal option (type 1); the buyer's enterprise for an enterprise option (type 2), created
 *   if absent, and a buyer still in the personal role is switched to the enterprise role so it sees what it bought;
 * - period (unitType 1): VIP extended from max(now, current expiry) by validDay; privileges = the package's
 *   privilegeValueList, added to those of a VIP still running (a shorter package never takes privileges away);
 * - per-copy (unitType 2): `number` copies added to commonBidNumber (bidType 1) or flagshipBidNumber (bidType 2).
 */
export async function grantOrder(trx: Trx, order: Selectable<OrdersTable>, now = new Date()): Promise<Holder> {
  const snap = order.option_snapshot as unknown as OptionSnapshot;
  let holder: Holder = { type: 'user', id: order.user_id };
  if (order.type === OPTION_TYPE.enterprise) {
    const u = await trx.selectFrom('users').selectAll().where('id', '=', order.user_id).forUpdate().executeTakeFirstOrThrow();
    const enterpriseId = await ensureEnterprise(trx, u);
    if (u.login_role === LOGIN_ROLE.personal) {
      await trx.updateTable('users').set({ login_role: LOGIN_ROLE.enterprise, updated_at: now }).where('id', '=', u.id).execute();
    }
    await trx.updateTable('orders').set({ enterprise_id: enterpriseId }).where('id', '=', order.id).execute();
    holder = { type: 'enterprise', id: enterpriseId };
  }
  const row = await lockHolder(trx, holder);
  const table = holder.type === 'user' ? 'users' : 'enterprises';
  if (order.unit_type === UNIT_TYPE.period) {
    const active = !!row.vip_expiry && row.vip_expiry.getTime() > now.getTime();
    const from = active ? row.vip_expiry!.getTime() : now.getTime();
    const after = new Date(from + order.valid_day * DAY_MS);
    const privileges = [...new Set([...(active ? row.privilege_list : []), ...(snap.privilegeValueList ?? [])])];
    await trx
      .updateTable(table)
      .set({ vip_expiry: after, privilege_list: JSON.stringify(privileges), updated_at: now })
      .where('id', '=', holder.id)
      .execute();
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
    const column = copyColumn(order.bid_type);
    await trx
      .updateTable(table)
      .set({ [column]: sql`${sql.ref(column)} + ${order.number}`, updated_at: now } as never)
      .where('id', '=', holder.id)
      .execute();
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
  o: { tenantId: string; userId: string; bidType: 1 | 2; monthlyCap?: number; ref?: string },
  now = new Date(),
): Promise<SpendResult> {
  const u = await trx
    .selectFrom('users')
    .select(['id', 'login_role', 'enterprise_id'])
    .where('id', '=', o.userId)
    .where('tenant_id', '=', o.tenantId)
    .executeTakeFirst();
  if (!u) throw unauthorized();
  const holder = activeHolder(u);
  const row = await lockHolder(trx, holder);
  const privilege: PrivilegeId = o.bidType === BID_TYPE.flagship ? 'bid_flagship' : 'bid_common';
  const vipActive = !!row.vip_expiry && row.vip_expiry.getTime() > now.getTime();
  const cap = o.monthlyCap ?? DEFAULT_VIP_MONTHLY_BID_CAP;
  if (vipActive && row.privilege_list.includes(privilege) && cap > 0) {
    const { used } = await trx
      .selectFrom('entitlement_ledger')
      .select((eb) => eb.fn.countAll<number>().as('used'))
      .where('holder_type', '=', holder.type)
      .where('holder_id', '=', holder.id)
      .where('kind', '=', 'spend')
      .where('field', '=', 'vip')
      .where('refunded_at', 'is', null)
      .where('created_at', '>=', startOfShanghaiMonth(now))
      .executeTakeFirstOrThrow();
    if (Number(used) < cap) {
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
  const column = copyColumn(o.bidType);
  if ((o.bidType === BID_TYPE.flagship ? row.flagship_bid_number : row.common_bid_number) < 1) {
    throw insufficient(o.bidType === BID_TYPE.flagship ? COMMERCE_TEXT.insufficientFlagship : COMMERCE_TEXT.insufficientBasic, {
      bidType: o.bidType,
    });
  }
  await trx
    .updateTable(holder.type === 'user' ? 'users' : 'enterprises')
    .set({ [column]: sql`${sql.ref(column)} - 1`, updated_at: now } as never)
    .where('id', '=', holder.id)
    .execute();
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
  const spent = await trx
    .updateTable('entitlement_ledger')
    .set({ refunded_at: new Date() })
    .where('id', '=', o.ledgerId)
    .where('tenant_id', '=', o.tenantId)
    .where('kind', '=', 'spend')
    .where('refunded_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!spent) return false;
  const holder: Holder = { type: spent.holder_type, id: spent.holder_id };
  await lockHolder(trx, holder);
  if (spent.field !== 'vip') {
    const column = spent.field === 'flagship' ? 'flagship_bid_number' : 'common_bid_number';
    await trx
      .updateTable(holder.type === 'user' ? 'users' : 'enterprises')
      .set({ [column]: sql`${sql.ref(column)} + 1`, updated_at: new Date() } as never)
      .where('id', '=', holder.id)
      .execute();
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
