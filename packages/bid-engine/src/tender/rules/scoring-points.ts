/**
 * Reading points and row names of scoring tables (shared by the table path over the document model and the text path):
 * ranges labelled with their maximum (0~10 → 10), decimals, items printed with their points (「技术方案（20分）」),
 * descriptive names for the unnamed sub-rows of a merged factor cell, and the total a table states.
 */
import type { ScoringCategory } from '@btz/shared';
import { nfkcCompact } from '../../text/normalise.js';

/** A scoring row as read from the document model (a table's row or a listed item; scoring-model.ts, scoring-list.ts). */
export interface ModelScoringRow {
  item: string;
  points: number;
  criteria: string;
  category: ScoringCategory;
  page: number;
  /** texts of the row as printed, best first, for the cited excerpt */
  excerpts: string[];
  lot: string | null;
  /** the factor a sub-row belongs to (merged factor cell), when it is one */
  group?: string;
}

const NUM = String.raw`\d+(?:\.\d+)?`;
/** points are printed as 分, or as the weight of a factor in a weighted scheme (「服务方案（42%）」): both are points */
const UNIT = '(?:分|%|％)';
const RANGE = new RegExp(String.raw`^[（(]?\s*(?:(${NUM})\s*${UNIT}?\s*[-~—～至－]\s*)?(${NUM})\s*(${UNIT})?\s*[)）]?$`);

/** Full-width digits and punctuation to half width; spaces out. */
export const fold = nfkcCompact;

/** A points cell: 「10」「10分」「0~10」「0-10分」「（0-3）」「21.5」 → its maximum; null when the cell is not just points. */
export function cellPoints(text: string): number | null {
  const t = fold(text);
  if (!t || t.length > 14) return null;
  const m = RANGE.exec(t);
  if (!m) return null;
  const v = Number(m[2]);
  return Number.isFinite(v) && v > 0 && v <= 1000 ? v : null;
}

