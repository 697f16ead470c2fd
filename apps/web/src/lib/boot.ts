import type { Boot } from '@btz/shared';
import { API_BASE } from '@btz/shared';
import type { tenantCalls } from '@btz/shared/calls';
import { fallbackBoot } from './bootFallback';

export type { Boot };

declare global {
  interface Window {
    __BOOT__?: Boot;
  }
}

let current: Boot | null = null;

/** The boot data; only valid after `loadBoot()` resolved (main.tsx awaits it before rendering). */
export function boot(): Boot {
  if (!current) throw new Error('boot() called before loadBoot()');
  return current;
}

function isBoot(v: unknown): v is Boot {
  return typeof v === 'object' && v !== null && 'tenantId' in v && 'branding' in v;
}

/**
 * Reads the injected boot data; without it (vite dev) asks the server. If the server cannot answer either, the app still
 * renders the public pages with the built-in default brand rather than a blank screen.
 */
export async function loadBoot(): Promise<Boot> {
  if (current) return current;
  if (isBoot(window.__BOOT__)) {
    current = window.__BOOT__;
    return current;
  }
  try {
    // tenantCalls.boot, asked before the request client can run (it needs the boot data); named by type only
    const path: typeof tenantCalls.boot.path = '/btz-skip/boot';
    const res = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      cache: 'no-store',
    });
    const body: unknown = await res.json();
    const data = (body as { data?: unknown } | null)?.data;
    if (res.ok && isBoot(data)) {
      current = data;
      return current;
    }
  } catch {
    // fall through to the built-in defaults
  }
  console.warn('[boot] 未获取到服务器启动配置，使用内置默认品牌');
  current = fallbackBoot(window.location.host);
  return current;
}
