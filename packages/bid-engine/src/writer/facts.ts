import type { TenderCard } from '@btz/shared';

import { ph } from './offline/context.js';
import { parseCnSmall } from '../text/numerals.js';

/**
 * The global fact sheet (issue 6 item 2): the figures every section quotes — durations, staffing, response times,
 * warranty… — fixed once before writing so that sections never contradict each other. A value the tender states is taken
 * from it (with the words it was found in); otherwise the value is a 【待填写：…】 placeholder marked `assumed: true` and
 * has no `num` — the writer never makes a figure up (issue 13 item 1).
 */
export interface Fact {
  key: FactKey;
  label: string;
  /** As every section writes it, e.g. "90 日历天", "36 个月"; a 【待填写：…】 placeholder when the tender gives none. */
  value: string;
  /** The number behind `value` (days, months, hours, persons), when there is one. */
  num?: number;
  assumed: boolean;
  /** The tender's words the value was taken from. */
  source?: string;
}

export type FactKey =
  | 'duration'
  | 'warranty'
  | 'response'
  | 'onsite'
  | 'resolve'
  | 'teamSize'
  | 'serviceHours'
  | 'managerTitle'
  | 'trainingSessions'
  | 'trialRun';

export interface Milestone {
  name: string;
  /** Day offsets from contract signing, inclusive (0 when the tender gives no duration to divide). */
  from: number;
  to: number;
  deliverable: string;
}

export interface FactSheet {
  facts: Record<FactKey, Fact>;
  /** The delivery schedule derived from `duration`; the schedule, implementation and quality sections all use it. */
  milestones: Milestone[];
  /** The project's name as the card gives it (or a placeholder). */
  projectName: string;
}

const NUM = '(\\d+|[一二两三四五六七八九十]{1,3})';
/** A period's count: at most three digits, not the tail of a longer number or a date (「2023年」 is a year, not 2023 years). */
const PNUM = '(?<![\\d.年月〇零])(\\d{1,3}|[一二两三四五六七八九十]{1,3})(?![\\d.])';

/**
 * Every text of the card a requirement may sit in, in priority order (terms, ★, ▲, qualifications, composition notes).
 * Never the scoring criteria (issue 24): a figure there is what a grade rewards (「自2023年起…维保」「每增加1人得1分」),
 * not what the tender requires — the bid would promise it as a term.
 */
function texts(card: TenderCard): string[] {
  return [
    ...modelTerms(card).map((t) => t.text),
    ...card.starClauses.map((c) => c.text),
    ...card.importantClauses.map((c) => c.text),
    ...card.qualifications.map((c) => c.text),
    ...card.composition.map((c) => c.note ?? ''),
  ].filter(Boolean);
}

/**
 * The terms the model path found. The terms the rules read (tender/rules/terms.ts: the labelled commercial terms) are the
 * commercial deviation table's rows, not the fact sheet's sources: a contract's 「质保期：5年（…）」 quoted as the source
 * of every section's commitment is the same sentence six times (and may be a scoring criterion's words too).
 */
function modelTerms(card: TenderCard) {
  return (card.terms ?? []).filter((t) => t.origin !== 'rule');
}

function find(list: string[], re: RegExp, tail: string[] = []): { m: RegExpExecArray; text: string } | null {
  for (const text of [...list, ...tail]) {
    const m = re.exec(text);
    if (m) return { m, text };
  }
  return null;
}

