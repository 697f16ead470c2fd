import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { asPage, siteApi, type ListQuery, type MerchantQuery } from './api';

export const useNewsList = (q: ListQuery) =>
  useQuery({
    queryKey: ['site', 'news-list', q],
    queryFn: async () => asPage(await siteApi.newsList(q), q.current, q.size),
    placeholderData: keepPreviousData,
  });

export const useQuestionList = (q: ListQuery) =>
  useQuery({
    queryKey: ['site', 'question-list', q],
    queryFn: async () => asPage(await siteApi.questionList(q), q.current, q.size),
    placeholderData: keepPreviousData,
  });

export const useActivityList = (q: ListQuery) =>
  useQuery({
    queryKey: ['site', 'activity-list', q],
    queryFn: async () => asPage(await siteApi.activityList(q), q.current, q.size),
    placeholderData: keepPreviousData,
  });

export const useMerchantList = (q: MerchantQuery) =>
  useQuery({
    queryKey: ['site', 'merchant-list', q],
    queryFn: async () => asPage(await siteApi.merchantList(q), q.current, q.size),
    placeholderData: keepPreviousData,
  });

export const useMerchantFilters = () =>
  useQuery({ queryKey: ['site', 'merchant-filters'], queryFn: siteApi.merchantFilters, staleTime: 300_000 });

export const useNewsCategories = () =>
  useQuery({ queryKey: ['site', 'news-categories'], queryFn: siteApi.newsCategories, staleTime: 300_000 });

/** The brand's stored pages `/home/{code}.html` (title and code). */
export const usePageList = (enabled = true) =>
  useQuery({ queryKey: ['site', 'page-list'], queryFn: () => siteApi.pageList(), staleTime: 60_000, enabled });
