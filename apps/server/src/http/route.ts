import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnyCall, CallBody, CallQuery, CallResponse } from '@btz/shared/calls';
import type { RateFamily } from '../config.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/connection.js';
import type { AuthInfo } from '../auth/tokens.js';
import { bearerToken } from '../auth/tokens.js';
import { ok } from './envelope.js';
import { unauthorized } from './errors.js';
import { tooFrequent } from './rate-limit.js';
import type { TenantInfo } from './tenant.js';
import { dropEmpty, parseWith } from './validation.js';
import { decryptPayload, type CryptoType } from './payload-crypto.js';
import { assertNoNul } from './nul-guard.js';

export interface Ctx<Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  app: AppContext;
  /** the database to use: the call's transaction when the route asks for one (`transaction: true`), else `app.db` */
  db: Database;
  tenant: TenantInfo;
  query: Q;
  body: B;
  ip: string;
}
export type AuthedCtx<Q, B> = Ctx<Q, B> & { auth: AuthInfo };

interface BaseDef<Q, B> {
  /** path under /api */
  path: string;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Chinese names of the fields, for validation messages */
  labels?: Record<string, string>;
  /** the handler writes its own response body (no envelope) */
  raw?: boolean;
  /**
   * The rate-limit family the call counts against (config RATE_LIMIT_<FAMILY>), per IP and per user before anything
   * else runs; or, for a call whose user is not a token (a login), the family with the request's `subject` (read once the
   * body is parsed) and the answer to give instead of the envelope.
   */
  rateLimit?: RateFamily | RateLimitDef;
  /**
   * Run the handler in one database transaction (`ctx.db`): everything it writes is committed together when it
   * answers, and nothing when it throws.
   */
  transaction?: boolean;
  /**
   * Who else may make the call, checked after the user's token and before the payload is validated (a caller without
   * the right learns nothing of the call's fields, not even which are missing): the console's operator check.
   */
  guard?: (req: FastifyRequest) => Promise<void>;
}
export interface RateLimitDef {
  family: RateFamily;
  /** who the call is for when there is no token (the phone a login names); null = count it per IP only */
  subject?: (req: FastifyRequest) => string | null | undefined;
  /** the body of a refused call, for calls that do not answer the envelope (the token endpoint) */
  refuse?: (retryAfterS: number) => unknown;
}
interface PublicDef<Q, B> extends BaseDef<Q, B> {
  auth: false;
  handler(ctx: Ctx<Q, B>): Promise<unknown>;
}
interface AuthedDef<Q, B> extends BaseDef<Q, B> {
  auth: true;
  handler(ctx: AuthedCtx<Q, B>): Promise<unknown>;
}

/**
 * A route answering a call defined in `@btz/shared/calls`: path, auth, query and body schemas and labels come from the
 * call; the handler's answer must be the call's response type (a `raw` handler writes its own reply instead).
 */
type CallHandler<C extends AnyCall, Raw> = (
  ctx: C['auth'] extends true ? AuthedCtx<CallQuery<C>, CallBody<C>> : Ctx<CallQuery<C>, CallBody<C>>,
) => Promise<Raw extends true ? unknown : CallResponse<C>>;
export type CallRouteDef<C extends AnyCall> = Pick<BaseDef<unknown, unknown>, 'rateLimit' | 'transaction' | 'guard'> & {
  call: C;
  /** more field names, merged over the call's */
  labels?: Record<string, string>;
} & (
    | { raw?: false; validate?: true; handler: CallHandler<C, false> }
    | { raw: true; validate?: true; handler: CallHandler<C, true> }
    | {
        /**
         * The handler validates the payload with the call's schemas itself and answers a failure in its own shape (the
         * token endpoint: `{ success: false, error_description }`, not the envelope): it receives the decrypted query
         * string and body as sent.
         */
        validate: false;
        raw: true;
        handler: (
          ctx: C['auth'] extends true ? AuthedCtx<Record<string, unknown>, unknown> : Ctx<Record<string, unknown>, unknown>,
        ) => Promise<unknown>;
      }
  );

function fromCall(def: CallRouteDef<AnyCall>): PublicDef<unknown, unknown> | AuthedDef<unknown, unknown> {
  const { call, handler, labels, validate, ...rest } = def;
  return {
    ...rest,
    path: call.path,
    auth: call.auth,
    query: validate === false ? undefined : call.query,
    body: validate === false ? undefined : call.body,
    labels: call.labels || labels ? { ...call.labels, ...labels } : undefined,
    handler: handler as never,
  } as PublicDef<unknown, unknown> | AuthedDef<unknown, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantInfo;
  }
}

