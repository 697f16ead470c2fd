import { COUPON_PAGE_SIZE, COUPON_STATUS } from '@btz/shared';
import { couponCalls, orderCalls, type CallQueryIn } from '@btz/shared/calls';
import { callApi } from '../../api/call';

/** Spec §7 "Orders and coupons", defined in `@btz/shared/calls` (orderCalls, couponCalls): payloads in the query string. */

/** Recharge options of one tab: type 1 personal, 2 enterprise. */
export const fetchOptions = (type: 1 | 2) => callApi(orderCalls.options, { query: { type } }, { repeatSubmit: false });

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
  callApi(
    orderCalls.payOrder,
    { query: { optionId, orderPayType, userCouponId: userCouponId || undefined, number } },
    { repeatSubmit: false },
  );

/** Order status: 1 unpaid, 2 paid, 3 closed, 4 refunded. Polled quietly. */
export const fetchPayStatus = (id: string) =>
  callApi(orderCalls.payStatus, { query: { id } }, { repeatSubmit: false, silent: true });

export const fetchOrderList = (params: CallQueryIn<typeof orderCalls.list>) =>
  callApi(orderCalls.list, { query: params }, { repeatSubmit: false });

export const fetchOrderSelect = () => callApi(orderCalls.select, {}, { repeatSubmit: false });

/** The dialog's coupon list: current 1, size 100, status 1 (usable). */
export const fetchUsableCoupons = async () =>
  (
    await callApi(
      couponCalls.list,
      { query: { current: 1, size: COUPON_PAGE_SIZE, status: COUPON_STATUS.usable } },
      { repeatSubmit: false },
    )
  )?.records ?? [];

export const fetchCoupons = (params: CallQueryIn<typeof couponCalls.list>) =>
  callApi(couponCalls.list, { query: params }, { repeatSubmit: false });

export const fetchNewUserCoupons = () => callApi(couponCalls.newUserList, {}, { repeatSubmit: false });

export const claimNewUserCoupons = () => callApi(couponCalls.claimNewUser, {});

export const fetchBarrage = async () =>
  (await callApi(orderCalls.barrage, { query: { current: 1, size: 30 } }, { repeatSubmit: false, silent: true }))?.records ?? [];

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
