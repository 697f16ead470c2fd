import type { RequirementItem, ScoringItem } from '@btz/shared';
import type { Block } from '../doc.js';
import { BUDGET_LINE, pointsFor } from '../points.js';
import { ph, type Ctx, type Part } from './context.js';
import { personTables } from './people.js';
import { isServiceDomain } from '../domain.js';

/**
 * The point-to-point parts of a written section (issue 13 item 2): each sub-point of the scoring rows it answers, restated
 * and answered; then each requirement item of the tender that belongs to it (points.ts), restated with the tender's own
 * figures and page and answered. The answer is the tender's requirement turned into the bidder's commitment, or a
 * placeholder naming what the bidder must state — never a stock measure of the domain (issue 24: 「由项目负责人牵头落实，
 * 明确责任人…」 under every point is filler an evaluator skips).
 */

// (服务方 the party, never the 服务方 of 服务方案 / 服务方式 / 服务方面; 投标人须知 is a chapter's name, not the bidder)
const SUBJECT = /(?:投标人(?!须知)|供应商(?!须知)|中标人|中标供应商|成交供应商|乙方|物业管理方|物业公司|服务商|外包服务商|外包服务供应商|承包人|承包方|服务方(?![案式面法向针便]))/g;

/** A requirement turned into the bidder's commitment, the tender's words and figures kept (its numbering off — all of
 * it: 「2.2.4日常维修」 never leaves 「4日常维修」, a figure the tender does not state). */
export function commitOf(text: string): string {
  const t = text
    .replace(/^\s*(?:[（(]\s*[\d一二三四五六七八九十]{1,2}\s*[)）]|\d{1,2}(?:\.\d{1,2})*\s*[.．、)）](?!\d)|\d{1,2}(?:\.\d{1,2}){2,}(?=\s*[\u4e00-\u9fa5])|\d{1,2}\.\d{1,2}(?=\s*[\u4e00-\u9fa5])(?!\s*(?:米|吨|元|人|天|日|年|个|小时|分|台|套|次|名|期|条|千|万|公|平|立|厘|毫|寸|克|升|度|倍|级|层|周|月|秒|兆|亿|件|份|只|张|项|家|辆|株|棵|块|根|倍))|[①-⑳]|[a-hA-H]\s*[.．、)）]|[一二三四五六七八九十]{1,2}\s*、)\s*/, '')
    .replace(/[★▲]/g, '')
    .replace(SUBJECT, '我方')
    .replace(/[；;]/g, '，')
    .replace(/[。.…，,\s]+$/, '')
    .trim();
  return t;
}

/** The first sentence of a commitment (the rest of the requirement is quoted beside it, not copied twice). */
function firstSentence(s: string): string {
  const m = /^[^。！？]*[。！？]/.exec(s);
  return m && m[0].length < s.length ? `${m[0].slice(0, -1)}等各项要求` : s;
}

/** A requirement says what must be done; an item without such words describes the site (建筑面积、设备清单). */
export const REQUIRES = /须|应|要求|不少于|不低于|不超过|不大于|不得|负责|提供|确保|保证|≥|≤|具备|配备|满足|承诺|必须|需要|严禁|禁止/;
/**
 * An item that explains how the tender is read or judged — a note (注：、说明：), an example (例：), the lead-in of a list
 * (「…响应方式举例说明如下：」) — is acknowledged, not committed to: 「我方承诺涉及相关既定值的，例：…均视为负偏离」 reads as
 * nonsense to an evaluator.
 */
const EXPLAINS = /^[\s★▲]*(?:注|说明|备注|释义|指引|提示)\s*\d*\s*[：:]|例[：:]|举例|如下[：:]?\s*$/;
/**
 * A service target: a quantity the work must reach — a count with its frequency or floor (「咨询至少30次」「每日不少于2次」
 * 「每季度至少开展1次」), a time limit (「30分钟内到达现场」). The figure is the tender's, copied as printed.
 */
