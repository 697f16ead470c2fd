import { sql } from 'kysely';
import type { Database } from '../../../db/connection.js';
import type { Span } from '../dashboard/repo.js';

export interface UsageGroupRow {
  key: string;
  tenant_id: string | null;
  model: string;
  calls: number;
  prompt: number;
  completion: number;
  cached: number;
  estimated: boolean;
}

/** Token usage of the span grouped by tenant, user or bid, and by model (cost is priced per model). */
export async function usageGrouped(db: Database, s: Span, by: 'tenant' | 'user' | 'bid'): Promise<UsageGroupRow[]> {
  const key = by === 'tenant' ? sql`coalesce(tenant_id, '')` : by === 'user' ? sql`coalesce(user_id, '')` : sql`coalesce(bid_id, '')`;
  const r = await sql<{ key: string; tenant_id: string | null; model: string; calls: number; prompt: string; completion: string; cached: string; estimated: boolean }>`
    SELECT ${key} AS key, tenant_id, model, count(*)::int AS calls, sum(prompt_tokens)::bigint AS prompt,
      sum(completion_tokens)::bigint AS completion, sum(cached_tokens)::bigint AS cached, bool_or(estimated) AS estimated
    FROM llm_usage WHERE created_at >= ${s.start} AND created_at < ${s.end} ${s.tenantId ? sql`AND tenant_id = ${s.tenantId}` : sql``}
    GROUP BY 1, 2, 3`.execute(db);
  return r.rows.map((x) => ({ ...x, calls: Number(x.calls), prompt: Number(x.prompt), completion: Number(x.completion), cached: Number(x.cached) }));
}

/** Names for the keys: users' phones, bids' names. */
export async function userPhones(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'phone']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.phone ?? '']));
}
export async function bidNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('bids').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
