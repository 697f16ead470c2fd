import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import type { Boot } from '../api/boot.js';
import type { TenantBranding } from '../api/user.js';

/** What the host's brand tells an anonymous page (spec §2 host behaviour). */
export const tenantCalls = {
  /** the boot data the server otherwise injects as `window.__BOOT__` (vite dev asks for it) */
  boot: defineCall({ path: '/btz-skip/boot', auth: false, response: z.custom<Boot>() }),
  tenantInfo: defineCall({ path: '/btz-skip/tenant-info', auth: false, response: z.custom<TenantBranding>() }),
};