const TARGET =
  /(?:至少|不少于|不低于|不得少于|不得低于|不小于|≥)\s*\d+(?:\.\d+)?\s*(?:次|个|场|人次|户|篇|期|份|节|课时|学时|小时|分钟|天|日|个?工作日|%|％)|每(?:天|日|周|月|季度?|年|学期|学年|半年)[^，。；;]{0,12}?\d+(?:\.\d+)?\s*(?:次|场|人次|户|篇|期|份|节|课时|学时)|\d+\s*(?:分钟|小时)(?:之内|以内|内)(?:到达|到场|赶到|响应|回复|处理|完成)/;
export const isTarget = (text: string): boolean => TARGET.test(text);

/**
 * The targets of a requirement item, each the clause that states it (numbering off, the bidder as 我方): an item of
 * several clauses (a table row of 维保要求) gives the clauses with a target only.
 */
export function targetsOf(text: string): string[] {
  return text
    .split(/[。；;\n]|\s+(?=[（(]?\d{1,2}[)）、.．])|◆|•/)
    .map((x) => commitOf(x.replace(/^[^：:]{1,10}[：:](?=.*\d)/, (m) => (/要求|标准|内容/.test(m) ? '' : m))))
    .filter((x) => x.length >= 4 && x.length <= 80 && TARGET.test(x) && !BUDGET_LINE.test(x));
}

/**
 * Whether the bidder commits to an item (it says what must be done and is no explanation, and is no line of the buyer's
 * budget: 「我方承诺…预算为228.2万元」 promises the buyer's money). A service target stated as a bare quantity
 * (「咨询至少30次」「新个案至少4个」) says what must be done.
 */
export const commits = (text: string): boolean => (REQUIRES.test(text) || isTarget(text)) && !EXPLAINS.test(text.trim()) && !BUDGET_LINE.test(text);

/**
 * A clause granting the buyer a right (「采购单位可对…进行考察和监督，有权要求…」): the bidder accepts it, it does not promise
 * it — 「我方承诺采购单位可对我方…」 reads as nonsense to an evaluator.
 */
const BUYER_RIGHT = /^(?:采购人|采购单位|采购方|招标人|甲方|业主|用户单位|使用单位)[^，。；;]{0,24}?(?:可以?|有权|保留)/;

/** The answer of a requirement row: the commitment in the tender's words, the buyer's right accepted, or noted. */
export function answerOf(text: string): string {
  if (!commits(text)) return '我方知悉。';
  const t = commitOf(text);
  if (BUYER_RIGHT.test(t)) return '我方知悉并接受。';
  // (「我方承诺我方应确保…」「我方承诺我方不得…」: the promise says 我方 once; 「我方的人员…」 keeps it)
  return `完全响应：我方承诺${commitment(text).replace(/^我方(?:应当|必须|需要|需|应|须)?(?![的与和及])/, '')}。`;
}

/** A table row (「评价项目：巡检完成率；评价标准：…」) is committed to by its first cell; a sentence by its first sentence. */
export function commitment(text: string): string {
  const fields = text.split(/[；;]/).map((f) => /^([^：:]{1,12})[：:](.+)$/.exec(f.trim())).filter((m): m is RegExpExecArray => !!m);
  if (fields.length >= 2) return `满足“${fields[0]![2]!.trim().replace(/[。，,]+$/, '')}”一项的全部要求`;
  return firstSentence(commitOf(text));
}

/** Bigrams of a term's characters (to find the requirement item that speaks of it). */
function pairs(s: string): string[] {
  const t = s.replace(/[^\p{Script=Han}A-Za-z0-9]/gu, '');
  const out: string[] = [];
  for (let i = 0; i + 1 < t.length; i++) out.push(t.slice(i, i + 2));
  return out;
}

/**
 * The requirement item of the tender that speaks of a key point: the section's own items first, then the whole tender's;
 * an item naming the point verbatim, else one holding most of its character pairs (for points of 3+ characters).
 */
