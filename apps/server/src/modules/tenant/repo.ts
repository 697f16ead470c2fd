/** SQL of the tenant calls: per-path route rules and a brand's stored branding. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The rules of a path: the tenant's own and the shared one (tenant ''). */
export async function routeRulesOf(db: Kysely<DB>, tenantId: string, path: string) {
  return db.selectFrom('route_rules').selectAll().where('path', '=', path).where('tenant_id', 'in', ['', tenantId]).execute();
}

/** The branding of the tenant with this code, if there is one. */
export async function brandingOf(db: Kysely<DB>, code: string) {
  return db.selectFrom('tenants').select('branding').where('code', '=', code).executeTakeFirst();
}

/** The branding of the tenant with this id, if there is one. */
export async function brandingOfTenant(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('tenants').select('branding').where('id', '=', tenantId).executeTakeFirst();
}
