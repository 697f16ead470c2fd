import { sql } from 'kysely';
import type { Database } from '../../../db/connection.js';
import '../../../db/schema-welfare.js';
import type { WelfareTaskCode } from '../../../db/schema-welfare.js';

/** The welfare tasks of the scope with their reward coupon's title and how many users claimed each. */
export function listWelfareTasks(db: Database, tenantId: string | null) {
  let q = db
    .selectFrom('welfare_tasks as w')
    .leftJoin('coupon_templates as t', 't.id', 'w.coupon_template_id')
    .selectAll('w')
    .select([
      't.title as coupon_title',
      sql<number>`(SELECT count(*)::int FROM welfare_claims c WHERE c.tenant_id = w.tenant_id AND c.task_code = w.code)`.as('claims'),
    ]);
  if (tenantId) q = q.where('w.tenant_id', '=', tenantId);
  return q.orderBy('w.tenant_id').orderBy('w.sort').orderBy('w.code').execute();
}
export type WelfareTaskRow = Awaited<ReturnType<typeof listWelfareTasks>>[number];

export function lockWelfareTask(db: Database, tenantId: string, code: WelfareTaskCode) {
  return db.selectFrom('welfare_tasks').selectAll().where('tenant_id', '=', tenantId).where('code', '=', code).forUpdate().executeTakeFirst();
}

export async function updateWelfareTask(
  db: Database,
  tenantId: string,
  code: WelfareTaskCode,
  v: {
    title: string;
    description: string;
    reward_kind: 'coupon' | 'copies';
    coupon_template_id: string | null;
    copy_field: 'common' | 'flagship' | null;
    copy_number: number;
    sort: number;
    enabled: boolean;
  },
): Promise<void> {
  await db
    .updateTable('welfare_tasks')
    .set({ ...v, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code)
    .execute();
}
