/**
 * The offline (rule-based) tender card: regular expressions and table heuristics over the pages of the tender files.
 * Every entry cites its file, page and a verbatim excerpt of that page, verified by `verifyExcerpt` (the verifier the LLM
 * path uses too). Amendments (role 'amendment', later order wins) override facts; with `opts.lot` facts of other lots are
 * left out, without it the lots list lets the UI ask.
 */
import type {
  BidBondFact,
  CardClause,
  CardEntry,
  CardFact,
  CardFactKey,
  CardTerm,
  CardTermKey,
  CompositionPart,
  RequirementItem,
  ScoringItem,
  TenderCard,
  TenderForm,
  TenderLot,
} from '@btz/shared';
import { lotList, lotTables, resolveLot, scopeLots } from './rules/lots.js';
import { priceCaps } from './rules/price-caps.js';
import { qualifications } from './rules/qualifications.js';
import { extractScoring } from './rules/scoring.js';
import { scoringFromModel, type ModelScoring } from './rules/scoring-model.js';
import { compositionFromModel, plausible } from './rules/composition-model.js';
import { formsFromModel } from './rules/forms.js';
import { invalidFromModel } from './rules/invalid-model.js';
import { requirementsFromModel } from './rules/requirements.js';
import { termsOfLine } from './rules/terms.js';
import { anonymityRules, isAnonymityClause, isFormatSpecClause } from './rules/anonymity.js';
import { addFlag, definedName, DOUBT, findFact, mergeFact, source, SPECS, tableMoney, titleName } from './rules/facts.js';
import {
  cap,
  compact,
  isHeadingLike,
  isTocLine,
  markerOf,
  sliceLines,
  stripMarker,
  toLines,
  type FileLines,
  type Line,
} from './text.js';
import type { ExtractOptions, TenderFileInput } from './types.js';
import { verifyExcerpt } from './verify.js';
import { distinctMarked, markedClauses } from './rules/stars.js';

export type { ExtractOptions, TenderFileInput } from './types.js';

// ---------------------------------------------------------------------------------------------------------------------
// Lists

interface RawItem {
  text: string;
  line: Line;
  last: Line;
  excerpt: string;
  fl: FileLines;
  lot: string | null;
}

const ENDS_SENTENCE = /[。；;！!]$/;

/** The list under heading line `h`: items of one numbering style until a heading of the same or a higher rank. */
function collectList(fl: FileLines, h: number, maxLines = 120): RawItem[] {
  const L = fl.lines;
  const head = L[h]!;
  const hr = markerOf(head.text)?.rank ?? null;
  const items: RawItem[] = [];
  let cur: RawItem | null = null;
  let itemRank: number | null = null;
  for (let j = h + 1; j < L.length && j <= h + maxLines; j++) {
    const l = L[j]!;
    const t = l.text;
    if (isTocLine(t)) break;
    const mk = markerOf(t);
    if (mk && hr !== null && mk.rank <= hr) break;
    if (mk && mk.rank <= 1) break;
    if (mk && (itemRank === null ? hr === null || mk.rank > hr : mk.rank === itemRank)) {
      itemRank ??= mk.rank;
      cur = { text: stripMarker(t), line: l, last: l, excerpt: '', fl, lot: l.lot };
      items.push(cur);
      continue;
    }
    if (mk && itemRank !== null && mk.rank < itemRank) break;
    if (!cur) {
      if (j - h > 3) break;
      continue;
    }
    if (!mk) {
      if (/^(注|说明|备注)[:：]/.test(t)) break;
      if (isHeadingLike(t, 25) && /[：:]$/.test(t)) break;
      if (ENDS_SENTENCE.test(cur.text)) break;
    }
    cur.text += (/[\u4e00-\u9fa5，。；：]$/.test(cur.text) ? '' : ' ') + t;
    if (l.page === cur.line.page) cur.last = l;
  }
  for (const it of items) {
    it.text = it.text.replace(/\t+/g, ' ').trim();
    it.excerpt = cap(sliceLines(fl, it.line, it.last, markerOf(it.line.text)?.length ?? 0), 400);
  }
  return items;
}

/** Heading lines matching `re` (short, not a TOC entry, the words near the start). */
function headings(fl: FileLines, re: RegExp, max = 40): number[] {
  const out: number[] = [];
  for (const l of fl.lines) {
    if (isTocLine(l.text) || !isHeadingLike(l.text, max)) continue;
    const body = stripMarker(l.text);
    const m = re.exec(body);
    if (m && m.index <= 12) out.push(l.i);
  }
  return out;
}

