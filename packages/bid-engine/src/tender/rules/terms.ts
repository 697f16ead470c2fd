/**
 * The tender's commercial terms (issue 24, the commercial deviation table): the labelled terms of the deal as the tender
 * prints them in its key-facts table, its commercial requirements and its contract chapter — 「交货期：合同签订后30日内」,
 * 「付款方式：…」, 「投标有效期：90日历天」, 「质保期：…」. Each is kept with the tender's own words (its label and value);
 * the bid's commercial deviation table restates and answers them one by one. A label with an empty value (a form's blank,
 * 「质保期：____」), a pointer elsewhere (「详见第五章」) or a scoring criterion (「…得2分」) is no term.
 */
import type { CardTermKey } from '@btz/shared';

/** The labels of the terms, by kind: the whole label (a cell, or the text before a colon), optional qualifier in brackets. */
const LABELS: Array<[CardTermKey, RegExp]> = [
  ['validity', /^(?:投标|响应|应答|报价|磋商|谈判|询价|征询响应)(?:文件)?有效期(?:限)?$/],
  ['place', /^(?:交货|交付|供货|到货|服务|实施|履约|施工|安装)(?:地点|地址)$|^(?:项目|工程)(?:实施)?地点$/],
  ['delivery', /^(?:(?:交货|交付|供货|到货)(?:期|期限|时间|日期|周期)|(?:计划)?工期(?:要求)?|(?:合同)?服务(?:期|期限|周期|时间)|合同(?:履行)?期限|履约期限|实施(?:周期|期限)|完工(?:期限|时间)|交货期及交货方式)$/],
  ['payment', /^(?:(?:合同)?(?:款项)?(?:付款|支付)(?:方式|条件|要求|方法)?|款项支付(?:要求|方式)?|结算(?:方式|要求)|资金支付(?:方式)?)$/],
  ['warranty', /^(?:质保期|质量保证期|质保(?:要求|服务)?|保修期|(?:免费)?保修(?:要求|服务)?|维保期|免费维保期)$/],
  ['aftersales', /^(?:售后服务(?:要求|承诺)?|售后|服务响应(?:时间|要求)?|故障响应(?:时间)?|响应时间)$/],
  ['acceptance', /^(?:(?:履约)?验收(?:标准|方式|要求|条件|方法|程序)?|交货条件|验收及交付)$/],
  ['performance', /^(?:履约(?:保证金|保证|担保))$/],
];

/**
 * What no term's value is: a blank to fill, a pointer to elsewhere (「详见第三章」「按照采购需求」), a scoring criterion, a
 * review table's check (「符合招标文件规定」「□通过」), a form's ticks (「支票□ 汇款□」).
 */
const NOT_VALUE = /^[\s_＿\-—/／、.。…]*$|^(?:详见|见|参见|按照?|依据|根据)[^，；,;]{0,24}[。.]?$|得\s*\d+(?:\.\d+)?\s*分|\d+(?:\.\d+)?\s*分[；;，,。]|分值|评分|^(?:符合|满足|不符合|不满足)|满足[^，。]{0,30}的[；;。]?$|[□☑■¨]/;
const BLANK = /_{2,}|＿{2,}|\s{4,}|（\s*）天|\(\s*\)天|(?<!\d\s*)年\s*月\s*日/;
/** Words of a column head (「最终报价(总价、元)」「采购预算（万元）」「运距（km）」): a table's head row, not a term's value. */
const HEAD_WORDS = /报价|预算|金额|备注|名称|单价|数量|运距|合计|序号|是否|声明|保证金|基本要求|^服务期$|^[\u4e00-\u9fa5]{2}时间$/;

/** The key of a label (without its ★/▲ mark, numbering, bracketed qualifier), or null when it names no term. */
export function termKey(label: string): CardTermKey | null {
  const t = label
    .replace(/[\s★▲*※]/g, '')
    .replace(/^(?:[（(]?[\d一二三四五六七八九十]{1,3}[)）.．、]|\d{1,2}(?:\.\d{1,2})+)/, '')
    .replace(/[（(][^（()）]*[)）]$/, '');
  if (t.length < 2 || t.length > 14) return null;
  for (const [key, re] of LABELS) if (re.test(t)) return key;
  return null;
}

