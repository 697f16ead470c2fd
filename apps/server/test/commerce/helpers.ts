import { httpRequest, type TestServer } from '../harness.js';

export const TENANT = '000000';

/** The seeded option of the default tenant with this key (see src/db/seed/commerce.ts). */
export const opt = (key: string, tenantId = TENANT) => `${tenantId}-${key}`;

export const db = (t: TestServer) => t.server.db.db;

/** Gives a user a coupon directly (an operator grant), amounts in fen. */
export async function giveCoupon(
  t: TestServer,
  userId: string,
  o: { discountFen: number; minFen: number; deadline?: Date; status?: number; tenantId?: string },
): Promise<string> {
  const id = `c${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  await db(t)
    .insertInto('user_coupons')
    .values({
      id,
      tenant_id: o.tenantId ?? TENANT,
      user_id: userId,
      template_id: null,
      title: '测试券',
      discount_fen: o.discountFen,
      min_fen: o.minFen,
      deadline: o.deadline ?? new Date(Date.now() + 7 * 86400_000),
      status: o.status ?? 1,
      source: 'grant',
    })
    .execute();
  return id;
}

export async function payOrder(t: TestServer, token: string, query: Record<string, string | number | undefined>) {
  return (await t.api('/btz/bid-order/pay-order', { token, query })).json;
}

export async function payStatus(t: TestServer, token: string, id: string): Promise<any> {
  return (await t.api('/btz/bid-order/pay-status', { token, query: { id } })).json;
}

/** The path part of an absolute codeUrl (`http://localhost:PORT/m/pay/…` → `/m/pay/…`). */
export const pathOf = (codeUrl: string) => new URL(codeUrl).pathname;

export async function confirmSandbox(t: TestServer, codeUrl: string) {
  return t.request(pathOf(codeUrl), { method: 'POST', form: {} });
}

export async function getInfo(t: TestServer, token: string): Promise<any> {
  return (await t.api('/btz/user/get-info', { token })).json.data;
}

export async function ledgerFor(t: TestServer, orderId: string) {
  return db(t).selectFrom('entitlement_ledger').selectAll().where('order_id', '=', orderId).execute();
}

export async function orderRow(t: TestServer, orderId: string) {
  return db(t).selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** POST a notify the way a vendor does: raw body, its own headers, no client credentials. */
export function postNotify(t: TestServer, path: string, body: string, headers: Record<string, string>) {
  return httpRequest<any>(t.url, path, { method: 'POST', body, headers });
}

/** `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai) → epoch ms. */
export const shanghaiMs = (s: string) => new Date(`${s.replace(' ', 'T')}+08:00`).getTime();
