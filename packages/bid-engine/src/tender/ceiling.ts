import type { PriceCap, TenderCard } from '@btz/shared';

/**
 * The 最高限价 as the tender states it (issue 13 item 4): a ceiling per unit (「12.55元/条」「单价最高限价 12.55 元」) is a
 * unit price, never a cap on the bid's total — a bid saying 「投标总价…不超过最高限价（12.55元）」 contradicts itself in an
 * evaluator's eyes. The unit comes from the tender's own words (the fact's text and excerpt); a ceiling below a
 * hundredth of the budget is taken as a unit price too (the tender printed the unit elsewhere). Unit and rate caps
 * the tender states besides (or instead of) a total are the card's `priceCaps` (tender/rules/price-caps.ts).
 */

const PER = /(?:元|万元)\s*[/／每]\s*([^\s，,。；;）)\d]{1,4})|每\s*(人|月|年|条|次|单|件|工单|小时|平方米|人月|人天)|单价|综合单价|费率/;

/** What the ceiling is per ('条', '工单', '单价' when only 「单价」 is said), or null when it caps the total. */
export function ceilingPer(card: Pick<TenderCard, 'ceilingPrice' | 'budget'>): string | null {
  const c = card.ceilingPrice;
  if (!c) return null;
  const m = PER.exec(`${c.text} ${c.source?.excerpt ?? ''}`);
  if (m) return m[1] ?? m[2] ?? '单价';
  const budget = card.budget?.value;
  return typeof budget === 'number' && budget > 0 && c.value > 0 && c.value * 100 < budget ? '单价' : null;
}

/** The ceiling as the bid may quote it: 「12.55元/条」 for a unit price (the unit kept), the tender's wording for a total. */
export function ceilingText(card: Pick<TenderCard, 'ceilingPrice' | 'budget'>): string | null {
  const c = card.ceilingPrice;
  if (!c) return null;
  const per = ceilingPer(card);
  const text = c.text.trim() || `${c.value}元`;
  if (!per || per === '单价' || /[/／每]/.test(text)) return text;
  return `${text}/${per}`;
}

/** A unit or rate cap as the bid may quote it: 「集动车大编组（1列）1400元/组」「综合费率不超过16%」「折扣率≤1」. */
export function capText(c: Pick<PriceCap, 'kind' | 'value' | 'unit' | 'item'>): string {
  const item = c.item ? c.item.trim() : '';
  if (c.kind === 'unit') return `${item}${item ? ' ' : ''}${c.value}元${c.unit ? `/${c.unit}` : ''}`;
  const what = item || '费率';
  return c.unit === '%' ? `${what}不超过${c.value}%` : `${what}≤${c.value}`;
}

/** Several caps in one bracket, the first few and 等 after them. */
function capsList(caps: PriceCap[], max = 4): string {
  const shown = caps.slice(0, max).map(capText).join('、');
  return caps.length > max ? `${shown}等` : shown;
}

/**
 * The sentence under a price table: the total against a total ceiling, each unit price against its unit-price cap
 * (the card's `priceCaps`, or a ceiling the tender states per unit), a rate against its cap.
 */
export function ceilingSentence(card: Pick<TenderCard, 'ceilingPrice' | 'budget'> & Partial<Pick<TenderCard, 'priceCaps'>>): string {
  const text = ceilingText(card);
  const units = (card.priceCaps ?? []).filter((c) => c.kind === 'unit');
  const rates = (card.priceCaps ?? []).filter((c) => c.kind === 'rate');
  const parts: string[] = [];
  if (text) parts.push(ceilingPer(card) ? `各项单价均不超过招标文件规定的最高限价单价（${text}）。` : `投标总价不超过最高限价（${text}）。`);
  if (units.length && !(text && ceilingPer(card))) parts.push(`各项单价均不超过招标文件规定的单价限价（${capsList(units)}）。`);
  if (rates.length) parts.push(`报价的费率（折扣率）不超过招标文件规定的上限（${capsList(rates)}）。`);
  return parts.length ? parts.join('') : '报价不超过招标文件规定的最高限价。';
}
