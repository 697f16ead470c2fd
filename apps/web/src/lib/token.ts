import Cookies from 'js-cookie';
import { ADMIN_TOKEN_COOKIE, ADMIN_TOKEN_MAX_AGE_S } from '@btz/shared';

/**
 * Spec §9: the login token lives in cookie Admin-Token — 7 days, path /, SameSite Lax, not HttpOnly, Secure when the page
 * is served over https (a Secure cookie would be dropped on plain-http development hosts).
 */
export function getToken(): string {
  return Cookies.get(ADMIN_TOKEN_COOKIE) ?? '';
}

export function setToken(token: string): void {
  Cookies.set(ADMIN_TOKEN_COOKIE, token, {
    expires: ADMIN_TOKEN_MAX_AGE_S / 86400,
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
  });
}

export function removeToken(): void {
  Cookies.remove(ADMIN_TOKEN_COOKIE, { path: '/' });
}
