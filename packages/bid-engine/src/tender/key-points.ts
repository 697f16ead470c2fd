import type { ScoringItem } from '@btz/shared';
import { criteriaTopics } from './outline.js';

/**
 * The key points of a scoring row (issue 13 items 2 and 3), defined once for the writer and the check: what an evaluator
 * looks for in the text answering the row — the sub-points its criteria list (「包括人员配置、服务流程、考核与应急」), the
 * topics its criteria and full-marks grade name, and the parts of its name. Grading words (合理, 完整, 得10分…) and
 * conditions of the scoring (「分包合同不予认可」「以上得分累计最高至6分止」「以合同签订日期为准」) are not points: the
 * text cannot answer them. Evidence to provide (「业绩合同复印件」「企业社保证明」) stays a point — it names a thing to give.
 *
 * The offline writer names and answers each point (writer/offline/respond.ts), the model prompt lists them
 * (writer/prompts.ts), and the coverage check (health/coverage.ts) counts a row as answered when its text names them.
 */

/** The most key points taken from one row's criteria. */
const MAX_POINTS = 8;

/**
 * Grading words of criteria (how well, how many points) — not points an evaluator looks for in the text. Words only: a
 * single character (能, 中, 优, 高…) would be cut out of the middle of real points (节能降耗, 食物中毒, 优先采购).
 */
const GRADING =
  /但不限于|不限于|(?:项目的?)?实际情况|(?:方案)?(?:满足)?(?:上述|任意)?[一二两三四五六七八九十\d]+点|[优良中差]加|进一步|前提下|不尽|非常|十分|较为|比较|效果明显|明显|清楚|了解|细致|详实|介绍|影响|方式|配有|对应|可行性|合理性|针对性强?|完整性|科学性|可操作性强?|操作性强?|先进性|严密性|实用性|合法性|清晰性|全面性|完善性|丰富性|表述|描述|阐述|论述|项目配置|完整|合理(?!化)|可行|详细|详尽|(?<!本)科学(?!历)|规范|充足|充分|及时|明确|清晰|全面|具体|有效|可靠|良好|优秀|较好|较强|较差|较全面|一般|优于|满足|完全|基本|不满足|符合|切实|到位|先进|成熟|周密|严谨|准确|丰富|得力|完善|健全|欠缺|稍有难度|难度|最高|最低|满分|不得分|得分|加分|扣分|计分|酌情|最多|不超过|不低于|以上|以下|以内|进行|评审|评价要素|评价|评分|评委|专家|综合|根据|凭|提供|具有|具备|要求|内容|情况|方面|相关|有关|能够|等等|各类|各项|所有|任何|相应|统一|按照|如下|详见|本次|本项目|本项|投标单位|投标人|投保人|招标人|供应商|招标文件|采购人|小项|考虑|周全|制订|制定|拟担任|承接|是否|属于|标有|自拟|程度|逻辑|横向比较/g;
/** 「得10分」「10-20分」「（30分）」 and the like. */
const SCORE_PART = /[（(][^）)]{0,20}[）)]|\d+(?:\.\d+)?\s*[-—~～至]\s*\d+(?:\.\d+)?\s*分(?!钟)|[得计]?\s*\d+(?:\.\d+)?\s*分(?!钟)/g;
/** A grade line: what a level of the row earns (「2、工作经验基本满足…，得7分」). */
const GRADE_LINE = /得\s*\d+(?:\.\d+)?\s*分|不得分|得\s*0\s*分|[优良中差][:：]?\s*\d/;
/**
 * A condition of the scoring, not a point to answer: what is not accepted (不予认可, 否则…, 视为…), how points add up
 * (累计, 不重复计算, 最高到6分止), the date or document a count goes by (以…为准), the evaluator's rights.
 */
const CONDITION =
  /不予(?:认可|承认|认定|计分)|每缺|每少|扣\s*\d|否则|视为|不算|无效|(?:不)?累计|不重复|重复计|按一项|为准|保留|核查|最高(?:到|至|得)|止$|不得分|由评[审标]|评标委员会|评审专家|要求专家|专家(?:书面|根据|酌情|打分)|截至|倒推/;
