/**
 * The bid benchmark's prose figures (issue 24 item 5), whose truth is not the product's own rules: the tender's own text
 * (the reader's plain text of every page), the enterprise facts entered for the run, and the bids written for corpus
 * tenders of another domain (the domain as the corpus labels give it, truth.json `category`). One rule uses the product's
 * reading: the scoring-standard echo takes the criteria of the scoring rows the card found (card.scoring[].criteria).
 *
 * - invented figures: numbers with a unit (天 日 个月 年 小时 分钟 人 名 期 次 % 元 条 台 套; 万元 counts as 元 × 10,000) in the
 *   bid that appear neither in the tender's text nor in the enterprise facts — the same value in the same kind of unit, a
 *   year written as 12 months (or back) counted as the same; ordinals (第8条) and dates (2026年、6月10日) are not figures;
 *   Chinese numerals (三年、一次) are figures too. Goal 0.
 * - template share: sentences (≥ 12 characters, the project's, purchaser's, agency's and bidder's names replaced by one
 *   token) of which ≥ 60 % of the 8-character pieces also occur in the bid written for one corpus tender of another domain
 *   and < 60 % in this tender's own text. Goal ≤ 5 % of a bid's sentences. (With --only, the other bids are those of the run.)
 * - repetition: sentences of 10+ characters, leaving out those holding a blank (【…】) and text copied from the tender
 *   (≥ 60 % of its 8-character pieces in the tender's text — line breaks of the tender's text do not cut a piece — or a
 *   cell of its tables restated as 表头：内容 with both halves
 *   in its text): the most repeated one's count (goal ≤ 3) and the distinct share (goal ≥ 97 %).
 * - scoring-standard echo: the criteria's sentences (≥ 12 characters) and their runs of grade clauses (「优得4分，良得3分…」,
 *   ≥ 8 characters) found in the bid's prose (table rows — the ★/requirement response tables — left out). Goal 0.
 */

/** Whitespace out, full-width ASCII as half-width, thousands separators out. */
export function normalise(s: string): string {
  return s
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    // two numbers apart stay apart (「4 24小时」 is not 424 hours)
    .replace(/(\d)\s+(?=\d)/g, '$1|')
    .replace(/\s+/g, '')
    .replace(/(\d),(?=\d{3})/g, '$1');
}

const CN: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
function cnNum(s: string): number | null {
  if (s === '十') return 10;
  const m = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(s);
  if (m) return (m[1] ? CN[m[1]]! : 1) * 10 + (m[2] ? CN[m[2]]! : 0);
  return s.length === 1 && CN[s] !== undefined ? CN[s]! : null;
}

const UNIT_CLASS: Record<string, string> = {
  天: 'day', 日: 'day', 日历天: 'day', 工作日: 'day', 个工作日: 'day', 个日历天: 'day', 个月: 'month', 年: 'year', 小时: 'hour', 分钟: 'minute',
  人: 'person', 名: 'person', 期: '期', 次: '次', '%': '%', 元: '元', 万元: '元', 条: '条', 台: '台', 套: '套',
};
const DIGIT_FIG = /(?<![第\d.])(\d+(?:\.\d+)?)(个工作日|个日历天|日历天|工作日|个月|小时|分钟|万元|天|日|年|人|名|期|次|%|元|条|台|套)/g;
const CN_FIG = /(?<![第一二两三四五六七八九十百千万零〇周星期])([一二两三四五六七八九十]{1,3})(个工作日|个月|小时|分钟|天|年|人|名|期|次|台|套)(?!性|般|致|样|定|切|旦|体|线)/g;

export interface Figure {
  key: string;
  text: string;
}

/**
 * The figures of a text (normalised first): value and kind of unit. A table's cells are read apart: a row's number and
 * the next cell's first word (「4 | 期刊价格…」「32 | 人体工程学座椅」) are no figure. (A source's text is read whole —
 * `cells` false —: a tender's 「90 | 天」 still allows 90 天.)
 */
