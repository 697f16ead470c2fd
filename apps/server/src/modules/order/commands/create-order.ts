/**
 * createOrder — the pay-order call: a new order for one recharge option, priced by the server, with its payment QR.
 *
 * Option lookup, pricing (unit × quantity − coupon, never below 0.01 yuan: PRODUCT.md §4), the coupon check and its
 * reservation, and closing the user's older open orders all happen in ONE transaction under the buyer's row lock and
 * the coupon's own (applyPayment takes the same locks in the same order). Then the provider is asked for the QR; when
 * it fails, the new order is closed again and the caller hears a server error.
 */
import { randomInt } from 'node:crypto';
import { COMMERCE_TEXT, COUPON_STATUS, PAY_TYPE_LABEL, TEXT, UNIT_TYPE } from '@btz/shared';
import type { AppContext } from '../../../context.js';
import type { OptionSnapshot } from '../../../db/schema-commerce.js';
import { badRequest, serverError, unauthorized } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import { formatTime } from '../../../lib/time.js';
import { expireCoupons, lockUserCoupon, reserveCoupon } from '../../coupon/repo.js';
import { closeAtProviders, closeOrders } from '../payment.js';
import { closeUnpaidOrdersOf, findEnabledOption, insertOrder, lockBuyer, setCodeUrl } from '../repo.js';

export interface CreateOrderProps {
  tenantId: string;
  /** the buyer (the logged-in user) */
  userId: string;
  /** a recharge option of the tenant; a disabled or other-brand one is refused */
  optionId: string;
  /** orderPayType: 1 WeChat Pay, 2 Alipay (the sandbox stands in for one that is not configured) */
  payType: number;
  /** the buyer's own coupon to apply; refused when used, expired or above its minimum spend */
  userCouponId?: string;
  /** copies to buy; counted for per-copy options only (others are always 1) */
  number: number;
}

export interface CreatedOrder {
  orderId: string;
  orderNo: string;
  codeUrl: string;
  payType: number;
  /** what the buyer pays, in fen */
  amountFen: number;
  /** unit × quantity, in fen */
  totalFen: number;
  discountFen: number;
  expiresAt: Date;
}

/** 22 digits: Shanghai time to the second + 8 random digits (WeChat/Alipay accept 6–32 of [0-9A-Za-z_-]). */
export function newOrderNo(now = new Date()): string {
  const t = formatTime(now).replace(/\D/g, '');
  return `${t}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export async function createOrder(app: AppContext, p: CreateOrderProps): Promise<CreatedOrder> {
  const option = await findEnabledOption(app.db, p.tenantId, p.optionId);
  if (!option) throw badRequest(COMMERCE_TEXT.optionNotFound);
  const provider = app.payments.forPayType(p.payType);
  if (!provider) throw badRequest(COMMERCE_TEXT.payMethodUnavailable(PAY_TYPE_LABEL[p.payType] ?? '该支付方式'));

  // The price is the server's alone (PRODUCT.md §4): unit × quantity − coupon, never below 0.01 yuan.
  const number = option.unit_type === UNIT_TYPE.perCopy ? p.number : 1;
  const totalFen = option.money_fen * number;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + app.config.orderTtlS * 1000);
  const orderNo = newOrderNo(now);
  const snapshot: OptionSnapshot = {
    title: option.title,
    type: option.type,
    unitType: option.unit_type,
    bidType: option.bid_type,
    validDay: option.valid_day,
    moneyFen: option.money_fen,
    privilegeValueList: option.privilege_value_list ?? [],
  };
  // One open order per user: this one replaces the earlier unpaid ones (closed here and at their provider).
  // The coupon is checked and reserved in the same transaction, under the user's row lock and its own: a payment
  // applied meanwhile (applyPayment takes the same locks) either used it already — refused here — or finds it
  // reserved by this order.
  const { id, replaced, amountFen, discountFen } = await app.db.transaction().execute(async (trx) => {
    const u = await lockBuyer(trx, p.tenantId, p.userId);
    if (!u) throw unauthorized();
    let discountFen = 0;
    if (p.userCouponId) {
      await expireCoupons(trx, p.tenantId, p.userId, now);
      const c = await lockUserCoupon(trx, p.tenantId, p.userId, p.userCouponId);
      if (!c) throw badRequest(COMMERCE_TEXT.couponNotFound);
      if (c.status === COUPON_STATUS.used) throw badRequest(COMMERCE_TEXT.couponUsed);
      if (c.status === COUPON_STATUS.expired) throw badRequest(COMMERCE_TEXT.couponExpired);
      // spec §5: refused only when the minimum spend exceeds the price
      if (c.min_fen > totalFen) throw badRequest(TEXT.couponMinSpend);
      discountFen = Math.min(c.discount_fen, totalFen - 1);
    }
    const amountFen = Math.max(1, totalFen - discountFen);
    discountFen = totalFen - amountFen;
    const replaced = await closeUnpaidOrdersOf(trx, p.tenantId, p.userId, 'replaced', now);
    const id = newId();
    await insertOrder(trx, {
      id,
      order_no: orderNo,
      tenant_id: p.tenantId,
      user_id: p.userId,
      enterprise_id: null,
      option_id: option.id,
      option_snapshot: JSON.stringify(snapshot),
      title: option.title,
      type: option.type,
      unit_type: option.unit_type,
      bid_type: option.bid_type,
      valid_day: option.valid_day,
      number,
      unit_fen: option.money_fen,
      total_fen: totalFen,
      user_coupon_id: p.userCouponId ?? null,
      discount_fen: discountFen,
      amount_fen: amountFen,
      pay_type: p.payType,
      provider: provider.name,
      close_reason: null,
      provider_txn_id: null,
      expires_at: expiresAt,
    });
    // The reservation: a coupon held by an earlier open order of this user (just replaced above) moves here.
    if (p.userCouponId) await reserveCoupon(trx, p.userCouponId, id);
    return { id, replaced, amountFen, discountFen };
  });
  await closeAtProviders(app, replaced, 'replaced');

  let codeUrl: string;
  try {
    const title = option.unit_type === UNIT_TYPE.perCopy ? `${option.title} × ${number}` : option.title;
    codeUrl = (await provider.create({ orderNo, amountFen, title, expiresAt })).codeUrl;
  } catch (err) {
    app.log.error({ err: (err as Error).message, orderNo }, 'payment: create at the provider failed');
    await closeOrders(app, [{ id, order_no: orderNo, provider: provider.name }], 'create_failed');
    throw serverError(COMMERCE_TEXT.payCreateFailed);
  }
  await setCodeUrl(app.db, id, codeUrl);
  return { orderId: id, orderNo, codeUrl, payType: p.payType, amountFen, totalFen, discountFen, expiresAt };
}

