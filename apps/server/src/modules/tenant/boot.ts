import { createHash } from 'node:crypto';
import { SEO, domainForVariant, pageTitle, seoKeyFor, type Boot } from '@btz/shared';
import type { Config } from '../../config.js';
import type { TenantInfo } from '../../http/tenant.js';

export function makeBoot(config: Config, tenant: TenantInfo, buildId: string, title?: string): Boot {
  const seoKey = seoKeyFor(tenant.variant, tenant.code);
  const seo = SEO[seoKey];
  // Without WEB_BYPASS_SECRET nobody can lift the guard: hash a value no one knows.
  const secret = config.webBypassSecret ?? `unset:${config.tokenSecret}:${process.pid}`;
  return {
    variant: tenant.variant,
    domain: domainForVariant(tenant.variant),
    seoKey,
    tenantId: tenant.id,
    branding: tenant.branding,
    // the brand's own SEO texts (set in the console) win over the variant's built-in ones on every page: its title is the
    // home title and the site name after a page's own title
    seo: {
      title: pageTitle(seoKey, title, tenant.seo.title),
      description: tenant.seo.description || seo.description,
      keywords: tenant.seo.keywords || seo.keywords,
      ...(tenant.seo.title ? { home: tenant.seo.title } : {}),
    },
    clientAuth: Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64'),
    bypassHash: createHash('sha256').update(secret).digest('hex'),
    crypto: { aesKey: config.cryptoAesKey, desKey: config.cryptoDesKey },
    analytics: { enabled: !!config.analyticsSiteId, siteId: config.analyticsSiteId ?? '' },
    production: config.production,
    buildId,
    timing: {
      payStatusPollMs: config.payStatusPollMs,
      orderTtlS: config.orderTtlS,
      realtimeHeartbeatMs: config.realtimeHeartbeatMs,
      realtimeReconnectBaseMs: config.realtimeReconnectBaseMs,
      versionPollMs: config.versionPollMs,
    },
  };
}
