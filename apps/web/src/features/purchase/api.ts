import {
  COUPON_PAGE_SIZE,
  COUPON_STATUS,
  type BarrageRecord,
  type CouponRecord,
  type NewUserCouponPreview,
  type OrderRecord,
  type OrderSelect,
  type Page,
  type PayOrderResult,
  type RechargeOption,
} from '@btz/shared';
import { postParams } from '../../api/request';

/** Spec §7 "Orders and coupons": every call is a POST with its payload in the query string. */

/** Recharge options of one tab: type 1 personal, 2 enterprise. */
export const fetchOptions = (type: 1 | 2) =>
  postParams<RechargeOption[]>('/btz/bid-order/order-option-select', { type }, { repeatSubmit: false });

export interface CreateOrderInput {
  optionId: string;
  orderPayType: 1 | 2;
  userCouponId?: string | null;
  number?: number;
}

/**
 * Creates the order and its QR (`{ codeUrl, orderId }`). Each change of option, quantity, coupon or method re-creates it on
 * purpose (the server closes the earlier one), so the duplicate-submit guard does not apply.
 */
export const createOrder = ({ optionId, orderPayType, userCouponId, number }: CreateOrderInput) =>
  postParams<PayOrderResult>(
    '/btz/bid-order/pay-order',
    { optionId, orderPayType, userCouponId: userCouponId || undefined, number },
    { repeatSubmit: false },
  );

/** Order status: 1 unpaid, 2 paid, 3 closed, 4 refunded. Polled quietly. */
export const fetchPayStatus = (id: string) =>
  postParams<number>('/btz/bid-order/pay-status', { id }, { repeatSubmit: false, silent: true });

export const fetchOrderList = (params: { current: number; size: number; status?: number }) =>
  postParams<Page<OrderRecord>>('/btz/bid-order/order-list', params, { repeatSubmit: false });

export const fetchOrderSelect = () => postParams<OrderSelect>('/btz/common/orderSelect', undefined, { repeatSubmit: false });

/** The dialog's coupon list: current 1, size 100, status 1 (usable). */
export const fetchUsableCoupons = async () =>
  (
    await postParams<Page<CouponRecord>>(
      '/btz/coupon/coupon-list',
      { current: 1, size: COUPON_PAGE_SIZE, status: COUPON_STATUS.usable },
      { repeatSubmit: false },
    )
  )?.records ?? [];

export const fetchCoupons = (params: { current: number; size: number; status?: number }) =>
  postParams<Page<CouponRecord>>('/btz/coupon/coupon-list', params, { repeatSubmit: false });

export const fetchNewUserCoupons = () =>
  postParams<NewUserCouponPreview[]>('/btz/coupon/newUserCouponList', undefined, { repeatSubmit: false });

export const claimNewUserCoupons = () => postParams<CouponRecord[]>('/btz/coupon/getNewUserCoupon');

export const fetchBarrage = async () =>
  (await postParams<Page<BarrageRecord>>('/btz/barrage/queryBarrageList', { current: 1, size: 30 }, { repeatSubmit: false, silent: true }))
    ?.records ?? [];

/** Query keys of the feature (the profile screen shares them). */
export const purchaseKeys = {
  options: (type: number) => ['purchase', 'options', type] as const,
  coupons: ['purchase', 'coupons', 'usable'] as const,
  couponPage: (p: object) => ['purchase', 'coupons', 'page', p] as const,
  newUser: ['purchase', 'newUserCoupons'] as const,
  barrage: ['purchase', 'barrage'] as const,
  payStatus: (id: string) => ['purchase', 'payStatus', id] as const,
  orders: (p: object) => ['purchase', 'orders', p] as const,
  orderSelect: ['purchase', 'orderSelect'] as const,
};
