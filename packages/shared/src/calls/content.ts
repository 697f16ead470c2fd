import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import {
  COLLAB_NEED_MAX,
  FEEDBACK_TYPE_LABEL,
  type ActivityDetail,
  type ActivityItem,
  type FeedbackRecord,
  type MerchantDetail,
  type MerchantFilters,
  type MerchantItem,
  type NewsDetail,
  type NewsItem,
  type QuestionDetail,
  type QuestionItem,
  type SitePage,
} from '../api/content.js';
import { PHONE_PATTERN } from '../rules/phone.js';
import { idOnly, pageOf, time } from './answers.js';

/**
 * The public site's content calls (`/btz-skip/content/*`, anonymous), the cooperation form and the feedback calls.
 */

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

/**
 * The images a user may point at (avatar, feedback pictures): only paths this server serves itself — the brand assets
 * (`/brand/{code}/{name}.svg`, modules/tenant/routes.ts), uploaded avatars (`/avatar/{sha256}.jpg`, made by the server
 * from a checked picture: modules/user/avatar.ts) and logos an operator uploaded (`/brand-file/{sha256}.{png|jpg|gif|webp}`,
 * checked likewise: modules/admin/brand/logo.ts); no allow-list of other hosts. A protocol-relative `//host/…`,
 * `\\host`, `javascript:` or any absolute URL is refused.
 */
export const OWN_IMAGE_PATH = /^(?:\/brand\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-][A-Za-z0-9_.-]*|\/avatar\/[0-9a-f]{64}\.jpg|\/brand-file\/[0-9a-f]{64}\.(?:png|jpg|gif|webp))$/;
export const ownImagePath = () => z.string().trim().max(500).regex(OWN_IMAGE_PATH, { error: '只能使用本站提供的图片' });

const appointmentSchema = z.object({
  company: required(100),
  name: required(50),
  phone: z.string({ error: '不能为空' }).trim().regex(PHONE_PATTERN, { error: '格式不正确，请输入 11 位中国大陆手机号' }),
  city: z.string().trim().max(50, { error: '不能超过 50 个字符' }).optional(),
  need: z.string().trim().max(COLLAB_NEED_MAX, { error: `不能超过 ${COLLAB_NEED_MAX} 个字符` }).optional(),
  remark: z.string().trim().max(500, { error: '不能超过 500 个字符' }).optional(),
});

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

/** The spec's client may send `{ appointment: {...} }` or the appointment itself as the body. */
const unwrap = (key: string) => (b: unknown) =>
  b && typeof b === 'object' && key in b && typeof (b as Record<string, unknown>)[key] === 'object'
    ? (b as Record<string, unknown>)[key]
    : b;

/* ---- answers ---- */

const str = z.string();
const int = z.number().int();
const newsFields = {
  id: str,
  title: str,
  summary: str,
  cover: str,
  category: str,
  tags: z.array(str),
  publishTime: time,
  views: int,
};
const newsItem: z.ZodType<NewsItem> = z.strictObject(newsFields);
const link = z.strictObject({ id: str, title: str }).nullable();
const newsDetail: z.ZodType<NewsDetail> = z.strictObject({ ...newsFields, body: str, prev: link, next: link });
const questionFields = { id: str, question: str, category: str, views: int };
const questionItem: z.ZodType<QuestionItem> = z.strictObject(questionFields);
const questionDetail: z.ZodType<QuestionDetail> = z.strictObject({ ...questionFields, answer: str });
const activityFields = {
  id: str,
  title: str,
  summary: str,
  cover: str,
  startTime: time,
  endTime: time,
  status: z.literal([1, 2, 3]),
  statusLabel: str,
};
const activityItem: z.ZodType<ActivityItem> = z.strictObject(activityFields);
const activityDetail: z.ZodType<ActivityDetail> = z.strictObject({ ...activityFields, body: str });
const merchantFields = {
  id: str,
  name: str,
  region: str,
  industry: str,
  services: z.array(str),
  intro: str,
  logo: str,
  rating: z.number(),
};
const merchantItem: z.ZodType<MerchantItem> = z.strictObject(merchantFields);
const merchantDetail: z.ZodType<MerchantDetail> = z.strictObject({ ...merchantFields, contactName: str, contactPhone: str, contactEmail: str });
const merchantFilters: z.ZodType<MerchantFilters> = z.strictObject({ regions: z.array(str), industries: z.array(str) });
const sitePage: z.ZodType<SitePage> = z.strictObject({ code: str, title: str, summary: str, body: str, updateTime: time });
const feedbackRecord: z.ZodType<FeedbackRecord> = z.strictObject({
  id: str,
  type: int,
  typeLabel: str,
  content: str,
  contact: str,
  images: z.array(str),
  status: int,
  reply: str,
  createTime: time,
  replyTime: time,
});

