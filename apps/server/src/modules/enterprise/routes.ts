import type { FastifyInstance } from 'fastify';
import type { EnterpriseInfoInput } from '@btz/shared';
import { enterpriseCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { ENTERPRISE_FIELD_LABELS } from './schema.js';
import { factsOwner, readInfo, writeInfo } from './repo.js';

/** `/btz/enterprise/info/get` and `/btz/enterprise/info/save` (docs/api.md, Enterprise; calls in @btz/shared/calls). */
export function registerEnterpriseRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: enterpriseCalls.get,
    handler: async ({ app, auth }) => {
      const owner = await factsOwner(app.db, auth);
      return readInfo(app.db, auth.tenantId, owner);
    },
  });

  defineRoute(fastify, app, {
    call: enterpriseCalls.save,
    labels: ENTERPRISE_FIELD_LABELS,
    transaction: true,
    handler: async ({ db, auth, body }) => {
      const owner = await factsOwner(db, auth);
      const { updateTime: _, ...stored } = await readInfo(db, auth.tenantId, owner);
      // a field left out keeps its stored value
      const next: EnterpriseInfoInput = { ...stored };
      for (const [k, v] of Object.entries(body)) if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
      await writeInfo(db, auth.tenantId, owner, next, auth.userId);
      return readInfo(db, auth.tenantId, owner);
    },
  });
}
