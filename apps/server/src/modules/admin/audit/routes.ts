import type { FastifyInstance } from 'fastify';
import { adminCalls } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { presentPage } from '../../../db/paging.js';
import { presentAudit } from '../present.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { listAudit } from './repo.js';

/** The audit log, newest first: a tenant's operator reads its tenant's rows, the super-operator every row. */
export function registerAdminAudit(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminCalls.audit,
    handler: async ({ app, op, query }) =>
      presentPage(await listAudit(app.db, { tenantId: tenantScope(op, query.tenantId), action: query.action, targetId: query.targetId }, query), presentAudit),
  });
}
