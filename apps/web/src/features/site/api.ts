import type { contentCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { isApiError } from '../../api/ApiError';

/**
 * The public site's calls (POST under /api; anonymous ones under /btz-skip), defined in `@btz/shared/calls` (contentCalls;
 * named by type only: these load with the first page). Every call is `silent`: the screens show their own Chinese error
 * and empty states instead of toasts.
 */

import type {
  ActivityDetail,
  ActivityItem,
  CollabAppointment,
  FeedbackRecord,
  MerchantDetail,
  MerchantFilters,
  MerchantItem,
  NewsDetail,
  NewsItem,
  QuestionDetail,
  QuestionItem,
  SitePage,
} from '@btz/shared';

export type {
  ActivityDetail,
  ActivityItem,
  FeedbackRecord,
  MerchantDetail,
  MerchantFilters,
  MerchantItem,
  NewsDetail,
  NewsItem,
  QuestionDetail,
  QuestionItem,
  SitePage,
};

export interface Paged<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

/** The cooperation form as the screen holds it (every field a string); the call sends `CollabAppointment`. */
export type CollabForm = Required<CollabAppointment>;

export interface FeedbackInput {
  type: number;
  content: string;
  contact: string;
}

const quiet = { silent: true, repeatSubmit: false, authorize: false } as const;

export interface ListQuery {
  current: number;
  size: number;
  category?: string;
}

export interface MerchantQuery {
  current: number;
  size: number;
  region?: string;
  industry?: string;
  keyword?: string;
}

const clean = <T extends object>(q: T): Partial<T> =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;

type Calls = typeof contentCalls;

export const siteApi = {
  newsList: (q: ListQuery) => callApi<Calls['newsList']>('/btz-skip/content/news-list', { query: clean(q) }, quiet),
  newsCategories: () => callApi<Calls['newsCategories']>('/btz-skip/content/news-categories', {}, quiet),
  newsDetail: (id: string) => callApi<Calls['newsDetail']>('/btz-skip/content/news-detail', { query: { id } }, quiet),
  questionList: (q: ListQuery) => callApi<Calls['questionList']>('/btz-skip/content/question-list', { query: clean(q) }, quiet),
  questionDetail: (id: string) => callApi<Calls['questionDetail']>('/btz-skip/content/question-detail', { query: { id } }, quiet),
  activityList: (q: ListQuery) => callApi<Calls['activityList']>('/btz-skip/content/activity-list', { query: clean(q) }, quiet),
  activityDetail: (id: string) => callApi<Calls['activityDetail']>('/btz-skip/content/activity-detail', { query: { id } }, quiet),
  merchantList: (q: MerchantQuery) => callApi<Calls['merchantList']>('/btz-skip/content/merchant-list', { query: clean(q) }, quiet),
  merchantFilters: () => callApi<Calls['merchantFilters']>('/btz-skip/content/merchant-filters', {}, quiet),
  merchantDetail: (id: string) => callApi<Calls['merchantDetail']>('/btz-skip/content/merchant-detail', { query: { id } }, quiet),
  page: (code: string) => callApi<Calls['page']>('/btz-skip/content/page', { query: { code } }, quiet),
  pageList: () => callApi<Calls['pageList']>('/btz-skip/content/page-list', {}, quiet),
  saveCollab: (form: CollabAppointment) =>
    callApi<Calls['saveCollab']>('/btz-skip/saveCollabAppoint', { body: form }, { silent: true, authorize: false }),
  addFeedback: (input: FeedbackInput) => callApi<Calls['addFeedback']>('/btz/common/addFeedback', { body: input }, { silent: true }),
  feedbackList: (current: number, size: number) =>
    callApi<Calls['feedbackList']>('/btz/common/queryFeedbackList', { query: { current, size } }, { silent: true, repeatSubmit: false }),
};

/** The server's answer for an unknown, disabled or other-tenant id (body code 400). */
const CONTENT_NOT_FOUND = '内容不存在';

/** The server says the item does not exist (its 「内容不存在」, or a 404). */
export const isNotFound = (e: unknown): boolean =>
  isApiError(e) && (e.code === 404 || (e.code === 400 && e.message.includes(CONTENT_NOT_FOUND)));

/** A Chinese sentence for a failed content call. */
export function errorText(e: unknown): string {
  if (isApiError(e) && e.message && /[\u4e00-\u9fa5]/.test(e.message)) return e.message;
  return '内容加载失败，请检查网络后重试';
}

/** A list answer may come as a page or as a bare array; both become a page. */
export function asPage<T>(v: Paged<T> | T[] | null | undefined, current = 1, size = 10): Paged<T> {
  if (Array.isArray(v)) return { records: v, total: v.length, current, size, pages: 1 };
  if (!v) return { records: [], total: 0, current, size, pages: 0 };
  return { ...v, records: v.records ?? [] };
}