/** Decrypts `Crypto-Type` payloads (CONVENTIONS.md Transport) before validation. */
function readPayload(req: FastifyRequest, app: AppContext): { query: Record<string, unknown>; body: unknown } {
  const type = String(req.headers['crypto-type'] ?? '').toLowerCase() as CryptoType | '';
  let query = (req.query ?? {}) as Record<string, unknown>;
  let body = req.body;
  if (type === 'aes' || type === 'des') {
    const key = type === 'aes' ? app.config.cryptoAesKey : app.config.cryptoDesKey;
    if (typeof query.data === 'string') {
      query = Object.fromEntries(new URLSearchParams(decryptPayload(type, key, query.data)));
    }
    if (body && typeof body === 'object' && typeof (body as { data?: unknown }).data === 'string') {
      const plain = decryptPayload(type, key, (body as { data: string }).data);
      try {
        body = JSON.parse(plain);
      } catch {
        body = plain;
      }
    }
    // the edge guard (nul-guard.ts) saw only the ciphertext
    assertNoNul(query);
    assertNoNul(body);
  }
  return { query: dropEmpty(query), body };
}

/**
 * The hooks that count a call against its rate-limit family: per IP and per token user in onRequest (before the body is
 * read), per `subject` in preHandler (it may read the parsed body). (The server-rendered phone pages, which answer HTML,
 * call `app.rateLimits.hit` themselves.)
 */
export function rateLimitHooks(app: AppContext, spec: RateFamily | RateLimitDef) {
  const def: RateLimitDef = typeof spec === 'string' ? { family: spec } : spec;
  const refuse = async (reply: FastifyReply, wait: number | null) => {
    if (wait === null) return;
    reply.header('retry-after', String(wait));
    if (!def.refuse) throw tooFrequent(wait);
    return reply.code(200).send(def.refuse(wait));
  };
  const tokenUser = (req: FastifyRequest) => {
    const token = bearerToken(req.headers['blade-auth']);
    return token ? app.tokens.decode(token)?.uid : undefined;
  };
  return {
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      const uid = tokenUser(req);
      return refuse(reply, await app.rateLimits.hit(req, def.family, { ip: true, subject: uid ? `u:${uid}` : null }));
    },
    ...(def.subject
      ? {
          preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
            const subject = def.subject!(req);
            if (!subject) return;
            return refuse(reply, await app.rateLimits.hit(req, def.family, { subject: `s:${subject}` }));
          },
        }
      : {}),
  };
}

/**
 * Registers `POST /api{path}` for a call defined in `@btz/shared/calls`, with the house order: (client check in the app's
 * onRequest) → rate limit → auth → guard → validate → handler → envelope. Every call of spec §7 is a POST. A route without a
 * call cannot be declared: its path and schemas would be a second definition.
 */
export function defineRoute<C extends AnyCall>(fastify: FastifyInstance, app: AppContext, spec: CallRouteDef<C>): void {
  const def = fromCall(spec as CallRouteDef<AnyCall>) as PublicDef<unknown, unknown> | AuthedDef<unknown, unknown>;
  const hooks = def.rateLimit ? rateLimitHooks(app, def.rateLimit) : {};
  fastify.post(`/api${def.path}`, hooks, async (req, reply) => {
    let auth: AuthInfo | null = null;
    if (def.auth) {
      const token = bearerToken(req.headers['blade-auth']);
      auth = token ? await app.tokens.verify(token) : null;
      if (!auth || auth.tenantId !== req.tenant.id) throw unauthorized();
    }
    if (def.guard) await def.guard(req);
    const payload = readPayload(req, app);
    const query = def.query ? parseWith(def.query, payload.query, def.labels) : payload.query;
    const body = def.body ? parseWith(def.body, payload.body ?? {}, def.labels) : payload.body;
    const base = { req, reply, app, tenant: req.tenant, query, body, ip: req.ip, ...(auth ? { auth } : {}) };
    const run = (db: Database) => (def.handler as (c: typeof base & { db: Database }) => Promise<unknown>)({ ...base, db });
    const data = def.transaction ? await app.db.transaction().execute(run) : await run(app.db);
    if (def.raw) return data;
    return ok(data ?? null);
  });
}
