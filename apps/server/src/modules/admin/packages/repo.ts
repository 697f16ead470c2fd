import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../db/connection.js';
import type { RechargeOptionsTable } from '../../../db/schema-commerce.js';

export type OptionRow = Selectable<RechargeOptionsTable>;

/** Every recharge option of the scope (null: every tenant), hidden ones too, in the order the purchase dialog shows them. */
export function listOptions(db: Database, tenantId: string | null): Promise<OptionRow[]> {
  let q = db.selectFrom('recharge_options').selectAll();
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return q.orderBy('tenant_id').orderBy('type').orderBy('sort').orderBy('id').execute();
}

export function findOption(db: Database, tenantId: string | null, id: string, lock = false): Promise<OptionRow | undefined> {
  let q = db.selectFrom('recharge_options').selectAll().where('id', '=', id);
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export async function insertOption(db: Database, row: Insertable<RechargeOptionsTable>): Promise<OptionRow> {
  return db.insertInto('recharge_options').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateOption(db: Database, id: string, set: Updateable<RechargeOptionsTable>): Promise<OptionRow> {
  return db.updateTable('recharge_options').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
