/** The brand settings' SQL (issue 28): the tenant's branding and SEO, its hosts and its route rules. */
import type { Database } from '../../../db/connection.js';

export async function brandRows(db: Database, tenantId: string) {
  const t = await db.selectFrom('tenants').select(['id', 'code', 'branding', 'seo']).where('id', '=', tenantId).executeTakeFirst();
  if (!t) return null;
  const [hosts, rules] = await Promise.all([
    db.selectFrom('host_tenants').select('host').where('tenant_id', '=', tenantId).orderBy('host').execute(),
    db.selectFrom('route_rules').selectAll().where('tenant_id', '=', tenantId).orderBy('path').execute(),
  ]);
  return { t, hosts, rules };
}

/** The branding row, locked for the rest of the transaction. */
export async function lockBranding(db: Database, tenantId: string): Promise<Record<string, string>> {
  const row = await db.selectFrom('tenants').select('branding').where('id', '=', tenantId).forUpdate().executeTakeFirstOrThrow();
  return { ...(row.branding as Record<string, string>) };
}

export async function setBranding(db: Database, tenantId: string, branding: Record<string, string>, seo: Record<string, string>): Promise<void> {
  await db.updateTable('tenants').set({ branding: JSON.stringify(branding), seo: JSON.stringify(seo), updated_at: new Date() }).where('id', '=', tenantId).execute();
}

/** Which of `hosts` another tenant serves. */
export async function hostsOfOthers(db: Database, hosts: string[], tenantId: string): Promise<string[]> {
  if (!hosts.length) return [];
  const taken = await db.selectFrom('host_tenants').select('host').where('host', 'in', hosts).where('tenant_id', '<>', tenantId).execute();
  return taken.map((x) => x.host);
}

export async function replaceHosts(db: Database, tenantId: string, hosts: string[]): Promise<void> {
  await db.deleteFrom('host_tenants').where('tenant_id', '=', tenantId).execute();
  if (hosts.length) await db.insertInto('host_tenants').values(hosts.map((host) => ({ host, tenant_id: tenantId }))).execute();
}

export async function deleteRouteRule(db: Database, tenantId: string, rulePath: string): Promise<void> {
  await db.deleteFrom('route_rules').where('tenant_id', '=', tenantId).where('path', '=', rulePath).execute();
}

export async function saveRouteRule(
  db: Database,
  tenantId: string,
  rulePath: string,
  values: { redirect: string | null; absolute: boolean; app_middleware: string },
): Promise<void> {
  await db
    .insertInto('route_rules')
    .values({ path: rulePath, tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.columns(['path', 'tenant_id']).doUpdateSet(values))
    .execute();
}

/** Whether `key` is a picture uploaded for this tenant's brand (only those are served at /brand-file/{key}.{ext}). */
export async function isBrandFileOf(db: Database, tenantId: string, key: string): Promise<boolean> {
  const row = await db.selectFrom('stored_objects').select('object_key').where('tenant_id', '=', tenantId).where('kind', '=', 'brand').where('object_key', '=', key).executeTakeFirst();
  return !!row;
}
