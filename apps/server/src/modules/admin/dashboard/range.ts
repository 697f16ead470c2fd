import { badRequest } from '../../../http/errors.js';
import { addDays, daysBetween, shanghaiToday } from '../../../lib/dates.js';
import type { Span } from './repo.js';

/** Longest span a dashboard / usage query covers (a year and a day). */
export const MAX_DAYS = 366;

/** The asked dates (Asia/Shanghai) as an instant span: by default the last 30 days, today included. */
export function spanOf(tenantId: string | null, q: { from?: string; to?: string }): Span & { from: string; to: string; dates: string[] } {
  const to = q.to ?? shanghaiToday();
  const from = q.from ?? addDays(to, -29);
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`)) || Number.isNaN(Date.parse(`${to}T00:00:00Z`))) throw badRequest('日期无效');
  const n = daysBetween(from, to);
  if (n < 0) throw badRequest('开始日期不能晚于结束日期');
  if (n >= MAX_DAYS) throw badRequest(`一次最多查询 ${MAX_DAYS} 天`);
  const dates = Array.from({ length: n + 1 }, (_, i) => addDays(from, i));
  return { tenantId, from, to, dates, start: new Date(`${from}T00:00:00+08:00`), end: new Date(`${addDays(to, 1)}T00:00:00+08:00`) };
}
