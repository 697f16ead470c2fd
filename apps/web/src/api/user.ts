import type { RouteRule, UserInfo } from '@btz/shared';
import { postParams } from './request';

/** `POST /btz/user/get-info` — the current user (spec §7). */
export const fetchUserInfo = () => postParams<UserInfo>('/btz/user/get-info', undefined, { repeatSubmit: false });

/** Spec §7 per-path route-rules lookup; null when the path has no rule. Never toasts: a failed lookup means no rule. */
export const fetchRouteRule = (path: string) =>
  postParams<RouteRule | null>('/btz-skip/route-rules', { path }, { repeatSubmit: false, silent: true });
