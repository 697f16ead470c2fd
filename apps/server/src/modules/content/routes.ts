import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COLLAB_NEED_MAX, FEEDBACK_TYPE_LABEL, PHONE_PATTERN, type FeedbackRecord, type Page } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { badRequest } from '../../http/errors.js';
import { ownImagePath } from '../../http/validation.js';
import { newId } from '../../lib/ids.js';
import { formatTime } from '../../lib/time.js';
import {
  getActivity,
  getMerchant,
  getNews,
  getPage,
  getQuestion,
  listActivities,
  listFeedback,
  listMerchants,
  listNews,
  listQuestions,
  merchantFilters,
  newsCategories,
} from './repo.js';

/** 「内容不存在」: an unknown, disabled or other-tenant id (body code 400). */
export const CONTENT_NOT_FOUND = '内容不存在';

/** Cooperation appointments one IP may send per hour (all brands together). */
export const COLLAB_PER_IP_PER_HOUR = 5;

const paging = {
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
};
const PAGING_LABELS = { current: '页码', size: '每页条数' };
const text = (max: number) => z.string().trim().max(max).optional();
const id = z.string({ error: '不能为空' }).trim().min(1, { error: '不能为空' });

const required = (max: number) =>
  z
    .string({ error: '不能为空' })
    .trim()
    .min(1, { error: '不能为空' })
    .max(max, { error: `不能超过 ${max} 个字符` });

const appointmentSchema = z.object({
  company: required(100),
  name: required(50),
  phone: z.string({ error: '不能为空' }).trim().regex(PHONE_PATTERN, { error: '格式不正确，请输入 11 位中国大陆手机号' }),
  city: z.string().trim().max(50, { error: '不能超过 50 个字符' }).optional(),
  need: z.string().trim().max(COLLAB_NEED_MAX, { error: `不能超过 ${COLLAB_NEED_MAX} 个字符` }).optional(),
  remark: z.string().trim().max(500, { error: '不能超过 500 个字符' }).optional(),
});
const APPOINTMENT_LABELS = { company: '公司名称', name: '联系人', phone: '手机号', city: '所在城市', need: '合作需求', remark: '备注' };

const feedbackSchema = z.object({
  type: z.coerce
    .number({ error: '请选择反馈类型' })
    .int()
    .refine((v) => v in FEEDBACK_TYPE_LABEL, { error: '请选择反馈类型' }),
  content: z
    .string({ error: '不能为空' })
    .trim()
    .min(5, { error: '至少填写 5 个字' })
    .max(1000, { error: '不能超过 1000 个字' }),
  contact: z.string().trim().max(100, { error: '不能超过 100 个字符' }).optional(),
  images: z.array(ownImagePath()).max(6, { error: '最多 6 张' }).optional(),
});
const FEEDBACK_LABELS = { type: '反馈类型', content: '反馈内容', contact: '联系方式', images: '图片' };

/** The spec's client may send `{ appointment: {...} }` or the appointment itself as the body. */
const unwrap = (key: string) => (b: unknown) =>
  b && typeof b === 'object' && key in b && typeof (b as Record<string, unknown>)[key] === 'object'
    ? (b as Record<string, unknown>)[key]
    : b;

