import { useSyncExternalStore } from 'react';
import { WORKBENCH_MENU, type TokenFailure, type TokenResponse, type UserInfo, type WorkbenchMenuItem } from '@btz/shared';
import { fetchUserInfo } from '../api/user';
import { requestToken, revokeToken, type PhoneLoginInput } from '../api/auth';
import { setUnauthorizedHandler } from '../api/errorHandlers';
import { isApiError } from '../api/ApiError';
import { getToken, removeToken, setToken } from '../lib/token';
import { clearAdClickId, clearInvitationCode } from '../lib/attribution';
import { trackEvent } from '../lib/analytics';
import { toast } from '../lib/feedback';
import { navigateTo } from '../lib/navigation';
import { queryClient } from '../lib/queryClient';

/** The realtime client (STOMP + SockJS) loads only once someone is logged in. */
const realtime = () => import('../realtime');
const connectRealtime = (identity: { token: string; userId: string }) =>
  void realtime().then((m) => m.connectRealtime(identity));
const disconnectRealtime = () => void realtime().then((m) => m.disconnectRealtime());

/** Spec §3 user plus the client-only state (isBuy, headMenu, dmCount). */
export interface UserState {
  token: string;
  info: UserInfo | null;
  /** a user-info call is in flight */
  loading: boolean;
  dmCount: number;
  headMenu: WorkbenchMenuItem[];
  isBuy: boolean;
}

const LOGIN_FAILED = '登录失败，请稍后重试';

let state: UserState = { token: '', info: null, loading: false, dmCount: 0, headMenu: [], isBuy: false };
const listeners = new Set<() => void>();

function set(patch: Partial<UserState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const getUserState = (): UserState => state;

export function subscribeUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The whole user state, or one slice of it. */
export function useUser(): UserState;
export function useUser<T>(select: (s: UserState) => T): T;
export function useUser<T>(select?: (s: UserState) => T): T | UserState {
  const snap = useSyncExternalStore(subscribeUser, getUserState, getUserState);
  return select ? select(snap) : snap;
}

export const isLoggedIn = (): boolean => Boolean(state.token || getToken());

/** Reloads the user record (after a purchase, a profile edit, or at startup). */
export async function refreshUserInfo(): Promise<UserInfo | null> {
  if (!getToken()) return null;
  set({ loading: true });
  try {
    const info = await fetchUserInfo();
    set({ info, loading: false });
    return info;
  } catch {
    set({ loading: false });
    return null;
  }
}

/** Spec §4 login, the common tail: store the token, load the user, open realtime, clear attribution, analytics. */
export async function completeLogin(token: TokenResponse | Partial<TokenResponse>, method: 'phone' | 'wechat'): Promise<boolean> {
  if (!token.access_token) {
    toast.error(LOGIN_FAILED);
    return false;
  }
  setToken(token.access_token);
  set({ token: token.access_token, headMenu: WORKBENCH_MENU });
  const info = await refreshUserInfo();
  connectRealtime({ token: token.access_token, userId: info?.id ?? token.user_id ?? '' });
  clearInvitationCode();
  clearAdClickId();
  trackEvent('login', method, info?.id ?? '');
  return true;
}

function isFailure(res: TokenResponse | TokenFailure): res is TokenFailure {
  return (res as TokenFailure).success === false || !(res as TokenResponse).access_token;
}

/** Phone login (spec §4): on failure the server's error_description is shown as an error toast. */
export async function loginWithPhone(input: PhoneLoginInput): Promise<boolean> {
  try {
    const res = await requestToken(input);
    if (isFailure(res)) {
      toast.error((res as Partial<TokenFailure>).error_description || LOGIN_FAILED);
      return false;
    }
    return await completeLogin(res, 'phone');
  } catch (e) {
    toast.error(isApiError(e) ? e.message : LOGIN_FAILED);
    return false;
  }
}

/** Spec §4 logout: clear every user field, disconnect realtime, clear the ad-click id, remove the token. */
function clearSession(): void {
  disconnectRealtime();
  clearAdClickId();
  removeToken();
  queryClient.clear();
  set({ token: '', info: null, loading: false, dmCount: 0, headMenu: [], isBuy: false });
}

/**
 * The user's own logout: revoke the token on the server, clear the session, go to '/'. Leaving never waits on the
 * network: the revoke is sent first (it carries the token) but not awaited beyond a short grace period.
 */
export async function logout(): Promise<void> {
  const revoked = revokeToken().catch(() => {
    // the token may already be invalid; the local session is cleared either way
  });
  await Promise.race([revoked, new Promise((r) => setTimeout(r, 1500))]);
  clearSession();
  navigateTo('/', { replace: true });
}

export const setDmCount = (dmCount: number) => set({ dmCount });
export const setIsBuy = (isBuy: boolean) => set({ isBuy });

/** Startup: a token from the cookie survives a reload — load the user and reconnect realtime. */
export function initUserStore(): void {
  setUnauthorizedHandler(clearSession);
  const token = getToken();
  if (!token) return;
  set({ token, headMenu: WORKBENCH_MENU });
  void refreshUserInfo().then((info) => {
    if (info && getToken()) connectRealtime({ token, userId: info.id });
  });
}
