import type { FastifyInstance } from 'fastify';
import { adminCalls } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import { writeAudit } from '../audit/repo.js';
import { findOperator, insertOperator, listOperators, revokeSessionsOf, setOperatorStatus } from '../auth/repo.js';
import { issueTicket, TICKET_TTL_MS } from '../auth/service.js';
import { presentOperator } from '../present.js';
import { defineAdminRoute } from '../route.js';
import { tenantMap } from '../tenants.js';

/** Operators of the tenants, managed by the platform super-operator (the calls are `super`). */
export function registerAdminOperators(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminCalls.operators,
    handler: async ({ app, query }) => {
      const tenants = await tenantMap(app.db);
      return (await listOperators(app.db, query.tenantId ?? null)).map((o) => presentOperator(o, tenants));
    },
  });

  // An invitation is a new operator of the tenant with a one-time sign-in link; the first sign-in binds its phone.
  defineAdminRoute(fastify, app, {
    call: adminCalls.inviteOperator,
    handler: async ({ app, body, op, ip }) => {
      const tenants = await tenantMap(app.db);
      if (!tenants.has(body.tenantId)) throw badRequest('租户不存在');
      const id = newId();
      await insertOperator(app.db, { id, tenant_id: body.tenantId, role: 'operator', name: body.name, phone: null, ticket_hash: null, ticket_expires_at: null, invited_by: op.id });
      const { link } = await issueTicket(app, id);
      const row = (await findOperator(app.db, id))!;
      await writeAudit(app.db, {
        operatorId: op.id,
        tenantId: body.tenantId,
        action: 'operator.invite',
        targetType: 'operator',
        targetId: id,
        after: { name: body.name, tenantId: body.tenantId },
        ip,
      });
      return { operator: presentOperator(row, tenants), link, expiresIn: TICKET_TTL_MS / 1000 };
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminCalls.setOperatorStatus,
    transaction: true,
    handler: async ({ db, body, op, ip }) => {
      const before = await findOperator(db, body.id);
      if (!before || before.role !== 'operator') throw notFound('运营人员');
      const after = (await setOperatorStatus(db, body.id, body.status))!;
      if (body.status === 2) await revokeSessionsOf(db, body.id);
      await writeAudit(db, {
        operatorId: op.id,
        tenantId: before.tenant_id,
        action: 'operator.status',
        targetType: 'operator',
        targetId: body.id,
        before: { status: before.status },
        after: { status: after.status },
        ip,
      });
      return presentOperator(after, await tenantMap(db));
    },
  });
}
