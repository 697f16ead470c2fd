/** SQL of the QR sign-in sessions (`qr_logins`): created by the desktop, moved on by the phone, consumed once. */
import type { Insertable, Kysely } from 'kysely';
import type { DB, QrLoginsTable } from '../../db/schema.js';

type Db = Kysely<DB>;

export async function insertQr(db: Db, row: Insertable<QrLoginsTable>): Promise<void> {
  await db.insertInto('qr_logins').values(row).execute();
}

export function findQr(db: Db, tager: string) {
  return db.selectFrom('qr_logins').selectAll().where('tager', '=', tager).executeTakeFirst();
}

/** Consumes a confirmed, unconsumed login QR of the tenant; the user it names, if it was one. */
export async function consumeQr(db: Db, tenantId: string, tager: string): Promise<string | null> {
  const row = await db
    .updateTable('qr_logins')
    .set({ consumed_at: new Date() })
    .where('tager', '=', tager)
    .where('tenant_id', '=', tenantId)
    .where('purpose', '=', 'login')
    .where('state', '=', 'confirmed')
    .where('consumed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** A waiting, unexpired QR was scanned. */
export async function markScanned(db: Db, tager: string): Promise<void> {
  await db.updateTable('qr_logins').set({ state: 'scanned' }).where('tager', '=', tager).where('state', '=', 'waiting').where('expires_at', '>', new Date()).execute();
}

/** The phone confirmed: the QR now names its user. False when it expired or was already confirmed. */
export async function confirmQr(db: Db, tager: string, userId: string): Promise<boolean> {
  const r = await db
    .updateTable('qr_logins')
    .set({ state: 'confirmed', user_id: userId })
    .where('tager', '=', tager)
    .where('state', 'in', ['waiting', 'scanned'])
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
