/**
 * Accepted variant spellings (异形词): pairs of forms that are both in standard use, from 《第一批异形词整理表》
 * (GF 1001—2001) and the variant forms 《现代汉语词典》 and 《通用规范汉字表》 (2013) keep — the recommended form first.
 * Two bids that both write 其它 or 帐号 have not shared a misspelling: the typo list (compare.ts COMMON_TYPOS) may hold no
 * form of this list, and a test checks it. A general list, not words of one file.
 */
export const ACCEPTED_VARIANTS: ReadonlyArray<readonly [string, string]> = [
  // 其他 / 其它: both standard (其它 for things)
  ['其他', '其它'],
  // 账 / 帐: 帐 accepted in money words
  ['账号', '帐号'], ['账户', '帐户'], ['账目', '帐目'], ['账单', '帐单'], ['账本', '帐本'], ['账簿', '帐簿'], ['账册', '帐册'], ['账务', '帐务'],
  ['账款', '帐款'], ['账面', '帐面'], ['对账', '对帐'], ['记账', '记帐'], ['转账', '转帐'], ['结账', '结帐'], ['报账', '报帐'], ['查账', '查帐'],
  // 分 / 份
  ['成分', '成份'], ['部分', '部份'], ['身份', '身分'], ['过分', '过份'], ['本分', '本份'], ['辈分', '辈份'], ['水分', '水份'], ['分量', '份量'],
  ['恰如其分', '恰如其份'], ['缘分', '缘份'], ['情分', '情份'], ['名分', '名份'],
  // 唯 / 惟
  ['唯一', '惟一'], ['唯独', '惟独'], ['唯恐', '惟恐'], ['唯有', '惟有'], ['思维', '思惟'],
  // 象 / 像 / 相
  ['想象', '想像'], ['好像', '好象'], ['图像', '图象'], ['录像', '录象'], ['影像', '影象'], ['摄像', '摄象'],
  // 划 / 画
  ['笔画', '笔划'], ['刻画', '刻划'], ['策划', '策画'], ['筹划', '筹画'], ['计划', '计画'], ['规划', '规画'], ['指手画脚', '指手划脚'],
  // 订 / 定
  ['订单', '定单'], ['订货', '定货'], ['订购', '定购'], ['订阅', '定阅'],
  // 联 / 连
  ['连接', '联接'], ['联结', '连结'], ['联缀', '连缀'],
  // others of 第一批异形词整理表
  ['交代', '交待'], ['人才', '人材'], ['含糊', '含胡'], ['模糊', '模胡'], ['糊涂', '胡涂'], ['角色', '脚色'], ['纪要', '记要'], ['凭借', '凭藉'],
  ['车厢', '车箱'], ['莫名其妙', '莫明其妙'], ['瞭望', '了望'], ['稀罕', '希罕'], ['稀奇', '希奇'], ['服侍', '服事'], ['阴凉', '荫凉'], ['繁衍', '蕃衍'],
  ['按语', '案语'], ['毕恭毕敬', '必恭必敬'], ['搭档', '搭当'], ['丰富多彩', '丰富多采'],
  ['复信', '覆信'], ['根底', '根柢'], ['勾画', '勾划'], ['规诫', '规戒'], ['黏稠', '粘稠'], ['黏合', '粘合'], ['黏液', '粘液'],
  ['耿直', '梗直'], ['鬼哭狼嚎', '鬼哭狼嗥'], ['哄堂大笑', '轰堂大笑'], ['糊口', '餬口'], ['简练', '简炼'], ['骄奢淫逸', '骄奢淫佚'],
  ['流连', '留连'], ['啰唆', '啰嗦'], ['摩擦', '磨擦'],
  ['披星戴月', '披星带月'], ['清澈', '清彻'], ['收服', '收伏'], ['踏实', '塌实'],
  ['无动于衷', '无动于中'], ['贤惠', '贤慧'], ['一塌糊涂', '一榻糊涂'], ['折中', '折衷'],
  ['周济', '赒济'], ['佐证', '左证'],
];

const VARIANT_FORMS = new Set(ACCEPTED_VARIANTS.flat());

/** Whether `word` is (or holds) a form of an accepted variant pair: then it is no misspelling. */
export function isAcceptedVariant(word: string): boolean {
  if (VARIANT_FORMS.has(word)) return true;
  for (const [, variant] of ACCEPTED_VARIANTS) if (word.includes(variant)) return true;
  return false;
}
