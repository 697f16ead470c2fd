import type { FastifyInstance } from 'fastify';
import { adminCalls, OPERATOR_AUTH_HEADER } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest, unauthorized } from '../../../http/errors.js';
import { defineRoute } from '../../../http/route.js';
import { sendSmsCode } from '../../verify/sms-codes.js';
import { presentOperator } from '../present.js';
import { defineAdminRoute, OPERATOR_SESSION_ENDED, operatorOf } from '../route.js';
import { tenantMap } from '../tenants.js';
import { findOperator, findOperatorByTicket, revokeSession } from './repo.js';
import { OPERATOR_SMS_TENANT, signIn } from './service.js';
import { ticketHash } from './tokens.js';

export function registerAdminAuth(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: adminCalls.sendCode,
    rateLimit: 'sms',
    handler: ({ app, query, ip }) => sendSmsCode(app, { tenantId: OPERATOR_SMS_TENANT, phone: query.phone, purpose: 'admin', ip }),
  });

  defineRoute(fastify, app, {
    call: adminCalls.signIn,
    rateLimit: { family: 'token', subject: (req) => `operator:${String((req.body as { phone?: unknown } | undefined)?.phone ?? '').slice(0, 20)}` },
    handler: ({ app, body, ip, req }) => signIn(app, { ...body, ip, userAgent: String(req.headers['user-agent'] ?? '') }),
  });

  defineRoute(fastify, app, {
    call: adminCalls.ticketInfo,
    rateLimit: 'sms',
    handler: async ({ app, query }) => {
      const op = await findOperatorByTicket(app.db, ticketHash(query.ticket), new Date());
      if (!op || op.status !== 1) throw badRequest('登录链接无效或已过期，请联系平台运营重新获取');
      const v = presentOperator(op, await tenantMap(app.db));
      return { roleName: v.roleName, tenantName: v.tenantName, name: v.name };
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminCalls.me,
    handler: async ({ app, op }) => {
      const row = await findOperator(app.db, op.id);
      if (!row) throw unauthorized(OPERATOR_SESSION_ENDED);
      return presentOperator(row, await tenantMap(app.db));
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminCalls.signOut,
    handler: async ({ app, req }) => {
      const op = await operatorOf(app, req.headers[OPERATOR_AUTH_HEADER.toLowerCase()]);
      if (op) await revokeSession(app.db, op.sessionId);
      return null;
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminCalls.tenants,
    handler: async ({ app, op }) => [...(await tenantMap(app.db, op.role === 'super' ? null : op.tenantId)).values()],
  });
}
