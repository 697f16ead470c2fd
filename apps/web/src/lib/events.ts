import type { InsufficientData } from '@btz/shared';

/** Window events other features listen to (the purchase dialog, the login dialog). */
export const APP_EVENTS = {
  /** detail: the 5003 answer's data (or `{}`); the commerce feature opens the purchase dialog */
  openPurchase: 'btz:open-purchase',
  /** detail: `{ redirect?: string }`; opens the login dialog */
  openLogin: 'btz:open-login',
} as const;

export interface OpenLoginDetail {
  /** where to go after a successful login (default /workbench) */
  redirect?: string;
}

export function openPurchase(detail: InsufficientData | Record<string, unknown> = {}): void {
  window.dispatchEvent(new CustomEvent(APP_EVENTS.openPurchase, { detail }));
}

export function openLogin(detail: OpenLoginDetail = {}): void {
  window.dispatchEvent(new CustomEvent<OpenLoginDetail>(APP_EVENTS.openLogin, { detail }));
}
