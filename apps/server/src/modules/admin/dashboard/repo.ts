/**
 * The dashboard's figures, per calendar day in Asia/Shanghai (UTC+8, no DST: the day of an instant is the UTC date of
 * instant + 8 h), straight from the tables: users, orders, bids, bid_sections, llm_usage. `tenantId` null: every tenant.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/connection.js';

export interface Span {
  tenantId: string | null;
  /** inclusive start, exclusive end */
  start: Date;
  end: Date;
}

const day = (col: RawBuilder<unknown>) => sql<string>`to_char((${col} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
const scoped = (s: Span, col: string) => (s.tenantId ? sql`AND ${sql.ref(col)} = ${s.tenantId}` : sql``);

async function perDay(db: Database, q: RawBuilder<{ date: string; n: number }>): Promise<Map<string, number>> {
  const r = await q.execute(db);
  return new Map(r.rows.map((x) => [x.date, Number(x.n)]));
}

/** Rows created per day of `table` (its created_at / `col`, its tenant_id). */
function countPerDay(db: Database, s: Span, table: 'users' | 'orders' | 'bids', col: 'created_at' | 'finished_at') {
  const c = sql.ref(`${table}.${col}`);
  return perDay(
    db,
    sql<{ date: string; n: number }>`SELECT ${day(c)} AS date, count(*)::int AS n FROM ${sql.table(table)}
      WHERE ${c} >= ${s.start} AND ${c} < ${s.end} ${scoped(s, `${table}.tenant_id`)} GROUP BY 1`,
  );
}

export async function dashboardFigures(db: Database, s: Span) {
  const [signUps, orders, bidsStarted, bidsFinished] = [
    await countPerDay(db, s, 'users', 'created_at'),
    await countPerDay(db, s, 'orders', 'created_at'),
    await countPerDay(db, s, 'bids', 'created_at'),
    await countPerDay(db, s, 'bids', 'finished_at'),
  ];
  const paid = await sql<{ date: string; orders: number; users: number; fen: string }>`
    SELECT ${day(sql.ref('paid_at'))} AS date, count(*)::int AS orders, count(DISTINCT user_id)::int AS users, sum(amount_fen)::bigint AS fen
    FROM orders WHERE paid_at >= ${s.start} AND paid_at < ${s.end} AND status IN (2, 4) ${scoped(s, 'tenant_id')} GROUP BY 1`.execute(db);
  const refunds = await perDay(
    db,
    sql<{ date: string; n: number }>`SELECT ${day(sql.ref('refunded_at'))} AS date, sum(amount_fen)::bigint AS n FROM orders
      WHERE refunded_at >= ${s.start} AND refunded_at < ${s.end} AND status = 4 ${scoped(s, 'tenant_id')} GROUP BY 1`,
  );
  // a bid is written on the day its last section was written, once every section is (status written, or finished since)
  const written = await perDay(
    db,
    sql<{ date: string; n: number }>`SELECT ${day(sql.ref('w'))} AS date, count(*)::int AS n FROM (
      SELECT max(s.written_at) AS w FROM bids b JOIN bid_sections s ON s.bid_id = b.id
      WHERE b.status IN ('written', 'finished') ${scoped(s, 'b.tenant_id')} GROUP BY b.id) x
      WHERE w >= ${s.start} AND w < ${s.end} GROUP BY 1`,
  );
  const llm = await llmPerDayModel(db, s);
  return { signUps, orders, bidsStarted, bidsFinished, bidsWritten: written, paid: paid.rows, refunds, llm };
}

/** Tokens per day and model. */
export async function llmPerDayModel(db: Database, s: Span) {
  const r = await sql<{ date: string; model: string; prompt: string; completion: string; cached: string }>`
    SELECT ${day(sql.ref('created_at'))} AS date, model, sum(prompt_tokens)::bigint AS prompt, sum(completion_tokens)::bigint AS completion, sum(cached_tokens)::bigint AS cached
    FROM llm_usage WHERE created_at >= ${s.start} AND created_at < ${s.end} ${scoped(s, 'tenant_id')} GROUP BY 1, 2`.execute(db);
  return r.rows.map((x) => ({ date: x.date, model: x.model, prompt: Number(x.prompt), completion: Number(x.completion), cached: Number(x.cached) }));
}

/** Distinct buyers of the orders paid in the span. */
export async function countPayers(db: Database, s: Span): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(DISTINCT user_id)::int AS n FROM orders
    WHERE paid_at >= ${s.start} AND paid_at < ${s.end} AND status IN (2, 4) ${scoped(s, 'tenant_id')}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
