import type { AnyCall, CallBodyIn, CallQueryIn, CallResponse } from '@btz/shared/calls';
import { http, type RequestConfig } from './request';

/** The query and body a call takes; a call without a schema for one of them takes none. */
export type CallInput<C extends AnyCall> = (CallQueryIn<C> extends undefined ? { query?: undefined } : { query: CallQueryIn<C> }) &
  (CallBodyIn<C> extends undefined ? { body?: unknown } : { body: CallBodyIn<C> });

/**
 * Makes a call defined in `@btz/shared/calls` through the request client (its headers, duplicate-submit guard, error
 * catalogue and encryption switch all apply as to any other call): the query goes in the query string, the body as JSON.
 * Resolves the envelope's `data`, typed as the call's answer. `config` is the request client's (silent, repeatSubmit,
 * authorize, crypto …); a call without a body schema (multipart uploads) takes its FormData as `body`.
 *
 * `call` is the definition, or — in code every first page loads (the public site, login), where the definitions' zod
 * schemas would add ~30 KB to the first load — its path with the call's type named: `callApi<typeof contentCalls.page>(
 * '/btz-skip/content/page', …)` (a type-only import; the path must be the call's own).
 */
export async function callApi<C extends AnyCall>(call: C | C['path'], input: CallInput<C>, config?: RequestConfig): Promise<CallResponse<C>> {
  const path = typeof call === 'string' ? call : call.path;
  const res = await http.post<CallResponse<C>>(path, input.body, input.query === undefined ? config : { ...config, params: input.query });
  return res.data;
}
