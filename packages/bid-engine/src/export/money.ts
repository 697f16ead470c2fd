/**
 * Money in the bid's tables (issue 13 item 4): a column headed as money (金额、报价、单价、总价、合价、限价、费用, or a
 * unit of 元) prints its figures as money — thousands separators and two decimals, 1234567.8 → 1,234,567.80. Only cells
 * that are a figure alone (with an optional ¥ and 元/万元) change; text, placeholders and rates (%, 率, 折扣) stay as written.
 */

const MONEY_HEAD = /金额|报价|单价|总价|合价|价款|价格|费用|限价|预算|[（(]\s*(?:人民币)?\s*(?:万?元)\s*[)）]|^\s*(?:万?元)\s*$/;
const NOT_MONEY = /率|%|％|比例|折扣|数量|序号|编号|时间|日期|期限|说明|备注|方式|依据|名称|内容|得分|分值|评分|价格分|报价分/;

/** Whether a column header names an amount of money. */
export function isMoneyHeader(text: string): boolean {
  const t = text.replace(/\s+/g, '');
  return MONEY_HEAD.test(t) && !NOT_MONEY.test(t.replace(/[（(][^）)]*[)）]/g, ''));
}

const FIGURE = /^([¥￥]?)\s*(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(万元|元)?$/;

/** A cell holding a figure alone, formatted as money; null when the cell is anything else. */
export function formatMoney(text: string): string | null {
  const m = FIGURE.exec(text.trim());
  if (!m) return null;
  const [, sign, neg, int, dec = '', unit = ''] = m;
  const digits = int!.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // two decimals; a unit price stated to more (0.125 元/条) keeps them
  const decimals = dec.length <= 2 ? dec.padEnd(2, '0') : dec;
  return `${sign}${neg}${grouped}.${decimals}${unit}`;
}
