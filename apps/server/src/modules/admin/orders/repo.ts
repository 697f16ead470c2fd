import type { Selectable } from 'kysely';
import type { Database } from '../../../db/connection.js';
import type { OrdersTable } from '../../../db/schema-commerce.js';
import { paginate, type Paging } from '../../../db/paging.js';

export type AdminOrderRow = Selectable<OrdersTable> & { user_phone: string | null };

/** Orders of the scope (null: every tenant), newest first; `keyword` is an order number or the buyer's phone. */
export function searchOrders(db: Database, f: { tenantId: string | null; keyword?: string; status?: number; payType?: number }, p: Paging) {
  let base = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
  if (f.tenantId) base = base.where('orders.tenant_id', '=', f.tenantId);
  if (f.status) base = base.where('orders.status', '=', f.status);
  if (f.payType) base = base.where('orders.pay_type', '=', f.payType);
  if (f.keyword) {
    const k = f.keyword;
    base = base.where((eb) => eb.or([eb('orders.order_no', '=', k), eb('users.phone', '=', k)]));
  }
  return paginate(base, p, (q) =>
    q.selectAll('orders').select('users.phone as user_phone').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc'),
  );
}

/** One order within the scope; `lock` takes its row lock (inside a transaction). */
export function findScopedOrder(db: Database, tenantId: string | null, orderId: string, lock = false): Promise<AdminOrderRow | undefined> {
  let q = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').selectAll('orders').select('users.phone as user_phone').where('orders.id', '=', orderId);
  if (tenantId) q = q.where('orders.tenant_id', '=', tenantId);
  return (lock ? q.forUpdate('orders') : q).executeTakeFirst();
}

/** The orders of the scope made in [start, end), oldest first (at most `limit`). */
export function ordersMadeBetween(db: Database, tenantId: string | null, start: Date, end: Date, limit = 1000): Promise<AdminOrderRow[]> {
  let q = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select('users.phone as user_phone')
    .where('orders.created_at', '>=', start)
    .where('orders.created_at', '<', end);
  if (tenantId) q = q.where('orders.tenant_id', '=', tenantId);
  return q.orderBy('orders.created_at').orderBy('orders.id').limit(limit).execute();
}
