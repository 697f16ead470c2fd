import { describe as group, expect, it } from 'vitest';
import { TEXT, type RechargeOption } from '@btz/shared';
import {
  canSwitchTo,
  closeStep,
  couponCondition,
  couponEntries,
  countdownSeconds,
  describe,
  disabledHint,
  formatDhms,
  formatMmSs,
  initialOption,
  initialTab,
  isOwnOrigin,
  liveCoupons,
  nearestDeadline,
  orderNumber,
  padToThree,
  parseServerTime,
  pricePerPeriod,
  priceView,
  resolveCoupon,
  splitDhms,
  tryChooseCoupon,
} from './logic';

function opt(p: Partial<RechargeOption> & { id: string }): RechargeOption {
  return {
    title: p.id,
    type: 1,
    unitType: 1,
    money: 100,
    strokeMoney: 0,
    validDay: 30,
    describes: '',
    cornerMark: '',
    bidType: null,
    privilegeValueList: [],
    privileges: [],
    sort: 0,
    expiryDate: '',
    ...p,
  };
}

const OPTIONS = [
  opt({ id: 'm3', validDay: 3, money: 19.9 }),
  opt({ id: 'm30', validDay: 30, money: 199, strokeMoney: 299 }),
  opt({ id: 'basic', unitType: 2, bidType: 1, money: 99, strokeMoney: 199, validDay: 0, describes: '{count}份普通版标书' }),
  opt({ id: 'flag', unitType: 2, bidType: 2, money: 299, strokeMoney: 499, validDay: 0, describes: '共{count}份，{count}份旗舰版' }),
];

const coupon = (id: string, discountAmount: number, minAmount: number, deadline = '2099-01-01 00:00:00') => ({
  id,
  discountAmount,
  minAmount,
  deadline,
});

group('opening rules (spec §4)', () => {
  it('picks the tab from the enterprise flag, then loginRole', () => {
    expect(initialTab({ loginRole: 0 })).toBe(1);
    expect(initialTab({ loginRole: 1 })).toBe(2);
    expect(initialTab({ loginRole: 7 })).toBe(2);
    expect(initialTab({ loginRole: null })).toBe(1);
    expect(initialTab({ loginRole: 0, upEnterprises: true })).toBe(2);
  });
  it('lets activityType force the tab', () => {
    expect(initialTab({ loginRole: 1, activityType: 1 })).toBe(1);
    expect(initialTab({ loginRole: 0, activityType: 2 })).toBe(2);
    expect(initialTab({ loginRole: 0, upEnterprises: true, activityType: 1 })).toBe(1);
  });
  it('lets only personal users switch to the personal tab', () => {
    expect(canSwitchTo(1, 0)).toBe(true);
    expect(canSwitchTo(1, 1)).toBe(false);
    expect(canSwitchTo(2, 1)).toBe(true);
    expect(canSwitchTo(2, 0)).toBe(true);
  });
  it('preselects the per-copy pack of a preset version, else the first period option', () => {
    expect(initialOption(OPTIONS, null)?.id).toBe('m3');
    expect(initialOption(OPTIONS, 1)?.id).toBe('basic');
    expect(initialOption(OPTIONS, 2)?.id).toBe('flag');
    const enterprise = [opt({ id: 'e1', type: 2, validDay: 365 }), opt({ id: 'e2', type: 2, validDay: 365 })];
    expect(initialOption(enterprise, 2)?.id).toBe('e1');
    expect(initialOption([], 1)).toBeUndefined();
  });
});

group('other-version rule (spec §5)', () => {
  const [, , basic, flag] = OPTIONS as [RechargeOption, RechargeOption, RechargeOption, RechargeOption];
  it('disables the other version with the hint naming the preset one', () => {
    expect(disabledHint(flag, 1, false)).toBe(TEXT.makingVersion('普通版'));
    expect(disabledHint(basic, 2, false)).toBe(TEXT.makingVersion('旗舰版'));
    expect(TEXT.makingVersion('普通版')).toBe('您当前正在制作普通版标书');
  });
  it('leaves the matching version, period options, no preset and the pay-as-needed flag alone', () => {
    expect(disabledHint(basic, 1, false)).toBeNull();
    expect(disabledHint(OPTIONS[1]!, 1, false)).toBeNull();
    expect(disabledHint(flag, null, false)).toBeNull();
    expect(disabledHint(flag, 1, true)).toBeNull();
  });
});

group('countdowns', () => {
  it('formats the 10-minute countdown as mm:ss', () => {
    expect(formatMmSs(600)).toBe('10:00');
    expect(formatMmSs(599)).toBe('09:59');
    expect(formatMmSs(61.7)).toBe('01:01');
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(-5)).toBe('00:00');
  });
  it('restarts at the order lifetime, 600 s by default', () => {
    expect(countdownSeconds(undefined)).toBe(600);
    expect(countdownSeconds(0)).toBe(600);
    expect(countdownSeconds(30)).toBe(30);
  });
  it('splits the coupon countdown into days, hours, minutes and seconds', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(splitDhms(ms)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(formatDhms(ms)).toBe('2天 03时 04分 05秒');
    expect(formatDhms(-1)).toBe('0天 00时 00分 00秒');
  });
  it('reads server times as Asia/Shanghai', () => {
    expect(parseServerTime('2026-01-01 08:00:00')).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
    expect(Number.isNaN(parseServerTime(''))).toBe(true);
  });
  it('finds the nearest live coupon deadline', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0); // 08:00 Shanghai
    const cs = [
      coupon('a', 10, 0, '2026-01-03 08:00:00'),
      coupon('b', 30, 0, '2026-01-02 08:00:00'),
      coupon('old', 50, 0, '2025-12-31 08:00:00'),
    ];
    expect(nearestDeadline(cs, now)).toBe(now + 86_400_000);
    expect(nearestDeadline([], now)).toBeNull();
    expect(liveCoupons(cs, now).map((c) => c.id)).toEqual(['a', 'b']);
  });
});