export interface TermHit {
  key: CardTermKey;
  label: string;
  value: string;
}

const MAX_VALUE = 200;

function valueOf(raw: string, label: string): string | null {
  // (the label printed again inside its cell: 「响应有效期：响应有效期：【90】天」)
  let v = raw.replace(/\s+/g, ' ').trim().replace(/^[：:]\s*/, '');
  if (v.startsWith(label) && /^[：:]/.test(v.slice(label.length))) v = v.slice(label.length + 1).trim();
  if (v.length < 2 || NOT_VALUE.test(v) || BLANK.test(raw)) return null;
  // a value is words or a figure with its unit, not a bare mark or number (「★」「是」「11」: a row number, a page)
  if (!/[\u4e00-\u9fa5]{2}|\d[】\]\s]*(?:个?日历天|个?工作日|天|日|个月|月|年|%|％|元|小时)/.test(v)) return null;
  // column heads: one short head, or several (「合同双方名称 合同金额 （人民币万元）」)
  const heads = v.split(/\s+/);
  if (!/\d/.test(v) && (v.length <= 16 ? HEAD_WORDS.test(v) : heads.length >= 2 && heads.every((h) => h.length <= 12) && heads.some((h) => HEAD_WORDS.test(h)))) return null;
  return v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v;
}

/**
 * The terms a line of the tender states: a table row (cells split by tabs) whose cell is a term's label and whose next
 * cell holds its value (a 参数性质/★ cell between them is skipped), or a sentence 「label：value」 at the line's start.
 */
export function termsOfLine(line: string): TermHit[] {
  const out: TermHit[] = [];
  const cells = line.split('\t').map((c) => c.trim());
  if (cells.length >= 2) {
    for (let k = 0; k < cells.length - 1; k++) {
      const key = termKey(cells[k]!);
      if (!key) {
        // a cell 「label：value」 inside the row
        const hit = colonTerm(cells[k]!);
        if (hit) out.push(hit);
        continue;
      }
      const rest = cells.slice(k + 1).filter(Boolean);
      // the head of a table (「服务期限｜服务标准｜单价｜数量」): short labels after it, no value
      if (rest.length >= 2 && rest.every((c) => c.length <= 8 && !/\d/.test(c))) break;
      // a scoring table's row (「售后服务｜10｜…」): its points, then the criteria
      if (/^\d+(?:\.\d+)?\s*分?$/.test(rest[0] ?? '')) break;
      const value = valueOf(rest.join(' '), cleanLabel(cells[k]!));
      if (value) out.push({ key, label: cleanLabel(cells[k]!), value });
      break;
    }
    const last = colonTerm(cells[cells.length - 1]!);
    if (last && !out.some((h) => h.key === last.key && h.value === last.value)) out.push(last);
    return out;
  }
  const hit = colonTerm(line);
  return hit ? [hit] : [];
}

function cleanLabel(label: string): string {
  return label.replace(/[\s★▲*※]/g, '').replace(/^(?:[（(]?[\d一二三四五六七八九十]{1,3}[)）.．、]|\d{1,2}(?:\.\d{1,2})+)/, '');
}

/** 「label：value」 (the label at most 14 characters after numbering and a ★/▲ mark). */
function colonTerm(text: string): TermHit | null {
  const m = /^\s*(?:[★▲※*]\s*)?(?:[（(]?[\d一二三四五六七八九十]{1,3}[)）.．、]\s*|\d{1,2}(?:\.\d{1,2})+\s*)?(?:[★▲※*]\s*)?([^：:，。；,;\t]{2,18})[：:](.*)$/.exec(text);
  if (!m) return null;
  const key = termKey(m[1]!);
  if (!key) return null;
  const value = valueOf(m[2]!, cleanLabel(m[1]!));
  return value ? { key, label: cleanLabel(m[1]!), value } : null;
}
