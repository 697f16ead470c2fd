import type { FastifyInstance } from 'fastify';
import { messageCalls, reviewCalls } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { unauthorized } from '../../../http/errors.js';
import { defineRoute } from '../../../http/route.js';
import { membershipOf } from '../../team/index.js';
import { bidAccess, bidToManage, bidToReview, sectionAccess } from '../access.js';
import { bidTeam } from '../team/service.js';
import * as review from './service.js';

/** The review calls (docs/api.md "Review"): thin — access.ts decides who, the service what. */
export function registerReviewRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: reviewCalls.submit,
    handler: async ({ auth, query }) => {
      const a = await sectionAccess(app, auth, query.id, query.nodeId);
      await review.submitSection(app, a, query.nodeId);
      return bidTeam(app, a);
    },
  });
  defineRoute(fastify, app, {
    call: reviewCalls.approve,
    handler: async ({ auth, query }) => {
      const a = await bidToReview(app, auth, query.id);
      await review.approveSection(app, a, query.nodeId);
      return bidTeam(app, a);
    },
  });
  defineRoute(fastify, app, {
    call: reviewCalls.sendBack,
    handler: async ({ auth, query, body }) => {
      const a = await bidToReview(app, auth, query.id);
      await review.returnSection(app, a, query.nodeId, body.comment);
      return bidTeam(app, a);
    },
  });
  defineRoute(fastify, app, {
    call: reviewCalls.reopen,
    handler: async ({ auth, query }) => {
      const a = await bidToReview(app, auth, query.id);
      await review.reopenSection(app, a, query.nodeId);
      return bidTeam(app, a);
    },
  });
  defineRoute(fastify, app, {
    call: reviewCalls.due,
    handler: async ({ auth, query }) => {
      const a = await bidToReview(app, auth, query.id);
      await review.setDueDate(app, a, query.nodeId, query.dueDate);
      return bidTeam(app, a);
    },
  });
  defineRoute(fastify, app, {
    call: reviewCalls.comments,
    handler: async ({ auth, query }) => review.sectionComments(app, await bidAccess(app, auth, query.id), query.nodeId),
  });
  defineRoute(fastify, app, {
    call: reviewCalls.comment,
    rateLimit: 'save',
    handler: async ({ auth, query, body }) => review.commentOn(app, await bidAccess(app, auth, query.id), query.nodeId, body.text, body.mentions),
  });
  defineRoute(fastify, app, {
    call: reviewCalls.result,
    handler: async ({ auth, query }) => {
      // a finished bid: rule 2 without rule 4 (the result is marked after finishing)
      const a = await bidToManage(app, auth, query.id);
      await review.markResult(app, a, query.result, query.date);
      return bidTeam(app, a);
    },
  });
  const me = async (auth: { tenantId: string; userId: string }) => {
    const m = await membershipOf(app.db, auth.tenantId, auth.userId);
    if (!m) throw unauthorized();
    return m;
  };
  defineRoute(fastify, app, { call: reviewCalls.myTasks, handler: async ({ auth }) => review.myTasks(app, await me(auth)) });
  defineRoute(fastify, app, { call: reviewCalls.winRate, handler: async ({ auth }) => review.winRate(app, await me(auth)) });
  defineRoute(fastify, app, { call: messageCalls.list, handler: async ({ auth }) => review.messageList(app, auth) });
  defineRoute(fastify, app, { call: messageCalls.read, handler: async ({ auth, query }) => review.readMessages(app, auth, query.id) });
}
