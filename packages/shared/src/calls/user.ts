import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import type { RouteRule, UserInfo } from '../api/user.js';

/**
 * The current user and the per-path route rules (spec §7). The rest of the user calls (update-info, switch-role, phone
 * change, invitations) and the auth calls are not defined here yet; their routes declare their own schemas.
 */
export const userCalls = {
  getInfo: defineCall({ path: '/btz/user/get-info', auth: true, response: z.custom<UserInfo>() }),
  routeRules: defineCall({
    path: '/btz-skip/route-rules',
    auth: false,
    query: z.object({ path: z.string().min(1).max(500) }),
    labels: { path: '路径' },
    response: z.custom<RouteRule | null>(),
  }),
};
