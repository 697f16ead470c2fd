import type { FastifyInstance } from 'fastify';
import { bidTeamCalls } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { defineRoute } from '../../../http/route.js';
import { bidAccess, bidToReview } from '../access.js';
import { assignSection, bidActivity, bidTeam, updatePresence } from './service.js';

export function registerBidTeamRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, { call: bidTeamCalls.team, handler: async ({ auth, query }) => bidTeam(app, await bidAccess(app, auth, query.id)) });
  defineRoute(fastify, app, {
    call: bidTeamCalls.assign,
    handler: async ({ auth, query }) => assignSection(app, await bidToReview(app, auth, query.id), query.nodeId, query.userId),
  });
  defineRoute(fastify, app, {
    call: bidTeamCalls.presence,
    handler: async ({ auth, query }) => updatePresence(app, await bidAccess(app, auth, query.id), query.nodeId, query.leave === '1'),
  });
  defineRoute(fastify, app, { call: bidTeamCalls.activity, handler: async ({ auth, query }) => bidActivity(app, await bidAccess(app, auth, query.id)) });
}
