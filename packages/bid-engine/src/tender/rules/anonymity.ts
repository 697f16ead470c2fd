import type { AnonymityFormat, AnonymityRules, CardClause } from '@btz/shared';

/**
 * The 暗标 rules of a tender (issue 15): sentences that require an anonymous technical bid (「技术标采用暗标」「不得出现投标人
 * 名称、logo 等任何能识别投标人身份的信息」) and the format the tender prescribes (宋体小四、1.5 倍行距、A4、不超过 50 页).
 * The sentences are found by card.ts like the other clauses (each cited with its page); this file decides which sentences
 * are 暗标 rules and reads the format out of them. Confidentiality of the evaluation (「评标委员会不得泄露评审情况」) is
 * not a 暗标 rule.
 */

/** A sentence that requires anonymity of the bid. */
const ANON_RE =
  /暗标|双盲评审|盲评|匿名(?:评审|编制)|不得(?:出现|体现|显示|透露|标注|标明|带有|含有|使用)[^。；;]{0,40}?(?:投标人|供应商|投标单位|投标企业|响应人)(?:的)?(?:名称|简称|标识|标志|徽标|logo|LOGO|信息|字样|人员|身份)|(?:能|可以?|足以)(?:识别|辨认|判断|推断)(?:出)?(?:投标人|供应商|投标单位)(?:身份)?/i;
/** Evaluation-side confidentiality and the like: never a 暗标 rule on its own. */
const NOT_ANON = /评标委员会|评审专家|评委|招标人不得|采购人不得|代理机构不得|泄露|保密|串通|甲方|乙方|合同/;
/** A sentence that prescribes a format the bid's file can be checked against. */
const FORMAT_SPEC_RE =
  /(?:宋体|仿宋|黑体|楷体|微软雅黑)|(?:初号|小初|[一二三四五]号|小[一二三四五]号?)(?:字|字体)?|行距|行间距|页边距|(?:不超过|不得超过|不多于|限|最多)\s*\d+\s*页|A4|A3|黑色字体|彩色字体|页眉|页脚/;
const REQUIRE_RE = /应|须|必须|需要|需|不得|要求|统一|一律|采用|使用|建议|禁止|严禁/;

export function isAnonymityClause(s: string): boolean {
  if (!ANON_RE.test(s)) return false;
  // 「评标委员会不得泄露…」 is about the evaluators; 「技术标为暗标，评标委员会…」 still names 暗标
  if (NOT_ANON.test(s) && !/暗标|双盲|盲评/.test(s)) return false;
  return true;
}

export function isFormatSpecClause(s: string): boolean {
  return FORMAT_SPEC_RE.test(s) && REQUIRE_RE.test(s) && s.length <= 240 && !/颜色、字体、比例|效果图|标识牌|字牌|印刷清晰/.test(s);
}

/** Chinese type sizes (字号) in points. */
export const CN_SIZES: Record<string, number> = {
  初号: 42,
  小初: 36,
  一号: 26,
  小一: 24,
  二号: 22,
  小二: 18,
  三号: 16,
  小三: 15,
  四号: 14,
  小四: 12,
  五号: 10.5,
  小五: 9,
};

const FONT_RE = /(宋体|仿宋(?:_GB2312|_gb2312)?|黑体|楷体(?:_GB2312|_gb2312)?|微软雅黑|方正小标宋(?:简体)?|Times New Roman)/;

