import type { CardConflict, CardEntry, FactKind, TenderCard } from '@btz/shared';
import { extractFacts } from './facts.js';
import { parseCnNumber } from '../text/numerals.js';

/**
 * Numbers in the bid that contradict the tender card (issue 13 item 1): 工期 / 交货期 longer than the tender allows, a
 * 服务期 other than the tender's, a 质保期 shorter than required, a 响应时间 slower than required, fewer staff than the
 * tender's minimum, and a total price above the 最高限价. The tender's values come from the card's own text (terms, ★/▲
 * clauses, invalid-bid clauses, requirement items), each with its page; the scoring criteria are left out (their figures grade, they do not
 * prescribe). Where the tender states several values of one kind, a bid value contradicts only when it breaks all of
 * them. A ceiling stated per unit (「12.55元/条」「元/年」「单价」) is not a total: only amounts the bid states per the
 * same unit are compared with it.
 */

type Rule = 'max' | 'min' | 'equal';
type Unit = '天' | '工作日' | '个月' | '分钟' | '人';

interface Stated {
  kind: FactKind | 'service-period';
  label: string;
  qualifier: string;
  /** what the figure is the time or count of, when its clause names a matter other than the service call itself
   * (「整改…1小时内响应」 is a rectification target, not the tender's fault response): '' for the plain fact */
  topic: string;
  num: number;
  unit: Unit;
  value: string;
  excerpt: string;
  index: number;
}

interface CardValue extends Stated {
  rule: Rule;
  cardExcerpt: string;
  page?: number;
}

const NUM = '(\\d+(?:\\.\\d+)?|[零〇一二两三四五六七八九十百]+)';
const LABELS: Record<Stated['kind'], string> = {
  duration: '工期',
  delivery: '交货期',
  warranty: '质保期',
  response: '响应时间',
  staffing: '人数',
  'service-hours': '服务时间',
  'service-period': '服务期',
};

const SERVICE_PERIOD = new RegExp(`(?:服务期限|服务期|服务周期|合同期限|合同期|服务年限)[为是：:共计约]{0,4}\\s*${NUM}\\s*(个日历天|日历天|天|日|个月|月|年)`, 'g');
const STAFF = new RegExp(
  `(?:项目组|团队|驻场|派驻|服务人员|工作人员|外包人员|作业人员|保洁人员|人员配置|人员配备|配备人员|投入人员|人员总数|总人数)[^。；，,\\n]{0,10}?(不少于|不低于|至少|≥|不得少于)?\\s*${NUM}\\s*(?:人|名)(?![次天月年])`,
  'g',
);

function normDays(n: number, unit: string): { num: number; unit: Unit } {
  if (unit.includes('工作日')) return { num: n, unit: '工作日' };
  if (unit.includes('年')) return { num: n * 365, unit: '天' };
  if (unit.includes('月')) return { num: n * 30, unit: '天' };
  if (unit.includes('周')) return { num: n * 7, unit: '天' };
  return { num: n, unit: '天' };
}

function fromValue(v: string): { num: number; unit: Unit } | null {
  const m = /^(\d+(?:\.\d+)?)(天|工作日|个月|分钟|人)$/.exec(v);
  return m ? { num: Number(m[1]), unit: m[2] as Unit } : null;
}

/** Matters a figure may be about besides the service call, the delivery or the team itself. */
const TOPIC = /整改|投诉|咨询|变更|反馈|答复|回复|上报|报告|培训|巡检|备件|到货|审核|审批|结算|付款|开票|复核/;

/** The matter the clause around a figure names (「对检查发现的问题，整改要求1小时内响应」 → 整改), '' when none. */
function topicAt(text: string, index: number, length: number): string {
  const before = text.slice(Math.max(0, index - 16), index).split(/[，,。；;\n]/).pop() ?? '';
  const after = text.slice(index + length, index + length + 10).split(/[，,。；;\n]/)[0] ?? '';
  return TOPIC.exec(before + text.slice(index, index + length) + after)?.[0] ?? '';
}

