import { redirect, type LoaderFunctionArgs } from 'react-router';
import { normalizePath } from '@btz/shared';
import { getUserState, isLoggedIn } from '../stores/user';
import { session, STORAGE_KEYS } from '../lib/storage';
import { canEnter } from './access';
import { routeRuleFor } from './routeRules';

let loginPromptPending = false;

/** RootLayout asks once after a redirect-for-login whether to open the login dialog. */
export function takeLoginPrompt(): string | null {
  if (!loginPromptPending) return null;
  loginPromptPending = false;
  return session.get(STORAGE_KEYS.afterLogin);
}

/**
 * Runs before every navigation (the root route revalidates always): the access rule of spec §2, then the per-path
 * route rule (a redirect; an absolute one is a full-page navigation).
 */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = normalizePath(url.pathname);
  if (!canEnter(path, isLoggedIn(), getUserState().headMenu)) {
    session.set(STORAGE_KEYS.afterLogin, url.pathname + url.search);
    loginPromptPending = true;
    throw redirect('/');
  }
  const rule = await routeRuleFor(path);
  if (rule?.redirect) {
    const absolute = rule.absolute || /^[a-z][a-z0-9+.-]*:\/\//i.test(rule.redirect);
    if (absolute) {
      window.location.href = rule.redirect;
      // the page is leaving; do not render the old route meanwhile
      await new Promise(() => {});
    }
    if (normalizePath(rule.redirect) !== path) throw redirect(rule.redirect);
  }
  return null;
}
