/**
 * A curated list of common misspellings in bid writing (issue 6 item 4: "账号/帐号-style pairs; no guessing"). Only pairs
 * where the wrong form is never right in a bid are listed; where the wrong form can occur across a word boundary
 * (按装修、既使用、预防犯罪、按排名…) the neighbouring characters that make it legitimate are excluded.
 */
export interface TypoRule {
  wrong: string;
  right: string;
  /** The match is skipped when the character before it is one of these. */
  notAfter?: string;
  /** The match is skipped when the character after it is one of these. */
  notBefore?: string;
}

export const TYPO_RULES: readonly TypoRule[] = [
  { wrong: '帐号', right: '账号' },
  { wrong: '帐户', right: '账户' },
  { wrong: '帐目', right: '账目' },
  { wrong: '帐单', right: '账单' },
  { wrong: '报帐', right: '报账' },
  { wrong: '对帐', right: '对账' },
  { wrong: '转帐', right: '转账' },
  { wrong: '登陆系统', right: '登录系统' },
  { wrong: '登陆平台', right: '登录平台' },
  { wrong: '登陆账号', right: '登录账号' },
  { wrong: '按装', right: '安装', notBefore: '修饰潢' },
  { wrong: '既使', right: '即使', notBefore: '用' },
  { wrong: '再接再励', right: '再接再厉' },
  { wrong: '布署', right: '部署' },
  { wrong: '峻工', right: '竣工' },
  { wrong: '通迅', right: '通讯' },
  { wrong: '做为', right: '作为' },
  { wrong: '防犯', right: '防范', notAfter: '预', notBefore: '罪' },
  { wrong: '按排', right: '安排', notBefore: '名序列水污' },
  { wrong: '克苦', right: '刻苦' },
  { wrong: '重迭', right: '重叠' },
  { wrong: '暴光', right: '曝光' },
  { wrong: '松驰', right: '松弛' },
  { wrong: '渡假', right: '度假' },
  { wrong: '编缉', right: '编辑' },
  { wrong: '幅射', right: '辐射' },
  { wrong: '蜂涌', right: '蜂拥' },
  { wrong: '针贬', right: '针砭' },
  { wrong: '脉博', right: '脉搏' },
  { wrong: '气慨', right: '气概' },
  { wrong: '追朔', right: '追溯' },
  { wrong: '寒喧', right: '寒暄' },
  { wrong: '坐阵', right: '坐镇' },
  { wrong: '精萃', right: '精粹' },
  { wrong: '震憾', right: '震撼' },
  { wrong: '安祥', right: '安详' },
  { wrong: '粘帖', right: '粘贴' },
  { wrong: '装璜', right: '装潢' },
  { wrong: '国藉', right: '国籍' },
  { wrong: '座落', right: '坐落', notBefore: '成地' },
  { wrong: '一如继往', right: '一如既往' },
  { wrong: '既往不究', right: '既往不咎' },
  { wrong: '按步就班', right: '按部就班' },
  { wrong: '默守成规', right: '墨守成规' },
  { wrong: '一愁莫展', right: '一筹莫展' },
  { wrong: '迫不急待', right: '迫不及待' },
  { wrong: '精兵减政', right: '精兵简政' },
  { wrong: '一股作气', right: '一鼓作气' },
  { wrong: '挺而走险', right: '铤而走险' },
  { wrong: '变本加利', right: '变本加厉' },
  { wrong: '责无旁代', right: '责无旁贷' },
  { wrong: '相辅相承', right: '相辅相成' },
  { wrong: '名符其实', right: '名副其实' },
  { wrong: '再所不惜', right: '在所不惜' },
  { wrong: '迫在眉捷', right: '迫在眉睫' },
  { wrong: '不记其数', right: '不计其数' },
  { wrong: '不加思索', right: '不假思索' },
  { wrong: '淋漓尽至', right: '淋漓尽致' },
  { wrong: '历行节约', right: '厉行节约' },
];

export interface TypoHit {
  rule: TypoRule;
  index: number;
}

/** Every occurrence of a listed misspelling in `text`, in order of position. */
export function findTypos(text: string): TypoHit[] {
  const hits: TypoHit[] = [];
  for (const rule of TYPO_RULES) {
    let from = 0;
    for (;;) {
      const i = text.indexOf(rule.wrong, from);
      if (i < 0) break;
      from = i + rule.wrong.length;
      const before = i > 0 ? text[i - 1]! : '';
      const after = text[i + rule.wrong.length] ?? '';
      if (rule.notAfter && before && rule.notAfter.includes(before)) continue;
      if (rule.notBefore && after && rule.notBefore.includes(after)) continue;
      hits.push({ rule, index: i });
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}
