/**
 * Chinese numerals, read and written: the one place the engine turns 「二十三」「叁佰捌拾陆万」「二〇二六」 into numbers
 * and numbers into 「第十二章」. (No kept npm package reads both 小写 and 大写 with 两/〇 and writes Word's
 * chineseCounting, so this is our own, tested in text.test.ts.)
 */

/** The characters Chinese numerals are written with (小写, 零/〇, 两 and the units to 千): for regex character classes. */
export const CN_NUMERAL_CHARS = '一二三四五六七八九十百千零〇两';

/** Digit values, 小写 and 大写 (人民币大写), with 两 and 〇. */
export const CN_DIGIT_VALUES: Readonly<Record<string, number>> = {
  零: 0, 〇: 0, 一: 1, 壹: 1, 二: 2, 贰: 2, 两: 2, 三: 3, 叁: 3, 四: 4, 肆: 4, 五: 5, 伍: 5, 六: 6, 陆: 6, 七: 7, 柒: 7,
  八: 8, 捌: 8, 九: 9, 玖: 9,
};
const CN_UNITS: Readonly<Record<string, number>> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1000, 仟: 1000 };

/**
 * A number written in Chinese (小写 or 大写, with 十百千 and 万/亿) or in digits: 「十二」→ 12, 「一百零五」→ 105,
 * 「叁佰捌拾陆万伍仟」→ 3865000, 「3」→ 3, 「1.5」→ 1.5. NaN when it is not one.
 */
export function parseCnNumber(s: string): number {
  const t = s.trim();
  if (/^\d+(?:\.\d+)?$/.test(t)) return Number(t);
  if (!t) return NaN;
  let total = 0;
  let section = 0;
  let num = 0;
  for (const ch of t) {
    if (ch in CN_DIGIT_VALUES) num = CN_DIGIT_VALUES[ch]!;
    else if (ch in CN_UNITS) {
      section += (num || 1) * CN_UNITS[ch]!;
      num = 0;
    } else if (ch === '万' || ch === '萬') {
      total += (section + num) * 1e4;
      section = 0;
      num = 0;
    } else if (ch === '亿') {
      total = (total + section + num) * 1e8;
      section = 0;
      num = 0;
    } else return NaN;
  }
  return total + section + num;
}

const SMALL = /^(?:[零〇一二两三四五六七八九]|[一二两三四五六七八九]?十[一二三四五六七八九]?)$/;

/**
 * A count, list number, month or day as a tender writes it: digits, or one Chinese digit, or up to 99 with 十 (「十」
 * 「十二」「二十」「三十一」); null for anything else (「一二」「百」 are no such number).
 */
export function parseCnSmall(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  return SMALL.test(s) ? parseCnNumber(s) : null;
}

const ZERO = /^[〇零OoＯ]$/;

/** Digits read one by one, as a year is written: 「二〇二六」→ 2026 (〇/零/O as 0); NaN when a character is no digit. */
export function readCnDigits(s: string): number {
  let n = 0;
  for (const c of s) {
    const d = ZERO.test(c) ? 0 : /^\d$/.test(c) ? Number(c) : CN_DIGIT_VALUES[c];
    if (d === undefined) return NaN;
    n = n * 10 + d;
  }
  return s ? n : NaN;
}

const CN_DIGITS = '零一二三四五六七八九';

/**
 * 1 → 一, 10 → 十, 11 → 十一, 20 → 二十, 105 → 一百零五, 110 → 一百一十 (Word's chineseCounting); digits outside 1–9999.
 * `digits` / `units` give the 大写 form (壹…玖, 拾佰仟), which keeps its 壹拾.
 */
export function chineseCounting(n: number, digits = CN_DIGITS, units = ['', '十', '百', '千']): string {
  if (n <= 0 || n >= 10000) return String(n);
  const ds = String(n).split('').map(Number);
  let out = '';
  let zero = false;
  ds.forEach((d, i) => {
    const unit = units[ds.length - 1 - i]!;
    if (d === 0) {
      zero = true;
      return;
    }
    if (zero && out) out += digits[0];
    zero = false;
    out += digits[d]! + unit;
  });
  // 一十 → 十 at the start (10-19), as Word prints it.
  return digits === CN_DIGITS ? out.replace(/^一十/, '十') : out;
}
