import type { AdminEntitlements, AdminLedgerEntry, AdminUser } from '@btz/shared/calls';
import type { Selectable } from 'kysely';
import type { EntitlementLedgerTable } from '../../../db/schema-commerce.js';
import { timeOrEmpty } from '../present.js';
import type { AdminUserRow } from './repo.js';

export function presentEntitlements(r: {
  vip_expiry: Date | null;
  privilege_list: string[];
  common_bid_number: number;
  flagship_bid_number: number;
}): AdminEntitlements {
  return {
    vipExpiry: timeOrEmpty(r.vip_expiry),
    isVip: !!r.vip_expiry && new Date(r.vip_expiry).getTime() > Date.now(),
    privileges: r.privilege_list ?? [],
    commonBidNumber: r.common_bid_number,
    flagshipBidNumber: r.flagship_bid_number,
  };
}

export function presentAdminUser(u: AdminUserRow): AdminUser {
  return {
    id: u.id,
    tenantId: u.tenant_id,
    phone: u.phone ?? '',
    nickName: u.nick_name,
    realName: u.real_name,
    companyName: u.company_name,
    status: u.status,
    statusName: u.status === 1 ? '正常' : '已停用',
    loginRole: u.login_role,
    enterpriseId: u.enterprise_id,
    createTime: timeOrEmpty(u.created_at),
    personal: presentEntitlements(u),
  };
}

const KIND_NAMES: Record<string, string> = { grant: '发放', spend: '使用', refund: '退回', revoke: '收回' };
const REASON_NAMES: Record<string, string> = {
  order_paid: '订单支付',
  order_refunded: '订单退款收回',
  bid_start: '开始撰写标书',
  bid_start_vip: '会员撰写标书（不扣份数）',
  bid_cancelled: '取消撰写，退回',
};

/** The ledger's reason as an operator reads it (codes in Chinese; an operator's grant keeps its written reason). */
export function reasonText(reason: string): string {
  if (reason.startsWith('operator_grant: ')) return `运营赠送：${reason.slice('operator_grant: '.length)}`;
  const m = /^order_refunded \((\d+) already spent\)$/.exec(reason);
  if (m) return `订单退款收回（已使用 ${m[1]} 份，未能收回）`;
  return REASON_NAMES[reason] ?? reason;
}

export function presentLedger(r: Selectable<EntitlementLedgerTable>): AdminLedgerEntry {
  return {
    id: r.id,
    holder: r.holder_type,
    kind: r.kind,
    kindName: KIND_NAMES[r.kind] ?? r.kind,
    field: r.field,
    delta: r.delta,
    reason: reasonText(r.reason),
    orderId: r.order_id,
    vipExpiryBefore: timeOrEmpty(r.vip_expiry_before),
    vipExpiryAfter: timeOrEmpty(r.vip_expiry_after),
    createTime: timeOrEmpty(r.created_at),
  };
}
