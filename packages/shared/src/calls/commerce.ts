import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import type {
  BarrageRecord,
  CouponRecord,
  NewUserCouponPreview,
  OrderRecord,
  OrderSelect,
  PayOrderResult,
  RechargeOption,
} from '../api/commerce.js';
import { QUANTITY_MAX, QUANTITY_MIN } from '../constants.js';
import { pageOf, time } from './answers.js';

/**
 * Orders, coupons and the barrage (spec §7 "Orders and coupons"): every payload goes in the query string.
 */

const current = z.coerce.number().int().min(1).default(1);
const size = (byDefault: number) => z.coerce.number().int().min(1).max(100).default(byDefault);
const PAGING_LABELS = { current: '页码', size: '每页条数' };
const QUANTITY_MSG = `应为 ${QUANTITY_MIN}–${QUANTITY_MAX} 之间的整数`;
const id = z.string().trim().min(1).max(64);

/* ---- answers ---- */

const int = z.number().int();
const money = z.number().min(0);
const str = z.string();
const rechargeOption: z.ZodType<RechargeOption> = z.strictObject({
  id: str,
  title: str,
  type: int,
  unitType: int,
  money,
  strokeMoney: money,
  validDay: int,
  describes: str,
  cornerMark: str,
  bidType: int.nullable(),
  privilegeValueList: z.array(str),
  privileges: z.array(z.strictObject({ id: str, name: str, isChecked: z.boolean() })),
  sort: z.number(),
  expiryDate: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/),
});
const payOrderResult: z.ZodType<PayOrderResult> = z.strictObject({
  codeUrl: str,
  orderId: str,
  orderNo: str,
  amount: money,
  originalAmount: money,
  discountAmount: money,
  payType: int,
  expiresIn: z.number(),
  expireTime: time,
});
const orderRecord: z.ZodType<OrderRecord> = z.strictObject({
  id: str,
  orderNo: str,
  title: str,
  type: int,
  unitType: int,
  bidType: int.nullable(),
  number: int,
  amount: money,
  originalAmount: money,
  discountAmount: money,
  payType: int,
  payTypeName: str,
  status: int,
  statusName: str,
  createTime: time,
  paidTime: time,
  refundTime: time,
  refundAmount: money,
});
const selectOptions = z.array(z.strictObject({ label: str, value: z.number() }));
const orderSelect: z.ZodType<OrderSelect> = z.strictObject({ status: selectOptions, payType: selectOptions, unitType: selectOptions, type: selectOptions });
const couponRecord: z.ZodType<CouponRecord> = z.strictObject({
  id: str,
  title: str,
  discountAmount: money,
  minAmount: money,
  deadline: time,
  status: int,
  source: str,
  createTime: time,
});
const newUserCoupon: z.ZodType<NewUserCouponPreview> = z.strictObject({
  id: str,
  title: str,
  discountAmount: money,
  minAmount: money,
  validDays: int,
  deadline: time,
});
const barrageRecord: z.ZodType<BarrageRecord> = z.strictObject({ id: str, content: str });

export const orderCalls = {
  /** the recharge options of one tab: type 1 personal, 2 enterprise (none: both) */
  options: defineCall({
    path: '/btz/bid-order/order-option-select',
    auth: true,
    query: z.object({ type: z.coerce.number().int().min(1).max(2).optional() }),
    labels: { type: '套餐类型' },
    response: z.array(rechargeOption),
  }),
  /** creates the order and its QR; the user's earlier unpaid orders are closed */
  payOrder: defineCall({
    path: '/btz/bid-order/pay-order',
    auth: true,
    query: z.object({
      optionId: id,
      orderPayType: z.coerce.number().int().min(1).max(2).default(1),
      userCouponId: id.optional(),
      number: z.coerce
        .number({ error: QUANTITY_MSG })
        .int({ error: QUANTITY_MSG })
        .min(QUANTITY_MIN, { error: QUANTITY_MSG })
        .max(QUANTITY_MAX, { error: QUANTITY_MSG })
        .default(1),
    }),
    labels: { optionId: '套餐', orderPayType: '支付方式', userCouponId: '优惠券', number: '购买数量' },
    response: payOrderResult,
  }),
  /** the order's status (ORDER_STATUS); an unpaid one is first asked of its provider */
  payStatus: defineCall({
    path: '/btz/bid-order/pay-status',
    auth: true,
    ownedBy: 'user',
    query: z.object({ id }),
    labels: { id: '订单编号' },
    response: int,
  }),
  list: defineCall({
    path: '/btz/bid-order/order-list',
    auth: true,
    query: z.object({
      current,
      size: size(10),
      status: z.coerce.number().int().min(1).max(4).optional(),
      /** several statuses, comma-separated (`2,4`: 充值记录's default, paid and refunded); with `status` both apply */
      statusIn: z.string().regex(/^[1-4](,[1-4]){0,3}$/, { error: '应为逗号分隔的订单状态（1–4）' }).optional(),
    }),
    labels: { ...PAGING_LABELS, status: '订单状态', statusIn: '订单状态' },
    response: pageOf(orderRecord),
  }),
  /** the order list's filter options */
  select: defineCall({ path: '/btz/common/orderSelect', auth: true, response: orderSelect }),
  /** public: the host's brand decides (the dialog is logged in, but the messages are no secret) */
  barrage: defineCall({
    path: '/btz/barrage/queryBarrageList',
    auth: false,
    query: z.object({ current, size: size(20) }),
    labels: PAGING_LABELS,
    response: pageOf(barrageRecord),
  }),
};

export const couponCalls = {
  list: defineCall({
    path: '/btz/coupon/coupon-list',
    auth: true,
    query: z.object({ current, size: size(10), status: z.coerce.number().int().min(1).max(3).optional() }),
    labels: { ...PAGING_LABELS, status: '优惠券状态' },
    response: pageOf(couponRecord),
  }),
  redeem: defineCall({
    path: '/btz/coupon/redeem',
    auth: true,
    query: z.object({ code: id }),
    labels: { code: '兑换码' },
    response: couponRecord,
  }),
  /** what the new-user pack would give if claimed now */
  newUserList: defineCall({ path: '/btz/coupon/newUserCouponList', auth: true, response: z.array(newUserCoupon) }),
  /** claims the new-user pack (once) */
  claimNewUser: defineCall({ path: '/btz/coupon/getNewUserCoupon', auth: true, response: z.array(couponRecord) }),
};
