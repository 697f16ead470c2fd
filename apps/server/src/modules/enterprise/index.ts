import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerEnterpriseRoutes } from './routes.js';

/**
 * The enterprise facts the AI writer may use (`/workbench/data/EnterpriseInfo`): one profile per owner (the user, or
 * its enterprise in the enterprise role), entered by hand and never invented. The writer reads them through
 * `loadEnterpriseFacts`; lapsed qualifications are left out and reported by `enterpriseWarnings`.
 */
export function registerEnterprise(fastify: FastifyInstance, app: AppContext): void {
  registerEnterpriseRoutes(fastify, app);
}

export { loadEnterpriseFacts, enterpriseWarnings, toEnterpriseFacts, warningsOf, isExpired, type EnterpriseWarnings } from './facts.js';
export { factsOwner, readInfo } from './repo.js';
