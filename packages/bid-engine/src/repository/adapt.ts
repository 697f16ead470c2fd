/**
 * A past bid's passage adapted to this tender, for the offline writer (issue 14, 知识库 — no model to rewrite it): the old
 * project's name, number and purchaser, where the passage states them recognisably (「项目名称：…」「采购人：…」「项目编号：…」, a
 * quoted 「…项目」), are replaced by this card's — or by a 【待填写：…】 placeholder when the card has none; a sentence that
 * names another project, or states an amount of money or a date (they belong to the old contract), is dropped; lines,
 * list markers and table rows are kept as they were. Nothing is added: every figure left is the passage's own, except a
 * figure of the old contract that this tender prescribes otherwise (服务期、工期、质保期、响应时间、人数 — the same rule as
 * the health check's contradictions, health findCardConflicts): it becomes the tender's own figure, as the tender writes
 * it; a sentence whose figure cannot be put so is dropped.
 */
import type { TenderCard } from '@btz/shared';
import { findCardConflicts } from '../health/index.js';

export interface AdaptedPassage {
  /** the passage's lines, adapted (empty lines dropped) */
  lines: string[];
  /** old values replaced by this tender's: [old, new] */
  replaced: [string, string][];
  /** sentences dropped (another project, an amount, a date) */
  dropped: number;
}

const ph = (what: string) => `【待填写：${what}】`;
const STOP = `\\s，,。；;：:、（）()“”"「」《》\\n|`;

