import { describe, expect, it } from 'vitest';
import {
  bigramList,
  bigramSet,
  chineseCounting,
  containment,
  dice,
  halfWidth,
  jaccard,
  nfkcCompact,
  normalise,
  normaliseRuns,
  pairsFoundIn,
  parseCnNumber,
  parseCnSmall,
  readCnDigits,
  sharedCount,
} from './index.js';

describe('normal forms', () => {
  it('normalise keeps letters and digits only, NFKC and lower case', () => {
    expect(normalise('ＩＳＯ 9001，质量 管理！')).toBe('iso9001质量管理');
    expect(normaliseRuns('ＩＳＯ 9001，质量')).toBe('iso 9001 质量');
  });
  it('nfkcCompact folds width and drops whitespace; halfWidth folds ASCII only', () => {
    expect(nfkcCompact(' １０ 分\u3000（含）')).toBe('10分(含)');
    expect(halfWidth('ＡＢ１（）\u3000')).toBe('AB1()\u3000');
  });
});

describe('bigrams and overlap', () => {
  it('lists pairs with repeats, sets without, skipping the given ones', () => {
    expect(bigramList('项目项目')).toEqual(['项目', '目项', '项目']);
    expect([...bigramSet('项目项目')]).toEqual(['项目', '目项']);
    expect([...bigramSet('项目方案', new Set(['项目']))]).toEqual(['目方', '方案']);
    expect(bigramList('项')).toEqual([]);
  });
  it('pairsFoundIn is the share of a term’s pairs found in a text (0 for a one-character term)', () => {
    expect(pairsFoundIn('施工总承包', '建筑工程施工总承包')).toBe(1);
    expect(pairsFoundIn('质量管理', '质量体系')).toBeCloseTo(1 / 3);
    expect(pairsFoundIn('质', '质量')).toBe(0);
  });
  it('set measures', () => {
    const a = new Set(['ab', 'bc', 'cd']);
    const b = new Set(['bc', 'cd', 'de', 'ef']);
    expect(sharedCount(a, b)).toBe(2);
    expect(sharedCount(a, b, new Set(['bc']))).toBe(1);
    expect(dice(a, b)).toBeCloseTo(4 / 7);
    expect(containment(a, b)).toBeCloseTo(2 / 3);
    expect(jaccard(a, b)).toBeCloseTo(2 / 5);
    expect(dice(new Set(), b)).toBe(0);
    expect(containment(new Set(), b)).toBe(0);
    expect(jaccard(new Set(), new Set())).toBe(1);
  });
});

describe('Chinese numerals', () => {
  it('reads 小写, 大写, 两 and units up to 亿, and digits', () => {
    const cases: [string, number][] = [
      ['三', 3], ['十', 10], ['十二', 12], ['二十', 20], ['一百零五', 105], ['两百', 200], ['一千零一', 1001],
      ['叁佰捌拾陆万伍仟', 3865000], ['十萬', 100000], ['一亿二千万', 120000000], ['〇', 0], ['12', 12], ['1.5', 1.5], [' 七 ', 7],
    ];
    for (const [s, n] of cases) expect(parseCnNumber(s), s).toBe(n);
    for (const s of ['', '三个', 'a', '1十', '1.']) expect(parseCnNumber(s), s).toBeNaN();
  });
  it('reads the small numbers of counts, list markers and dates, and nothing else', () => {
    const cases: [string, number][] = [['一', 1], ['两', 2], ['零', 0], ['十', 10], ['十一', 11], ['二十', 20], ['三十一', 31], ['两十', 20], ['07', 7]];
    for (const [s, n] of cases) expect(parseCnSmall(s), s).toBe(n);
    for (const s of ['', '一二', '百', '一百', '十十', '二十二十', '1.5', '十两']) expect(parseCnSmall(s), s).toBeNull();
  });
  it('reads a year digit by digit', () => {
    expect(readCnDigits('二〇二六')).toBe(2026);
    expect(readCnDigits('二O二四')).toBe(2024);
    expect(readCnDigits('二零二五')).toBe(2025);
    expect(readCnDigits('二〇二十')).toBeNaN();
    expect(readCnDigits('')).toBeNaN();
  });
  it('writes Word’s chineseCounting, 大写 too', () => {
    expect([1, 9, 10, 11, 19, 20, 21, 99, 100, 101, 105, 110, 120, 1000, 1010, 9999].map((n) => chineseCounting(n))).toEqual([
      '一', '九', '十', '十一', '十九', '二十', '二十一', '九十九', '一百', '一百零一', '一百零五', '一百一十', '一百二十', '一千', '一千零一十', '九千九百九十九',
    ]);
    expect(chineseCounting(0)).toBe('0');
    expect(chineseCounting(10000)).toBe('10000');
    expect(chineseCounting(12, '零壹贰叁肆伍陆柒捌玖', ['', '拾', '佰', '仟'])).toBe('壹拾贰');
  });
  it('reads back what it writes', () => {
    for (let n = 1; n < 10000; n += 7) expect(parseCnNumber(chineseCounting(n))).toBe(n);
  });
});
