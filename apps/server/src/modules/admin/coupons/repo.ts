import { sql } from 'kysely';
import type { Database } from '../../../db/connection.js';

/** The coupon templates of the scope with their redeem codes counted (codes used at least once). */
export function listTemplates(db: Database, tenantId: string | null) {
  let q = db
    .selectFrom('coupon_templates as t')
    .leftJoin('redeem_codes as c', 'c.template_id', 't.id')
    .selectAll('t')
    .select([
      sql<number>`count(c.id)::int`.as('codes'),
      sql<number>`count(c.id) filter (where c.used_count > 0)::int`.as('used_codes'),
    ])
    .groupBy('t.id');
  if (tenantId) q = q.where('t.tenant_id', '=', tenantId);
  return q.orderBy('t.created_at', 'desc').orderBy('t.id').execute();
}
export type TemplateRow = Awaited<ReturnType<typeof listTemplates>>[number];

export function findTemplate(db: Database, tenantId: string | null, id: string) {
  let q = db.selectFrom('coupon_templates').selectAll().where('id', '=', id);
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return q.executeTakeFirst();
}

export async function insertRedeemTemplate(
  db: Database,
  t: { id: string; tenantId: string; title: string; discountFen: number; minFen: number; validDays: number },
): Promise<void> {
  await db
    .insertInto('coupon_templates')
    .values({ id: t.id, tenant_id: t.tenantId, kind: 'redeem', title: t.title, discount_fen: t.discountFen, min_fen: t.minFen, valid_days: t.validDays })
    .execute();
}

/** Inserts the codes (one use each), 500 a statement. */
export async function insertCodes(db: Database, rows: { id: string; tenantId: string; code: string; templateId: string; expiresAt: Date | null }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('redeem_codes')
      .values(rows.slice(i, i + 500).map((r) => ({ id: r.id, tenant_id: r.tenantId, code: r.code, template_id: r.templateId, max_uses: 1, expires_at: r.expiresAt })))
      .execute();
  }
}

export function codesOf(db: Database, templateId: string) {
  return db.selectFrom('redeem_codes').select(['code', 'used_count', 'max_uses', 'expires_at', 'created_at']).where('template_id', '=', templateId).orderBy('code').execute();
}

export interface TemplateInput {
  title: string;
  discountFen: number;
  minFen: number;
  validDays: number;
  sort: number;
  enabled: boolean;
  /** the campaign's window; null = open */
  startsAt: Date | null;
  endsAt: Date | null;
}

export async function insertTemplate(db: Database, t: TemplateInput & { id: string; tenantId: string; kind: 'grant' | 'new_user' | 'task' }): Promise<void> {
  await db
    .insertInto('coupon_templates')
    .values({
      id: t.id,
      tenant_id: t.tenantId,
      kind: t.kind,
      title: t.title,
      discount_fen: t.discountFen,
      min_fen: t.minFen,
      valid_days: t.validDays,
      sort: t.sort,
      enabled: t.enabled,
      starts_at: t.startsAt,
      ends_at: t.endsAt,
    })
    .execute();
}

/** Edits a template under its row lock; coupons already issued keep their own copy of the terms. */
export async function updateTemplate(db: Database, id: string, t: TemplateInput): Promise<void> {
  await db
    .updateTable('coupon_templates')
    .set({ title: t.title, discount_fen: t.discountFen, min_fen: t.minFen, valid_days: t.validDays, sort: t.sort, enabled: t.enabled, starts_at: t.startsAt, ends_at: t.endsAt })
    .where('id', '=', id)
    .execute();
}

export function lockTemplate(db: Database, tenantId: string | null, id: string) {
  let q = db.selectFrom('coupon_templates').selectAll().where('id', '=', id);
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return q.forUpdate().executeTakeFirst();
}

/** The user of the scope a coupon is granted to. */
export function findScopedUser(db: Database, tenantId: string | null, userId: string) {
  let q = db.selectFrom('users').select(['id', 'tenant_id', 'phone']).where('id', '=', userId);
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return q.executeTakeFirst();
}