/** The format a set of sentences prescribes (the first statement of each rule wins). */
export function parseFormat(texts: readonly string[]): AnonymityFormat {
  const f: AnonymityFormat = {};
  for (const raw of texts) {
    const t = raw.normalize('NFKC');
    if (!f.font) {
      // 「正文宋体」 before 「标题黑体」: the font of the body when the sentence names both
      const body = /正文[^。；;，,]{0,8}?(宋体|仿宋(?:_GB2312)?|黑体|楷体(?:_GB2312)?|微软雅黑)/.exec(t);
      const m = body ?? FONT_RE.exec(t);
      if (m) f.font = m[1]!;
    }
    if (!f.sizeName) {
      const body = /正文[^。；;]{0,12}?(初号|小初|小[一二三四五]|[一二三四五]号)/.exec(t);
      const m = body ?? /(初号|小初|小[一二三四五]|[一二三四五]号)(?:号)?(?:字|字体|字号)?/.exec(t);
      const pt = /(?:字号|字体大小)[^。；;\d]{0,6}(\d+(?:\.\d+)?)\s*(?:磅|pt|号)/i.exec(t);
      if (m) {
        const name = m[1]!.length === 2 && m[1]!.startsWith('小') ? m[1]! : m[1]!;
        const key = name.endsWith('号') && name.startsWith('小') ? name.slice(0, 2) : name;
        if (CN_SIZES[key] !== undefined) {
          f.sizeName = key;
          f.sizePt = CN_SIZES[key];
        }
      } else if (pt) {
        f.sizeName = `${pt[1]}磅`;
        f.sizePt = Number(pt[1]);
      }
    }
    if (!f.lineSpacing) {
      const exact = /(?:行距|行间距)[^。；;]{0,8}?固定值?\s*(\d+(?:\.\d+)?)\s*(?:磅|pt)/i.exec(t) ?? /固定值\s*(\d+(?:\.\d+)?)\s*(?:磅|pt)[^。；;]{0,4}?(?:行距|行间距)/i.exec(t);
      const mult =
        /(单倍|双倍|(\d+(?:\.\d+)?)\s*倍)\s*行(?:间)?距/.exec(t) ?? /行(?:间)?距[^。；;\d]{0,8}?(单倍|双倍|(\d+(?:\.\d+)?)\s*倍)/.exec(t);
      if (exact) f.lineSpacing = { exactPt: Number(exact[1]), text: exact[0] };
      else if (mult) f.lineSpacing = { multiple: mult[1] === '单倍' ? 1 : mult[1] === '双倍' ? 2 : Number(mult[2]), text: mult[0] };
    }
    if (f.maxPages === undefined) {
      const m = /(?:不超过|不得超过|不多于|不应超过|限|最多|控制在)\s*(\d{1,4})\s*页/.exec(t);
      if (m) f.maxPages = Number(m[1]);
    }
    if (!f.paper) {
      const m = /\b(A4|A3)\b/i.exec(t);
      if (m) f.paper = m[1]!.toUpperCase();
    }
    if (f.marginCm === undefined) {
      const m = /页边距[^。；;\d]{0,10}(\d+(?:\.\d+)?)\s*(厘米|cm|毫米|mm)/i.exec(t);
      if (m) f.marginCm = /毫米|mm/i.test(m[2]!) ? Number(m[1]) / 10 : Number(m[1]);
    }
    if (!f.blackText && /(?:黑色字体|字体(?:颜色)?[^。；;]{0,4}黑色|不得(?:使用)?(?:彩色|其他颜色)|不得出现[^。；;]{0,6}(?:彩色|颜色))/.test(t)) f.blackText = true;
    if (!f.noHeaderFooter && /(?:不得|不应|不允许|禁止|严禁|不能)[^。；;]{0,12}(?:页眉|页脚)|(?:页眉|页脚)[^。；;]{0,10}(?:不得|不应|禁止|严禁)/.test(t)) f.noHeaderFooter = true;
  }
  return f;
}

/** What must be anonymous, as worded: 「技术标」「技术部分」「技术文件」. */
function scopeOf(texts: readonly string[]): string {
  for (const t of texts) {
    const m = /(技术(?:标|部分|文件|方案|投标文件)|商务(?:标|部分)|服务方案)(?:[（(]?暗标[)）]?|[^。；;]{0,6}暗标)/.exec(t) ?? /暗标[^。；;]{0,6}?(技术(?:标|部分|文件|方案))/.exec(t);
    if (m) return m[1]!;
  }
  return '';
}

/**
 * The card's `anonymity`: the 暗标 clauses and the format of those clauses and of the format rules. Null when the tender
 * states neither (most tenders). A tender that prescribes a format without requiring 暗标 gets `required: false` (the
 * format check still runs); a format only recommended (「建议」) is `advisory`.
 */
export function anonymityRules(anon: readonly CardClause[], format: readonly CardClause[]): AnonymityRules | null {
  const spec = format.filter((c) => !anon.some((a) => a.text === c.text));
  const fmt = parseFormat([...anon.map((c) => c.text), ...spec.map((c) => c.text)]);
  const required = anon.length > 0;
  if (!required && Object.keys(fmt).length === 0) return null;
  // the type rules (font, size, spacing) only recommended: 「建议行文使用宋体小四号字」
  const stated = [...anon, ...spec].filter((c) => {
    const p = parseFormat([c.text]);
    return p.font || p.sizeName || p.lineSpacing;
  });
  const advisory = !required && stated.length > 0 && stated.every((c) => /(?:建议|宜|推荐|最好)[^，,。；;]{0,12}(?:宋体|仿宋|黑体|楷体|微软雅黑|号字|行距)/.test(c.text));
  // 暗标 forbids headers and footers unless the tender says otherwise (every identifying mark there counts)
  const format_: AnonymityFormat = required && fmt.noHeaderFooter === undefined ? { ...fmt, noHeaderFooter: true } : fmt;
  return {
    required,
    scope: scopeOf(anon.map((c) => c.text)),
    clauses: [...anon, ...spec.filter((c) => Object.keys(parseFormat([c.text])).length > 0)],
    format: format_,
    ...(advisory ? { advisory: true } : {}),
  };
}