/** The facts a text states, normalised (placeholders and their content are left out). */
export function statedFacts(text: string): (Stated & { atLeast: boolean })[] {
  const clean = text.replace(/【[^】]*】/g, (s) => '\u3000'.repeat(s.length));
  const out: (Stated & { atLeast: boolean })[] = [];
  for (const f of extractFacts(clean)) {
    if (f.kind === 'service-hours' || f.kind === 'staffing') continue;
    const v = fromValue(f.value);
    if (!v) continue;
    const topic = topicAt(clean, f.index, f.excerpt.length);
    out.push({ kind: f.kind, label: LABELS[f.kind], qualifier: f.qualifier, topic, ...v, value: f.value, excerpt: text.slice(f.index, f.index + f.excerpt.length).trim() || f.excerpt, index: f.index, atLeast: false });
  }
  for (const m of clean.matchAll(SERVICE_PERIOD)) {
    const n = parseCnNumber(m[1]!);
    // a calendar year (「服务期限：2025 年」「合同期限2026年」) is when, not how long
    if (!Number.isFinite(n) || (m[2] === '年' && n >= 1900)) continue;
    const v = normDays(n, m[2]!);
    out.push({ kind: 'service-period', label: '服务期', qualifier: '', topic: topicAt(clean, m.index!, m[0].length), ...v, value: `${v.num}${v.unit}`, excerpt: m[0], index: m.index!, atLeast: false });
  }
  for (const m of clean.matchAll(STAFF)) {
    const n = parseCnNumber(m[2]!);
    if (!Number.isFinite(n) || n <= 0) continue;
    out.push({ kind: 'staffing', label: '人数', qualifier: '', topic: topicAt(clean, m.index!, m[0].length), num: n, unit: '人', value: `${n}人`, excerpt: m[0], index: m.index!, atLeast: !!m[1] });
  }
  return out;
}

const RULES: Record<Stated['kind'], Rule> = {
  duration: 'max',
  delivery: 'max',
  response: 'max',
  warranty: 'min',
  staffing: 'min',
  'service-period': 'equal',
  'service-hours': 'equal',
};

function entries(card: TenderCard): { text: string; entry: CardEntry }[] {
  return [
    ...(card.terms ?? []),
    ...card.starClauses,
    ...card.importantClauses,
    ...card.invalidClauses,
    ...(card.requirements ?? []),
  ].map((e) => ({ text: e.text, entry: e }));
}

/** The values the tender prescribes, with the tender's excerpt and page. */
export function cardValues(card: TenderCard): CardValue[] {
  const out: CardValue[] = [];
  for (const { text, entry } of entries(card))
    for (const f of statedFacts(text)) {
      // a staffing figure prescribes a minimum only when the tender says so (「不少于10人」); a post's head count is not the team's
      if (f.kind === 'staffing' && !f.atLeast) continue;
      const src = entry.source.excerpt && entry.source.excerpt.replace(/\s+/g, '').includes(f.excerpt.replace(/\s+/g, '')) ? entry.source.excerpt : f.excerpt;
      out.push({ ...f, rule: RULES[f.kind], cardExcerpt: src, page: entry.source.page });
    }
  return out;
}

function breaks(bid: Stated, c: CardValue): boolean {
  if (bid.unit !== c.unit) return false;
  if (c.rule === 'max') return bid.num > c.num;
  if (c.rule === 'min') return bid.num < c.num;
  return bid.num !== c.num;
}

const display = (num: number, unit: Unit) => `${Number.isInteger(num) ? num : num.toFixed(2)}${unit}`;

// -------------------------------------------------------------------------------------------------------------------
// Money

const PER_UNIT = /(?:元|万元)\s*[/／每]\s*([^\s，,。；;）)]{1,4})|单价|每(?:人|月|年|条|次|平方米|单)|费率|[%％]/;

/** A price the bid states: the amount in yuan and the unit it is per (null for a total). */
function statedPrices(text: string): { yuan: number; per: string | null; excerpt: string; index: number }[] {
  const clean = text.replace(/【[^】]*】/g, (s) => '\u3000'.repeat(s.length));
  const re = /(投标总价|投标报价|总报价|报价|总价|合计|总金额|单价)[^。；\n\d]{0,12}?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(万元|元)(\s*[/／每]\s*[^\s，,。；;）)]{1,4})?/g;
  const out: { yuan: number; per: string | null; excerpt: string; index: number }[] = [];
  for (const m of clean.matchAll(re)) {
    const n = Number(m[2]!.replace(/,/g, ''));
    if (!Number.isFinite(n)) continue;
    const yuan = m[3] === '万元' ? n * 10_000 : n;
    const per = m[4] ? m[4].replace(/^\s*[/／每]\s*/, '') : m[1] === '单价' ? '单价' : null;
    out.push({ yuan, per, excerpt: m[0], index: m.index! });
  }
  return out;
}

function ceilingUnit(card: TenderCard): string | null {
  const c = card.ceilingPrice!;
  const words = `${c.text} ${c.source.excerpt}`;
  const m = PER_UNIT.exec(words);
  if (!m) return null;
  return m[1] ?? '单价';
}

/**
 * The numbers of the bid's sections that contradict the card, in section order. `sections` maps outline node ids to the
 * sections' plain text; every `excerpt` is verbatim from its section.
 */
