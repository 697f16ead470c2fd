import { fenToYuan, ORDER_STATUS_LABEL } from '@btz/shared';
import type { AdminOrder } from '@btz/shared/calls';
import { timeOrEmpty } from '../present.js';
import type { AdminOrderRow } from './repo.js';

export function presentAdminOrder(o: AdminOrderRow): AdminOrder {
  return {
    id: o.id,
    orderNo: o.order_no,
    tenantId: o.tenant_id,
    userId: o.user_id,
    userPhone: o.user_phone ?? '',
    title: o.title,
    unitType: o.unit_type,
    bidType: o.bid_type,
    number: o.number,
    validDay: o.valid_day,
    amount: fenToYuan(o.amount_fen),
    payType: o.pay_type,
    provider: o.provider,
    status: o.status,
    statusName: ORDER_STATUS_LABEL[o.status] ?? '',
    refundState: o.refund_state ?? '',
    refundReason: o.refund_reason ?? '',
    providerTxnId: o.provider_txn_id ?? '',
    flag: o.flag ?? '',
    createTime: timeOrEmpty(o.created_at),
    paidTime: timeOrEmpty(o.paid_at),
    refundTime: timeOrEmpty(o.refunded_at),
  };
}
