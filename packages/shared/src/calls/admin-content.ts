import * as z from 'zod';
import { adminCall } from './admin.js';
import { ownImagePath } from './content.js';
import { pageOf, time } from './answers.js';

/**
 * The operator console's content and feedback calls (issue 28): the public site's content of a tenant (news, questions,
 * activities, merchants, static pages, barrage notices) — list, read, create/edit (a new item is a draft), publish and
 * unpublish — and the users' feedback with the operator's reply. Every call is `operator`: a tenant's operator reaches its
 * own tenant's items only, the super-operator every tenant's.
 */

export const CONTENT_KINDS = ['news', 'question', 'activity', 'merchant', 'page', 'barrage'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_KIND_NAMES: Record<ContentKind, string> = {
  news: '行业动态',
  question: '常见问题',
  activity: '活动',
  merchant: '服务商',
  page: '静态页面',
  barrage: '公告滚动条',
};

/** Rich-text bodies: HTML the server sanitises before it keeps it (or plain text, paragraphs split by a blank line). */
export const RICH_TEXT_MAX = 100_000;

const str = z.string();
const id = z.string().trim().min(1).max(64);
const tenantId = z.string().trim().min(1).max(64).optional();
const kind = z.enum(CONTENT_KINDS, { error: '内容类型不正确' });
const required = (max: number) =>
  z
    .string({ error: '不能为空' })
    .trim()
    .min(1, { error: '不能为空' })
    .max(max, { error: `不能超过 ${max} 个字符` });
const text = (max: number, min = 0) => (min > 0 ? required(max) : z.string().trim().max(max, { error: `不能超过 ${max} 个字符` }).default(''));
const rich = z.string().max(RICH_TEXT_MAX, { error: `正文不能超过 ${RICH_TEXT_MAX} 个字符` }).default('');
const image = z.union([z.literal(''), ownImagePath()]).default('');
const sort = z.coerce.number().int().min(0).max(10000).default(0);
const words = (max: number) => z.array(text(20, 1)).max(max).default([]);
const dateTime = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: '时间格式应为 YYYY-MM-DD HH:mm' });
const common = { id: id.optional(), tenantId };

/** What an operator writes, per kind (a flat body: `kind` says which fields belong). */
export const contentInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('news'), ...common, title: text(100, 1), summary: text(300), body: rich, cover: image, category: text(20), tags: words(10) }),
  z.object({ kind: z.literal('question'), ...common, title: text(200, 1), body: rich, category: text(20), sort }),
  z
    .object({ kind: z.literal('activity'), ...common, title: text(100, 1), summary: text(300), body: rich, cover: image, startTime: dateTime, endTime: dateTime, sort })
    .refine((v) => v.endTime >= v.startTime, { path: ['endTime'], error: '结束时间不能早于开始时间' }),
  z.object({
    kind: z.literal('merchant'),
    ...common,
    title: text(100, 1),
    region: text(20),
    industry: text(20),
    services: words(20),
    body: text(2000),
    contactName: text(50),
    contactPhone: z.union([z.literal(''), z.string().trim().regex(/^[\d-]{7,20}$/, { error: '联系电话格式不正确' })]).default(''),
    contactEmail: z.union([z.literal(''), z.string().trim().max(100).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: '邮箱格式不正确' })]).default(''),
    cover: image,
    rating: z.coerce.number().min(0).max(5).default(4.5),
    sort,
  }),
  z.object({
    kind: z.literal('page'),
    ...common,
    code: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '页面代码只能含字母、数字、下划线和短横线' }),
    title: text(100, 1),
    summary: text(300),
    body: rich,
  }),
  z.object({ kind: z.literal('barrage'), ...common, title: text(60, 1), sort }),
]);
export type ContentInput = z.input<typeof contentInput>;

/** One item as the console shows it: the common columns, and every field of its kind as the editor fills them. */
const adminContent = z.strictObject({
  id: str,
  kind,
  tenantId: str,
  title: str,
  published: z.boolean(),
  /** the public address of a published item ('' for barrage notices, which the home page ticker shows) */
  publicPath: str,
  updateTime: time,
  fields: z.record(str, z.unknown()),
});
export type AdminContent = z.infer<typeof adminContent>;

const adminFeedback = z.strictObject({
  id: str,
  tenantId: str,
  userId: str.nullable(),
  userPhone: str,
  type: z.number().int(),
  typeLabel: str,
  content: str,
  contact: str,
  images: z.array(str),
  status: z.number().int(),
  reply: str,
  createTime: time,
  replyTime: time,
});
export type AdminFeedback = z.infer<typeof adminFeedback>;

const current = z.coerce.number().int().min(1).default(1);
const size = z.coerce.number().int().min(1).max(100).default(20);
const PAGING = { current: '页码', size: '每页条数' };

export const adminContentCalls = {
  contentList: adminCall('operator', {
    path: '/btz/admin/content/list',
    query: z.object({ current, size, tenantId, kind, status: z.enum(['published', 'draft']).optional(), keyword: z.string().trim().max(40).optional() }),
    labels: { ...PAGING, tenantId: '租户', kind: '内容类型', status: '发布状态', keyword: '关键词' },
    response: pageOf(adminContent),
  }),
  contentDetail: adminCall('operator', {
    path: '/btz/admin/content/detail',
    query: z.object({ kind, id }),
    labels: { kind: '内容类型', id: '内容' },
    response: adminContent,
  }),
  /** creates (no `id`: a draft, unpublished) or edits an item; HTML bodies are sanitised; barrage texts shaped like a purchase are refused */
  saveContent: adminCall('operator', {
    path: '/btz/admin/content/save',
    body: contentInput,
    labels: {
      kind: '内容类型',
      id: '内容',
      tenantId: '租户',
      title: '标题',
      summary: '摘要',
      body: '正文',
      cover: '封面图',
      category: '分类',
      tags: '标签',
      sort: '排序',
      startTime: '开始时间',
      endTime: '结束时间',
      region: '地区',
      industry: '行业',
      services: '服务项目',
      contactName: '联系人',
      contactPhone: '联系电话',
      contactEmail: '联系邮箱',
      rating: '评分',
      code: '页面代码',
    },
    response: adminContent,
  }),
  publishContent: adminCall('operator', {
    path: '/btz/admin/content/publish',
    body: z.object({ kind, id, published: z.boolean() }),
    labels: { kind: '内容类型', id: '内容', published: '发布' },
    response: adminContent,
  }),
  feedbackList: adminCall('operator', {
    path: '/btz/admin/feedback/list',
    query: z.object({ current, size, tenantId, unreplied: z.enum(['1', '0']).optional() }),
    labels: { ...PAGING, tenantId: '租户', unreplied: '只看未回复' },
    response: pageOf(adminFeedback),
  }),
  /** the reply the user reads in 我的反馈 (and is told of at once when online); a second reply replaces the first */
  replyFeedback: adminCall('operator', {
    path: '/btz/admin/feedback/reply',
    body: z.object({ id, reply: text(1000, 1) }),
    labels: { id: '反馈', reply: '回复内容' },
    response: adminFeedback,
  }),
};
