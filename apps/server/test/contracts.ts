import * as z from 'zod';
import * as calls from '@btz/shared/calls';
import type { AnyCall } from '@btz/shared/calls';

/**
 * The answer contracts checked in the tests (issue 26 item 3): every JSON answer the harness receives for a call of
 * `@btz/shared/calls` must be the envelope, and a successful one's `data` must pass the call's `response` schema (a call
 * with `envelope: false` answers its schema as the whole body). A test whose call gets an answer that breaks its
 * contract fails at that call, with the path and zod's account of what is wrong. The server does not check its answers
 * in production: the schemas are the contract the tests hold it to.
 */

function isCall(v: unknown): v is AnyCall {
  return typeof v === 'object' && v !== null && typeof (v as AnyCall).path === 'string' && (v as AnyCall).response instanceof z.ZodType;
}

/** path under /api → its call, from every `…Calls` group the shared package exports */
export const CALLS_BY_PATH: ReadonlyMap<string, AnyCall> = (() => {
  const map = new Map<string, AnyCall>();
  for (const group of Object.values(calls)) {
    if (typeof group !== 'object' || group === null || isCall(group)) continue;
    for (const call of Object.values(group as Record<string, unknown>)) {
      if (!isCall(call)) continue;
      const seen = map.get(call.path);
      if (seen && seen !== call) throw new Error(`two calls share the path ${call.path}`);
      map.set(call.path, call);
    }
  }
  return map;
})();

const envelope = z.strictObject({ code: z.number().int(), success: z.boolean(), data: z.unknown(), msg: z.string() });

export class ContractError extends Error {}

/**
 * Checks one answer of `POST /api{apiPath}` against its call's contract; throws a ContractError naming what is wrong.
 * Answers that are not JSON (downloads, streams, pages) and paths that are no call are not checked.
 */
export function checkAnswer(apiPath: string, json: unknown, call: AnyCall | undefined = CALLS_BY_PATH.get(apiPath.split('?')[0]!)): void {
  if (!call || json === undefined) return;
  const fail = (what: string, error: z.ZodError) => {
    throw new ContractError(`${apiPath} broke its answer contract (${what}):\n${z.prettifyError(error)}\n${JSON.stringify(json).slice(0, 2000)}`);
  };
  if (call.envelope === false) {
    // refused before its handler runs (the client check, the rate limit), such a call answers the house's failure envelope
    const failed = envelope.safeParse(json);
    if (failed.success && !failed.data.success) return;
    const r = call.response.safeParse(json);
    if (!r.success) fail('body', r.error);
    return;
  }
  const env = envelope.safeParse(json);
  if (!env.success) return fail('envelope', env.error);
  if (!env.data.success) return;
  const r = call.response.safeParse(env.data.data);
  if (!r.success) fail('data', r.error);
}
