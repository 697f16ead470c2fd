import type { Database } from '../../../db/connection.js';
import { paginate, type Paging } from '../../../db/paging.js';
import { newId } from '../../../lib/ids.js';
import '../../../db/schema-admin.js';

export interface AuditEntry {
  operatorId: string;
  /** the tenant the action concerned (null: the platform) */
  tenantId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
  ip?: string;
}

/** One audit row, in the action's own transaction (pass its `trx`): the action and its record commit together. */
export async function writeAudit(db: Database, e: AuditEntry): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      id: newId(),
      operator_id: e.operatorId,
      tenant_id: e.tenantId,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      before: e.before === undefined ? null : JSON.stringify(e.before),
      after: e.after === undefined ? null : JSON.stringify(e.after),
      reason: e.reason ?? '',
      ip: e.ip ?? '',
    })
    .execute();
}

export function listAudit(db: Database, f: { tenantId: string | null; action?: string; targetId?: string }, p: Paging) {
  let base = db.selectFrom('admin_audit').innerJoin('operators', 'operators.id', 'admin_audit.operator_id');
  if (f.tenantId) base = base.where('admin_audit.tenant_id', '=', f.tenantId);
  if (f.action) base = base.where('admin_audit.action', '=', f.action);
  if (f.targetId) base = base.where('admin_audit.target_id', '=', f.targetId);
  return paginate(base, p, (q) =>
    q
      .selectAll('admin_audit')
      .select('operators.name as operator_name')
      .orderBy('admin_audit.created_at', 'desc')
      .orderBy('admin_audit.id', 'desc'),
  );
}
