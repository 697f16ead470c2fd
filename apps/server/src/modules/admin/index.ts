import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerAdminAudit } from './audit/routes.js';
import { registerAdminAuth } from './auth/routes.js';
import { bootstrapSuperOperator } from './auth/service.js';
import { registerAdminOperators } from './operators/routes.js';
import { registerAdminCoupons } from './coupons/routes.js';
import { registerAdminContent } from './content/routes.js';
import { registerAdminFeedback } from './content/feedback.js';
import { registerAdminBrand } from './brand/routes.js';
import { registerBrandLogo } from './brand/logo.js';
import { registerAdminOrders } from './orders/routes.js';
import { registerAdminPackages } from './packages/routes.js';
import { registerAdminUsers } from './users/routes.js';
import { registerAdminDashboard } from './dashboard/routes.js';
import { registerAdminLlm } from './llm/routes.js';
import { registerAdminWelfare } from './welfare/routes.js';

/**
 * The operator console's calls (issue 28), all under /api/btz/admin/: sign-in, operators, audit, users and enterprises,
 * orders and refunds, packages, coupons (redeem-code batches). Every route is a `defineAdminRoute` (route.ts) but the sign-in's public three.
 */
export async function registerAdmin(fastify: FastifyInstance, app: AppContext): Promise<void> {
  registerAdminAuth(fastify, app);
  registerAdminOperators(fastify, app);
  registerAdminAudit(fastify, app);
  registerAdminUsers(fastify, app);
  registerAdminOrders(fastify, app);
  registerAdminPackages(fastify, app);
  registerAdminCoupons(fastify, app);
  registerAdminDashboard(fastify, app);
  registerAdminLlm(fastify, app);
  registerAdminWelfare(fastify, app);
  registerAdminContent(fastify, app);
  registerAdminFeedback(fastify, app);
  registerAdminBrand(fastify, app);
  registerBrandLogo(fastify, app);
  await bootstrapSuperOperator(app);
}