const INVALID_HEAD = /废标|无效投标|投标无效|否决投标|无效响应|响应无效|投标文件无效|否决其投标/;
const INVALID_RE =
  /废标|无效投标|投标无效|作无效|按无效|视为无效|否决其投标|否决投标|投标将被拒绝|拒绝其投标|不予受理|无效处理|响应无效|无效响应|投标文件无效|被拒绝/;
const FORMAT_RE = /装订|胶装|签字|签章|盖章|盖单位章|份数|正本|副本|页码|编页|骑缝|密封|封装|封套|电子版|U盘|光盘|字体|字号|A4|目录|逐页|小签|打印|书写|涂改/;
const REQUIRE_RE = /应|须|必须|需要|需|不得|要求|一式|均/;
const COMP_HEAD =
  /(?:投标|响应|应答)文件(?:的)?(?:组成|构成|编制内容|内容组成)|(?:投标|响应)文件(?:应)?(?:包括|包含)(?:以下|下列|如下)?(?:内容|部分|文件)?/;
const FORMAT_CHAPTER = /(?:投标|响应)文件(?:的)?(?:格式|参考格式|组成格式)/;
const COMP_INLINE = /(?:投标|响应)文件(?:主要)?由(.+?)(?:等)?(?:部分|几部分|内容)?(?:组成|构成)/;

function sentences(text: string): Array<{ s: string; index: number }> {
  const out: Array<{ s: string; index: number }> = [];
  for (const m of text.matchAll(/[^。；;！!]+[。；;！!]?/g)) {
    const s = m[0].trim();
    if (s) out.push({ s, index: m.index! + (m[0].length - m[0].trimStart().length) });
  }
  return out;
}

function sentenceItems(fl: FileLines, test: (s: string, line: Line) => boolean, skip: Set<number>): RawItem[] {
  const out: RawItem[] = [];
  for (const l of fl.lines) {
    if (skip.has(l.i) || isTocLine(l.text) || isHeadingLike(l.text, 20)) continue;
    for (const { s, index } of sentences(l.text)) {
      const body = stripMarker(s);
      if (body.length < 8 || /[：:]$/.test(body) || !test(body, l)) continue;
      out.push({ text: body.replace(/\t+/g, ' '), line: l, last: l, excerpt: cap(sliceLines(fl, l, l, index, index + s.length), 400), fl, lot: l.lot });
    }
  }
  return out;
}

function invalidClauses(fl: FileLines): RawItem[] {
  const out: RawItem[] = [];
  const covered = new Set<number>();
  for (const h of headings(fl, INVALID_HEAD)) {
    const items = collectList(fl, h);
    for (const it of items) {
      out.push(it);
      for (let i = it.line.i; i <= it.last.i; i++) covered.add(i);
    }
    covered.add(h);
  }
  out.push(...sentenceItems(fl, (s) => INVALID_RE.test(s), covered));
  return out;
}

/**
 * The commercial terms the tender labels (rules/terms.ts), each with its line: 「交货期：…」「付款方式：…」 in the key-facts
 * table, the commercial requirements and the contract chapter; the same term read twice (the key-facts table and the
 * contract) is kept once, and at most four of a kind (a contract's every clause on payment is not a term each).
 */
function termItems(fl: FileLines): Array<RawItem & { key: CardTermKey }> {
  const out: Array<RawItem & { key: CardTermKey }> = [];
  const seen = new Set<string>();
  const perKey = new Map<CardTermKey, number>();
  for (const l of fl.lines) {
    if (isTocLine(l.text)) continue;
    for (const h of termsOfLine(l.text)) {
      const norm = `${h.key}|${h.value.replace(/[\s，。；,;：:、（）()]/g, '').slice(0, 40)}`;
      if (seen.has(norm) || (perKey.get(h.key) ?? 0) >= 4) continue;
      seen.add(norm);
      perKey.set(h.key, (perKey.get(h.key) ?? 0) + 1);
      const text = `${h.label}：${h.value}`;
      out.push({ key: h.key, text, line: l, last: l, excerpt: cap(l.text, 400), fl, lot: l.lot });
    }
  }
  return out;
}

