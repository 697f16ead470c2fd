import { SEO, TENANTS, domainForVariant, variantForHost, type TenantBranding } from '@btz/shared';
import type { Boot } from '@btz/shared';

/** Used only when neither `window.__BOOT__` nor the boot call is available (e.g. `vite preview` without the server). */
export function fallbackBoot(host: string): Boot {
  const variant = variantForHost(host);
  const domain = domainForVariant(variant);
  const tenantId = TENANTS[domain];
  const branding: TenantBranding = {
    id: domain,
    tenanId: tenantId,
    text: '标书AI',
    name: '标书AI',
    homeLogoLight: `/brand/${domain}/logo-light.svg`,
    homeLogoDark: `/brand/${domain}/logo-dark.svg`,
    bannerLogo: `/brand/${domain}/logo-light.svg`,
    footerLogo: `/brand/${domain}/logo-dark.svg`,
    workLogoLight: `/brand/${domain}/logo-light.svg`,
    workLogoDark: `/brand/${domain}/logo-dark.svg`,
    ecLogo: '',
    avatar: '',
    video_img: '',
    video: '',
    item_video1: '',
    item_video2: '',
    item_video3: '',
    wechat: '',
    wechat2: '',
    companyName: '标书AI科技有限公司',
    BAno: '',
    groupImg: '',
    phone: '',
    email: '',
    primaryColor: '#1f5eff',
  };
  const seo = SEO[variant];
  return {
    variant,
    domain,
    tenantId,
    branding,
    seo: { title: seo.home, description: seo.description, keywords: seo.keywords },
    clientAuth: '',
    bypassHash: '',
    crypto: { aesKey: '', desKey: '' },
    analytics: { enabled: false, siteId: '' },
    production: false,
    buildId: __BUILD_ID__,
  };
}