export function requirementOf(c: Ctx, term: string): RequirementItem | null {
  // the tender's names out first: 「银行」 in the purchaser's name does not make an item about banks
  const names = [c.card.projectName?.value, c.card.purchaser?.value, c.card.agency?.value].filter((v): v is string => typeof v === 'string' && v.length >= 2);
  const own = (r: RequirementItem) => ({ ...r, text: names.reduce((t, n) => t.split(n).join(' '), r.text) });
  const hits = (pool: RequirementItem[]) => pool.map((r) => [r, own(r).text] as const);
  const pools = [hits(c.reqs), hits(c.card.requirements ?? [])];
  for (const pool of pools) {
    const hit = pool.find(([, t]) => t.includes(term));
    if (hit) return hit[0];
  }
  const bg = pairs(term);
  if (bg.length < 3) return null;
  for (const pool of pools) {
    const hit = pool.find(([, t]) => bg.filter((b) => t.includes(b)).length / bg.length >= 0.75);
    if (hit) return hit[0];
  }
  return null;
}

/**
 * A requirement named briefly for a key point: its first clause, cut short of the whole item (the item itself is restated
 * in full once, in the requirement table of the section it belongs to).
 */
const quote = (c: Ctx, text: string) => {
  // the tender's names shortened (a name cut at the clip would read as another project's)
  let t = text;
  if (c.card.projectName?.value) t = t.split(c.card.projectName.value).join('本项目');
  if (c.card.purchaser?.value) t = t.split(c.card.purchaser.value).join('采购人');
  const s = t.replace(/^\s*(?:[（(]\s*[\d一二三四五六七八九十]{1,2}\s*[)）]|\d{1,2}(?:\.\d{1,2})*\s*[.．、)）](?!\d)|\d{1,2}(?:\.\d{1,2}){2,}(?=\s*[\u4e00-\u9fa5])|\d{1,2}\.\d{1,2}(?=\s*[\u4e00-\u9fa5])(?!\s*(?:米|吨|元|人|天|日|年|个|小时|分|台|套|次|名|期|条|千|万|公|平|立|厘|毫|寸|克|升|度|倍|级|层|周|月|秒|兆|亿|件|份|只|张|项|家|辆|株|棵|块|根|倍))|[①-⑳])\s*/, '').replace(/[★▲]/g, '').split(/[，,。；;]/)[0]!.trim();
  const max = Math.min(24, Math.max(6, Math.floor(text.replace(/\s+/g, '').length * 0.6)));
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

/** A key point that is a document to provide (复印件, 证明, 证书, 财务报告, 业绩…): answered by providing it, not by a work measure. */
const EVIDENCE = /诚信|处罚|违法|复印件|扫描件|证明|证书|报告|简介|截图|合同|发票|执照|认证|荣誉|业绩|资质|财务|信用|奖项|获奖|社保|资信|规模|签约主体|项目名称|金额/;


/**
 * The scoring rows' key points (tender/key-points.ts — the points the coverage check looks for), each named and answered:
 * with the tender's requirement item that speaks of it (its page and words), else with a placeholder for the bidder's own
 * arrangement (or, for a document to provide, where it is in the bid).
 */
// the row itself is named by the section's opening: the cell gives the page of the scoring table
const where = (s: ScoringItem) => `评分表第 ${s.source.page} 页`;

function pointsPart(c: Ctx): Part[] {
  const rows = c.scoring.filter((s) => s.category !== 'price');
  // one table an evaluator checks the row by: the point, where the tender states it, our answer — its blanks named by the
  // row and column they sit in (issue 24: a sentence
  // 「针对评审要点“X”：…」 per point is the same connective text in every bid; the table carries the point's own words)
  const table: string[][] = [];
  const named = new Set<string>();
  for (const s of rows) {
    pointsFor(c.node, s, c.outline, c.siblingOrder).forEach((p) => {
      if (named.has(p)) return;
      named.add(p);
      // evidence to provide: where it is in the bid (the scoring table's page beside it)
      if (EVIDENCE.test(p)) {
        table.push([p, where(s), `见${ph('页码')}`]);
        return;
      }
      const r = requirementOf(c, p);
      // points the same requirement item answers share its row (the item quoted once)
      const same = r ? table.find((x) => x[3] === r.id) : undefined;
      if (same) {
        same[0] = `${same[0]}；${p}`;
        return;
      }
      const own = r ? tableItems(c).indexOf(r) : -1;
      table.push(
        r
          ? [p, `第 ${r.source.page} 页：${quote(c, r.text)}${own >= 0 ? `（见下表第 ${own + 1} 条）` : ''}`, ph('落实做法'), r.id]
          : [p, where(s), ph('我方做法')],
      );
    });
  }
  if (!table.length) return [];
  return [['评审要点逐项响应', [{ t: 'table', head: POINTS_HEAD, rows: table.map((x) => x.slice(0, 3)) } as Block]]];
}