export function buildFactSheet(card: TenderCard, opts: { bidType: 1 | 2 }): FactSheet {
  void opts;
  const all = [...texts(card), ...(card.requirements ?? []).map((r) => r.text)];
  const fact = (key: FactKey, label: string, value: string, n: number | undefined, assumed: boolean, source?: string): Fact => ({
    key,
    label,
    value,
    ...(n !== undefined ? { num: n } : {}),
    assumed,
    ...(source ? { source } : {}),
  });

  // 工期 / 交货期: "合同签订后90日内", "交货期：30天", "工期 6 个月".
  let duration: Fact;
  // a period, not a date: 「2026年6月10日」 holds no duration (no figure right after 年/月, none of 4 digits)
  const DNUM = '(?<![年月\\d.一二两三四五六七八九十])(\\d{1,3}|[一二两三四五六七八九十]{1,3})(?![\\d.])';
  const strict = new RegExp(`(?:工期|交货期|交付期|服务期限|服务期|合同期限)[为是：:\\s]{0,3}${DNUM}\\s*(个?日历天|个工作日|工作日|日|天|个月|月|年)(?![\\d一二三四五六七八九十])`);
  // a cap on an extension (「可确定合同期限是否延长，但最长不得超过三十六个月」) is not the period
  // nor is a penalty's rate (「每延误工期1天…承担合同金额的1%作为违约金」: 1 day is what each penalty counts, not the 工期)
  const loose = new RegExp(`(?:交付|交货|工期|完成|服务期|实施周期|部署|上线)(?:(?!延误|逾期|违约)[^。；])*?(?<!最长不得超过|最长不超过|最多不超过|最长|最多|延长至?|每[\\u4e00-\\u9fa5]{0,6})${DNUM}\\s*(个?日历天|个工作日|工作日|日|天|个月|月)(?![\\d一二三四五六七八九十])`);
  const d =
    find([...modelTerms(card).filter((t) => t.key === 'delivery').map((t) => t.text), ...texts(card)], loose) ??
    find((card.requirements ?? []).map((r) => r.text), strict);
  if (d) {
    const n = parseCnSmall(d.m[1]!)!;
    const unit = d.m[2]!;
    const days = unit === '年' ? n * 365 : /月/.test(unit) ? n * 30 : n;
    const value = unit === '年' ? `${n} 年` : /月/.test(unit) ? `${n} 个月` : /工作日/.test(unit) ? `${n} 个工作日` : `${n} 日历天`;
    duration = fact('duration', /服务期|合同期/.test(d.m[0]) ? '服务期' : '工期（交付期）', value, days, false, d.text);
  } else duration = fact('duration', '工期（交付期）', ph('工期（招标文件未载明）'), undefined, true);

  // 质保期: "质保期三年", "免费运维服务 3 年", "保修期 24 个月".
  let warranty: Fact;
  const w = find(
    [...modelTerms(card).filter((t) => t.key === 'warranty').map((t) => t.text), ...all],
    new RegExp(`(?:质保|保修|免费运维|免费维护|维保)[^。；]*?${PNUM}\\s*(年|个月)|${PNUM}\\s*(年|个月)[^。；]*?(?:质保|保修|免费运维|免费维护|维保)`),
  );
  if (w) {
    const n = parseCnSmall((w.m[1] ?? w.m[3])!)!;
    const months = (w.m[2] ?? w.m[4]) === '年' ? n * 12 : n;
    warranty = fact('warranty', '质保期', `${months} 个月`, months, false, w.text);
  } else warranty = fact('warranty', '质保期', ph('质保期（招标文件未载明）'), undefined, true);

  // 响应时间: "响应时间不超过2小时" (hours / minutes only: "响应时间不大于2秒" is a performance figure).
  let response: Fact;
  // 「15分钟内响应，2小时内完成部署」: the figure right before 响应 first, else the one right after 响应时间
  const r =
    find(all, new RegExp(`${NUM}\\s*(小时|分钟)(?:以内|之内|内)?(?:到场)?响应`)) ??
    find(all, new RegExp(`响应(?:时间)?[为是：:≤不超过在以内应]{0,6}\\s*${NUM}\\s*(小时|分钟)`));
  if (r) {
    const n = parseCnSmall(r.m[1]!)!;
    const hours = r.m[2] === '分钟' ? n / 60 : n;
    response = fact('response', '故障响应时间', `${n} ${r.m[2]}`, hours, false, r.text);
  } else response = fact('response', '故障响应时间', ph('响应时间'), undefined, true);

  const o = find(all, new RegExp(`(?:到场|到达现场|上门)[^。；]*?${NUM}\\s*小时|${NUM}\\s*小时[^。；]*?(?:到场|到达现场|上门)`));
  const onsite = o
    ? fact('onsite', '到场时间', `${parseCnSmall((o.m[1] ?? o.m[2])!)} 小时`, parseCnSmall((o.m[1] ?? o.m[2])!)!, false, o.text)
    : fact('onsite', '到场时间', ph('到场时间'), undefined, true);
  const fx = find(all, new RegExp(`(?:修复|排除故障|解决)[^。；]*?${NUM}\\s*小时`));
  const resolve = fx
    ? fact('resolve', '故障修复时间', `${parseCnSmall(fx.m[1]!)} 小时`, parseCnSmall(fx.m[1]!)!, false, fx.text)
    : fact('resolve', '故障修复时间', ph('修复时间'), undefined, true);

  const t = find(all, new RegExp(`(?:项目组|团队|驻场|技术人员|服务人员|工作人员)[^。；]*?(?:不少于|至少|≥)\\s*${NUM}\\s*(?:人|名)`));
  const teamN = t ? parseCnSmall(t.m[1]!) : null;
  const teamSize = teamN ? fact('teamSize', '项目组人数', `${teamN} 人`, teamN, false, t!.text) : fact('teamSize', '项目组人数', ph('项目组人数'), undefined, true);

  const sh = find(all, /7\s*[×x*]\s*24/);
  const serviceHours = sh ? fact('serviceHours', '服务时间', '7×24 小时', 24, false, sh.text) : fact('serviceHours', '服务时间', ph('服务时间'), undefined, true);

  const mt = find(all, /项目经理[^。；]*?(高级工程师|工程师|PMP|信息系统项目管理师|一级建造师|二级建造师)/);
  const managerTitle = mt
    ? fact('managerTitle', '项目经理职称', mt.m[1]!, undefined, false, mt.text)
    : fact('managerTitle', '项目经理职称', ph('项目经理职称'), undefined, true);

  const tr = find(all, new RegExp(`培训[^。；]*?(不少于|至少)?\\s*${NUM}\\s*(期|次|场|批)`));
  const trainingSessions = tr
    ? fact('trainingSessions', '培训场次', `${tr.m[1] ? `${tr.m[1]} ` : ''}${parseCnSmall(tr.m[2]!)} ${tr.m[3]}`, parseCnSmall(tr.m[2]!)!, false, tr.text)
    : fact('trainingSessions', '培训场次', ph('培训场次'), undefined, true);
  const tv = find(all, new RegExp(`试运行[^。；]*?${NUM}\\s*(个月|天|日)`));
  const trialRun = tv
    ? fact('trialRun', '试运行期', `${parseCnSmall(tv.m[1]!)} ${tv.m[2]}`, parseCnSmall(tv.m[1]!)!, false, tv.text)
    : fact('trialRun', '试运行期', ph('试运行期'), undefined, true);

  return {
    facts: { duration, warranty, response, onsite, resolve, teamSize, serviceHours, managerTitle, trainingSessions, trialRun },
    milestones: milestones(duration.num ?? 0),
    projectName: card.projectName?.value ?? '【待填写：项目名称】',
  };
}

/**
 * Five phases over the duration (fixed shares, whole days, last phase ends on the last day); all at day 0 when the tender
 * gives no duration. The offline writer prints the phases and their deliverables, not the shares (the bidder plans them).
 */
function milestones(days: number): Milestone[] {
  if (days <= 0) return MILESTONE_PHASES.map(([name, , deliverable]) => ({ name, from: 0, to: 0, deliverable }));
  const phases = MILESTONE_PHASES;
  const out: Milestone[] = [];
  let from = 1;
  phases.forEach(([name, share, deliverable], i) => {
    const to = i === phases.length - 1 ? days : Math.max(from, Math.round(from - 1 + days * share));
    out.push({ name, from, to, deliverable });
    from = Math.min(days, to + 1);
  });
  return out;
}

const MILESTONE_PHASES: [string, number, string][] = [
  ['项目启动与需求调研', 0.12, '项目实施计划、需求调研报告'],
  ['方案深化设计', 0.18, '深化设计方案、接口规范'],
  ['开发集成与部署', 0.4, '系统部署记录、集成测试报告'],
  ['联调测试与培训', 0.18, '测试报告、培训记录'],
  ['上线试运行与初验', 0.12, '上线报告、初验申请'],
];