/** Points printed with an item: 「针对本项目的服务方案（30分）」→ {name, points}; null when there are none. */
export function itemWithPoints(text: string): { name: string; points: number } | null {
  const t = text.replace(/\s+/g, '').replace(/[０-９．％（）]/g, (c) => c.normalize('NFKC'));
  const m = new RegExp(String.raw`^(.{1,60}?)[(（]?(?:满分|最高|共|计|权重)?(?:${NUM}${UNIT}?[-~—～至－])?(${NUM})${UNIT}[)）]?[:：]?$`).exec(t);
  if (!m) return null;
  const name = m[1]!.replace(/[(（:：]+$/, '');
  if (!/[\u4e00-\u9fa5A-Za-z]/.test(name)) return null;
  // a sentence that ends in its points (「业绩：每个得1分」「色泽：…打分，最高20分」) is criteria, not an item
  if (/[，,。；;]$|[得扣加减为计]$|[：:]./.test(name) || /[。；;]/.test(name)) return null;
  // a summary (「分值构成（总分100分）」「合计（100分）」) is not an item
  if (TOTAL_ROW.test(name) || /总分|满分|合计|总计/.test(name)) return null;
  return { name, points: Number(m[2]) };
}

/** A sub-item that opens with its name and points: 「1.安全管理（4分）」「人力资源储备（1分）…」「技术需求响应（12分）：…」. */
export function leadingNamedPoints(text: string): { name: string; points: number; rest: string } | null {
  const t = text.normalize('NFKC').trim();
  const m = new RegExp(
    String.raw`^(?:\d{1,2}\s*[.、．)]\s*|[(（]\d{1,2}[)）]\s*|[①-⑳]\s*)?([^，。；;,:：()（）\d]{2,24}?)\s*[(（]\s*(?:权重)?(?:${NUM}\s*${UNIT}?\s*[-~—～至－]\s*)?(${NUM})\s*${UNIT}\s*[)）]\s*[:：]?`,
  ).exec(t);
  if (!m) return null;
  return { name: m[1]!.replace(/\s+/g, ''), points: Number(m[2]), rest: t.slice(m[0].length).trim() };
}

/**
 * A short descriptive name of a sub-row from its criteria: 「根据投标单位针对本项目的应急服务方案进行评审：…」→
 * 「针对本项目的应急服务方案」, 「岗位明细报价合理性：对…」→ 「岗位明细报价合理性」.
 */
export function describe(criteria: string): string {
  let t = criteria.normalize('NFKC').replace(/\s+/g, '').replace(/^(?:\d{1,2}[.、．)]|[(（]\d{1,2}[)）])/, '');
  // a row scoring management-system certificates (the common 「三体系认证」) is named by the systems it lists:
  // 「具有有效质量管理体系认证证书的…；…职业健康安全管理体系…」→ 「质量管理体系/职业健康安全管理体系认证」
  if (/管理体系/.test(t.split(/[。；;]/)[0] ?? '') && /认证|证书/.test(t)) {
    const systems = [...new Set([...t.matchAll(/([\u4e00-\u9fa5]{2,14}?管理体系)(?:认证|证书|\(|（|、|和|及|或|；|;|，|,)/g)].map((m) => m[1]!.replace(/^.*?(?:具有|具备|通过|取得|获得|提供)/, '').replace(/^(?:有效|的|、|和|及)+/, '')))];
    if (systems.length) return `${systems.join('/')}认证`;
  }
  const colon = /^([^，。；;,:：]{2,30})[:：](.*)$/s.exec(t);
  // a name of its own before a colon; a bare 「业绩：」 is named by the sentence after it when that repeats it
  if (colon && colon[1]!.length <= 2) {
    const rest = describe(colon[2]!);
    return rest.includes(colon[1]!) ? rest : colon[1]!;
  }
  const whole = t;
  t = colon ? colon[1]! : (t.split(/[，。；;,:：]/)[0] ?? t);
  t = gradeless(t, whole);
  t = t
    .replace(/[(（][^)）]*[\u4e00-\u9fa5][^)）]*[)）]/g, '')
    .replace(/^(?:根据|依据|按照|针对|对|就)(?:相关)?(?:投标(?:单位|人|供应商)|供应商)?(?:所)?(?:提供|提交|编制|拟定|为本次项目配置|针对本项目)?的?/, '')
    .replace(/(?:等)?(?:进行|予以)?(?:综合)?(?:评审|评分|评价|打分|比较)(?:得分)?$/, '')
    // 「投标人拟派本项目的项目负责人具有中级…证书得3分」: the subject and the points are not the name
    .replace(/得\d+(?:\.\d+)?分.*$/, '')
    .replace(/^(?:投标人|供应商|投标单位|响应人)(?:须|应|需)?(?:拟派|拟投入)?(?:本项目的?)?/, '')
    .replace(/的?(?:情况|内容)$/, '')
    // 「具备近五年内具有与本项目类似的业绩」→ 「类似业绩」: the period and the verbs qualify what is scored, they are not
    // its name
    .replace(/^(?:具备|具有|提供|取得|获得)?(?:近|最近)[一二三四五六七八九十两\d]+(?:个)?(?:年|月)(?:内|以来)?(?:[(（][^)）]*[)）])?/, '')
    .replace(/^(?:具备|具有|承担过?|完成过?|提供)(?=.{2,})/, '')
    .replace(/^(?:与|和)本(?:项目|采购项目|次采购)(类似|相似|同类)的?/, '$1');
  // 「驾驶员的配备」→ 「驾驶员配备」: a short noun phrase reads without its 的
  if (t.length <= 12) t = t.replace(/的/g, '');
  // an enumeration repeating its head word: 「服务质量保证措施、服务质量承诺、考核」→ 「服务质量保证措施、承诺、考核」
  const list = t.split('、');
  if (list.length >= 2) {
    const head = list[0]!;
    t = [head, ...list.slice(1).map((x) => {
      let k = 0;
      while (k < x.length - 1 && x[k] === head[k]) k++;
      return k >= 2 ? x.slice(k) : x;
    })].join('、');
  }
  return t.slice(0, 40);
}

/**
 * A criterion grading alternatives of one thing (「项目负责人具有中级通信专业技术人员证书得3分，具有高级通信专业技术人员证书
 * 得5分」): what is scored is what the alternatives share, without the grade — 「项目负责人通信专业技术人员证书」. `head` is
 * the criterion's first clause, `whole` the criterion.
 */
