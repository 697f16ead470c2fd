import type { z } from 'zod';

/**
 * One call of the API, defined once (ARCHITECTURE.md "every call defined once"): its path under /api, whether it needs a
 * user token, and zod schemas of its query string, its body and its answer. The server's `defineRoute({ call })` validates
 * with the query and body schemas and checks the handler's return type against the answer; the web's `callApi(call, …)`
 * takes the query and body the schemas accept and resolves the answer's type. A renamed field fails the type check on
 * both sides.
 *
 * Every call is a POST (spec §7). The request schemas are real (the server validates with them); so are the answer
 * schemas (calls/answers.ts): typed as the shared answer type, and checked against every answer in the server's tests.
 */
export interface CallDef<
  P extends string = string,
  A extends boolean = boolean,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R = unknown,
  F extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** path under /api */
  path: P;
  /** the call needs `Blade-Auth` */
  auth: A;
  query?: Q;
  body?: B;
  /**
   * The answer's `data` (the whole body when `envelope` is false; for a download or a stream: what the web client
   * reads). A real schema: the server's API tests check every JSON answer against it.
   */
  response: z.ZodType<R>;
  /**
   * false: the answer is the whole body, not the envelope's `data` (the BladeX token endpoint); a call refused before its
   * handler runs (client check, rate limit) still answers the failure envelope
   */
  envelope?: false;
  /**
   * A multipart upload's form fields (strings as the browser sends them; the file parts are not fields): the server
   * checks them when it has read the upload (`uploadFields`), and refuses a bad one with a Chinese 400 naming it.
   */
  fields?: F;
  /** Chinese names of the fields, for the server's validation messages */
  labels?: Record<string, string>;
  /**
   * A call on one bid (its id in the query as `id` or `bidId`) names which rule of the bid's access rule set
   * (apps/server/src/modules/bid/access.ts) it needs: `read` (anyone who may see the bid), `change` (the bid itself:
   * its owner or the team admin), `section` (one section, `nodeId`: also the member it is assigned to). The access test
   * walks every such call through every role.
   */
  bidAccess?: 'read' | 'change' | 'section';
  /**
   * A call naming one row that belongs to someone by its id in the query (`id`; `userId` for a team's member) says whose
   * row it must be — the scope its route's repo query narrows to:
   *   - `holder`: the caller's library holder (apps/server/src/modules/enterprise/owner.ts `ownerOf`: the user, or its
   *     enterprise in the enterprise role, so the team's members in the enterprise role share it) — pictures, 资料库,
   *     知识库, checks, file tools, 查重;
   *   - `user`: the caller alone (an order, a message, an export it started);
   *   - `teamAdmin`: the caller's own team, and the caller its admin (an invitation, a member).
   * Anyone else's row answers exactly like a missing one (body code 400), a team call by a non-admin its refusal. The
   * authorisation matrix (apps/server/test/security/authz-matrix.test.ts) derives every actor's expected answer from this
   * field, `bidAccess` and `auth`, and fails for a call that names an id without declaring one of them.
   */
  ownedBy?: 'holder' | 'user' | 'teamAdmin';
}

/** Defines a call; the literal path and auth flag and the schemas' types are kept for both sides. */
export function defineCall<
  const P extends string,
  const A extends boolean,
  R,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  F extends z.ZodType | undefined = undefined,
>(def: CallDef<P, A, Q, B, R, F>): CallDef<P, A, Q, B, R, F> {
  return def;
}

/** Any call (the `any`s let a call of any schemas stand where a call is expected). */
export type AnyCall = CallDef<string, boolean, any, any, any, any>;

type QueryOf<C> = C extends CallDef<any, any, infer Q, any, any, any> ? Q : never;
type BodyOf<C> = C extends CallDef<any, any, any, infer B, any, any> ? B : never;
type FieldsOf<C> = C extends CallDef<any, any, any, any, any, infer F> ? F : never;

/** What the client sends in the query string (before defaults and coercion); undefined when the call takes none. */
export type CallQueryIn<C extends AnyCall> = QueryOf<C> extends z.ZodType ? z.input<QueryOf<C>> : undefined;
/** The query the handler receives (after validation). */
export type CallQuery<C extends AnyCall> = QueryOf<C> extends z.ZodType ? z.output<QueryOf<C>> : Record<string, never>;
/** What the client sends as the JSON body; undefined when the call has no body schema. */
export type CallBodyIn<C extends AnyCall> = BodyOf<C> extends z.ZodType ? z.input<BodyOf<C>> : undefined;
/** The body the handler receives (after validation; unknown when the call has no body schema, e.g. multipart). */
export type CallBody<C extends AnyCall> = BodyOf<C> extends z.ZodType ? z.output<BodyOf<C>> : unknown;
/** The answer's `data`. */
export type CallResponse<C extends AnyCall> = C extends CallDef<any, any, any, any, infer R, any> ? R : never;
/** A multipart call's form fields after validation. */
export type CallFields<C extends AnyCall> = FieldsOf<C> extends z.ZodType ? z.output<FieldsOf<C>> : Record<string, never>;
