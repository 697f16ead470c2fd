import { post, postParams } from '../../api/request';
import { isApiError } from '../../api/ApiError';

/**
 * The public site's calls (POST under /api; anonymous ones under /btz-skip). Every call is `silent`: the screens show their
 * own Chinese error and empty states instead of toasts.
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

export const siteApi = {
  newsList: (q: ListQuery) => postParams<Paged<NewsItem>>('/btz-skip/content/news-list', clean(q), quiet),
  newsCategories: () => postParams<string[]>('/btz-skip/content/news-categories', {}, quiet),
  newsDetail: (id: string) => postParams<NewsDetail>('/btz-skip/content/news-detail', { id }, quiet),
  questionList: (q: ListQuery) => postParams<Paged<QuestionItem>>('/btz-skip/content/question-list', clean(q), quiet),
  questionDetail: (id: string) => postParams<QuestionDetail>('/btz-skip/content/question-detail', { id }, quiet),
  activityList: (q: ListQuery) => postParams<Paged<ActivityItem>>('/btz-skip/content/activity-list', clean(q), quiet),
  activityDetail: (id: string) => postParams<ActivityDetail>('/btz-skip/content/activity-detail', { id }, quiet),
  merchantList: (q: MerchantQuery) => postParams<Paged<MerchantItem>>('/btz-skip/content/merchant-list', clean(q), quiet),
  merchantFilters: () => postParams<MerchantFilters>('/btz-skip/content/merchant-filters', {}, quiet),
  merchantDetail: (id: string) => postParams<MerchantDetail>('/btz-skip/content/merchant-detail', { id }, quiet),
  page: (code: string) => postParams<SitePage>('/btz-skip/content/page', { code }, quiet),
  saveCollab: (form: CollabAppointment) => post<unknown>('/btz-skip/saveCollabAppoint', form, { silent: true, authorize: false }),
  addFeedback: (input: FeedbackInput) => post<unknown>('/btz/common/addFeedback', input, { silent: true }),
  feedbackList: (current: number, size: number) =>
    postParams<Paged<FeedbackRecord> | FeedbackRecord[]>('/btz/common/queryFeedbackList', { current, size }, { silent: true, repeatSubmit: false }),
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