/** Verbs that stand between points, never inside one. */
const BETWEEN = /提供|具有|具备|根据|进行|按照|包括|包含|涵盖|同时|分别|作为|至少|结合/g;
/** Words too general to show a response. */
const GENERIC = new Set(['方案', '项目', '服务', '能力', '人员', '管理', '措施', '工作', '文件', '材料', '证明', '技术', '商务', '部分', '其他', '整体', '设置', '配置', '配备', '情况', '实际', '响应', '全部', '说明', '一项', '期内', '单位', '此处', '此项', '没有', '正在', '完成', '主要', '三者之一', '者之一', '至少', '依据', '基础上', '此基础上', '采购需求', '需求', '招标', '实际', '项目实际', '编制', '标准', '方案上述', '一定', '提出', '量化', '方案较', '方案整体']);
/** A lower grade's wording (「功能不全」「分析稍有欠缺」「无客户端账号」), not a point. */
const LOWER = /稍有|不全|不便|不足|不够|不到|不响应|有较|^(?:没有|未|不|无(?!失信|异常|违法|不良|重大)|较)|[为是][优良中差]$/;
/** A phrase that is only grade letters (「优良」「较差」). */
const GRADE_ONLY = /^(?:[优良中差好强高低较]|一般)+$/;
const SPLIT = /[\s，,。；;：:、（）()“”"'「」《》【】\-—/]+|且|并且|以及|及(?!时)|和|与|或|的/;
/** Words the criteria cut short (「根据物业经理的学历、持证情况、工作经进行评审」), completed. */
const COMPLETE: [RegExp, string][] = [[/(工作|从业|管理|项目)经$/, '$1经验']];

/** A row's key points: the name parts (a title may name them) and the points its criteria ask for (the text must name them). */
export interface RowPoints {
  name: string[];
  points: string[];
}

/**
 * Line breaks and spaces inside a sentence of a PDF's table cell are not separators (「安排进\n行评审」「根据投标人服 务方案」):
 * joined where both sides are Chinese characters.
 */
export function joinBroken(s: string): string {
  return s.replace(/([\u4e00-\u9fa5])[ \t\u3000]*\n?[ \t\u3000]*(?=[\u4e00-\u9fa5])/g, '$1');
}

/** A reference to a chapter of the tender (「第五章“招标内容及要求”中“人员配备及要求”」), a web address or a date: where
 * to look or from when, not a point. */
const CHAPTER_REF = /第[一二三四五六七八九十\d]+章(?:\s*[“"「][^”"」]{1,30}[”"」])?(?:\s*中?\s*[“"「][^”"」]{1,30}[”"」])?|https?:\/\/[\x21-\x7e]+|(?:19|20)\d{2}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?)?(?:以来|起|至今)?/g;

/** The clauses of a criteria text that are not conditions of the scoring. */
function withoutConditions(text: string): string {
  return text
    .replace(CHAPTER_REF, ' ')
    .replace(/[（(][^（）()]*[）)]/g, (m) => (CONDITION.test(m) ? '' : m))
    .split(/(?<=[，,。；;\n])/)
    // (tested without its closing mark: 「扣完为止。」 ends the scoring as 「扣完为止」 does)
    .filter((c) => !CONDITION.test(c.replace(/[，,。；;\s]+$/, '')))
    .join('');
}

function phrases(text: string): string[] {
  // verbs between points separate them (「具有为其他金融机构提供人员外包服务业绩」 → 其他金融机构 / 人员外包服务业绩)
  return withoutConditions(text)
    .replace(SCORE_PART, ' ')
    .replace(BETWEEN, ' ')
    .split(SPLIT)
    .map(clean)
    .filter(keepable);
}

const keepable = (t: string) => t.length >= 2 && t.length <= 8 && !GENERIC.has(t) && !GRADE_ONLY.test(t) && !LOWER.test(t);

/** A phrase without grading words, leading function words and trailing particles. */
export function clean(s: string): string {
  let t = s
    .replace(SCORE_PART, '')
    .replace(GRADING, '')
    .replace(/[^\u4e00-\u9fa5A-Za-z0-9×]/g, '')
    // leading function words — not the first character of a word (其他, 所需, 有效, 对外, 为准 stay whole)
    // a count before a word (「1家银行」「近3年」) goes, a figure of the point stays (「15分钟内响应」)
    .replace(/^(?:[\d一二三四五六七八九十]+[年个项家名位套份]|\d+(?![\d.]*(?:分钟|小时|天|日|工作日|%|月|周|秒))|有(?![效关])|对(?![外接])|为(?!准)|在|将|由|须|需(?![求要])|并|但|或|从(?!事)|如|要|可(?![行靠持视])|拟(?:投入|安排|派遣|委派|派|配备|任命|担任)|针对|近[一二三四五三\d]年|每个?|凭|其(?![他余它])|所(?![有需属在]))+/, '')
    .replace(/(?:的|得|之|等|可|各|不|较|(?<![响适供对反相效回])应|须|需)+$/, '')
    .trim();
  for (const [re, to] of COMPLETE) t = t.replace(re, to);
  return t;
}