function formatRules(fl: FileLines): RawItem[] {
  return sentenceItems(fl, (s) => FORMAT_RE.test(s) && REQUIRE_RE.test(s) && s.length <= 200 && !/[★▲]/.test(s), new Set());
}

/** 暗标 sentences, and sentences prescribing a checkable format (font, size, spacing, pages…) — tender/rules/anonymity.ts. */
function anonymityItems(fl: FileLines): RawItem[] {
  return sentenceItems(fl, (s) => s.length <= 240 && isAnonymityClause(s), new Set());
}
function formatSpecItems(fl: FileLines): RawItem[] {
  return sentenceItems(fl, (s) => isFormatSpecClause(s) && !/[★▲]/.test(s), new Set());
}

interface RawPart extends RawItem {
  note?: string;
  /** read from the format chapter's headings, not from the tender's list of parts */
  fromForms?: boolean;
}

function partTitle(raw: string): { title: string; note?: string } | null {
  let t = raw.replace(/\t+/g, ' ').trim().replace(/[；;。，,、]+$/, '');
  let note: string | undefined;
  const colon = /^(.{2,30}?)[：:]\s*(.+)$/.exec(t);
  if (colon) {
    t = colon[1]!;
    note = colon[2]!.replace(/[；;。]+$/, '');
  }
  t = t.replace(/\s*[（(](?:格式|见|详见|附|按|参见|如有|若有)[^）)]*[)）]\s*$/, '').replace(/^[《“"「]|[》”"」]$/g, '').trim();
  if (t.length > 30) {
    const cut = t.search(/[，,（(]/);
    if (cut >= 2) {
      note = note ?? t.slice(cut).replace(/^[，,]/, '');
      t = t.slice(0, cut);
    } else t = t.slice(0, 30);
  }
  if (t.length < 2 || !/[\u4e00-\u9fa5]/.test(t)) return null;
  return note ? { title: t, note } : { title: t };
}

function composition(fl: FileLines): RawPart[] {
  const toParts = (items: RawItem[]) =>
    items.flatMap((it) => {
      const p = partTitle(it.text);
      return p ? [{ ...it, text: p.title, ...(p.note ? { note: p.note } : {}) }] : [];
    });
  // A: 「投标文件由投标函、……、报价部分组成。」 B: a heading and its list
  const candidates: Array<{ at: number; parts: RawPart[] }> = [];
  for (const l of fl.lines) {
    const m = COMP_INLINE.exec(l.text);
    if (!m || isTocLine(l.text)) continue;
    const inner = m[1]!;
    const innerAt = m.index + m[0].indexOf(inner);
    const pieces: RawItem[] = [];
    for (const x of inner.matchAll(/[^、，,；;]+/g)) {
      const s = x[0].trim();
      if (!s) continue;
      const at = innerAt + x.index! + (x[0].length - x[0].trimStart().length);
      pieces.push({ text: s, line: l, last: l, excerpt: sliceLines(fl, l, l, at, at + s.length), fl, lot: l.lot });
    }
    const parts = toParts(pieces);
    if (parts.length >= 2) candidates.push({ at: l.i, parts });
  }
  for (const h of headings(fl, COMP_HEAD)) {
    const parts = toParts(collectList(fl, h, 60));
    // 「第四章 投标文件组成与格式」 listing 「一、投标文件组成」「二、废标条款」 is a chapter's table of contents: the
    // composition is the list under its own heading, found as the next candidate
    if (parts.some((p) => COMP_HEAD.test(p.text))) continue;
    // the 须知's procedures (「投标文件的密封和递交」「开标与评标」) or sentences about the bid are not its parts
    if (parts.length >= 2 && plausible(parts.map((p) => p.text))) candidates.push({ at: h, parts });
  }
  candidates.sort((a, b) => a.at - b.at);
  if (candidates[0]) return candidates[0].parts;
  // C: the format chapter's own headings (「第六章 投标文件格式」 then 「一、投标函」「二、法定代表人授权书」…)
  for (const h of headings(fl, FORMAT_CHAPTER)) {
    const L = fl.lines;
    const hr = markerOf(L[h]!.text)?.rank ?? 0;
    const marked: Line[] = [];
    for (let j = h + 1; j < L.length; j++) {
      const mk = markerOf(L[j]!.text);
      if (mk && mk.rank <= Math.max(hr, 0) && mk.style !== 'section') break;
      if (mk && mk.rank > hr && isHeadingLike(L[j]!.text, 40) && !isTocLine(L[j]!.text)) marked.push(L[j]!);
    }
    if (!marked.length) continue;
    const top = Math.min(...marked.map((l) => markerOf(l.text)!.rank));
    const parts = toParts(
      marked
        .filter((l) => markerOf(l.text)!.rank === top)
        .map((l) => ({ text: stripMarker(l.text), line: l, last: l, excerpt: sliceLines(fl, l, l, markerOf(l.text)!.length), fl, lot: l.lot })),
    );
    if (parts.length >= 2 && plausible(parts.map((p) => p.text))) return parts.map((p) => ({ ...p, fromForms: true }));
  }
  return [];
}

