/** A coupon as the purchase dialog sees it (spec §3); amounts in yuan. */
export interface CouponLike {
  id: string;
  discountAmount: number;
  minAmount: number;
  /** `YYYY-MM-DD HH:mm:ss` */
  deadline: string;
}

/**
 * Spec §4, taken literally (CONVENTIONS.md): the largest discount whose minimum spend is *below* the price;
 * ties go to the earliest deadline. Returns undefined when none qualifies.
 */
export function pickBestCoupon<T extends CouponLike>(coupons: readonly T[], price: number): T | undefined {
  let best: T | undefined;
  for (const c of coupons) {
    if (!(c.minAmount < price)) continue;
    if (
      !best ||
      c.discountAmount > best.discountAmount ||
      (c.discountAmount === best.discountAmount && c.deadline < best.deadline)
    ) {
      best = c;
    }
  }
  return best;
}

/** Spec §5: a manual pick is refused only when the coupon's minimum spend exceeds the price. */
export function canChooseCoupon(coupon: Pick<CouponLike, 'minAmount'>, price: number): boolean {
  return !(coupon.minAmount > price);
}
