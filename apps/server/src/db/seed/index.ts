import type { Database } from '../connection.js';
import { BRANDS, HOST_TENANTS, ROUTE_RULES, brandingFor } from './brands.js';
import { seedCommerce } from './commerce.js';
import { seedContent } from './content.js';
import { seedWelfare } from './welfare.js';

/** Reference data every start makes sure of (idempotent; operator edits are kept). */
export async function seed(db: Database): Promise<void> {
  for (const b of BRANDS) {
    await db
      .insertInto('tenants')
      .values({ id: b.id, code: b.code, branding: JSON.stringify(brandingFor(b)) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const h of HOST_TENANTS) {
    await db
      .insertInto('host_tenants')
      .values({ host: h.host, tenant_id: h.tenantId })
      .onConflict((oc) => oc.column('host').doNothing())
      .execute();
  }
  for (const r of ROUTE_RULES) {
    await db
      .insertInto('route_rules')
      .values({ path: r.path, redirect: r.redirect, absolute: r.absolute, app_middleware: '[]' })
      .onConflict((oc) => oc.columns(['path', 'tenant_id']).doNothing())
      .execute();
  }
  await seedCommerce(db);
  await seedWelfare(db);
  await seedContent(db);
}
