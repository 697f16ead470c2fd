import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import type { Boot } from '../api/boot.js';
import type { TenantBranding } from '../api/user.js';

/* ---- answers ---- */

const s = z.string();
const tenantBranding: z.ZodType<TenantBranding> = z.strictObject({
  id: s,
  tenanId: s,
  text: s,
  homeLogoLight: s,
  homeLogoDark: s,
  bannerLogo: s,
  footerLogo: s,
  workLogoLight: s,
  workLogoDark: s,
  ecLogo: s,
  avatar: s,
  video_img: s,
  video: s,
  item_video1: s,
  item_video2: s,
  item_video3: s,
  wechat: s,
  wechat2: s,
  companyName: s,
  BAno: s,
  groupImg: s,
  phone: s,
  email: s,
  primaryColor: s,
  name: s,
});
const ms = z.number().min(0).optional();
const boot: z.ZodType<Boot> = z.strictObject({
  variant: z.enum(['jw', 'bs', 'default']),
  domain: z.enum(['btz', 'jw', 'bs']),
  seoKey: z.enum(['jw', 'bs', 'default', 'fz']).optional(),
  tenantId: s,
  branding: tenantBranding,
  seo: z.strictObject({ title: s, description: s, keywords: s, home: s.optional() }),
  clientAuth: s,
  bypassHash: s,
  crypto: z.strictObject({ aesKey: s, desKey: s }),
  analytics: z.strictObject({ enabled: z.boolean(), siteId: s }),
  production: z.boolean(),
  buildId: s,
  timing: z
    .strictObject({ payStatusPollMs: ms, orderTtlS: ms, realtimeHeartbeatMs: ms, realtimeReconnectBaseMs: ms, versionPollMs: ms })
    .optional(),
});

/** What the host's brand tells an anonymous page (spec §2 host behaviour). */
export const tenantCalls = {
  /** the boot data the server otherwise injects as `window.__BOOT__` (vite dev asks for it) */
  boot: defineCall({ path: '/btz-skip/boot', auth: false, response: boot }),
  tenantInfo: defineCall({ path: '/btz-skip/tenant-info', auth: false, response: tenantBranding }),
};
