import { REQUESTED_WITH } from '@btz/shared';
import { OPERATOR_AUTH_HEADER, type AdminCall, type CallBodyIn, type CallQueryIn, type CallResponse } from '@btz/shared/calls';
import { boot } from '../../lib/boot';

/**
 * The operator console's calls (issue 28). Not the app's request client: an operator is not a user — its token lives in
 * its own storage key and travels in `Operator-Auth`, a 401 ends the console's session (not the user's), and errors are
 * shown by the screen that made the call.
 */
const TOKEN_KEY = 'btz-operator-token';

export const operatorToken = {
  get: () => window.localStorage.getItem(TOKEN_KEY) ?? '',
  set: (t: string) => window.localStorage.setItem(TOKEN_KEY, t),
  clear: () => window.localStorage.removeItem(TOKEN_KEY),
};

export class AdminError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

type Input<C extends AdminCall> = { query?: CallQueryIn<C>; body?: CallBodyIn<C>; form?: FormData };

export async function adminCall<C extends AdminCall>(call: C, input: Input<C> = {}): Promise<CallResponse<C>> {
  const b = boot();
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const headers: Record<string, string> = {
    // a FormData body (an upload) sets its own multipart content type
    ...(input.form ? {} : { 'Content-Type': 'application/json;charset=UTF-8' }),
    'Blade-Requested-With': REQUESTED_WITH,
    'Tenant-Id': b.tenantId,
  };
  if (b.clientAuth) headers.Authorization = `Basic ${b.clientAuth}`;
  const token = operatorToken.get();
  if (token) headers[OPERATOR_AUTH_HEADER] = `bearer ${token}`;
  const res = await fetch(`/api${call.path}${qs.size ? `?${qs}` : ''}`, { method: 'POST', headers, body: input.form ?? JSON.stringify(input.body ?? {}) });
  const json = (await res.json().catch(() => null)) as { success?: boolean; code?: number; msg?: string; data?: unknown } | null;
  if (res.status === 401) {
    operatorToken.clear();
    if (!window.location.pathname.startsWith('/admin/sign-in')) window.location.assign('/admin/sign-in');
    throw new AdminError(json?.msg ?? '运营后台登录已失效，请重新登录', 401);
  }
  if (!json || !json.success) throw new AdminError(json?.msg ?? `请求失败（HTTP ${res.status}）`, json?.code ?? res.status);
  return json.data as CallResponse<C>;
}
