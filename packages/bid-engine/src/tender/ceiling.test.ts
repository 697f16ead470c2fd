import { describe, expect, it } from 'vitest';
import type { TenderCard } from '@btz/shared';
import { ceilingPer, ceilingSentence } from './ceiling.js';

const money = (value: number, text: string, excerpt = text) => ({ value, text, source: { page: 3, file: 't.docx', excerpt }, verified: true });
const card = (ceiling: ReturnType<typeof money> | null, budget: ReturnType<typeof money> | null = null) =>
  ({ ceilingPrice: ceiling, budget }) as Pick<TenderCard, 'ceilingPrice' | 'budget'>;

describe('the 最高限价 as the tender states it', () => {
  it('a unit-price ceiling is stated as a unit price, never under a total', () => {
    expect(ceilingPer(card(money(12.55, '12.55元', '最高限价：12.55元/条')))).toBe('条');
    expect(ceilingSentence(card(money(12.55, '12.55元', '最高限价：12.55元/条')))).toBe('各项单价均不超过招标文件规定的最高限价单价（12.55元/条）。');
    expect(ceilingSentence(card(money(12.55, '12.55元', '单价最高限价：12.55元')))).toBe('各项单价均不超过招标文件规定的最高限价单价（12.55元）。');
    // no unit printed beside it, but far below the budget: a unit price
    const low = ceilingSentence(card(money(12.55, '12.55元'), money(900000, '90万元')));
    expect(low).toMatch(/单价/);
    expect(low).not.toMatch(/总价/);
  });

  it('a total ceiling caps the total, in the tender’s words', () => {
    expect(ceilingPer(card(money(3800000, '人民币 3,800,000.00 元'), money(3860000, '3,860,000.00 元')))).toBeNull();
    expect(ceilingSentence(card(money(3800000, '人民币 3,800,000.00 元')))).toBe('投标总价不超过最高限价（人民币 3,800,000.00 元）。');
    expect(ceilingSentence(card(null))).toBe('报价不超过招标文件规定的最高限价。');
  });
});