export function findCardConflicts(card: TenderCard, sections: Record<string, string>): CardConflict[] {
  const values = cardValues(card);
  // a figure the tender itself states (a post's head count, one site's period) is the tender's, not a contradiction of it
  const own = new Set(entries(card).flatMap(({ text }) => statedFacts(text).map((f) => `${f.kind}|${f.qualifier}|${f.value}`)));
  const out: CardConflict[] = [];
  const seen = new Set<string>();
  const push = (x: CardConflict) => {
    const key = `${x.nodeId}|${x.kind}|${x.excerpt}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(x);
  };
  for (const [nodeId, text] of Object.entries(sections)) {
    if (!text) continue;
    for (const f of statedFacts(text)) {
      if (own.has(`${f.kind}|${f.qualifier}|${f.value}`)) continue;
      // 工期 and 交货期 are used loosely by tenders: a bid duration is held against the tender's durations of either kind
      const kinds: Stated['kind'][] = f.kind === 'duration' || f.kind === 'delivery' ? ['duration', 'delivery'] : [f.kind];
      // the same quantity of the same matter: a rectification target is not held against the fault response time
      const like = (c: CardValue) => c.unit === f.unit && c.qualifier === f.qualifier && c.topic === f.topic;
      const same = values.filter((c) => c.kind === f.kind && like(c));
      const against = same.length ? same : values.filter((c) => kinds.includes(c.kind) && like(c));
      if (!against.length || !against.every((c) => breaks(f, c))) continue;
      const c = against[0]!;
      push({
        kind: f.kind === 'service-period' ? 'duration' : f.kind,
        label: c.label,
        nodeId,
        excerpt: f.excerpt,
        value: f.value,
        cardValue: display(c.num, c.unit),
        cardExcerpt: c.cardExcerpt,
        ...(c.page !== undefined ? { cardPage: c.page } : {}),
      });
    }
    const ceil = card.ceilingPrice;
    if (ceil && Number.isFinite(ceil.value) && ceil.value > 0) {
      const unit = ceilingUnit(card);
      for (const p of statedPrices(text)) {
        const comparable = unit === null ? p.per === null : p.per !== null && (p.per === unit || unit === '单价');
        if (!comparable || p.yuan <= ceil.value) continue;
        push({
          kind: 'ceiling',
          label: '最高限价',
          nodeId,
          excerpt: p.excerpt,
          value: `${p.yuan}元`,
          cardValue: `${ceil.value}元${unit ? `/${unit}` : ''}`,
          cardExcerpt: ceil.source.excerpt || ceil.text,
          cardPage: ceil.source.page,
        });
      }
    }
  }
  return out;
}

// -------------------------------------------------------------------------------------------------------------------
// Figures no tender can mean

/** Longer than any warranty, service or works period: 50 years. */
const ABSURD_DAYS = 50 * 365;
const SIGN_DATE = /(?:日\s*期|签署日期|落款日期|投标日期|签字日期|报价日期)\s*[：:]\s*(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/g;
const DAY_MS = 86_400_000;

/**
 * Figures of a section that no bid can mean, whatever the tender says: a 质保期, 工期, 交货期 or 服务期 over 50 years (a year
 * read as a period: 「质保期 24276 个月」), and a form's date (日期：2019年3月1日) after the tender's deadline or more than a
 * year before it. Each with the verbatim excerpt and the reason in Chinese.
 */
export function absurdFigures(text: string, deadline: string | null | undefined): { excerpt: string; message: string }[] {
  const out: { excerpt: string; message: string }[] = [];
  for (const f of statedFacts(text)) {
    if (f.kind !== 'warranty' && f.kind !== 'duration' && f.kind !== 'delivery' && f.kind !== 'service-period') continue;
    const years = f.kind === 'warranty' ? Number(/^(\d+(?:\.\d+)?)个月$/.exec(f.value)?.[1] ?? 0) / 12 : f.unit === '天' ? f.num / 365 : 0;
    if (years * 365 > ABSURD_DAYS) out.push({ excerpt: f.excerpt, message: `${f.label}「${f.excerpt}」约合 ${Math.round(years)} 年，明显不合常理，请核对改正` });
  }
  const end = /^\d{4}-\d{2}-\d{2}/.exec(deadline ?? '')?.[0];
  if (end) {
    const limit = Date.parse(`${end}T00:00:00Z`);
    for (const m of text.matchAll(SIGN_DATE)) {
      const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
      const at = Date.parse(`${iso}T00:00:00Z`);
      if (!Number.isFinite(at)) continue;
      if (at > limit) out.push({ excerpt: m[0].trim(), message: `落款日期 ${iso} 晚于投标截止日 ${end}，请改为递交前的日期` });
      else if (at < limit - 365 * DAY_MS) out.push({ excerpt: m[0].trim(), message: `落款日期 ${iso} 比投标截止日 ${end} 早一年以上，疑似沿用旧文件，请改正` });
    }
  }
  return out;
}
