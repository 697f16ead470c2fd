/**
 * The purchase dialog's rules as pure functions (spec §4 opening / ordering / closing, §5 quantity, coupons, other-version
 * hint, period label). No React, no antd: unit-tested in node (logic.test.ts).
 */
import {
  BID_TYPE,
  FLAGS,
  OPTION_TYPE,
  PAYMENT_COUNTDOWN_S,
  TEXT,
  UNIT_TYPE,
  canChooseCoupon,
  clampQuantity,
  formatYuan,
  periodLabel,
  pickBestCoupon,
  priceYuan,
  yuanToFen,
  fenToYuan,
  parseShanghaiTime,
  type CouponLike,
  type RechargeOption,
} from '@btz/shared';

export type TabType = 1 | 2;

export interface OpeningInput {
  /** the per-enterprise flag of the shared state (upEnterprises) */
  upEnterprises?: boolean;
  /** the user's role: 0 personal, anything else enterprise */
  loginRole?: number | null;
  /** 1 forces the personal tab, 2 the enterprise tab */
  activityType?: number | null;
}

/** Spec §4 opening: enterprise flag → enterprise; else by loginRole (0 personal); activityType 1/2 forces the tab. */
export function initialTab({ upEnterprises, loginRole, activityType }: OpeningInput): TabType {
  let tab: TabType = upEnterprises ? OPTION_TYPE.enterprise : (loginRole ?? 0) === 0 ? OPTION_TYPE.personal : OPTION_TYPE.enterprise;
  if (activityType === 1) tab = OPTION_TYPE.personal;
  else if (activityType === 2) tab = OPTION_TYPE.enterprise;
  return tab;
}

/** Spec §2/§6: only personal users (loginRole 0) may switch to the personal tab; everyone can view the enterprise tab. */
export function canSwitchTo(tab: TabType, loginRole: number | null | undefined): boolean {
  return tab === OPTION_TYPE.enterprise || (loginRole ?? 0) === 0;
}

export const isPeriod = (o: Pick<RechargeOption, 'unitType'>) => o.unitType === UNIT_TYPE.period;
export const isPerCopy = (o: Pick<RechargeOption, 'unitType'>) => o.unitType === UNIT_TYPE.perCopy;

/** 普通版 / 旗舰版 */
export function versionName(bidType: number | null | undefined): '普通版' | '旗舰版' {
  return bidType === BID_TYPE.flagship ? '旗舰版' : '普通版';
}

/**
 * Spec §5: with a preset bid version and without the pay-as-needed purchase flag, per-copy packs of the *other* version
 * are disabled. Returns the hint to show, or null when the option can be chosen.
 */
export function disabledHint(
  option: Pick<RechargeOption, 'unitType' | 'bidType'>,
  versionType: number | null | undefined,
  isPayNum: boolean | undefined,
): string | null {
  if (!versionType || isPayNum) return null;
  if (!isPerCopy(option)) return null;
  if (option.bidType === versionType) return null;
  return TEXT.makingVersion(versionName(versionType));
}

/** Spec §4: a preset bid version preselects the matching per-copy pack, otherwise the first period option. */
export function initialOption(options: readonly RechargeOption[], versionType: number | null | undefined): RechargeOption | undefined {
  if (versionType) {
    const pack = options.find((o) => isPerCopy(o) && o.bidType === versionType);
    if (pack) return pack;
  }
  return options.find(isPeriod) ?? options.find((o) => !disabledHint(o, versionType, false)) ?? options[0];
}

/** How many copies/periods the order is for: per-copy packs use the quantity, periods always 1. */
export function orderNumber(option: Pick<RechargeOption, 'unitType'>, quantity: unknown): number {
  return isPerCopy(option) ? clampQuantity(quantity) : 1;
}

/** Spec §3: per-copy descriptions carry `{count}`, replaced by the quantity. */
export function describe(option: Pick<RechargeOption, 'describes'>, count: number): string {
  return (option.describes ?? '').replaceAll('{count}', String(count));
}

/** 「¥199.00/月」, 「¥19.90/3天」 (spec §5 period label). */
export function pricePerPeriod(option: Pick<RechargeOption, 'money' | 'validDay'>): string {
  return `${formatYuan(option.money)}/${periodLabel(option.validDay)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Spec §2: a row of packages pads to three cards. Returns how many empty slots to add. */
export function padToThree(count: number): number {
  return count % 3 === 0 ? 0 : 3 - (count % 3);
}

/** The 10-minute discount countdown: 「09:59」. */
export function formatMmSs(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

export interface Dhms {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The give-up-coupon countdown parts, from milliseconds left (never negative). */
export function splitDhms(ms: number): Dhms {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** 「2天 03时 04分 05秒」 */
export function formatDhms(ms: number): string {
  const { days, hours, minutes, seconds } = splitDhms(ms);
  return `${days}天 ${pad(hours)}时 ${pad(minutes)}分 ${pad(seconds)}秒`;
}

/** `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai, CONVENTIONS.md) → epoch ms. */
export const parseServerTime = parseShanghaiTime;

