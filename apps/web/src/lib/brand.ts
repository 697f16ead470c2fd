import { domainForVariant, variantForHost, type BrandVariant, type TenantBranding } from '@btz/shared';
import type { Boot } from './boot';
import { local, STORAGE_KEYS } from './storage';

/** Spec §4 display mode: the variant comes from the host (the server already decided it); the stored domain follows. */
export function applyBrand(b: Boot): BrandVariant {
  const variant = b.variant ?? variantForHost(window.location.host);
  local.set(STORAGE_KEYS.domain, b.domain ?? domainForVariant(variant));
  document.documentElement.dataset.brand = variant;
  document.documentElement.style.setProperty('--brand-primary', b.branding.primaryColor || '#1f5eff');
  return variant;
}

/**
 * The brand's short name (标书AI, 金网标书 …): `branding.name`; failing that, `branding.text` (name——slogan) up to its dash.
 */
export function brandName(branding: TenantBranding): string {
  if (branding.name?.trim()) return branding.name.trim();
  const head = (branding.text || '').split(/——|—|-|｜|\|/)[0]?.trim();
  return head || '标书AI';
}
