import type { CardTerm, CardTermKey } from '@btz/shared';
import { isCommercialTable } from '../points.js';
import { ph, type Ctx } from './context.js';
import type { ResponseRow } from './tender-form.js';

/**
 * The commercial deviation table's own rows (商务条款偏离表 / 商务条件响应表): the commercial terms the tender labels
 * (card.terms — tender/rules/terms.ts: delivery period and place, payment, warranty, after-sales response, acceptance, bid
 * validity, performance bond), each restated with its page and answered. A term the tender fixes (「付款方式：首付款60%…」)
 * is accepted in its own words, 无偏离; a term stating a bound the bidder offers against (「质保期不少于2年」「≤30天」) asks
 * for the bidder's figure — never one the tender does not state.
 */

const ORDER: CardTermKey[] = ['delivery', 'place', 'payment', 'warranty', 'aftersales', 'acceptance', 'validity', 'performance'];

/** A term the bidder answers with its own figure: the tender states a bound, not the value. */
const BOUND = /不少于|不低于|不超过|不大于|不小于|不短于|不长于|至少|最长|最短|≥|≤|>|<|以内|之内|以上|或以上|优于/;

const core = (s: string) => s.replace(/[★▲\s]/g, '').replace(/[^\p{Script=Han}A-Za-z0-9.%]/gu, '');

/** The label and the value of a term as the card stores it (「交货期：合同签订后30日内」). */
function split(t: CardTerm): { label: string; value: string } {
  const i = t.text.search(/[：:]/);
  return i > 0 ? { label: t.text.slice(0, i), value: t.text.slice(i + 1).trim() } : { label: t.text, value: '' };
}

/**
 * Whether a requirement item says no more than one of the commercial table's terms (its row is the term's: not restated
 * twice); an item saying more keeps its own row.
 */
export function termCovers(c: Ctx, text: string): boolean {
  if (!isCommercialTable(c.node)) return false;
  const t = core(text.replace(/^\s*(?:[（(]?\d{1,2}[)）.．、]|\d{1,2}(?:\.\d{1,2})+)\s*/, ''));
  return t.length >= 4 && (c.card.terms ?? []).some((x) => ORDER.includes(x.key) && core(x.text).includes(t));
}

/**
 * The rows of the commercial terms, less those a row already in the table states (a ★ clause or a requirement item of the
 * same words: `stated` holds those rows' texts).
 */
export function termRows(c: Ctx, stated: readonly string[], withPage: boolean): ResponseRow[] {
  if (!isCommercialTable(c.node)) return [];
  const have = stated.map(core);
  const terms = (c.card.terms ?? [])
    .filter((t) => ORDER.includes(t.key))
    .sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key));
  const rows: ResponseRow[] = [];
  for (const t of terms) {
    const { label, value } = split(t);
    const v = core(value);
    if (!v || have.some((h) => h.includes(v.slice(0, 16)))) continue;
    have.push(v);
    const page = t.source.page;
    const text = `${label}：${value.replace(/[。；;]+$/, '')}`;
    const bound = BOUND.test(value);
    // a short value is accepted in its own words; a long one (a payment schedule, a bond's terms) by its label and page
    const response = bound
      ? `我方响应：${ph(`我方承诺的${label}（招标要求：${value.replace(/[。；;]+$/, '').slice(0, 30)}）`)}`
      : value.length <= 40
        ? `我方响应：${value.replace(/[。；;]+$/, '')}`
        : `我方接受招标文件第 ${page} 页“${label}”的全部约定`;
    const deviation = bound ? ph('无偏离／正偏离／负偏离') : '无偏离';
    rows.push(withPage ? { requirement: `${text}（招标文件第 ${page} 页）`, response, deviation, note: '' } : { requirement: text, response, deviation, note: `见招标文件第 ${page} 页` });
  }
  return rows;
}
