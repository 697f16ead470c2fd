/**
 * Per-user storage quota (issue 10, UPLOAD_QUOTA_BYTES): the bytes of tender files a user keeps in their live bids.
 * Checked inside the upload's transaction with the user's row locked, before the file is written: two uploads of one
 * user cannot both slip under the quota, and a refused upload stores nothing (no file, no row).
 */
import { sql, type Kysely } from 'kysely';
import { TEXT } from '@btz/shared';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { formatLimit } from './upload.js';

/** Bytes of the files in a user's live bids (a deleted file or bid frees its share). */
export async function storedBytes(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bid_files')
    .innerJoin('bids', 'bids.id', 'bid_files.bid_id')
    .select(sql<number>`coalesce(sum(bid_files.size), 0)::float8`.as('used'))
    .where('bids.user_id', '=', userId)
    .where('bids.deleted_at', 'is', null)
    .where('bid_files.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** Throws the Chinese refusal when `adding` more bytes would take the user past `quota`; call inside the transaction. */
export async function assertQuota(trx: Kysely<DB>, userId: string, adding: number, quota: number): Promise<void> {
  await sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
  const used = await storedBytes(trx, userId);
  if (used + adding > quota) throw badRequest(TEXT.uploadQuotaExceeded(formatLimit(used), formatLimit(quota)), { used, quota });
}
