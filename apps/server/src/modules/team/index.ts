import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerTeamRoutes } from './routes.js';

/**
 * Enterprise teams (issue 27): members, invitations, joining, removing, handing over the admin role (service.ts holds
 * the rules). The bids of a team and who may do what with them: modules/bid/access.ts, which reads `membershipOf`.
 */
export function registerTeams(fastify: FastifyInstance, app: AppContext): void {
  registerTeamRoutes(fastify, app);
}

export { membershipOf, userNames, type Membership } from './repo.js';
