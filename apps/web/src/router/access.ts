import { normalizePath, routeAccess, type WorkbenchMenuItem } from '@btz/shared';

/**
 * Spec §2 access rule, with CONVENTIONS.md's additions, read from the route table (APP_ROUTES `access`): without a token
 * only the pages open to everyone are reachable (the public site, merchant details, a `/{inviteCode}` candidate and the
 * 404 page of an unknown path), and paths of the user's header menu. An unknown path is not redirected: it renders the
 * 404 page (the server answers it with HTTP 404 too).
 */
export function canEnter(path: string, loggedIn: boolean, headMenu: readonly WorkbenchMenuItem[]): boolean {
  if (loggedIn) return true;
  const p = normalizePath(path);
  // the operator console signs its operators in itself (features/admin/AdminLayout)
  if (routeAccess(p) === 'operator') return true;
  if (headMenu.some((m) => normalizePath(m.path) === p)) return true;
  return routeAccess(p) === 'public';
}