export function figuresIn(raw: string, cells = true): Figure[] {
  if (cells && raw.includes('\t')) return raw.split('\t').flatMap((cell) => figuresIn(cell, false));
  const t = normalise(raw);
  const out: Figure[] = [];
  for (const m of t.matchAll(DIGIT_FIG)) {
    const unit = m[2]!;
    const at = m.index!;
    // a date is not a figure: 2026年, 6月10日, 2026年6月
    if (unit === '年' && /^\d{4}$/.test(m[1]!)) continue;
    if (unit === '日' && /月$/.test(t.slice(Math.max(0, at - 1), at))) continue;
    if (unit === '日' && /^\d{1,2}$/.test(m[1]!) && /^[前后]?(?:\d{1,2}[:：]|[上下]午|\d{1,2}时)/.test(t.slice(at + m[0].length, at + m[0].length + 4))) continue;
    let v = Number(m[1]);
    if (unit === '万元') v *= 10_000;
    out.push({ key: `${UNIT_CLASS[unit]}:${+v.toFixed(4)}`, text: m[0] });
  }
  for (const m of t.matchAll(CN_FIG)) {
    const v = cnNum(m[1]!);
    if (v === null) continue;
    out.push({ key: `${UNIT_CLASS[m[2]!]}:${v}`, text: m[0] });
  }
  return out;
}

/** The figures a source text allows, with a year also as 12 months and 12·n months as n years. */
export function allowedFigures(sources: string[]): Set<string> {
  const set = new Set<string>();
  for (const s of sources)
    for (const f of figuresIn(s, false)) {
      set.add(f.key);
      const [cls, val] = f.key.split(':') as [string, string];
      const v = Number(val);
      if (cls === 'year') set.add(`month:${v * 12}`);
      if (cls === 'month' && v % 12 === 0) set.add(`year:${v / 12}`);
    }
  return set;
}

/** Sentences as the figures count them: split at 。！？； and at line and cell breaks, list markers dropped, normalised. */
export function sentences(text: string): string[] {
  return text
    .split(/[。！？；\n\t]/)
    .map((s) => normalise(s).replace(/^(?:•|\d{1,2}\.|[（(]?\d{1,2}[)）、.]|[一二三四五六七八九十]{1,3}、)+/, ''))
    .filter(Boolean);
}

export function pieces(s: string, n = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= s.length; i++) out.push(s.slice(i, i + n));
  return out;
}

export function pieceSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const line of text.split(/\n/)) for (const p of pieces(normalise(line))) set.add(p);
  return set;
}

export const share = (s: string, set: Set<string>) => {
  const ps = pieces(s);
  return ps.length ? ps.filter((p) => set.has(p)).length / ps.length : 0;
};

/** The names replaced by one token (longest first) so that two bids' sentences compare without them. */
export function tokenise(text: string, names: string[]): string {
  const list = [...new Set(names.map(normalise).filter((n) => n.length >= 2))].sort((a, b) => b.length - a.length);
  let t = normalise(text);
  for (const n of list) t = t.split(n).join('〈名〉');
  return t;
}

export interface ProseInput {
  id: string;
  category: string;
  /** the bid's text, all sections joined by line breaks */
  bid: string;
  /** the text of its plan sections only (technical, service, work sections: the outline's 'ai' leaves), joined */
  plan: string;
  /** the tender's plain text */
  tender: string;
  /** the enterprise facts entered for the run, as text */
  enterprise: string;
  /** the names to tokenise */
  names: string[];
  /** the scoring rows' criteria (the product's reading of the table) */
  criteria: string[];
}

export interface ProseFigures {
  figures: number;
  invented: number;
  inventedExamples: string[];
  sentences12: number;
  template: number;
  templateExamples: string[];
  repSentences: number;
  repDistinct: number;
  repMax: number;
  repTop: string;
  echo: number;
  echoExamples: string[];
}

