import type { RouteRule } from '@btz/shared';
import { fetchRouteRule } from '../api/user';

const TTL_MS = 5 * 60_000;
/** A slow lookup must not hold the page hostage: after this the route is entered without a rule. */
const WAIT_MS = 3000;

const cache = new Map<string, { at: number; rule: Promise<RouteRule | null> }>();

/** Spec §7 per-path route-rules lookup, cached per path for a few minutes; any failure counts as "no rule". */
export function routeRuleFor(path: string): Promise<RouteRule | null> {
  const hit = cache.get(path);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.rule;
  const rule = fetchRouteRule(path).catch(() => null);
  cache.set(path, { at: Date.now(), rule });
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_MS));
  return Promise.race([rule, timeout]);
}

export function clearRouteRules(): void {
  cache.clear();
}