const NAME_LABEL = new RegExp(`(?:项目名称|采购项目名称|招标项目名称|工程名称)\\s*[：:为是]?\\s*([^${STOP}]{4,60})`, 'g');
const QUOTED_NAME = /[“「《"]([^”」》"\n]{4,60}?(?:项目|工程|采购|服务|标段|包))[”」》"]/g;
const PURCHASER_LABEL = new RegExp(`(?:采购人|招标人|采购单位|建设单位|业主单位)(?:名称)?\\s*[：:为是]\\s*([^${STOP}]{2,40})`, 'g');
const NUMBER_LABEL = /(?:项目编号|招标编号|采购编号|项目代码|招标项目编号)\s*[：:为是]?\s*([A-Za-z0-9][A-Za-z0-9\-_/〔〕[\]（）()#.]{2,40})/g;
const MONEY = /\d[\d,，.]*\s*(?:万元|元|亿元)|[￥¥]\s*\d/;
const DATE = /\d{4}\s*年\s*\d{1,2}\s*月|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}/;

function found(text: string, re: RegExp): string[] {
  return [...new Set([...text.matchAll(re)].map((m) => m[1]!.trim()).filter(Boolean))];
}

const FIGURE = /(\d+(?:\.\d+)?|[一二两三四五六七八九十百]+)\s*(个日历天|日历天|个工作日|工作日|天|日|个月|月|年|小时|分钟|人|名)/g;
const CN_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
function num(s: string): number {
  if (/^\d/.test(s)) return Number(s);
  const m = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(s);
  if (!m) return NaN;
  if (!m[2]) return m[1] ? CN_DIGITS[m[1]]! : NaN;
  return (m[1] ? CN_DIGITS[m[1]]! : 1) * 10 + (m[3] ? CN_DIGITS[m[3]]! : 0);
}
/** A figure's value in the units the contradiction check compares (天, 工作日, 个月, 分钟, 人). */
function inUnits(n: number, unit: string): string[] {
  if (/工作日/.test(unit)) return [`${n}工作日`];
  if (unit === '年') return [`${n * 365}天`, `${n * 12}个月`];
  if (/月/.test(unit)) return [`${n * 30}天`, `${n}个月`];
  if (unit === '小时') return [`${n * 60}分钟`];
  if (unit === '分钟') return [`${n}分钟`];
  if (unit === '人' || unit === '名') return [`${n}人`];
  return [`${n}天`];
}
/** The tender's own writing of a value (「1年」 for 365天) in its excerpt, or null. */
function tenderFigure(excerpt: string, value: string): string | null {
  for (const m of excerpt.matchAll(FIGURE)) if (inUnits(num(m[1]!), m[2]!).includes(value)) return m[0].replace(/\s+/g, '');
  return null;
}

/**
 * A line's figures that contradict the tender put as the tender's: [the line adapted, sentences dropped]. Without the
 * tender's own values (no terms, no clauses) nothing is changed.
 */
function tenderFigures(line: string, card: Partial<TenderCard>): [string, number, [string, string][]] {
  if (!card.starClauses) return [line, 0, []];
  const swaps: [string, string][] = [];
  let dropped = 0;
  const sentences = line.match(/[^。！？；!?;]+[。！？；!?;]*/g) ?? [line];
  const out = sentences.map((s) => {
    let t = s;
    for (const c of findCardConflicts(card as TenderCard, { s })) {
      if (c.kind === 'ceiling' || !t.includes(c.excerpt)) continue;
      const now = tenderFigure(c.cardExcerpt, c.cardValue);
      const fig = [...c.excerpt.matchAll(FIGURE)].find((m) => inUnits(num(m[1]!), m[2]!).includes(c.value));
      if (!now || !fig) return null;
      t = t.replace(c.excerpt, c.excerpt.replace(fig[0], now));
      swaps.push([fig[0], now]);
    }
    return t;
  });
  dropped = out.filter((x) => x === null).length;
  return [out.filter((x): x is string => x !== null).join(''), dropped, swaps];
}

export function adaptPassage(text: string, card: Pick<TenderCard, 'projectName' | 'projectNumber' | 'purchaser'> & Partial<TenderCard>): AdaptedPassage {
  const name = card.projectName?.value?.trim() || '';
  const number = card.projectNumber?.value?.trim() || '';
  const purchaser = card.purchaser?.value?.trim() || '';
  const oldNames = found(text, NAME_LABEL);
  // a quoted project name is the old project's when the passage labels none (otherwise it is another one, dropped below)
  if (!oldNames.length) oldNames.push(...found(text, QUOTED_NAME).slice(0, 1));
  const swaps: [string, string][] = [];
  const add = (olds: string[], now: string, what: string) => {
    for (const o of olds) if (o !== now && !swaps.some(([x]) => x === o)) swaps.push([o, now || ph(what)]);
  };
  add(oldNames, name, '项目名称');
  add(found(text, NUMBER_LABEL), number, '项目编号');
  add(found(text, PURCHASER_LABEL), purchaser, '采购人');
  // longest first: a purchaser's name inside the project's is replaced as part of it
  swaps.sort((a, b) => b[0].length - a[0].length);
  const replaced: [string, string][] = [];
  let dropped = 0;
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    let line = raw;
    for (const [o, n] of swaps) {
      if (line.includes(o)) {
        line = line.split(o).join(n);
        if (!replaced.some(([x]) => x === o)) replaced.push([o, n]);
      }
    }
    const [figured, lost, figureSwaps] = tenderFigures(line, card);
    line = figured;
    dropped += lost;
    for (const sw of figureSwaps) if (!replaced.some(([x, y]) => x === sw[0] && y === sw[1])) replaced.push(sw);
    const sentences = line.match(/[^。！？；!?;]+[。！？；!?;]*/g) ?? [];
    const kept = sentences.filter((s) => {
      const other = found(s, QUOTED_NAME).some((q) => q !== name && !swaps.some(([, n]) => n === q)) || found(s, NAME_LABEL).some((q) => q !== name && !q.startsWith('【'));
      const bad = other || MONEY.test(s) || DATE.test(s);
      if (bad) dropped++;
      return !bad;
    });
    const out = kept.join('').trim();
    if (out) lines.push(out);
  }
  return { lines, replaced, dropped };
}

/** A past project's name (any quoted 「…项目」 or labelled one) still in adapted text — for tests and checks. */
export function projectNames(text: string): string[] {
  return [...new Set([...found(text, NAME_LABEL), ...found(text, QUOTED_NAME)])];
}
