import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/queryClient';
import { errorText, isNotFound, siteApi } from './api';

/** What a detail route's loader hands its page: the item, or a Chinese error when the server could not be reached. */
export interface Loaded<T> {
  id: string;
  item: T | null;
  error: string | null;
}

function notFound(): never {
  throw new Response('', { status: 404, statusText: 'Not Found' });
}

/** `{id}.html` → id; anything else is a 404. */
function htmlId(raw: string | undefined): string {
  const m = /^(.+)\.html$/.exec(raw ?? '');
  if (!m?.[1]) notFound();
  return m[1];
}

/**
 * A detail route (`/dynamic/{id}.html` …): loads the item before the page shows so an unknown id renders the 404 page
 * (the server answers 404 for it too) and the title can name the item. Other failures become an error state on the page.
 */
export function contentLoader<T>(kind: string, param: string, fetch: (id: string) => Promise<T>) {
  return async ({ params }: LoaderFunctionArgs): Promise<Loaded<T>> => {
    const id = htmlId(params[param]);
    try {
      const item = await queryClient.fetchQuery({ queryKey: ['site', kind, id], queryFn: () => fetch(id), staleTime: 60_000 });
      return { id, item, error: null };
    } catch (e) {
      if (isNotFound(e)) notFound();
      return { id, item: null, error: errorText(e) };
    }
  };
}

export const newsLoader = contentLoader('news', 'file', siteApi.newsDetail);
export const questionLoader = contentLoader('question', 'file', siteApi.questionDetail);
export const activityLoader = contentLoader('activity', 'file', siteApi.activityDetail);
export const merchantLoader = contentLoader('merchant', 'file', siteApi.merchantDetail);
export const pageLoader = contentLoader('page', 'page', siteApi.page);

/** `handle.title` of a detail route: the item's own title once loaded (RootLayout reads it). */
export const titleFrom =
  (fallback: string, pick: (item: never) => string | null | undefined) =>
  (data: unknown): string => {
    // no data: the loader refused the path (404 page)
    if (!data) return '页面不存在';
    const item = (data as Loaded<unknown> | undefined)?.item;
    return (item ? pick(item as never) : null) || fallback;
  };
