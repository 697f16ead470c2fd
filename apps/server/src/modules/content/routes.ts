import type { FastifyInstance } from 'fastify';
import { FEEDBACK_TYPE_LABEL, type FeedbackRecord, type Page } from '@btz/shared';
import { contentCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { badRequest } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { formatTime } from '../../lib/time.js';
import {
  collabsFromIpSince,
  getActivity,
  insertCollab,
  insertFeedback,
  getMerchant,
  getNews,
  getPage,
  listPages,
  getQuestion,
  listActivities,
  listFeedback,
  listMerchants,
  listNews,
  listNotices,
  listQuestions,
  merchantFilters,
  newsCategories,
} from './repo.js';

/** 「内容不存在」: an unknown, disabled or other-tenant id (body code 400). */
export const CONTENT_NOT_FOUND = '内容不存在';

/** Cooperation appointments one IP may send per hour (all brands together). */
export const COLLAB_PER_IP_PER_HOUR = 5;

export function registerContentRoutes(fastify: FastifyInstance, app: AppContext): void {
  const { db } = app;

  defineRoute(fastify, app, {
    call: contentCalls.newsList,
    handler: async ({ tenant, query }) => listNews(db, tenant.id, query, query.category),
  });
  defineRoute(fastify, app, {
    call: contentCalls.newsCategories,
    handler: async ({ tenant }) => newsCategories(db, tenant.id),
  });
  defineRoute(fastify, app, {
    call: contentCalls.notices,
    handler: async ({ tenant }) => listNotices(db, tenant.id),
  });
  defineRoute(fastify, app, {
    call: contentCalls.newsDetail,
    handler: async ({ tenant, query }) => (await getNews(db, tenant.id, query.id, true)) ?? notFound(),
  });

  defineRoute(fastify, app, {
    call: contentCalls.questionList,
    handler: async ({ tenant, query }) => listQuestions(db, tenant.id, query, query.category, query.keyword),
  });
  defineRoute(fastify, app, {
    call: contentCalls.questionDetail,
    handler: async ({ tenant, query }) => (await getQuestion(db, tenant.id, query.id, true)) ?? notFound(),
  });

  defineRoute(fastify, app, {
    call: contentCalls.activityList,
    handler: async ({ tenant, query }) => listActivities(db, tenant.id, query, query.status as 1 | 2 | 3 | undefined),
  });
  defineRoute(fastify, app, {
    call: contentCalls.activityDetail,
    handler: async ({ tenant, query }) => (await getActivity(db, tenant.id, query.id)) ?? notFound(),
  });

  defineRoute(fastify, app, {
    call: contentCalls.merchantList,
    handler: async ({ tenant, query }) => listMerchants(db, tenant.id, query, query),
  });
  defineRoute(fastify, app, {
    call: contentCalls.merchantFilters,
    handler: async ({ tenant }) => merchantFilters(db, tenant.id),
  });
  defineRoute(fastify, app, {
    call: contentCalls.merchantDetail,
    handler: async ({ tenant, query }) => (await getMerchant(db, tenant.id, query.id)) ?? notFound(),
  });

  defineRoute(fastify, app, {
    call: contentCalls.page,
    handler: async ({ tenant, query }) => (await getPage(db, tenant.id, query.code.replace(/\.html$/, ''))) ?? notFound(),
  });

  defineRoute(fastify, app, {
    call: contentCalls.pageList,
    handler: async ({ tenant }) => listPages(db, tenant.id),
  });

  defineRoute(fastify, app, {
    call: contentCalls.saveCollab,
    rateLimit: 'form',
    handler: async ({ tenant, body, ip }) => {
      const since = new Date(Date.now() - 3600_000);
      if ((await collabsFromIpSince(db, ip, since)) >= COLLAB_PER_IP_PER_HOUR) throw badRequest('提交过于频繁，请稍后再试或直接联系客服');
      const row = {
        id: newId(),
        tenant_id: tenant.id,
        company: body.company,
        contact_name: body.name,
        phone: body.phone,
        city: body.city ?? '',
        need: body.need ?? '',
        remark: body.remark ?? '',
        ip,
      };
      await insertCollab(db, row);
      return { id: row.id };
    },
  });

  defineRoute(fastify, app, {
    call: contentCalls.addFeedback,
    rateLimit: 'form',
    handler: async ({ auth, body }) => {
      const row = {
        id: newId(),
        tenant_id: auth.tenantId,
        user_id: auth.userId,
        type: body.type,
        content: body.content,
        contact: body.contact ?? '',
        images: JSON.stringify(body.images ?? []),
      };
      await insertFeedback(db, row);
      return { id: row.id };
    },
  });

  defineRoute(fastify, app, {
    call: contentCalls.feedbackList,
    handler: async ({ auth, query }): Promise<Page<FeedbackRecord>> => {
      return listFeedback(db, auth.tenantId, auth.userId, query, (r) => ({
        id: r.id,
        type: r.type,
        typeLabel: FEEDBACK_TYPE_LABEL[r.type] ?? '其他',
        content: r.content,
        contact: r.contact,
        images: Array.isArray(r.images) ? r.images : [],
        status: r.status,
        reply: r.reply,
        createTime: formatTime(r.created_at),
        replyTime: formatTime(r.replied_at),
      }));
    },
  });
}

function notFound(): never {
  throw badRequest(CONTENT_NOT_FOUND);
}