// ---------------------------------------------------------------------------------------------------------------------
// Assembly


function dedupe<T extends RawItem>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((it) => {
    const k = compact(it.text);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The card's clauses; `distinct` items (★/▲, already once each by their own rule) are not deduplicated again. */
function clauses(items: RawItem[], prefix: string, distinct = false): CardClause[] {
  return (distinct ? items : dedupe(items)).map((it, n) => ({ id: `${prefix}${n + 1}`, text: it.text, ...entryOf(it) }));
}

function entryOf(it: { fl: FileLines; line: Line; excerpt: string; lot: string | null }): CardEntry {
  const e = source(it.fl, it.line, it.excerpt);
  if (it.lot) e.lot = it.lot;
  else delete e.lot;
  return e;
}

/**
 * The entry of a row read from the document model: the first of its texts found on its page (or the next, for a row
 * running over a page break) is the excerpt; when none is found the entry is flagged unverified like any other.
 */
function modelEntry(fl: FileLines, page: number, texts: string[], lot: string | null): CardEntry {
  const pages = fl.file.pages;
  for (const t of texts) {
    const ex = cap(t.trim(), 120);
    for (const p of [page, page + 1, page - 1])
      if (ex && verifyExcerpt(pages, p, ex)) return { ...source(fl, { page: p, lot } as Line, ex), ...(lot ? { lot } : {}) };
  }
  const e = source(fl, { page, lot } as Line, cap((texts[0] ?? '').trim(), 120));
  if (!lot) delete e.lot;
  return e;
}

/**
 * A part of the card read by its own reader (scoring, composition, 废标 grounds, requirements from the document model):
 * when that reader throws on an unusual file the part is left empty and named in `failed`, and the rest of the card
 * (facts, lots, the text paths) still stands.
 */
function guarded<T>(part: string, failed: string[], fn: () => T, empty: T): T {
  try {
    return fn();
  } catch (e) {
    failed.push(`${part}：${(e as Error).message}`);
    return empty;
  }
}

/** Files in the order they apply: main files, bills of quantities, then amendments; each group by `order`. */
function ordered(files: readonly TenderFileInput[]): TenderFileInput[] {
  const rank = { main: 0, boq: 1, amendment: 2 } as const;
  return [...files].sort((a, b) => rank[a.role] - rank[b.role] || a.order - b.order);
}

/**
 * The tender card of a bid's files. Deterministic; every entry verified against its page. Without `opts.lot` the card
 * lists the lots (when there are several) and keeps every fact, each tagged with its lot; with it, facts inside another
 * lot's section are dropped.
 */
export function extractCard(files: readonly TenderFileInput[], opts: ExtractOptions = {}): TenderCard {
  const fls = ordered(files).map(toLines);
  const failed: string[] = [];
  const lots: TenderLot[] = lotList(
    fls.map(scopeLots),
    fls.flatMap((fl) => lotTables(fl.file.model)),
  );
  const lot = lots.length ? resolveLot(opts.lot, lots) : opts.lot ? resolveLot(opts.lot, []) : null;
  const keep = <T extends { lot: string | null }>(x: T) => !lot || !x.lot || x.lot === lot;

  const facts: Partial<Record<CardFactKey, CardFact<string | number> | null>> = {};
  for (const spec of SPECS) {
    const perFile = fls.map((fl) => {
      let occs = findFact(fl, spec, lot).filter(keep);
      // no name labelled at the start of a line or cell: the cover's title before one labelled inside a sentence
      if (spec.key === 'projectName' && fl.file.role === 'main' && occs.every((o) => o.weak)) {
        const t = titleName(fl);
        if (t && keep(t)) occs = [t, ...occs];
      }
      // the bid deadline is an instant (the bids are opened then): a date without its hour under the broad label
      // (「截止日期：2025年8月31日」 — a validity, a registration, a period's end) is not it, and a labelled date with its
      // hour comes before one without
      if (spec.kind === 'date') {
        const timed = (o: { value: string | number }) => /\d{2}:\d{2}$/.test(String(o.value));
        occs = occs.filter((o) => timed(o) || o.doubt !== DOUBT.broad);
        occs = [...occs.filter(timed), ...occs.filter((o) => !timed(o))];
      }
      return { fl, occs };
    });
    if ((spec.key === 'budget' || spec.key === 'ceilingPrice') && perFile.every((f) => !f.occs.length))
      for (const f of perFile) {
        const t = f.fl.file.role === 'main' ? tableMoney(f.fl, spec.key) : null;
        if (t && keep(t)) f.occs = [t];
      }
    facts[spec.key] = mergeFact(spec, perFile);
    const named = facts[spec.key];
    if (named && (spec.key === 'purchaser' || spec.key === 'agency')) facts[spec.key] = definedName(fls, named);
  }

  // Lists: union over the files in order (deduplicated); scoring and composition: the latest file that gives them.
  const mainish = fls.filter((f) => f.file.role !== 'amendment');
  const all = fls;
  const qual = all.flatMap(qualifications).filter(keep);
  const stars = all.flatMap((f) => markedClauses(f, '★')).filter(keep);
  const imps = all.flatMap((f) => markedClauses(f, '▲')).filter(keep);
  const inval = all.flatMap(invalidClauses).filter(keep);
  // the grounds the tender lists explicitly, from the model, when it lists them (else the text path's clauses)
  const listed = all.flatMap((fl) =>
    (fl.file.model ? guarded('废标条款', failed, () => invalidFromModel(fl.file.model!), []) : []).map((g) => ({ ...g, fl })),
  );
  const fmt = all.flatMap(formatRules).filter(keep);
  const termRaw = all.flatMap(termItems).filter(keep);
  const anon = all.flatMap(anonymityItems).filter(keep);
  const fmtSpec = all.flatMap(formatSpecItems).filter(keep);

  // Scoring: the table read from the document model when the file has one (merges, split tables, section rows), else
  // the rule-based text path; the latest file that gives rows wins.
  let scoring: ScoringItem[] = [];
  let scoringCheck: ModelScoring | null = null;
  for (const fl of all) {
    const amended = fl.file.role === 'amendment' && mainish.length > 0;
    const ms = fl.file.model ? guarded('评分标准', failed, () => scoringFromModel(fl.file.model!), null) : null;
    if (ms && ms.rows.length >= 2) {
      scoring = ms.rows.filter((r) => keep(r)).map((r, n) => {
        const e = modelEntry(fl, r.page, r.excerpts, r.lot);
        if (amended) addFlag(e, 'overridden');
        return { id: `s${n + 1}`, item: r.item, points: r.points, criteria: r.criteria, category: r.category, ...e };
      });
      scoringCheck = ms;
      continue;
    }
    const rows = extractScoring(fl).filter((r) => keep(r));
    // where the file has a model that found no table, rows read from text lines must at least make the 100 points
    // (table-of-contents lines 「3．评审程序 41」 look like rows to the text path)
    const sum = rows.reduce((a, r) => a + (r.points ?? 0), 0);
    if (fl.file.model && Math.abs(sum - 100) > 0.5) continue;
    if (rows.length >= 2 || (rows.length && !scoring.length)) {
      scoring = rows.map((r, n) => {
        const e = entryOf({ fl, line: r.line, excerpt: r.excerpt, lot: r.lot });
        if (amended) addFlag(e, 'overridden');
        return { id: `s${n + 1}`, item: r.item, points: r.points, criteria: r.criteria, category: r.category, ...e };
      });
      scoringCheck = null;
    }
  }

  // Composition: the model's enumeration / format chapter when the file has a model, else the text path
  let compositionParts: CompositionPart[] = [];
  for (const fl of all) {
    const amended = fl.file.role === 'amendment' && mainish.length > 0;
    const fromModel = fl.file.model ? guarded('投标文件组成', failed, () => compositionFromModel(fl.file.model!), []) : [];
    if (fromModel.length >= 2) {
      compositionParts = fromModel.map((p, n) => {
        const e = modelEntry(fl, p.page, [p.excerpt, p.title], null);
        if (amended) addFlag(e, 'overridden');
        return {
          id: `c${n + 1}`,
          title: p.title,
          ...(p.note ? { note: p.note } : {}),
          ...(p.form ? { form: p.form } : {}),
          basis: p.basis,
          ...e,
        };
      });
      continue;
    }
    const parts = dedupe(composition(fl).filter(keep));
    if (parts.length >= 2)
      compositionParts = parts.map((p, n) => {
        const e = entryOf(p);
        if (amended) addFlag(e, 'overridden');
        return { id: `c${n + 1}`, title: p.text, ...(p.note ? { note: p.note } : {}), basis: p.fromForms ? ('forms' as const) : ('list' as const), ...e };
      });
  }

  // The format chapter's forms with their bodies: the latest file that gives them (an amendment may reprint the chapter)
  let forms: TenderForm[] = [];
  for (const fl of all) {
    const linked = compositionParts.filter((p) => p.source.file === fl.file.name && p.form).map((p) => p.form!);
    const titles = compositionParts.filter((p) => p.source.file === fl.file.name && !p.form).map((p) => p.title);
    const found = fl.file.model ? guarded('投标文件格式', failed, () => formsFromModel(fl.file.model!, linked, titles), []) : [];
    if (found.length) forms = found;
  }

  // Requirement items: every file's requirement chapters, in the files' order (an amendment adds to them).
  const requirements: RequirementItem[] = all
    .flatMap((fl) => (fl.file.model ? guarded('采购需求', failed, () => requirementsFromModel(fl.file.model!), []).map((r) => ({ r, fl })) : []))
    .map(({ r, fl }, n) => ({ id: `r${n + 1}`, text: r.text, section: r.section, figures: r.figures, ...modelEntry(fl, r.page, [r.excerpt, r.text], null) }));

  return {
    projectName: (facts.projectName as CardFact) ?? null,
    projectNumber: (facts.projectNumber as CardFact) ?? null,
    purchaser: (facts.purchaser as CardFact) ?? null,
    agency: (facts.agency as CardFact) ?? null,
    budget: (facts.budget as CardFact<number>) ?? null,
    ceilingPrice: (facts.ceilingPrice as CardFact<number>) ?? null,
    priceCaps: priceCaps(fls.filter((f) => f.file.role !== 'amendment').concat(fls.filter((f) => f.file.role === 'amendment'))).filter((c) => keep({ lot: c.lot ?? null })),
    deadline: (facts.deadline as CardFact) ?? null,
    openingTime: (facts.openingTime as CardFact) ?? null,
    openingPlace: (facts.openingPlace as CardFact) ?? null,
    bidBond: (facts.bidBond as BidBondFact) ?? null,
    qualifications: clauses(qual, 'q'),
    scoring,
    ...(scoringCheck ? { scoringCheck: { total: scoringCheck.total, sum: scoringCheck.sum, problem: scoringCheck.problem } } : {}),
    starClauses: clauses(distinctMarked(stars), 'star', true),
    importantClauses: clauses(distinctMarked(imps), 'imp', true),
    invalidClauses: listed.length
      ? listed.map((g, n) => ({ id: `inv${n + 1}`, text: g.text.replace(/\s+/g, ' ').trim(), ...modelEntry(g.fl, g.page, [g.text], null) }))
      : clauses(inval, 'inv'),
    composition: compositionParts,
    ...(forms.length ? { forms } : {}),
    formatRules: clauses(fmt, 'f'),
    anonymity: anonymityRules(clauses(anon, 'an'), clauses(fmtSpec, 'fs')),
    lots,
    lot: lot ?? null,
    writer: 'offline',
    files: files.map((f) => ({ name: f.name, role: f.role, order: f.order })),
    ...(requirements.length ? { requirements } : {}),
    ...(termRaw.length ? { terms: termRaw.map((t, n): CardTerm => ({ id: `t${n + 1}`, key: t.key, text: t.text, ...entryOf(t) })) } : {}),
    ...(failed.length ? { failedParts: failed } : {}),
    ...(files.some((f) => f.model?.notice) ? { notices: files.flatMap((f) => (f.model?.notice ? [`${f.name}：${f.model.notice}`] : [])) } : {}),
  };
}
