import { FACT_KIND_LABELS, type FactEntry, type FactKind } from '@btz/shared';
import { parseCnNumber } from '../text/numerals.js';

/**
 * The global fact sheet (issue 6 item 2) read back from the written sections: durations (工期、交货期), warranty
 * (质保期), response times, staffing and service hours, each with where it is stated. Values are normalised so that
 * 「3个月」 and 「90天」 compare equal; a kind with more than one value (per qualifier) is a contradiction.
 */

const NUM = '(\\d+(?:\\.\\d+)?|[零〇一二两三四五六七八九十百]+)';
// within one line: a label in one cell or line and a date in the next (「质保期」 / 「2024年」) are no fact
const GAP = '[为是：:共计约总不超过多于长于控制在以内至少低于少于]{0,6}[ \\t\\u3000]*';
/** when a period starts, between its name and its figure: 「交货期：合同签定后 90 天」「工期自合同签订之日起30日历天」 */
const START = `(?:(?:自|从|在)?(?:合同签[订定署]|签[订定署]合同|中标通知书发出|收到中标通知书|开工令下达|接到(?:采购人)?通知)(?:之日)?(?:后|起|以后)?[ \\t\\u3000]*)?`;

/** One stated fact: its kind, qualifier (远程/现场… for response times), normalised value and display text. */
export interface RawFact {
  kind: FactKind;
  qualifier: string;
  /** Comparable value (days, minutes, persons, or the service-hours form). */
  value: string;
  /** Human form, e.g. 「90天」, 「2小时」. */
  display: string;
  /** The matched text, verbatim. */
  excerpt: string;
  index: number;
}

function days(n: number, unit: string): number {
  if (unit.includes('年')) return n * 365;
  if (unit.includes('月')) return n * 30;
  if (unit.includes('周')) return n * 7;
  return n;
}

interface Pattern {
  kind: FactKind;
  re: RegExp;
  read: (m: RegExpExecArray) => { value: string; display: string; qualifier?: string } | null;
}

const PART_BEFORE = /阶段|批次|第[一二三四五六七八九十\d]+批|子项|分项|单项|模块|子系统|安装|调试|试运行|培训|验收|设计|部署/;

/** Up to 8 characters before `index`, within the same clause (cut at the last punctuation). */
function clauseBefore(text: string, index: number): string {
  const before = text.slice(Math.max(0, index - 8), index);
  return before.split(/[，,。；;：:、\n]/).pop() ?? '';
}

/**
 * A tier's condition in the sentence before a figure: a count or amount compared (「大于100件/套，小于等于500件/套的，交货期
 * 20日历日」「合同金额50万元以上的，质保期2年」) — one row of a schedule by condition, not the bid's one commitment.
 */
const TIER_BEFORE = /(?:小于|大于|不超过|超过|不足|低于|高于|少于|多于|≤|≥|＜|＞|<|>)等?于?\s*\d|\d+(?:\.\d+)?\s*[^\d\s，,。；;：:]{0,4}(?:以上|以下|以内)(?:的|时)?[，,]/;

/** Up to 40 characters before `index`, within the same sentence (cut at the last full stop or line). */
function sentenceBefore(text: string, index: number): string {
  return text.slice(Math.max(0, index - 40), index).split(/[。；;\n]/).pop() ?? '';
}

const DURATION_UNIT = '(个日历天|日历天|天|日|个工作日|工作日|个月|月|年|周)';

const dur = (m: RegExpExecArray) => {
  const n = parseCnNumber(m[1]!);
  if (!Number.isFinite(n)) return null;
  const unit = m[2]!;
  // 工作日 are not calendar days: keep them apart rather than guess a conversion
  const value = unit.includes('工作日') ? `${n}工作日` : `${days(n, unit)}天`;
  return { value, display: `${m[1]}${unit}` };
};

