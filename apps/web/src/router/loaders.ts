import { INVITE_CODE_PATTERN } from '@btz/shared';
import type { LoaderFunctionArgs } from 'react-router';

function notFound(): never {
  throw new Response('', { status: 404, statusText: 'Not Found' });
}

/** The invite landing's loaded item (in the detail pages' `{ item }` shape, so the route's title can follow it). */
export interface InviteItem {
  code: string;
  valid: boolean;
}

/**
 * `/{inviteCode}` is an invite landing only when the code exists (CONVENTIONS.md). The server decides: it answers the
 * path with 200 for a real code and 404 otherwise, so the landing asks it for the same URL. An unknown code that looks
 * like one gets the landing's 「邀请链接无效」 page (`valid: false`), in Chinese, not the bare 404 page.
 */
export async function inviteLoader({ params, request }: LoaderFunctionArgs): Promise<{ item: InviteItem }> {
  const code = params.inviteCode ?? '';
  if (!INVITE_CODE_PATTERN.test(code)) notFound();
  try {
    const res = await fetch(new URL(request.url).pathname, {
      method: 'GET',
      headers: { Accept: 'text/html' },
      cache: 'no-store',
      signal: request.signal,
    });
    if (res.status === 404) return { item: { code, valid: false } };
  } catch {
    // offline: show the landing; the login will tell whether the code counts
  }
  return { item: { code, valid: true } };
}
