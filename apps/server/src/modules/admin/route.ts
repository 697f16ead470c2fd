import type { FastifyInstance } from 'fastify';
import type { AdminCall, CallBody, CallQuery, CallResponse } from '@btz/shared/calls';
import { OPERATOR_AUTH_HEADER } from '@btz/shared/calls';
import type { RateFamily } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/connection.js';
import { bearerToken } from '../../auth/tokens.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { defineRoute, type Ctx } from '../../http/route.js';
import { findLiveSession } from './auth/repo.js';
import { decodeOperatorToken } from './auth/tokens.js';

/** The operator making a console call. */
export interface OperatorAuth {
  id: string;
  role: 'super' | 'operator';
  /** null for the super-operator */
  tenantId: string | null;
  name: string;
  sessionId: string;
}

export const OPERATOR_SESSION_ENDED = '运营后台登录已失效，请重新登录';

/** The operator a request's `Operator-Auth: bearer …` names, when its session is live and the operator active. */
export async function operatorOf(
  app: AppContext,
  header: string | string[] | undefined,
  /** the call's database: its transaction when it runs in one (PGlite has one connection: app.db would wait on it) */
  db: Database = app.db,
): Promise<OperatorAuth | null> {
  const token = bearerToken(header);
  const p = token ? decodeOperatorToken(app.config.tokenSecret!, token) : null;
  if (!p) return null;
  const s = await findLiveSession(db, p.sid, p.oid, new Date());
  return s ? { id: s.id, role: s.role, tenantId: s.tenant_id, name: s.name, sessionId: p.sid } : null;
}

type AdminCtx<C extends AdminCall> = Ctx<CallQuery<C>, CallBody<C>> & { op: OperatorAuth };

/**
 * A console route: the house's route (rate limit → guard → validate → transaction → handler → envelope) with the
 * operator's check as its guard, before the payload is validated, read from the call's `access` — the one place the
 * console decides who may call what: `operator` needs a live operator session (HTTP 401 otherwise), `super` the platform super-operator (a tenant's operator
 * is refused with 「当前操作没有权限」). Which tenant's data a call reaches is `tenantScope`'s rule.
 */
export function defineAdminRoute<C extends AdminCall>(
  fastify: FastifyInstance,
  app: AppContext,
  spec: { call: C; transaction?: boolean; rateLimit?: RateFamily; handler: (ctx: AdminCtx<C>) => Promise<CallResponse<C>> },
): void {
  // the operator the guard found, for the handler (checked before the payload is validated: a caller who is no operator
  // learns nothing of the call's fields)
  const operators = new WeakMap<object, OperatorAuth>();
  defineRoute(fastify, app, {
    call: spec.call,
    transaction: spec.transaction,
    rateLimit: spec.rateLimit,
    guard: async (req) => {
      const op = await operatorOf(app, req.headers[OPERATOR_AUTH_HEADER.toLowerCase()]);
      if (!op) throw unauthorized(OPERATOR_SESSION_ENDED);
      if (spec.call.access === 'super' && op.role !== 'super') throw forbidden();
      operators.set(req, op);
    },
    handler: (async (ctx: Ctx<CallQuery<C>, CallBody<C>>) => spec.handler({ ...ctx, op: operators.get(ctx.req)! })) as never,
  });
}

/**
 * Which tenant a call reaches: a tenant's operator its own tenant only (asking for another is refused), the
 * super-operator the tenant it names, or every tenant (null) when it names none.
 */
export function tenantScope(op: OperatorAuth, requested?: string): string | null {
  if (op.role === 'super') return requested ?? null;
  if (requested && requested !== op.tenantId) throw forbidden('只能查看和操作本租户的数据');
  return op.tenantId;
}