export function registerContentRoutes(fastify: FastifyInstance, app: AppContext): void {
  const { db } = app;

  defineRoute(fastify, app, {
    path: '/btz-skip/content/news-list',
    auth: false,
    query: z.object({ ...paging, category: text(50) }),
    labels: { ...PAGING_LABELS, category: '分类' },
    handler: async ({ tenant, query }) => listNews(db, tenant.id, query, query.category),
  });
  defineRoute(fastify, app, {
    path: '/btz-skip/content/news-categories',
    auth: false,
    handler: async ({ tenant }) => newsCategories(db, tenant.id),
  });
  defineRoute(fastify, app, {
    path: '/btz-skip/content/news-detail',
    auth: false,
    query: z.object({ id }),
    labels: { id: '资讯编号' },
    handler: async ({ tenant, query }) => (await getNews(db, tenant.id, query.id, true)) ?? notFound(),
  });

  defineRoute(fastify, app, {
    path: '/btz-skip/content/question-list',
    auth: false,
    query: z.object({ ...paging, category: text(50), keyword: text(50) }),
    labels: { ...PAGING_LABELS, category: '分类', keyword: '关键词' },
    handler: async ({ tenant, query }) => listQuestions(db, tenant.id, query, query.category, query.keyword),
  });
  defineRoute(fastify, app, {
    path: '/btz-skip/content/question-detail',
    auth: false,
    query: z.object({ id }),
    labels: { id: '问题编号' },
    handler: async ({ tenant, query }) => (await getQuestion(db, tenant.id, query.id, true)) ?? notFound(),
  });

  defineRoute(fastify, app, {
    path: '/btz-skip/content/activity-list',
    auth: false,
    query: z.object({ ...paging, status: z.coerce.number().int().min(1).max(3).optional() }),
    labels: { ...PAGING_LABELS, status: '活动状态' },
    handler: async ({ tenant, query }) => listActivities(db, tenant.id, query, query.status as 1 | 2 | 3 | undefined),
  });
  defineRoute(fastify, app, {
    path: '/btz-skip/content/activity-detail',
    auth: false,
    query: z.object({ id }),
    labels: { id: '活动编号' },
    handler: async ({ tenant, query }) => (await getActivity(db, tenant.id, query.id)) ?? notFound(),
  });

  defineRoute(fastify, app, {
    path: '/btz-skip/content/merchant-list',
    auth: false,
    query: z.object({ ...paging, region: text(50), industry: text(50), keyword: text(50) }),
    labels: { ...PAGING_LABELS, region: '地区', industry: '行业', keyword: '关键词' },
    handler: async ({ tenant, query }) => listMerchants(db, tenant.id, query, query),
  });
  defineRoute(fastify, app, {
    path: '/btz-skip/content/merchant-filters',
    auth: false,
    handler: async ({ tenant }) => merchantFilters(db, tenant.id),
  });
  defineRoute(fastify, app, {
    path: '/btz-skip/content/merchant-detail',
    auth: false,
    query: z.object({ id }),
    labels: { id: '商家编号' },
    handler: async ({ tenant, query }) => (await getMerchant(db, tenant.id, query.id)) ?? notFound(),
  });

  defineRoute(fastify, app, {
    path: '/btz-skip/content/page',
    auth: false,
    query: z.object({ code: id }),
    labels: { code: '页面编码' },
    handler: async ({ tenant, query }) => (await getPage(db, tenant.id, query.code.replace(/\.html$/, ''))) ?? notFound(),
  });

  defineRoute(fastify, app, {
    path: '/btz-skip/saveCollabAppoint',
    auth: false,
    rateLimit: 'form',
    body: z.preprocess(unwrap('appointment'), appointmentSchema),
    labels: APPOINTMENT_LABELS,
    handler: async ({ tenant, body, ip }) => {
      const since = new Date(Date.now() - 3600_000);
      const { n } = await db
        .selectFrom('collab_appointments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(n) >= COLLAB_PER_IP_PER_HOUR) throw badRequest('提交过于频繁，请稍后再试或直接联系客服');
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
      await db.insertInto('collab_appointments').values(row).execute();
      return { id: row.id };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/common/addFeedback',
    auth: true,
    rateLimit: 'form',
    body: z.preprocess(unwrap('feedback'), feedbackSchema),
    labels: FEEDBACK_LABELS,
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
      await db.insertInto('feedback').values(row).execute();
      return { id: row.id };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/common/queryFeedbackList',
    auth: true,
    query: z.object(paging),
    labels: PAGING_LABELS,
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
