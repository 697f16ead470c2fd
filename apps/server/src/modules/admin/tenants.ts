import type { AdminTenant } from '@btz/shared/calls';
import type { Database } from '../../db/connection.js';
import { listTenants } from './auth/repo.js';
import { tenantName } from './present.js';

/** The tenants an operator sees (one for a tenant's operator, all for the super-operator), by id. */
export async function tenantMap(db: Database, only: string | null = null): Promise<Map<string, AdminTenant>> {
  const rows = await listTenants(db, only);
  return new Map(rows.map((r) => [r.id, { id: r.id, code: r.code, name: tenantName(r.branding, r.code) }]));
}