/** The coupons that still count (deadline in the future). */
export function liveCoupons<T extends CouponLike>(coupons: readonly T[], now = Date.now()): T[] {
  return coupons.filter((c) => {
    const t = parseServerTime(c.deadline);
    return Number.isNaN(t) || t > now;
  });
}

/** The nearest coupon deadline (epoch ms) among the coupons, or null. */
export function nearestDeadline(coupons: readonly CouponLike[], now = Date.now()): number | null {
  let best: number | null = null;
  for (const c of coupons) {
    const t = parseServerTime(c.deadline);
    if (Number.isNaN(t) || t <= now) continue;
    if (best === null || t < best) best = t;
  }
  return best;
}

/** The coupon choice: automatic (the best one) or what the user picked (null = no coupon). */
export type CouponChoice = { mode: 'auto' } | { mode: 'manual'; id: string | null };

export interface CouponEntry<T extends CouponLike> {
  coupon: T;
  /** false → greyed and marked 「本单不可用」 */
  usable: boolean;
}

/** Spec §5: every coupon listed; those whose minimum spend exceeds the price are greyed. Usable first. */
export function couponEntries<T extends CouponLike>(coupons: readonly T[], price: number): CouponEntry<T>[] {
  const entries = coupons.map((coupon) => ({ coupon, usable: canChooseCoupon(coupon, price) }));
  return [...entries.filter((e) => e.usable), ...entries.filter((e) => !e.usable)];
}

/** Which coupon applies: the automatic best pick, the manual one while it is still allowed, or none when chosen so. */
export function resolveCoupon<T extends CouponLike>(coupons: readonly T[], price: number, choice: CouponChoice): T | undefined {
  if (choice.mode === 'auto') return pickBestCoupon(coupons, price);
  if (choice.id === null) return undefined;
  const c = coupons.find((x) => x.id === choice.id);
  // a manual pick that no longer fits the price (quantity lowered, coupon gone) falls back to the automatic one
  return c && canChooseCoupon(c, price) ? c : pickBestCoupon(coupons, price);
}

/** A manual pick: refused (with the spec's text) when the minimum spend exceeds the price. */
export function tryChooseCoupon(coupon: CouponLike, price: number): { ok: true } | { ok: false; message: string } {
  return canChooseCoupon(coupon, price) ? { ok: true } : { ok: false, message: TEXT.couponMinSpend };
}

export interface PriceView {
  number: number;
  /** unit × number, yuan */
  price: number;
  /** original (struck) price × number, yuan */
  original: number;
  /** what the coupon takes off, yuan */
  discount: number;
  /** what the user pays, yuan — never below 0.01 (the server's rule) */
  payable: number;
  /** original − payable when positive, yuan */
  saved: number;
  couponId: string | null;
}

/** The right side's numbers, computed like the server does (integer fen inside). */
export function priceView<T extends CouponLike>(
  option: Pick<RechargeOption, 'unitType' | 'money' | 'strokeMoney'>,
  quantity: unknown,
  coupons: readonly T[],
  choice: CouponChoice,
): PriceView {
  const number = orderNumber(option, quantity);
  const price = priceYuan(option.money, number);
  const original = Math.max(price, priceYuan(option.strokeMoney || 0, number));
  const coupon = resolveCoupon(coupons, price, choice);
  const totalFen = yuanToFen(price);
  const discountFen = coupon ? Math.min(yuanToFen(coupon.discountAmount), totalFen - 1) : 0;
  const payableFen = Math.max(1, totalFen - Math.max(0, discountFen));
  const payable = fenToYuan(payableFen);
  return {
    number,
    price,
    original,
    discount: fenToYuan(totalFen - payableFen),
    payable,
    saved: fenToYuan(Math.max(0, yuanToFen(original) - payableFen)),
    couponId: coupon?.id ?? null,
  };
}

/** What a coupon says about its minimum spend. */
export function couponCondition(c: Pick<CouponLike, 'minAmount'>): string {
  return c.minAmount > 0 ? `满${formatYuan(c.minAmount).replace(/\.00$/, '')}可用` : '无门槛';
}

export type CloseStep = 'giveUpCoupon' | 'newUserGift' | 'close';

/** Spec §4 closing: usable coupons → give-up confirmation; else a new user (isNewUser 2) → gift pack; else close. */
export function closeStep(usableCouponCount: number, isNewUser: number | null | undefined): CloseStep {
  if (usableCouponCount > 0) return 'giveUpCoupon';
  if (isNewUser === FLAGS.newUser) return 'newUserGift';
  return 'close';
}

/** The countdown restarts at the order's own lifetime (600 s by default). */
export function countdownSeconds(expiresIn: number | null | undefined): number {
  return expiresIn && expiresIn > 0 ? expiresIn : PAYMENT_COUNTDOWN_S;
}

/** Whether a sandbox codeUrl points at our own origin (then a 「在新窗口打开支付页」 link is shown). */
export function isOwnOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}