function gradeless(head: string, whole: string): string {
  const alts = [...whole.matchAll(/(?:具有|具备|持有|取得|获得|提供)([^，。；;,:：]{3,30}?)(?:的|者)?得\d+(?:\.\d+)?分/g)].map((m) => m[1]!);
  if (alts.length < 2) return head;
  // the longest ending all alternatives share
  let k = 0;
  while (k < Math.min(...alts.map((a) => a.length)) && alts.every((a) => a[a.length - 1 - k] === alts[0]![alts[0]!.length - 1 - k])) k++;
  // (the grade's own word goes with it: 中级/高级, 一等/二等)
  while (k > 0 && /[级等类星档]/.test(alts[0]![alts[0]!.length - k]!)) k--;
  const shared = alts[0]!.slice(alts[0]!.length - k);
  const grade = alts[0]!.slice(0, alts[0]!.length - k);
  if (shared.length < 4 || !grade || grade.length > 4 || alts.some((a) => a.length - k > 4)) return head;
  const at = head.search(new RegExp(`(?:具有|具备|持有|取得|获得|提供)${grade.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${shared.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  if (at < 0) return head;
  const m = new RegExp(`(?:具有|具备|持有|取得|获得|提供)${grade.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).exec(head.slice(at))!;
  return head.slice(0, at) + head.slice(at + m[0].length);
}

/** The category a word of the tender's own grouping names (「技术部分」「商务评分细则表」「价格部分（50分）」). */
export function groupCategory(text: string): ScoringCategory | null {
  const t = fold(text);
  if (/价格|报价/.test(t)) return 'price';
  // a part named by both (「商务技术评审」) leaves each row to its own nature
  if (/商务/.test(t) && /技术/.test(t)) return null;
  if (/技术|服务(?:部分|评分|方案部分|细则)|方案部分/.test(t)) return 'technical';
  if (/商务|资信|信誉/.test(t)) return 'commercial';
  return null;
}

/** A section-header or total row's text: 「一、价格部分（50分）」「商务部分（9 分）」「合计」「总分100分」. */
export function sectionHeader(text: string): { category: ScoringCategory | null; points: number | null } | null {
  const t = fold(text).replace(/^(?:[一二三四五六七八九十]+[、.．]|\d{1,2}[.、．])/, '');
  const m = new RegExp(String.raw`^((?:价格|报价|商务|技术|服务|资信|信誉|综合)[^，。；]{0,8}?(?:部分|评分|评审|标|项))[(（]?(?:满分|共|计)?(${NUM})?分?[)）]?[:：]?$`).exec(t);
  if (!m) return null;
  return { category: groupCategory(m[1]!), points: m[2] ? Number(m[2]) : null };
}

/** A row that sums or summarises the points (合计, 总分, 分值构成 …): never a scored row of its own. */
export const TOTAL_ROW = /^(?:合计|总计|总分|小计|合\s*计|总\s*计|满分|分值构成|分值组成|分数构成|评分构成|分值分布|分值分配|权重构成)/;

/** The parts a summary states with their points (「商务部分10.0分 技术部分60.0分 报价得分30.0分」) added up; null unless two or more. */
export function summedParts(text: string): number | null {
  const parts = [...fold(text).matchAll(new RegExp(String.raw`[\u4e00-\u9fa5]{2,}[(（:：为]?(${NUM})分`, 'g'))].map((m) => Number(m[1]));
  return parts.length >= 2 ? Math.round(parts.reduce((a, b) => a + b, 0) * 100) / 100 : null;
}

/**
 * A cell that opens with an item and its points and goes on with notes (「技术响应情况 (36.0分)，（等次分值选择：0;3;6）」
 * 「安全、文明施工，环保措施 (7.0分)」): the item and points; null when the cell does not open that way.
 */
export function openingItemPoints(text: string): { name: string; points: number; rest: string } | null {
  // full-width digits and signs folded; the name keeps its own punctuation (「安全、文明施工，环保措施」)
  const t = text.replace(/\s+/g, '').replace(/[０-９．％]/g, (c) => c.normalize('NFKC'));
  const m = new RegExp(String.raw`^(?:\d{1,2}[.、．)]|[(（]\d{1,2}[)）])?([^。；;()（）]{2,30}?)[(（](?:满分|最高|共|计|权重)?(?:${NUM}${UNIT}?[-~—～至－])?(${NUM})${UNIT}[)）]`).exec(t);
  if (!m || !/[\u4e00-\u9fa5]{2}/.test(m[1]!)) return null;
  return { name: m[1]!.replace(/[，,:：]+$/, ''), points: Number(m[2]), rest: t.slice(m[0].length).replace(/^[，,;；:：]+/, '') };
}

/** The total a text states: 「评审要求（100分）」「满分100分」「总分100分」「评分细则（满分100分）」. */
export function statedTotal(text: string): number | null {
  const t = fold(text);
  const m = /(?:满分|总分|满分值|总分值|合计|共计|百分制)(?:为|是)?[(（]?(\d{2,3}(?:\.\d+)?)分/.exec(t) ?? /[(（](\d{2,3})分[)）]/.exec(t);
  return m ? Number(m[1]) : null;
}
