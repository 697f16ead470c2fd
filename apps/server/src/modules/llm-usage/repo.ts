import { sql } from 'kysely';
import type { Database } from '../../db/connection.js';
import { newId } from '../../lib/ids.js';
import '../../db/schema-admin.js';

export interface UsageRow {
  tag: string;
  bidId: string | null;
  model: string;
  prompt: number;
  completion: number;
  cached: number;
  estimated: boolean;
}

/**
 * One model call's tokens. A call made for a bid (`bid:{id}`) is booked to the bid's tenant and owner, read from the bid
 * in the same statement; any other call to no tenant.
 */
export async function insertLlmUsage(db: Database, u: UsageRow): Promise<void> {
  const id = newId();
  const n = (v: number) => Math.max(0, Math.round(v || 0));
  if (u.bidId) {
    await sql`
      INSERT INTO llm_usage (id, tenant_id, user_id, bid_id, tag, model, prompt_tokens, completion_tokens, cached_tokens, estimated)
      SELECT ${id}, b.tenant_id, b.user_id, b.id, ${u.tag}, ${u.model}, ${n(u.prompt)}, ${n(u.completion)}, ${n(u.cached)}, ${u.estimated}
      FROM bids b WHERE b.id = ${u.bidId}`.execute(db);
    return;
  }
  await db
    .insertInto('llm_usage')
    .values({ id, tenant_id: null, user_id: null, bid_id: null, tag: u.tag, model: u.model, prompt_tokens: n(u.prompt), completion_tokens: n(u.completion), cached_tokens: n(u.cached), estimated: u.estimated })
    .execute();
}
