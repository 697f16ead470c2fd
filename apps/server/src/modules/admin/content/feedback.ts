import type { FastifyInstance } from 'fastify';
import { FEEDBACK_TYPE_LABEL } from '@btz/shared';
import { adminContentCalls, type AdminFeedback } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { notFound } from '../../../http/errors.js';
import { formatTime } from '../../../lib/time.js';
import { writeAudit } from '../audit/repo.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { feedbackPage, lockFeedback, replyToFeedback, type FeedbackRow } from './repo.js';


function present(r: FeedbackRow): AdminFeedback {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    userId: r.user_id,
    userPhone: r.phone ?? '',
    type: r.type,
    typeLabel: FEEDBACK_TYPE_LABEL[r.type] ?? '其他',
    content: r.content,
    contact: r.contact,
    images: Array.isArray(r.images) ? r.images : [],
    status: r.status,
    reply: r.reply,
    createTime: formatTime(r.created_at),
    replyTime: formatTime(r.replied_at),
  };
}

/** Event kind on the user's own realtime queue when an operator answers their feedback. */
export const FEEDBACK_REPLIED = 'feedback.replied';

/**
 * The users' feedback (意见反馈, sent from 客服中心) in the console: the tenant's list, unreplied first when filtered, and
 * the reply — which the user reads in 我的反馈 and is told of on their realtime queue when online.
 */
export function registerAdminFeedback(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminContentCalls.feedbackList,
    handler: async ({ app, op, query }) => {
      const scope = tenantScope(op, query.tenantId);
      return feedbackPage(app.db, scope, query.unreplied === '1', query, present);
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminContentCalls.replyFeedback,
    handler: async ({ app, op, body, ip }) => {
      const scope = tenantScope(op);
      // the reply and its audit row commit together; the user is told after the commit (their 我的反馈 then reads it)
      const { before, after } = await app.db.transaction().execute(async (db) => {
        const before = await lockFeedback(db, body.id, scope);
        if (!before) throw notFound('反馈');
        const after = await replyToFeedback(db, body.id, body.reply);
        await writeAudit(db, {
          operatorId: op.id,
          tenantId: before.tenant_id,
          action: 'feedback.reply',
          targetType: 'feedback',
          targetId: before.id,
          before: { status: before.status, reply: before.reply },
          after: { status: 1, reply: body.reply },
          ip,
        });
        return { before, after };
      });
      if (before.user_id) {
        await app.realtime
          .publish(before.user_id, FEEDBACK_REPLIED, { feedbackId: before.id, reply: body.reply })
          .catch((err: unknown) => app.log.warn({ err }, 'feedback.replied publish failed'));
      }
      return present(after);
    },
  });
}
