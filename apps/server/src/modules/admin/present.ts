import type { AdminTenant, AuditView, OperatorView } from '@btz/shared/calls';
import { ADMIN_ACTION_NAMES, ADMIN_MONEY_ACTION_NAMES } from '@btz/shared/calls';
import { formatTime } from '../../lib/time.js';
import type { OperatorRow } from './auth/repo.js';

const t = (d: Date | null | undefined) => (d ? formatTime(new Date(d)) : '');
export const timeOrEmpty = t;

export function tenantName(branding: Record<string, string> | undefined, code: string): string {
  return (branding?.text ?? '').split('——')[0] || branding?.companyName || code;
}

export function presentOperator(o: OperatorRow, tenants: Map<string, AdminTenant>): OperatorView {
  return {
    id: o.id,
    role: o.role,
    roleName: o.role === 'super' ? '平台超级运营' : '租户运营',
    tenantId: o.tenant_id,
    tenantName: o.tenant_id ? (tenants.get(o.tenant_id)?.name ?? o.tenant_id) : '全部租户',
    name: o.name,
    phone: o.phone ?? '',
    status: o.status,
    bound: !!o.phone,
    lastSignInTime: t(o.last_sign_in_at),
    createTime: t(o.created_at),
  };
}

export function presentAudit(r: {
  id: string;
  operator_id: string;
  operator_name: string;
  tenant_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string;
  ip: string;
  created_at: Date;
}): AuditView {
  return {
    id: r.id,
    operatorId: r.operator_id,
    operatorName: r.operator_name,
    tenantId: r.tenant_id,
    action: r.action,
    actionName: ADMIN_ACTION_NAMES[r.action] ?? ADMIN_MONEY_ACTION_NAMES[r.action] ?? r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: r.before ?? null,
    after: r.after ?? null,
    reason: r.reason,
    ip: r.ip,
    createTime: t(r.created_at),
  };
}
