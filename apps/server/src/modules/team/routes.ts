import type { FastifyInstance } from 'fastify';
import { teamCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { requestOrigin } from '../user/routes.js';
import * as team from './service.js';

export function registerTeamRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, { call: teamCalls.detail, handler: ({ auth, req }) => team.teamDetail(app, auth, requestOrigin(req)) });
  defineRoute(fastify, app, { call: teamCalls.invitePhone, handler: ({ auth, query }) => team.invitePhone(app, auth, query.phone) });
  defineRoute(fastify, app, { call: teamCalls.renewLink, handler: ({ auth, req }) => team.renewLink(app, auth, requestOrigin(req)) });
  defineRoute(fastify, app, { call: teamCalls.revokeInvite, handler: ({ auth, query }) => team.revokeInvite(app, auth, query.id) });
  defineRoute(fastify, app, { call: teamCalls.invitations, handler: ({ auth, query }) => team.invitationsFor(app, auth, query.code) });
  defineRoute(fastify, app, { call: teamCalls.join, handler: ({ auth, query, req }) => team.joinTeam(app, auth, query.code, requestOrigin(req)) });
  defineRoute(fastify, app, {
    call: teamCalls.removeMember,
    handler: ({ auth, query, req }) => team.removeMember(app, auth, query.userId, requestOrigin(req)),
  });
  defineRoute(fastify, app, {
    call: teamCalls.transferAdmin,
    handler: ({ auth, query, req }) => team.transferAdmin(app, auth, query.userId, requestOrigin(req)),
  });
  defineRoute(fastify, app, { call: teamCalls.leave, handler: ({ auth }) => team.leaveTeam(app, auth) });
}
