/**
 * Commerce API shapes (spec §3 Recharge option / Coupon / Order, CONVENTIONS.md Values): money in yuan numbers with at
 * most 2 decimals, times `YYYY-MM-DD HH:mm:ss` Asia/Shanghai, ids as strings.
 */

/** Order status (PRODUCT.md §4): 1 unpaid, 2 paid, 3 closed, 4 refunded. */
export const ORDER_STATUS = { unpaid: 1, paid: 2, closed: 3, refunded: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_LABEL: Record<number, string> = { 1: '待支付', 2: '已支付', 3: '已关闭', 4: '已退款' };

/** orderPayType: 1 WeChat Pay, 2 Alipay (spec §4). */
export const PAY_TYPE = { wechat: 1, alipay: 2 } as const;
export const PAY_TYPE_LABEL: Record<number, string> = { 1: '微信支付', 2: '支付宝' };

/** Recharge option: type 1 personal / 2 enterprise; unitType 1 period membership / 2 per-copy pack; bidType 1 basic / 2 flagship. */
export const OPTION_TYPE = { personal: 1, enterprise: 2 } as const;
export const UNIT_TYPE = { period: 1, perCopy: 2 } as const;
export const BID_TYPE = { basic: 1, flagship: 2 } as const;
export const UNIT_TYPE_LABEL: Record<number, string> = { 1: '会员套餐', 2: '按份购买' };
export const OPTION_TYPE_LABEL: Record<number, string> = { 1: '个人', 2: '企业' };

/** Coupon status: 1 usable, 2 used, 3 expired. */
export const COUPON_STATUS = { usable: 1, used: 2, expired: 3 } as const;
export const COUPON_STATUS_LABEL: Record<number, string> = { 1: '可使用', 2: '已使用', 3: '已过期' };

/**
 * Privileges a VIP package grants (the user's `privilegeList` holds these ids). `bid_common` / `bid_flagship` let a VIP
 * write bids of that version without spending copies, within the monthly fair-use cap (server config VIP_MONTHLY_BID_CAP).
 */
export const PRIVILEGES = {
  bid_common: '普通版标书不限份数',
  bid_flagship: '旗舰版标书不限份数',
  illustrated: '图文版排版',
  export_word: 'Word / PDF 导出',
  health_check: '内容健康度评分',
  duplicate_check: '标书查重',
  team: '团队成员共享权益',
  knowledge_base: '企业知识库',
  dedicated_support: '专属客户经理',
} as const;
export type PrivilegeId = keyof typeof PRIVILEGES;

/** Texts of the commerce calls (server messages). */
export const COMMERCE_TEXT = {
  optionNotFound: '套餐不存在或已下架',
  orderNotFound: '订单不存在',
  couponNotFound: '优惠券不存在',
  couponUsed: '该优惠券已使用',
  couponExpired: '该优惠券已过期',
  redeemUnknown: '兑换码不存在或已失效',
  redeemTwice: '您已兑换过该兑换码',
  redeemExhausted: '该兑换码已被领完',
  newUserOnly: '新人礼包仅限新用户领取',
  newUserClaimed: '您已领取过新人礼包',
  payMethodUnavailable: (name: string) => `暂不支持${name}，请选择其他支付方式`,
  payCreateFailed: '支付下单失败，请稍后重试',
  insufficientBasic: '普通版标书份数不足，请购买或开通会员',
  insufficientFlagship: '旗舰版标书份数不足，请购买或开通会员',
} as const;

export interface PrivilegeItem {
  id: string;
  name: string;
  isChecked: boolean;
}

/** `/btz/bid-order/order-option-select?type=` — every field of spec §3. */
export interface RechargeOption {
  id: string;
  title: string;
  type: number;
  unitType: number;
  /** yuan; for a per-copy pack the price of one copy */
  money: number;
  /** original price, yuan */
  strokeMoney: number;
  validDay: number;
  /** per-copy packs contain `{count}` */
  describes: string;
  cornerMark: string;
  /** 1 basic / 2 flagship for per-copy packs; null for period packages */
  bidType: number | null;
  privilegeValueList: string[];
  privileges: PrivilegeItem[];
  sort: number;
  /**
   * A period package: the day its VIP would run to if bought now (`YYYY-MM-DD`, Asia/Shanghai, from the server's clock,
   * counted from the holder's running VIP as the grant is); '' for a per-copy pack.
   */
  expiryDate: string;
}

/** `/btz/bid-order/pay-order` */
export interface PayOrderResult {
  codeUrl: string;
  orderId: string;
  orderNo: string;
  /** payable, yuan */
  amount: number;
  /** unit × number before the coupon, yuan */
  originalAmount: number;
  /** what the coupon saved, yuan */
  discountAmount: number;
  payType: number;
  /** seconds until the order closes */
  expiresIn: number;
  expireTime: string;
}

/** `/btz/bid-order/order-list` records */
export interface OrderRecord {
  id: string;
  orderNo: string;
  title: string;
  type: number;
  unitType: number;
  bidType: number | null;
  number: number;
  amount: number;
  originalAmount: number;
  discountAmount: number;
  payType: number;
  payTypeName: string;
  status: number;
  statusName: string;
  createTime: string;
  paidTime: string;
  /** when the order was refunded (status 4), else '' */
  refundTime: string;
  /** yuan refunded (the whole amount paid), 0 when not refunded */
  refundAmount: number;
}

export interface SelectOption {
  label: string;
  value: number;
}

/** `/btz/common/orderSelect` */
export interface OrderSelect {
  status: SelectOption[];
  payType: SelectOption[];
  unitType: SelectOption[];
  type: SelectOption[];
}

/** `/btz/coupon/coupon-list` records (spec §3 Coupon + title, status) */
export interface CouponRecord {
  id: string;
  title: string;
  discountAmount: number;
  minAmount: number;
  deadline: string;
  status: number;
  source: string;
  createTime: string;
}

/** `/btz/coupon/newUserCouponList` — what the pack would give if claimed now */
export interface NewUserCouponPreview {
  id: string;
  title: string;
  discountAmount: number;
  minAmount: number;
  validDays: number;
  deadline: string;
}

/** `/btz/barrage/queryBarrageList` records */
export interface BarrageRecord {
  id: string;
  content: string;
}

/** realtime `pay.success` data on `/user/{id}/notice` */
export interface PaySuccessMessage {
  orderId: string;
  unitType: number;
}
