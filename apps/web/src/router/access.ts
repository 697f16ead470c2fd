import { INVITE_CODE_PATTERN, isAnonymousPath, isKnownRoute, normalizePath, type WorkbenchMenuItem } from '@btz/shared';

/**
 * Spec §2 access rule, with CONVENTIONS.md's additions: without a token only the anonymous paths (plus merchant details
 * and a `/{inviteCode}` candidate) are reachable, and paths of the user's header menu. An unknown path is not redirected:
 * it renders the 404 page (the server answers it with HTTP 404 too).
 */
export function canEnter(path: string, loggedIn: boolean, headMenu: readonly WorkbenchMenuItem[]): boolean {
  if (loggedIn) return true;
  const p = normalizePath(path);
  if (isAnonymousPath(p)) return true;
  if (headMenu.some((m) => normalizePath(m.path) === p)) return true;
  if (p.startsWith('/merchantDetail/')) return true;
  if (p === '/workbench' || p.startsWith('/workbench/') || p === '/user/profile') return false;
  if (INVITE_CODE_PATTERN.test(p.slice(1))) return true;
  return !isKnownRoute(p);
}