/** Terms in order, none contained in another (nor in `taken`). */
function dedupe(terms: string[], taken: string[]): string[] {
  const out: string[] = [];
  const has = (t: string) => [...taken, ...out].some((o) => o.includes(t) || t.includes(o));
  for (const t of terms) if (!has(t)) out.push(t);
  return out;
}

/** A numbered item of the criteria: 「（1）」「1、」「2.」. */
const NUMBERED = /^\s*(?:[（(]\s*\d{1,2}\s*[）)]|\d{1,2}\s*[、.．](?!\d))/;
/** Words judging how well (a level of one quality), not what a bidder has. */
const QUALITY = /丰富|完整|完善|合理|可行|详细|详尽|清晰|全面|较好|较强|较差|一般|基本|欠缺|不足|优秀|良好|突出|显著/;
/** A grade line naming a level (「优：…」「评审为良：…」), not a thing to have. */
const LEVEL = /^(?:[（(]?\d{1,2}[）)、.．]?\s*)?(?:评审为|评为|评价为)?[优良中差好][秀好等]?[:：，,]/;

/**
 * What each item of additive criteria earns its points for: criteria that list several numbered items, each with its own
 * points (「（1）具有…研究生学历的，得20分；（2）具有高级社会工作师证书的，得20分；（4）项目负责人为中共党员的得10分」),
 * score each thing the bid shows — the thing an item names before its first points is a point. Grade levels of one
 * quality (优/良/中/差) are alternatives, not items: left to the first grade line as before.
 */
function additive(grade: string[]): string[] {
  // (numbered levels — 「1、工作经验丰富，专业素质高，得10分；2、未提供的，不得分」 — judge how well, or nothing: no items)
  const items = grade.filter((l) => NUMBERED.test(l) && !LEVEL.test(l) && !QUALITY.test(l) && !LOWER.test(l.replace(NUMBERED, '')));
  if (items.length < 2) return [];
  const out: string[] = [];
  for (const l of items) {
    const head = l
      .replace(NUMBERED, '')
      // its first clause before the points, a count (「每提供一个…」) or a condition (「，否则…」)
      .split(/[得计加]\s*\d|\d+(?:\.\d+)?\s*分|[：:，,]?\s*每(?:提供|增加|有|个)|[，,]\s*否则|[。；;]/)[0]!
      .replace(/[（(][^（()）]*[）)]/g, '')
      .replace(/[，,：:\s]*(?:的|者)?[，,：:\s]*$/, '');
    // the thing named last before the points (「具有社会工作或相关专业研究生学历的」 → 专业研究生学历)
    const last = withoutConditions(head)
      .replace(BETWEEN, ' ')
      .split(new RegExp(`${SPLIT.source}|(?<![作认行])为`))
      .map(clean)
      .filter((t) => t.length >= 2 && t.length <= 12 && !GENERIC.has(t) && !GRADE_ONLY.test(t) && !LOWER.test(t))
      .pop();
    if (last) out.push(last);
  }
  return out;
}

/** The row's name parts and the points its criteria ask for. */
export function rowPoints(row: Pick<ScoringItem, 'item' | 'criteria'>): RowPoints {
  const criteria = joinBroken(row.criteria ?? '');
  const lines = criteria.split(/\n|(?<=[；;。])/).map((l) => l.trim()).filter(Boolean);
  const grade = lines.filter((l) => GRADE_LINE.test(l));
  const plain = lines.filter((l) => !GRADE_LINE.test(l)).join('\n');
  const listed = criteriaTopics(withoutConditions(criteria)).map(clean).filter(keepable);
  // the row's own list number goes first: 「2.项目难点…」 is no count of 项 (it gave 「目难点对策分析」)
  const item = joinBroken(row.item).replace(/^[^-—]*[-—]/, '').replace(/^\s*(?:[（(]?[\d一二三四五六七八九十]+[)）.、．])\s*/, '');
  const name = dedupe(phrases(item), []).slice(0, 3);
  const points = dedupe([...listed, ...additive(grade), ...phrases(plain), ...phrases(grade[0] ?? '')], name).slice(0, MAX_POINTS);
  return { name, points };
}

/** All key points of a row: its criteria's points, then its name parts. */
export function keyPoints(row: Pick<ScoringItem, 'item' | 'criteria'>): string[] {
  const { name, points } = rowPoints(row);
  return [...points, ...name];
}
