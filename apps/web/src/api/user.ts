import type { userCalls } from '@btz/shared/calls';
import { callApi } from './call';

/* Defined in `@btz/shared/calls` (userCalls), named by type only: these load with the first page. */

/** `POST /btz/user/get-info` — the current user (spec §7). */
export const fetchUserInfo = () => callApi<typeof userCalls.getInfo>('/btz/user/get-info', {}, { repeatSubmit: false });

/** Spec §7 per-path route-rules lookup; null when the path has no rule. Never toasts: a failed lookup means no rule. */
export const fetchRouteRule = (path: string) =>
  callApi<typeof userCalls.routeRules>('/btz-skip/route-rules', { query: { path } }, { repeatSubmit: false, silent: true });
