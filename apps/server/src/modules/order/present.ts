import type { Selectable } from 'kysely';
import { ORDER_STATUS, ORDER_STATUS_LABEL, PAY_TYPE_LABEL, UNIT_TYPE, fenToYuan, maskPhone, type BarrageRecord, type OrderRecord, type PayOrderResult, type RechargeOption } from '@btz/shared';
import type { RechargeOptionsTable } from '../../db/schema-commerce.js';
import { formatTime } from '../../lib/time.js';
import type { CreatedOrder } from './commands/create-order.js';
import type { OrderRow, RecentPurchaseRow } from './repo.js';

/**
 * `vipFrom`: when a period package bought now would start — the holder's running VIP's expiry, or now (as grantOrder
 * counts it); its expiry date is shown on the card, so the browser's own clock and zone never decide it.
 */
export function presentOption(o: Selectable<RechargeOptionsTable>, vipFrom: Date = new Date()): RechargeOption {
  return {
    id: o.id,
    title: o.title,
    type: o.type,
    unitType: o.unit_type,
    money: fenToYuan(o.money_fen),
    strokeMoney: fenToYuan(o.stroke_money_fen),
    validDay: o.valid_day,
    describes: o.describes,
    cornerMark: o.corner_mark,
    bidType: o.bid_type,
    privilegeValueList: o.privilege_value_list ?? [],
    privileges: o.privileges ?? [],
    sort: o.sort,
    expiryDate: o.unit_type === UNIT_TYPE.period ? formatTime(new Date(vipFrom.getTime() + o.valid_day * 86_400_000)).slice(0, 10) : '',
  };
}

/** The pay-order answer: the QR to show and the price as the buyer pays it (yuan). */
export function presentCreatedOrder(o: CreatedOrder, ttlS: number): PayOrderResult {
  return {
    codeUrl: o.codeUrl,
    orderId: o.orderId,
    orderNo: o.orderNo,
    amount: fenToYuan(o.amountFen),
    originalAmount: fenToYuan(o.totalFen),
    discountAmount: fenToYuan(o.discountFen),
    payType: o.payType,
    expiresIn: ttlS,
    expireTime: formatTime(o.expiresAt),
  };
}

/** An order as the order list shows it (`now` in ms since epoch). */
export function presentOrder(o: OrderRow, now: number): OrderRecord {
  // an unpaid order past its expiry reads as closed even before the job closes it
  const status = o.status === ORDER_STATUS.unpaid && new Date(o.expires_at).getTime() <= now ? ORDER_STATUS.closed : o.status;
  return {
    id: o.id,
    orderNo: o.order_no,
    title: o.title,
    type: o.type,
    unitType: o.unit_type,
    bidType: o.bid_type,
    number: o.number,
    amount: fenToYuan(o.amount_fen),
    originalAmount: fenToYuan(o.total_fen),
    discountAmount: fenToYuan(o.discount_fen),
    payType: o.pay_type,
    payTypeName: PAY_TYPE_LABEL[o.pay_type] ?? '',
    status,
    statusName: ORDER_STATUS_LABEL[status] ?? '',
    createTime: formatTime(o.created_at),
    paidTime: formatTime(o.paid_at),
    refundTime: o.status === ORDER_STATUS.refunded ? formatTime(o.refunded_at) : '',
    refundAmount: o.status === ORDER_STATUS.refunded ? fenToYuan(o.amount_fen) : 0,
  };
}

/** One real purchase for 最新动态: 「138****5678 11-28 20:01 购买了年度会员」 (the time is when it was paid, Asia/Shanghai). */
export function presentPurchase(r: RecentPurchaseRow): BarrageRecord {
  const when = r.paid_at ? `${formatTime(r.paid_at).slice(5, 16)} ` : '';
  const count = r.unit_type === UNIT_TYPE.perCopy && r.number > 1 ? ` ×${r.number}` : '';
  return { id: r.id, content: `${maskPhone(r.phone)} ${when}购买了${r.title}${count}` };
}