export const contentCalls = {
  newsList: defineCall({
    path: '/btz-skip/content/news-list',
    auth: false,
    query: z.object({ ...paging, category: text(50) }),
    labels: { ...PAGING_LABELS, category: '分类' },
    response: pageOf(newsItem),
  }),
  newsCategories: defineCall({ path: '/btz-skip/content/news-categories', auth: false, response: z.array(str) }),
  /** the brand's published notices (an operator's texts, never purchases) for the home page's 公告 line */
  notices: defineCall({ path: '/btz-skip/content/notices', auth: false, response: z.array(z.strictObject({ id: str, content: str })) }),
  newsDetail: defineCall({
    path: '/btz-skip/content/news-detail',
    auth: false,
    query: z.object({ id }),
    labels: { id: '资讯编号' },
    response: newsDetail,
  }),
  questionList: defineCall({
    path: '/btz-skip/content/question-list',
    auth: false,
    query: z.object({ ...paging, category: text(50), keyword: text(50) }),
    labels: { ...PAGING_LABELS, category: '分类', keyword: '关键词' },
    response: pageOf(questionItem),
  }),
  questionDetail: defineCall({
    path: '/btz-skip/content/question-detail',
    auth: false,
    query: z.object({ id }),
    labels: { id: '问题编号' },
    response: questionDetail,
  }),
  activityList: defineCall({
    path: '/btz-skip/content/activity-list',
    auth: false,
    query: z.object({ ...paging, status: z.coerce.number().int().min(1).max(3).optional() }),
    labels: { ...PAGING_LABELS, status: '活动状态' },
    response: pageOf(activityItem),
  }),
  activityDetail: defineCall({
    path: '/btz-skip/content/activity-detail',
    auth: false,
    query: z.object({ id }),
    labels: { id: '活动编号' },
    response: activityDetail,
  }),
  merchantList: defineCall({
    path: '/btz-skip/content/merchant-list',
    auth: false,
    query: z.object({ ...paging, region: text(50), industry: text(50), keyword: text(50) }),
    labels: { ...PAGING_LABELS, region: '地区', industry: '行业', keyword: '关键词' },
    response: pageOf(merchantItem),
  }),
  merchantFilters: defineCall({ path: '/btz-skip/content/merchant-filters', auth: false, response: merchantFilters }),
  merchantDetail: defineCall({
    path: '/btz-skip/content/merchant-detail',
    auth: false,
    query: z.object({ id }),
    labels: { id: '商家编号' },
    response: merchantDetail,
  }),
  page: defineCall({
    path: '/btz-skip/content/page',
    auth: false,
    query: z.object({ code: id }),
    labels: { code: '页面编码' },
    response: sitePage,
  }),
  /** the stored pages `/home/{code}.html` of this brand (the site map and the 404 page of an unknown code list them) */
  pageList: defineCall({
    path: '/btz-skip/content/page-list',
    auth: false,
    response: z.array(z.strictObject({ code: str, title: str })),
  }),
  saveCollab: defineCall({
    path: '/btz-skip/saveCollabAppoint',
    auth: false,
    body: z.preprocess(unwrap('appointment'), appointmentSchema),
    labels: { company: '公司名称', name: '联系人', phone: '手机号', city: '所在城市', need: '合作需求', remark: '备注' },
    response: idOnly,
  }),
  addFeedback: defineCall({
    path: '/btz/common/addFeedback',
    auth: true,
    body: z.preprocess(unwrap('feedback'), feedbackSchema),
    labels: { type: '反馈类型', content: '反馈内容', contact: '联系方式', images: '图片' },
    response: idOnly,
  }),
  feedbackList: defineCall({
    path: '/btz/common/queryFeedbackList',
    auth: true,
    query: z.object(paging),
    labels: PAGING_LABELS,
    response: pageOf(feedbackRecord),
  }),
};