const PATTERNS: Pattern[] = [
  {
    kind: 'duration',
    re: new RegExp(`(?:总工期|施工工期|建设工期|工期|实施周期|实施工期|项目周期|建设周期)${GAP}${START}${NUM}\\s*${DURATION_UNIT}`, 'g'),
    read: dur,
  },
  {
    kind: 'delivery',
    re: new RegExp(`(?:交货期|交付期|供货期|交货时间|供货周期)${GAP}${START}${NUM}\\s*${DURATION_UNIT}`, 'g'),
    read: dur,
  },
  {
    kind: 'warranty',
    re: new RegExp(`(?:免费质保期|免费保修期|质量保证期|质保期|保修期|质保)${GAP}${NUM}[ \\t\\u3000]*(个月|月|年)`, 'g'),
    read: (m) => {
      const n = parseCnNumber(m[1]!);
      // a calendar year (「质保期自2023年起」) is when, not how long
      if (!Number.isFinite(n) || (m[2] === '年' && n >= 1900)) return null;
      const months = m[2]!.includes('年') ? n * 12 : n;
      return { value: `${months}个月`, display: `${m[1]}${m[2]}` };
    },
  },
  {
    kind: 'response',
    re: new RegExp(`(远程|现场|电话|到场)?(?:响应时间|响应)${GAP}${NUM}\\s*(小时|分钟)`, 'g'),
    read: (m) => {
      const n = parseCnNumber(m[2]!);
      if (!Number.isFinite(n)) return null;
      const minutes = m[3] === '小时' ? n * 60 : n;
      return { value: `${minutes}分钟`, display: `${m[2]}${m[3]}`, qualifier: m[1] ?? '' };
    },
  },
  {
    kind: 'response',
    re: new RegExp(`${NUM}\\s*(小时|分钟)(?:以内|之内|内)(远程|现场|电话)?(响应|到达现场|到场)`, 'g'),
    read: (m) => {
      const n = parseCnNumber(m[1]!);
      if (!Number.isFinite(n)) return null;
      const minutes = m[2] === '小时' ? n * 60 : n;
      const qualifier = m[3] ?? (m[4] === '响应' ? '' : '现场');
      return { value: `${minutes}分钟`, display: `${m[1]}${m[2]}`, qualifier };
    },
  },
  {
    kind: 'staffing',
    re: new RegExp(`项目(?:组|团队|实施团队|小组|服务团队)(?:成员|人员)?(?:共计|合计|共|由)?\\s*${NUM}\\s*(?:人|名)`, 'g'),
    read: (m) => {
      const n = parseCnNumber(m[1]!);
      return Number.isFinite(n) ? { value: `${n}人`, display: `${m[1]}人` } : null;
    },
  },
  {
    kind: 'service-hours',
    re: /(7\s*[×xX*]\s*24|5\s*[×xX*]\s*8|24\s*小时\s*[×xX*]\s*7\s*天?)\s*(?:小时)?/g,
    read: (m) => {
      const d = m[1]!.replace(/\s+/g, '');
      const value = d.startsWith('5') ? '5×8' : '7×24';
      return { value, display: value };
    },
  },
];

/**
 * The facts stated in one text, in order of position (overlapping matches of the same kind keep the first). `ownOnly`:
 * the bid's own commitments — a tier of a schedule by quantity or amount left out (the tender's schedule restated is one
 * value per condition, not a commitment to compare); the tender's values keep every tier.
 */
export function extractFacts(text: string, opts: { ownOnly?: boolean } = {}): RawFact[] {
  const out: RawFact[] = [];
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = p.re.exec(text))) {
      const r = p.read(m);
      if (!r) continue;
      // a phase's or a single item's period (第一阶段工期30天, 子项工期…) is not the project's: left out, not compared
      if ((p.kind === 'duration' || p.kind === 'delivery') && PART_BEFORE.test(clauseBefore(text, m.index))) continue;
      // a tier of a schedule by quantity or amount is one of several by condition: not compared
      if (opts.ownOnly && TIER_BEFORE.test(sentenceBefore(text, m.index))) continue;
      if (out.some((f) => f.kind === p.kind && m!.index < f.index + f.excerpt.length && f.index < m!.index + m![0].length)) continue;
      out.push({ kind: p.kind, qualifier: r.qualifier ?? '', value: r.value, display: r.display, excerpt: m[0].trim(), index: m.index });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

export interface LocatedFact extends RawFact {
  nodeId: string;
}

/** The fact sheet of the whole bid, in outline order. */
export function buildFactSheet(facts: LocatedFact[]): FactEntry[] {
  const byKind = new Map<FactKind, FactEntry>();
  for (const f of facts) {
    let e = byKind.get(f.kind);
    if (!e) {
      e = { kind: f.kind, label: FACT_KIND_LABELS[f.kind], values: [], occurrences: [] };
      byKind.set(f.kind, e);
    }
    const value = f.qualifier ? `${f.qualifier}:${f.value}` : f.value;
    if (!e.values.includes(value)) e.values.push(value);
    e.occurrences.push({ nodeId: f.nodeId, excerpt: f.excerpt, value });
  }
  return [...byKind.values()];
}