/** The grade runs and sentences of scoring criteria that a bid must never carry. */
export function criteriaUnits(criteria: string[]): string[] {
  const units = new Set<string>();
  for (const c of criteria) {
    for (const s of c.split(/[。；;！？\n]/)) {
      const n = normalise(s);
      if (n.length >= 12) units.add(n);
      // runs of comma clauses that grade (得4分, 0-2分)
      let run: string[] = [];
      const flush = () => {
        const r = run.join('，');
        if (r.length >= 8) units.add(r);
        run = [];
      };
      for (const cl of n.split(/[，,]/)) {
        if (/\d(?:\.\d+)?分(?!钟)/.test(cl)) run.push(cl);
        else flush();
      }
      flush();
    }
  }
  return [...units];
}

export interface Prepared extends ProseInput {
  pieces: Set<string>;
  tenderPieces: Set<string>;
  /** the tender's text normalised, line breaks out */
  tenderFlat: string;
}

export function prepare(p: ProseInput): Prepared {
  const byLine = (t: string) => t.split(/[\n\t]/).map((l) => tokenise(l, p.names)).join('\n');
  // the tender's pieces across its line breaks too: a table cell or a PDF line wraps in the middle of a sentence
  const tenderPieces = pieceSet(byLine(p.tender));
  for (const x of pieces(tokenise(p.tender, p.names))) tenderPieces.add(x);
  return { ...p, pieces: pieceSet(byLine(p.bid)), tenderPieces, tenderFlat: normalise(p.tender) };
}

/** A table cell of the tender restated as 表头：内容 (「是否接受进口：拒绝进口」): both halves are the tender's words. */
function cellOfTender(s: string, flat: string): boolean {
  const m = /^(?:第\d+页:)?([^:]{2,20}):(.+)$/.exec(s);
  return !!m && flat.includes(m[1]!) && flat.includes(m[2]!);
}

/** The figures of the whole bid (`scope` 'bid') or of its plan sections only ('plan'). */
export function proseFigures(p: Prepared, others: Prepared[], scope: 'bid' | 'plan' = 'bid'): ProseFigures {
  const text = scope === 'bid' ? p.bid : p.plan;
  // split first (line and cell breaks are sentence ends), then the names out
  const tokenised = sentences(text).map((x) => tokenise(x, p.names)).filter((s) => s.length >= 12);
  // invented figures
  const allowed = allowedFigures([p.tender, p.enterprise]);
  const figs = figuresIn(text);
  const invented = figs.filter((f) => !allowed.has(f.key));
  const inventedCount = new Map<string, number>();
  for (const f of invented) inventedCount.set(f.text, (inventedCount.get(f.text) ?? 0) + 1);
  // template share
  const foreign = others.filter((o) => o.category !== p.category);
  const template = tokenised.filter((s) => share(s, p.tenderPieces) < 0.6 && foreign.some((o) => share(s, o.pieces) >= 0.6));
  // repetition
  const tenderNorm = p.tenderPieces;
  const rep = sentences(text).filter((s) => s.length >= 10 && !/【[^】]*】/.test(s) && share(s, tenderNorm) < 0.6 && !cellOfTender(s, p.tenderFlat));
  const counts = new Map<string, number>();
  for (const s of rep) counts.set(s, (counts.get(s) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  // echo: prose lines only (a table row carries a tab)
  const prose = normalise(text.split('\n').filter((l) => !l.includes('\t')).join('。'));
  const echoHits: string[] = [];
  let echo = 0;
  for (const u of criteriaUnits(p.criteria)) {
    let at = prose.indexOf(u);
    let n = 0;
    while (at >= 0) {
      n++;
      at = prose.indexOf(u, at + u.length);
    }
    if (n) {
      echo += n;
      echoHits.push(`${u.slice(0, 30)}×${n}`);
    }
  }
  return {
    figures: figs.length,
    invented: invented.length,
    inventedExamples: [...inventedCount].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([t, n]) => `${t}×${n}`),
    sentences12: tokenised.length,
    template: template.length,
    templateExamples: [...new Set(template)].slice(0, 5).map((s) => s.slice(0, 40)),
    repSentences: rep.length,
    repDistinct: counts.size,
    repMax: top?.[1] ?? 0,
    repTop: top ? top[0].slice(0, 40) : '',
    echo,
    echoExamples: echoHits.slice(0, 5),
  };
}
