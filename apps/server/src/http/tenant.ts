import { defaultTenantForHost, variantForHost, type BrandVariant, type TenantBranding } from '@btz/shared';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';

/**
 * The `Vary` of an answer that depends on the host (tenant, brand, canonical URLs): Host, plus the forwarded host and
 * scheme when a trusted proxy may set them (then Fastify's `req.host` / `req.protocol` read those), so a shared cache
 * never serves one host's page for another.
 */
export function hostVary(config: Pick<Config, 'trustProxy'>): string {
  return config.trustProxy.length ? 'Host, X-Forwarded-Host, X-Forwarded-Proto' : 'Host';
}

export interface TenantInfo {
  id: string;
  code: string;
  variant: BrandVariant;
  branding: TenantBranding;
}

/**
 * Host → tenant (CONVENTIONS.md Tenancy): an operator mapping in `host_tenants` wins; otherwise spec §2's rule
 * (jw → 389572, bs → 592716, else 000000). The brand *variant* (title template, SEO) always follows the host rule.
 * Cached for a few seconds: every request needs it.
 */
export class TenantResolver {
  private cache: { at: number; hosts: Map<string, string>; tenants: Map<string, TenantInfo['branding'] & { code: string }> } | null =
    null;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5000,
  ) {}

  invalidate(): void {
    this.cache = null;
  }

  private async load() {
    if (this.cache && Date.now() - this.cache.at < this.ttlMs) return this.cache;
    const [hosts, tenants] = await Promise.all([
      this.db.selectFrom('host_tenants').select(['host', 'tenant_id']).execute(),
      this.db.selectFrom('tenants').select(['id', 'code', 'branding']).execute(),
    ]);
    this.cache = {
      at: Date.now(),
      hosts: new Map(hosts.map((h) => [h.host.toLowerCase(), h.tenant_id])),
      tenants: new Map(
        tenants.map((t) => [t.id, { ...(t.branding as unknown as TenantInfo['branding']), code: t.code }]),
      ),
    };
    return this.cache;
  }

  async forHost(rawHost: string | undefined): Promise<TenantInfo> {
    const host = (rawHost ?? '').toLowerCase().replace(/:\d+$/, '');
    const { hosts, tenants } = await this.load();
    const id = hosts.get(host) ?? defaultTenantForHost(host);
    const t = tenants.get(id) ?? tenants.get(defaultTenantForHost(''));
    if (!t) throw new Error('租户数据缺失：数据库未完成初始化');
    const { code, ...branding } = t;
    return { id: t.tenanId, code, variant: variantForHost(host), branding };
  }
}
