import { defaultTenantForHost, variantForHost, type BrandVariant, type TenantBranding } from '@btz/shared';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import type { BrandSeo } from '../db/schema.js';

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
  /** the operator's SEO texts (console, issue 28); empty ones fall back to the variant's */
  seo: BrandSeo;
}

/**
 * Host → tenant (CONVENTIONS.md Tenancy): an operator mapping in `host_tenants` wins; otherwise spec §2's rule
 * (jw → 389572, bs → 592716, else 000000). The brand *variant* (title template, SEO) always follows the host rule.
 * Cached for a few seconds: every request needs it.
 */
export class TenantResolver {
  private cache: { at: number; hosts: Map<string, string>; tenants: Map<string, TenantInfo['branding'] & { code: string; seo: BrandSeo }> } | null =
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
      this.db.selectFrom('tenants').select(['id', 'code', 'branding', 'seo']).execute(),
    ]);
    this.cache = {
      at: Date.now(),
      hosts: new Map(hosts.map((h) => [h.host.toLowerCase(), h.tenant_id])),
      tenants: new Map(
        tenants.map((t) => [t.id, { ...(t.branding as unknown as TenantInfo['branding']), code: t.code, seo: t.seo ?? {} }]),
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
    const { code, seo, ...branding } = t;
    return { id: t.tenanId, code, variant: variantForHost(host), branding, seo };
  }
}
