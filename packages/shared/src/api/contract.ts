import type { z } from 'zod';

/**
 * One call of the API, defined once (ARCHITECTURE.md "every call defined once"): its path under /api, whether it needs a
 * user token, and zod schemas of its query string, its body and its answer. The server's `defineRoute({ call })` validates
 * with the query and body schemas and checks the handler's return type against the answer; the web's `callApi(call, …)`
 * takes the query and body the schemas accept and resolves the answer's type. A renamed field fails the type check on
 * both sides.
 *
 * Every call is a POST (spec §7). The request schemas are real (the server validates with them); an answer may be a
 * `z.custom<T>()` of a shared type, since answers are typed, not validated.
 */
export interface CallDef<
  P extends string = string,
  A extends boolean = boolean,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R = unknown,
> {
  /** path under /api */
  path: P;
  /** the call needs `Blade-Auth` */
  auth: A;
  query?: Q;
  body?: B;
  /** the answer's `data` (for a download or a stream: what the web client reads) */
  response: z.ZodType<R>;
  /** Chinese names of the fields, for the server's validation messages */
  labels?: Record<string, string>;
}

/** Defines a call; the literal path and auth flag and the schemas' types are kept for both sides. */
export function defineCall<
  const P extends string,
  const A extends boolean,
  R,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(def: CallDef<P, A, Q, B, R>): CallDef<P, A, Q, B, R> {
  return def;
}

/** Any call (the `any`s let a call of any schemas stand where a call is expected). */
export type AnyCall = CallDef<string, boolean, any, any, any>;

type QueryOf<C> = C extends CallDef<any, any, infer Q, any, any> ? Q : never;
type BodyOf<C> = C extends CallDef<any, any, any, infer B, any> ? B : never;

/** What the client sends in the query string (before defaults and coercion); undefined when the call takes none. */
export type CallQueryIn<C extends AnyCall> = QueryOf<C> extends z.ZodType ? z.input<QueryOf<C>> : undefined;
/** The query the handler receives (after validation). */
export type CallQuery<C extends AnyCall> = QueryOf<C> extends z.ZodType ? z.output<QueryOf<C>> : Record<string, never>;
/** What the client sends as the JSON body; undefined when the call has no body schema. */
export type CallBodyIn<C extends AnyCall> = BodyOf<C> extends z.ZodType ? z.input<BodyOf<C>> : undefined;
/** The body the handler receives (after validation; unknown when the call has no body schema, e.g. multipart). */
export type CallBody<C extends AnyCall> = BodyOf<C> extends z.ZodType ? z.output<BodyOf<C>> : unknown;
/** The answer's `data`. */
export type CallResponse<C extends AnyCall> = C extends CallDef<any, any, any, any, infer R> ? R : never;