/** A date the reader took from table cells (「2026年；12月；16日」) joined again: a date, not three figures. */
const oneDate = (t: string) => t.replace(/(\d{4}\s*年)[；;\s]+(\d{1,2}\s*月)[；;\s]+(\d{1,2}\s*日)/g, '$1$2$3');

/**
 * The service targets of the section's requirement items (a service tender's 「咨询至少30次」「新个案至少4个」), committed
 * in the plan with the tender's own figure and page — not only acknowledged in the table. An item that is its target
 * whole is answered here and leaves the table; an item holding more (a table row of several requirements) stays in it.
 */
function targetItems(c: Ctx): { lines: string[][]; whole: Set<RequirementItem> } {
  const lines: string[][] = [];
  const whole = new Set<RequirementItem>();
  if (!isServiceDomain(c.domain)) return { lines, whole };
  for (const r of c.reqs) {
    if (BUDGET_LINE.test(r.text) || EXPLAINS.test(r.text.trim())) continue;
    const ts = targetsOf(r.text);
    if (!ts.length) continue;
    // (「我方承诺：我方需为…」 says 我方 twice: the clause's own subject goes)
    for (const t of ts) lines.push([String(lines.length + 1), `我方承诺：${t.replace(/^我方(?:应当|必须|需要|需|须|应)?(?=.{4})/, '')}`, `招标文件第 ${r.source.page} 页`]);
    if (ts.length === 1 && ts[0]!.replace(/\s+/g, '').length >= commitOf(r.text).replace(/\s+/g, '').length - 2) whole.add(r);
  }
  return { lines, whole };
}

/** The section's requirement items its table restates (those not committed whole as service targets). */
const tableItems = (c: Ctx): RequirementItem[] => {
  const whole = targetItems(c).whole;
  return c.reqs.filter((r) => !whole.has(r));
};

/** The tender's requirement items of this section, restated and answered one by one. */
function requirementsPart(c: Ctx): Part[] {
  if (!c.reqs.length) return [];
  const targets = targetItems(c);
  // (a table: each target in the tender's words with its page — a fixed sentence around a short target 「小组至少4个」
  // would be more the template's words than the tender's)
  const committed: Part[] = targets.lines.length ? [['服务指标承诺', [{ t: 'table', head: ['序号', '服务指标', '招标文件出处'], rows: targets.lines }]]] : [];
  const reqs = tableItems(c);
  if (!reqs.length) return committed;
  const rows = reqs.map((r: RequirementItem, i) => [
    String(i + 1),
    `第 ${r.source.page} 页：${oneDate(r.text.replace(/\s+/g, ' '))}`,
    answerOf(r.text),
  ]);
  const blocks: Block[] = [
    { t: 'table', head: ['序号', '招标要求', '我方响应与落实'], rows },
  ];
  return [...committed, ['招标需求逐条响应', blocks]];
}

/** The table's header row as the section's text carries it (cells joined by tabs). */
export const POINTS_HEAD = ['评审要点', '招标文件出处', '我方响应'];

/** The key points a written section answers: the first cells of its 评审要点 table (points sharing a row joined by ；). */
export function answeredPoints(text: string): string[] {
  const out: string[] = [];
  let inTable = false;
  for (const line of text.split('\n')) {
    if (line === POINTS_HEAD.join('\t')) inTable = true;
    else if (!line.includes('\t')) inTable = false;
    else if (inTable) out.push(...line.split('\t')[0]!.split('；'));
  }
  return out;
}

export function pointParts(c: Ctx): Part[] {
  if (c.node.mode !== 'ai') return [];
  return [...pointsPart(c), ...personTables(c), ...requirementsPart(c)];
}
