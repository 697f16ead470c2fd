/**
 * SQL of the verification rows: image captchas (`captchas`, the answer kept as a hash) and SMS codes (`sms_codes`, whose
 * own rows are what the send limits count, so they hold across instances without Redis).
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { CaptchasTable, DB, SmsCodesTable } from '../../db/schema.js';

type Db = Kysely<DB>;

export async function insertCaptcha(db: Db, row: Insertable<CaptchasTable>): Promise<void> {
  await db.insertInto('captchas').values(row).execute();
}

/** Spends an unused, unexpired captcha (one try each, right or wrong) and returns its answer hash. */
export async function spendCaptcha(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('answer_hash')
    .executeTakeFirst();
  return row?.answer_hash;
}

export interface SendsOf {
  tenantId: string;
  phone: string;
  purpose: string;
  ip: string;
}

/**
 * The counts the SMS limits read, from the rows of this phone and this IP: sends to the phone for this purpose since
 * `recentSince`, to the phone and from the IP since `dayStart`, from the IP since `windowSince`.
 */
export function countSends(db: Db, s: SendsOf, since: { recentSince: Date; dayStart: Date; windowSince: Date }) {
  return db
    .selectFrom('sms_codes')
    .select([
      sql<number>`count(*) filter (where phone = ${s.phone} and tenant_id = ${s.tenantId} and purpose = ${s.purpose} and created_at > ${since.recentSince})::int`.as(
        'recent',
      ),
      sql<number>`count(*) filter (where phone = ${s.phone} and tenant_id = ${s.tenantId} and created_at >= ${since.dayStart})::int`.as('phoneToday'),
      sql<number>`count(*) filter (where ip = ${s.ip} and created_at >= ${since.dayStart})::int`.as('ipToday'),
      sql<number>`count(*) filter (where ip = ${s.ip} and created_at > ${since.windowSince})::int`.as('ipWindow'),
    ])
    .where((eb) => eb.or([eb('phone', '=', s.phone), eb('ip', '=', s.ip)]))
    .where('created_at', '>=', new Date(Math.min(since.dayStart.getTime(), since.windowSince.getTime())))
    .executeTakeFirstOrThrow();
}

/**
 * Locks per phone and per IP until the transaction ends (always in this order, so two sends cannot wait on each other):
 * parallel sends see each other's rows.
 */
export async function lockSends(trx: Db, s: Pick<SendsOf, 'tenantId' | 'phone' | 'ip'>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sms:phone:${s.tenantId}:${s.phone}`}, 0))`.execute(trx);
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sms:ip:${s.ip}`}, 0))`.execute(trx);
}

export async function insertSmsCode(db: Db, row: Insertable<SmsCodesTable>): Promise<void> {
  await db.insertInto('sms_codes').values(row).execute();
}

/** Takes back a code the gateway did not send: it neither counts against the limits nor can be used. */
export async function deleteSmsCode(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sms_codes').where('key', '=', key).execute();
}

export function findSmsCode(db: Db, tenantId: string, key: string) {
  return db.selectFrom('sms_codes').selectAll().where('key', '=', key).where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Counts a wrong try while fewer than `max` were made; the tries made, or undefined when the code was used up already. */
export async function addSmsAttempt(db: Db, key: string, max: number): Promise<number | undefined> {
  const upd = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('key', '=', key)
    .where('attempts', '<', max)
    .returning('attempts')
    .executeTakeFirst();
  return upd?.attempts;
}

/** Marks the code used; false when another call used it first. */
export async function useSmsCode(db: Db, key: string): Promise<boolean> {
  const used = await db.updateTable('sms_codes').set({ used_at: new Date() }).where('key', '=', key).where('used_at', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