group('packages', () => {
  it('labels the price per period (spec §5)', () => {
    expect(pricePerPeriod({ money: 19.9, validDay: 3 })).toBe('¥19.90/3天');
    expect(pricePerPeriod({ money: 199, validDay: 30 })).toBe('¥199.00/月');
    expect(pricePerPeriod({ money: 1280, validDay: 365 })).toBe('¥1,280.00/年');
    expect(pricePerPeriod({ money: 50, validDay: 15 })).toBe('¥50.00/15天');
  });
  it('pads a row to three cards', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(padToThree)).toEqual([0, 2, 1, 0, 2, 1, 0]);
  });
  it('replaces every {count} with the quantity', () => {
    expect(describe(OPTIONS[3]!, 3)).toBe('共3份，3份旗舰版');
  });
  it('orders quantity only for per-copy packs, clamped 1–10000', () => {
    expect(orderNumber(OPTIONS[2]!, '')).toBe(1);
    expect(orderNumber(OPTIONS[2]!, 3)).toBe(3);
    expect(orderNumber(OPTIONS[2]!, 20000)).toBe(10000);
    expect(orderNumber(OPTIONS[2]!, 0)).toBe(1);
    expect(orderNumber(OPTIONS[1]!, 5)).toBe(1);
  });
});

group('coupons and the price view', () => {
  const coupons = [coupon('c10', 10, 0), coupon('c30', 30, 199), coupon('c100', 100, 699), coupon('c30b', 30, 100, '2098-01-01 00:00:00')];
  const basic = OPTIONS[2]!;

  it('auto-picks the largest discount whose minimum spend is below the price (ties: earliest deadline)', () => {
    expect(resolveCoupon(coupons, 99, { mode: 'auto' })?.id).toBe('c10');
    // 199 is not *below* 199: c30 does not qualify, c30b (min 100) does
    expect(resolveCoupon(coupons, 199, { mode: 'auto' })?.id).toBe('c30b');
    expect(resolveCoupon(coupons, 297, { mode: 'auto' })?.id).toBe('c30b');
    expect(resolveCoupon(coupons, 700, { mode: 'auto' })?.id).toBe('c100');
  });
  it('keeps a manual pick while allowed, drops it to the best one when it no longer fits, and honours "none"', () => {
    expect(resolveCoupon(coupons, 199, { mode: 'manual', id: 'c30' })?.id).toBe('c30');
    expect(resolveCoupon(coupons, 150, { mode: 'manual', id: 'c30' })?.id).toBe('c30b');
    expect(resolveCoupon(coupons, 700, { mode: 'manual', id: null })).toBeUndefined();
  });
  it('refuses a manual pick over the minimum spend with the spec text', () => {
    expect(tryChooseCoupon(coupons[2]!, 297)).toEqual({ ok: false, message: TEXT.couponMinSpend });
    expect(tryChooseCoupon(coupons[1]!, 199)).toEqual({ ok: true });
  });
  it('greys coupons over the minimum spend and lists usable ones first', () => {
    const entries = couponEntries(coupons, 150);
    expect(entries.map((e) => [e.coupon.id, e.usable])).toEqual([
      ['c10', true],
      ['c30b', true],
      ['c30', false],
      ['c100', false],
    ]);
  });
  it('computes payable, discount and saved for a per-copy pack with quantity 3', () => {
    const v = priceView(basic, 3, coupons, { mode: 'auto' });
    expect(v).toEqual({ number: 3, price: 297, original: 597, discount: 30, payable: 267, saved: 330, couponId: 'c30b' });
  });
  it('never asks less than 0.01 and keeps cents exact', () => {
    const v = priceView(opt({ id: 'x', unitType: 2, money: 0.1, bidType: 1 }), 3, [coupon('big', 50, 0)], { mode: 'auto' });
    expect(v.price).toBe(0.3);
    expect(v.payable).toBe(0.01);
    expect(v.discount).toBe(0.29);
  });
  it('describes the minimum spend', () => {
    expect(couponCondition({ minAmount: 0 })).toBe('无门槛');
    expect(couponCondition({ minAmount: 199 })).toBe('满¥199可用');
    expect(couponCondition({ minAmount: 1999.5 })).toBe('满¥1,999.50可用');
  });
});

group('closing rules (spec §4)', () => {
  it('asks to keep coupons first, then offers the new-user pack, else closes', () => {
    expect(closeStep(2, 2)).toBe('giveUpCoupon');
    expect(closeStep(1, 1)).toBe('giveUpCoupon');
    expect(closeStep(0, 2)).toBe('newUserGift');
    expect(closeStep(0, 1)).toBe('close');
    expect(closeStep(0, undefined)).toBe('close');
  });
});

group('sandbox link', () => {
  it('shows only for a codeUrl on our own origin', () => {
    expect(isOwnOrigin('http://localhost:3950/m/pay/123', 'http://localhost:3950')).toBe(true);
    expect(isOwnOrigin('weixin://wxpay/bizpayurl?pr=abc', 'http://localhost:3950')).toBe(false);
    expect(isOwnOrigin('https://qr.alipay.com/abc', 'http://localhost:3950')).toBe(false);
  });
});
