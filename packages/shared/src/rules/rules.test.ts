import { describe, expect, it } from 'vitest';
import {
  canChooseCoupon,
  clampQuantity,
  fenToYuanString,
  firstLeafPath,
  formatYuan,
  isValidEmail,
  isValidPhone,
  isValidQuantity,
  luminance,
  maskPhone,
  membershipLabel,
  periodLabel,
  pickBestCoupon,
  priceYuan,
  profileIndex,
  splitSubItems,
  textColorFor,
  UNNAMED_CHAPTER,
  vipImageDays,
  yuanToFen,
  type DirectoryNode,
} from '../index.js';

describe('phone (spec §5)', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (p) => expect(isValidPhone(p)).toBe(true));
  it.each(['12800138000', '1380013800', '138001380001', '23800138000', '1380013800a', '', ' 13800138000'])('refuses %s', (p) =>
    expect(isValidPhone(p)).toBe(false),
  );
  it('masks the first 3, four stars, last 4', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
  });
});

describe('email prompt helper', () => {
  it('validates e-mail addresses', () => {
    expect(isValidEmail('a.b@c.cn')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('中文@qq.com')).toBe(false);
  });
});

describe('quantity and price (spec §5)', () => {
  it('clamps to 1–10000, empty falls back to 1', () => {
    expect(clampQuantity('')).toBe(1);
    expect(clampQuantity(undefined)).toBe(1);
    expect(clampQuantity('abc')).toBe(1);
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-5)).toBe(1);
    expect(clampQuantity('3')).toBe(3);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(10000)).toBe(10000);
    expect(clampQuantity(10001)).toBe(10000);
  });
  it('the server accepts only integers 1–10000', () => {
    expect(isValidQuantity(1)).toBe(true);
    expect(isValidQuantity(10000)).toBe(true);
    expect(isValidQuantity(0)).toBe(false);
    expect(isValidQuantity(1.5)).toBe(false);
    expect(isValidQuantity(10001)).toBe(false);
  });
  it('price = unit × quantity to 2 decimals, exact in fen', () => {
    expect(priceYuan(19.9, 3)).toBe(59.7);
    expect(priceYuan(0.1, 3)).toBe(0.3);
    expect(priceYuan(1280, 1)).toBe(1280);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.07)).toBe(7);
  });
  it('formats money as ¥1,280.00 and Alipay amounts from fen', () => {
    expect(formatYuan(1280)).toBe('¥1,280.00');
    expect(formatYuan(1234567.5)).toBe('¥1,234,567.50');
    expect(formatYuan(0.01)).toBe('¥0.01');
    expect(fenToYuanString(1)).toBe('0.01');
    expect(fenToYuanString(128000)).toBe('1280.00');
  });
});

describe('coupons (spec §4/§5, literally)', () => {
  const c = (id: string, discountAmount: number, minAmount: number, deadline: string) => ({ id, discountAmount, minAmount, deadline });
  it('picks the largest discount whose minimum is below the price', () => {
    const list = [c('a', 10, 0, '2026-12-31 00:00:00'), c('b', 50, 199, '2026-12-31 00:00:00'), c('c', 30, 99, '2026-12-31 00:00:00')];
    expect(pickBestCoupon(list, 299)?.id).toBe('b');
    expect(pickBestCoupon(list, 150)?.id).toBe('c');
  });
  it('a minimum equal to the price does not qualify for the automatic pick', () => {
    expect(pickBestCoupon([c('a', 10, 100, '2026-12-31 00:00:00')], 100)).toBeUndefined();
  });
  it('ties go to the earliest deadline', () => {
    const list = [c('late', 20, 0, '2026-12-31 00:00:00'), c('early', 20, 0, '2026-12-01 00:00:00')];
    expect(pickBestCoupon(list, 100)?.id).toBe('early');
  });
  it('a manual pick is refused only when the minimum exceeds the price', () => {
    expect(canChooseCoupon({ minAmount: 100 }, 100)).toBe(true);
    expect(canChooseCoupon({ minAmount: 100.01 }, 100)).toBe(false);
  });
});

describe('period label (spec §5, CONVENTIONS.md)', () => {
  it.each([
    [3, '3天'],
    [7, '7天'],
    [9, '9天'],
    [30, '月'],
    [93, '月'],
    [365, '年'],
    [730, '年'],
    [15, '15天'],
    [100, '100天'],
    [1, '1天'],
  ])('validDay %i → %s', (d, label) => expect(periodLabel(d)).toBe(label));
  it('VIP images exist for 3, 30 and 365 days', () => {
    expect(vipImageDays(7)).toBe(3);
    expect(vipImageDays(31)).toBe(30);
    expect(vipImageDays(366)).toBe(365);
  });
});

describe('bid directory (spec §3, §5)', () => {
  it('splits multi-line text into level-4 sub-items with ids sub-{parentId}-{n}', () => {
    const subs = splitSubItems({ id: '42', number: '2.1.3' }, '第一项\n\n  第二项  \r\n第三项\n');
    expect(subs.map((s) => [s.id, s.title, s.level, s.number, s.index])).toEqual([
      ['sub-42-1', '第一项', 4, '2.1.3.1', 0],
      ['sub-42-2', '第二项', 4, '2.1.3.2', 1],
      ['sub-42-3', '第三项', 4, '2.1.3.3', 2],
    ]);
    expect(subs.every((s) => s.parentId === '42' && s.isLeaf)).toBe(true);
    expect(splitSubItems({ id: '1', number: '1' }, '\n \n')).toEqual([]);
  });
  const node = (id: string, title: string, level: number, number: string, children: DirectoryNode[] = []): DirectoryNode => ({
    id,
    title,
    level,
    number,
    children,
    isLeaf: children.length === 0,
    index: 0,
    status: 0,
    parentId: '',
    readStatus: 0,
  });
  it('returns the first leaf path, with a fallback label for unnamed level-1/2 entries', () => {
    const tree = [node('1', '', 1, '1', [node('2', '技术方案', 2, '1.1', [node('3', '总体设计', 3, '1.1.1')])])];
    expect(firstLeafPath(tree)).toBe(`1 ${UNNAMED_CHAPTER} / 1.1 技术方案 / 1.1.1 总体设计`);
    expect(firstLeafPath([])).toBe('');
  });
});

describe('text colour by luminance (threshold 0.5)', () => {
  it('black on light, white on dark', () => {
    expect(textColorFor('#ffffff')).toBe('#000000');
    expect(textColorFor('#000')).toBe('#ffffff');
    expect(textColorFor('#1f5eff')).toBe('#ffffff');
    expect(textColorFor('#ffd666')).toBe('#000000');
    expect(luminance('#808080')).toBeCloseTo(0.2159, 3);
  });
  it('refuses something that is not a colour', () => expect(() => luminance('red')).toThrow());
});

describe('membership label (spec §6)', () => {
  it('names personal VIP, enterprise VIP and ordinary users', () => {
    expect(membershipLabel({ isVip: 2, loginRole: 0 })).toBe('个人VIP用户');
    expect(membershipLabel({ isVip: 2, loginRole: 1 })).toBe('企业VIP用户');
    expect(membershipLabel({ isVip: 1, loginRole: 0 })).toBe('普通用户');
    expect(membershipLabel(null)).toBe('普通用户');
    expect(profileIndex({ isVip: 2 })).toBe(3);
    expect(profileIndex({ isVip: 1 })).toBe(2);
  });
});
