import type { BrandVariant, SeoKey } from '../brand.js';
import type { BrandDomain } from '../constants.js';
import type { TenantBranding } from './user.js';

/**
 * What the server injects as `window.__BOOT__` (and answers at `POST /api/btz-skip/boot`): public values only —
 * the web app needs them before it renders.
 */
export interface Boot {
  variant: BrandVariant;
  domain: Exclude<BrandDomain, 'fz'>;
  /** the SEO set of this brand: the variant, or fz for the brand reached through the host map */
  seoKey?: SeoKey;
  tenantId: string;
  branding: TenantBranding;
  /** `home`: the brand's own home-page title set in the console (issue 28), when there is one */
  seo: { title: string; description: string; keywords: string; home?: string };
  /** base64 of `clientId:clientSecret`, for the `Authorization: Basic` header */
  clientAuth: string;
  /** hex sha256 of the `btz` bypass value: the bundle never carries the secret itself */
  bypassHash: string;
  crypto: { aesKey: string; desKey: string };
  analytics: { enabled: boolean; siteId: string };
  production: boolean;
  buildId: string;
  /** spec §9 durations from the server's config (tests shorten them); absent → the spec's defaults */
  timing?: {
    payStatusPollMs?: number;
    orderTtlS?: number;
    realtimeHeartbeatMs?: number;
    realtimeReconnectBaseMs?: number;
    versionPollMs?: number;
  };
}
