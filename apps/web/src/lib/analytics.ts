import type { Boot } from './boot';

type HmtCommand = [string, ...unknown[]];
declare global {
  interface Window {
    _hmt?: HmtCommand[];
  }
}

/** The visitor-statistics service (Baidu Tongji style queue). Loaded only when the operator enables it for the brand. */
const SCRIPT_URL = 'https://hm.baidu.com/hm.js?';

let enabled = false;

/** Spec §7: no-op unless `boot.analytics.enabled`; nothing is loaded from outside when off. */
export function initAnalytics(config: Boot['analytics']): void {
  enabled = Boolean(config?.enabled && config.siteId);
  if (!enabled) return;
  window._hmt = window._hmt ?? [];
  const s = document.createElement('script');
  s.async = true;
  s.src = SCRIPT_URL + encodeURIComponent(config.siteId);
  document.head.appendChild(s);
}

/** An analytics event (spec §4: sent on login). */
export function trackEvent(category: string, action: string, label = ''): void {
  if (!enabled) return;
  window._hmt?.push(['_trackEvent', category, action, label]);
}

/** A virtual page view for history-mode navigation. */
export function trackPageView(path: string): void {
  if (!enabled) return;
  window._hmt?.push(['_trackPageview', path]);
}
