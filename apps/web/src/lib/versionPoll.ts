import { BUILD_VERSION_URL, RELOAD_GUARD_TTL_MS } from '@btz/shared';
import { session, STORAGE_KEYS } from './storage';

/** Spec: a poll of the build-metadata file; 60 s unless the server's config says otherwise. */
const DEFAULT_POLL_MS = 60_000;

/** Reload unless the page already reloaded for a new version within the guard ttl (spec §4: 10 s). */
export function guardedReload(now = Date.now()): boolean {
  const last = Number(session.get(STORAGE_KEYS.reloadGuard) ?? 0);
  if (now - last < RELOAD_GUARD_TTL_MS) return false;
  session.set(STORAGE_KEYS.reloadGuard, String(now));
  window.location.reload();
  return true;
}

async function latestBuildId(): Promise<string | null> {
  try {
    const res = await fetch(`${BUILD_VERSION_URL}?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : null;
  } catch {
    return null;
  }
}

/** Spec §4 build version: poll `/builds/latest.json`; a build id other than the running one reloads the page. */
export function startVersionPoll(runningBuildId: string, pollMs = DEFAULT_POLL_MS): () => void {
  if (!runningBuildId || runningBuildId === 'dev') return () => {};
  const check = async () => {
    if (document.visibilityState === 'hidden') return;
    const latest = await latestBuildId();
    if (latest && latest !== runningBuildId) guardedReload();
  };
  const timer = setInterval(check, pollMs > 0 ? pollMs : DEFAULT_POLL_MS);
  const onVisible = () => document.visibilityState === 'visible' && void check();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
