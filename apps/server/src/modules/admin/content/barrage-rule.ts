/**
 * An operator's notice on the home page ticker must never read as a purchase (issue 27/28: the purchase feed is real
 * paid orders only, and a made-up 「某某刚刚开通了年度会员」 is a false claim to customers). A text is refused when it names
 * a buyer — a phone number, masked or not, or a person or company as the subject of a buying verb — or when it puts a
 * buying verb right after "just now / N minutes ago". Offers such as 「开通年度会员立减 50 元」 stay allowed: they name no buyer.
 */
const BUY = '(开通|购买|买了|下单|充值|续费|订购|支付|付款|抢购|入手|成交|升级了|兑换了|办理了)';
const RULES: { re: RegExp; why: string }[] = [
  { re: /1\d{2}[*＊xX]{2,}\d{2,4}|(?<!\d)1[3-9]\d{9}(?!\d)|尾号\s*\d{3,4}/, why: '含有手机号或打码的手机号' },
  { re: new RegExp(`(刚刚|刚才|刚|\\d+\\s*(秒|分钟|小时)前|今天)[^，。！？,.!?]{0,12}${BUY}`), why: '像一条刚发生的购买记录' },
  {
    re: new RegExp(`(用户|客户|网友|先生|女士|小姐|老板|经理|总|某某|[\\u4e00-\\u9fa5]某|[A-Za-z\\u4e00-\\u9fa5]{1,8}(公司|企业|集团|事务所))[^，。！？,.!?]{0,6}(已经|已|成功|刚刚|刚)?${BUY}`),
    why: '以某人或某公司为主语描述购买',
  },
];

/** Why this notice text reads as a purchase, or null when it does not. */
export function purchaseLike(text: string): string | null {
  for (const r of RULES) if (r.re.test(text)) return r.why;
  return null;
}
