/**
 * Merging the LLM's findings into the rule card (the baseline and the cross-check). The rules decided here:
 *
 * Facts (budget, dates, names…)
 * - Only one side has it → that side's entry (an LLM entry whose excerpt is not found on its page ±1, or does not contain
 *   the value, is kept with flag 'unverified' and `verified: false`: shown as unconfirmed, never as fact).
 * - Both agree (money to the yuan, times to the minute — a date without a time agrees with the same day —, names when one
 *   contains the other) → the rule's value and wording, the LLM's source when it is verified and backs that value
 *   (origin 'llm'), else the rule's source (origin 'rule'). Amendment history (`overridden`, `conflicts`) is kept.
 * - They disagree → flag 'llm-mismatch' and `mismatch` holds the other side's value. The kept value is the verified one;
 *   when both are verified the RULE value is kept: it is deterministic, tested, and aware of amendments (an LLM that cites
 *   the original deadline beside a 补遗 that moved it is the common case), while the disagreement stays visible.
 *
 * Lists (qualifications, ★, ▲, invalid-bid clauses, format rules, scoring, composition)
 * - An LLM item matches a rule item when their texts are similar (Dice ≥ 0.6 on character pairs, or containment) or,
 *   for clauses (which a model may paraphrase), when they cite the same passage. A match keeps the rule item (id, wording, category): the rule wording is a verbatim slice.
 *   Scoring: a match fills missing points from the LLM; different points flag 'llm-mismatch' (the rule points stay).
 * - LLM-only items are added with the next id of the rule scheme (s11, q7, star4…), inserted where their source sits
 *   among the rule items (file, page, offset in the page); unverified ones go last, flagged.
 * - Rule-only items are kept (origin 'rule'). So a failed task simply leaves its part to the rules.
 * - Composition drives level 1 of the outline, so it is not a union and takes verified LLM parts only (an unverified part
 *   would become a made-up chapter; it is dropped and counted): with a rule composition of ≥ 2 parts, LLM parts are added
 *   only when the LLM read the same list (it matched ≥ 60 % of the rule parts); without one, the LLM's list (≥ 2 verified
 *   parts) is used.
 *
 * Further facts only the LLM extracts (delivery, warranty, payment, contacts…) go to `terms`.
 */
import {
  CARD_FACT_KEYS,
  type BidBondFact,
  type CardEntry,
  type CardFact,
  type CardFactKey,
  type CardFlag,
  type CardTerm,
  type CardTermKey,
  type CompositionPart,
  type FactVersion,
  type ScoringItem,
  type TenderCard,
  type TenderLot,
  type CardClause,
} from '@btz/shared';
import type { PromptFile } from './llm-context.js';
import type { ClauseKey, Finding } from './llm-tasks.js';
import { amountsIn, datesIn, factValue, fold, folded, norm, overlap, similarity, type Located, DATE_KEYS, MONEY_KEYS } from './llm-verify.js';
import { scoringCheck } from '../rules/scoring-model.js';

/** A finding after the source check. */
export type VerifiedFinding = Finding & { loc: Located; verified: boolean };

type FactFinding = Extract<VerifiedFinding, { kind: 'fact' }>;

function addFlag(e: { flags?: CardFlag[] }, f: CardFlag): void {
  e.flags = [...new Set([...(e.flags ?? []), f])];
}
function dropFlag(e: { flags?: CardFlag[] }, f: CardFlag): void {
  const rest = (e.flags ?? []).filter((x) => x !== f);
  if (rest.length) e.flags = rest;
  else delete e.flags;
}

/** The claim a finding makes, in its own words (stored as the excerpt when the cited passage does not back it). */
function claim(v: VerifiedFinding): string {
  switch (v.kind) {
    case 'scoring':
      return v.item;
    case 'part':
      return v.title;
    case 'lot':
      return v.name;
    default:
      return v.text;
  }
}

/** The card entry of a finding: its located source when it is backed, else the model's claim, flagged 'unverified'. */
export function entryOf(v: VerifiedFinding): CardEntry {
  const excerpt = v.verified || !v.loc.found ? v.loc.excerpt : claim(v);
  return {
    source: { page: v.loc.page, file: v.loc.file, excerpt },
    verified: v.verified,
    ...(v.verified ? {} : { flags: ['unverified' as CardFlag] }),
    origin: 'llm',
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Facts

type AnyFact = CardFact<string | number> & { amount?: number };

const near = (a: number, b: number) => Math.abs(a - b) < 0.5;

function agree(key: CardFactKey, rule: AnyFact, value: string | number, amount: number | undefined, text: string): boolean {
  if (MONEY_KEYS.has(key)) return typeof rule.value === 'number' && typeof value === 'number' && near(rule.value, value);
  if (DATE_KEYS.has(key)) {
    const a = String(rule.value);
    const b = String(value);
    return a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);
  }
  if (key === 'bidBond' && rule.amount !== undefined && amount !== undefined) return near(rule.amount, amount);
  const x = norm(String(rule.value));
  const y = norm(key === 'bidBond' ? text : String(value));
  return !!x && !!y && (x === y || x.includes(y) || y.includes(x));
}

/** Whether `excerpt` contains the rule's value (so the LLM's source can stand for it). */
function backs(key: CardFactKey, excerpt: string, fact: AnyFact): boolean {
  if (folded(excerpt).includes(folded(fact.text))) return true;
  if (MONEY_KEYS.has(key)) return typeof fact.value === 'number' && amountsIn(excerpt).some((a) => near(a, fact.value as number));
  if (DATE_KEYS.has(key)) return datesIn(excerpt).includes(String(fact.value));
  return false;
}

function llmFact(v: FactFinding): AnyFact | null {
  const { value, amount } = factValue(v);
  if (value === null) return null;
  return { value, text: v.text, ...entryOf(v), ...(amount !== undefined ? { amount } : {}) };
}

function version(f: AnyFact, origin: 'rule' | 'llm'): FactVersion<string | number> & { origin: 'rule' | 'llm' } {
  return { value: f.value, text: f.text, source: { ...f.source }, verified: f.verified, origin };
}

export function mergeFact(key: CardFactKey, rule: AnyFact | null, found: readonly FactFinding[]): AnyFact | null {
  const cands = found.filter((f) => f.key === key);
  const pick = cands.find((c) => c.verified && llmFact(c)) ?? cands.find((c) => llmFact(c));
  const llm = pick ? llmFact(pick) : null;
  if (!llm) return rule ? structuredClone(rule) : null;
  if (!rule) return llm;
  const r = structuredClone(rule);
  if (agree(key, r, llm.value, llm.amount, llm.text)) {
    if (llm.verified && backs(key, llm.source.excerpt, r)) {
      const out: AnyFact = { ...r, source: llm.source, verified: true, origin: 'llm' };
      // a date the LLM gives to the minute where the rule only has the day
      if (DATE_KEYS.has(key) && String(llm.value).startsWith(`${String(r.value)} `)) {
        out.value = llm.value;
        out.text = llm.text;
      }
      dropFlag(out, 'unverified');
      return out;
    }
    return r;
  }
  if (r.verified || !llm.verified) {
    addFlag(r, 'llm-mismatch');
    r.mismatch = version(llm, 'llm');
    return r;
  }
  const out: AnyFact = { ...llm, mismatch: version(r, 'rule') };
  if (r.lot) out.lot = r.lot;
  addFlag(out, 'llm-mismatch');
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// Lists

type Pos = [number, number, number];

/** Source positions (file, page, offset in the folded page text); pages are folded on first use, once per merge. */
function positioner(files: readonly PromptFile[]): (e: CardEntry) => Pos | null {
  const rank = new Map(files.map((f) => [f.file.name, f.no]));
  const raw = new Map<string, string>();
  for (const f of files) for (const p of f.file.pages) raw.set(`${f.file.name}\u0000${p.page}`, p.text);
  const foldedPages = new Map<string, string>();
  return (e) => {
    if (!e.verified) return null;
    const key = `${e.source.file}\u0000${e.source.page}`;
    let text = foldedPages.get(key);
    if (text === undefined) {
      const r = raw.get(key);
      if (r === undefined) return null;
      foldedPages.set(key, (text = fold(r).text));
    }
    const at = text.indexOf(folded(e.source.excerpt));
    return [rank.get(e.source.file) ?? 999, e.source.page, at < 0 ? 0 : at];
  };
}

const cmp = (a: Pos, b: Pos) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The same passage: same file and page, one excerpt inside the other or mostly shared. */
function samePassage(a: CardEntry, b: CardEntry): boolean {
  if (!a.verified || !b.verified || a.source.file !== b.source.file || a.source.page !== b.source.page) return false;
  const x = folded(a.source.excerpt);
  const y = folded(b.source.excerpt);
  if (x.length < 6 || y.length < 6) return false;
  return x.includes(y) || y.includes(x) || overlap(a.source.excerpt, b.source.excerpt) >= 0.8;
}

interface ListSpec<T extends CardEntry & { id: string }> {
  prefix: string;
  text(x: T): string;
  fromLlm(v: VerifiedFinding, id: string): T;
  /** a rule item the LLM confirmed (default: unchanged) */
  onMatch?(rule: T, llm: T): T;
  /** two LLM items are the same one (default: similar texts) */
  same?(a: T, b: T): boolean;
  threshold?: number;
  /** an LLM item citing the passage of a rule item is that item (clauses: the model may paraphrase). Not for parts or
   *  scoring rows, where one line often holds several items. */
  byPassage?: boolean;
}

export interface ListMerge<T> {
  items: T[];
  matched: number;
  added: number;
}

export function mergeList<T extends CardEntry & { id: string }>(
  rule: readonly T[],
  found: readonly VerifiedFinding[],
  files: readonly PromptFile[] | ((e: CardEntry) => Pos | null),
  spec: ListSpec<T>,
): ListMerge<T> {
  const th = spec.threshold ?? 0.6;
  const pos = typeof files === 'function' ? files : positioner(files);
  // LLM items, verified first, without duplicates among themselves
  const llm: T[] = [];
  const sorted = [...found].sort((a, b) => Number(b.verified) - Number(a.verified));
  for (const v of sorted) {
    const item = spec.fromLlm(v, '');
    const dup = llm.some((x) => (spec.same ? spec.same(x, item) : similarity(spec.text(x), spec.text(item)) >= th));
    if (!dup) llm.push(item);
  }
  const items = rule.map((r) => structuredClone(r));
  const taken = new Set<number>();
  const extra: T[] = [];
  const score = (r: T, item: T) => Math.max(similarity(spec.text(r), spec.text(item)), spec.byPassage && samePassage(r, item) ? 0.9 : 0);
  for (const item of llm) {
    let best = -1;
    let top = 0;
    items.forEach((r, i) => {
      const s = taken.has(i) ? 0 : score(r, item);
      if (s >= th && s > top) {
        best = i;
        top = s;
      }
    });
    if (best >= 0) {
      taken.add(best);
      if (spec.onMatch) items[best] = spec.onMatch(items[best]!, item);
    } else if (!items.some((r, i) => taken.has(i) && score(r, item) >= th)) extra.push(item);
    // else: a second LLM item for a rule item already confirmed (a sub-phrase, a repeat): nothing new
  }
  let next = 0;
  for (const r of rule) {
    const m = new RegExp(`^${spec.prefix}(\\d+)$`).exec(r.id);
    if (m) next = Math.max(next, Number(m[1]));
  }
  // verified additions in source order, then the unverified ones
  const ordered = [...extra.filter((x) => x.verified).sort((a, b) => cmp(pos(a)!, pos(b)!)), ...extra.filter((x) => !x.verified)];
  for (const x of ordered) {
    x.id = `${spec.prefix}${++next}`;
    const p = pos(x);
    if (!p) {
      items.push(x);
      continue;
    }
    let at = 0;
    for (let i = items.length - 1; i >= 0; i--) {
      const q = pos(items[i]!);
      if (q && cmp(q, p) <= 0) {
        at = i + 1;
        break;
      }
    }
    // never in front of the unverified tail
    items.splice(at, 0, x);
  }
  return { items, matched: taken.size, added: extra.length };
}

const clauseSpec = (prefix: string, byPassage = true): ListSpec<CardClause> => ({
  prefix,
  byPassage,
  text: (x) => x.text,
  fromLlm: (v, id) => ({ id, text: v.kind === 'clause' || v.kind === 'term' ? v.text : claim(v), ...entryOf(v) }),
});

const scoringSpec: ListSpec<ScoringItem> = {
  prefix: 's',
  text: (x) => x.item,
  fromLlm: (v, id) => {
    const s = v as Extract<VerifiedFinding, { kind: 'scoring' }>;
    return { id, item: s.item, points: s.points, criteria: s.criteria, category: s.category, ...entryOf(v) };
  },
  same: (a, b) => similarity(a.item, b.item) >= 0.6 && (a.points === null || b.points === null || a.points === b.points),
  onMatch: (r, l) => {
    if (r.points === null && l.points !== null && l.verified) return { ...r, points: l.points };
    if (r.points !== null && l.points !== null && r.points !== l.points) {
      const out = { ...r };
      addFlag(out, 'llm-mismatch');
      return out;
    }
    return r;
  },
};

const partSpec: ListSpec<CompositionPart> = {
  prefix: 'c',
  text: (x) => x.title,
  fromLlm: (v, id) => {
    const p = v as Extract<VerifiedFinding, { kind: 'part' }>;
    return { id, title: p.title, ...(p.note ? { note: p.note } : {}), ...entryOf(v) };
  },
  onMatch: (r, l) => (r.note || !l.note || !l.verified ? r : { ...r, note: l.note }),
};

export const CLAUSE_PREFIX: Record<ClauseKey, string> = {
  qualifications: 'q',
  starClauses: 'star',
  importantClauses: 'imp',
  invalidClauses: 'inv',
  formatRules: 'f',
};

const TERM_ORDER: CardTermKey[] = ['method', 'evaluation', 'contact', 'delivery', 'warranty', 'payment', 'performance'];

// ---------------------------------------------------------------------------------------------------------------------
// The card

export interface MergeStats {
  /** LLM items confirmed by a rule item, per list */
  matched: Record<string, number>;
  /** LLM-only items added, per list */
  added: Record<string, number>;
  unverified: number;
  /** unverified composition parts left out (the composition is the outline's level 1: no made-up chapters) */
  unverifiedDropped: number;
  mismatches: number;
}

export function mergeCard(
  rule: TenderCard,
  found: readonly VerifiedFinding[],
  files: readonly PromptFile[],
): { card: TenderCard; stats: MergeStats } {
  const stats: MergeStats = { matched: {}, added: {}, unverified: 0, unverifiedDropped: 0, mismatches: 0 };
  const at = positioner(files);
  const card: TenderCard = structuredClone(rule);
  card.writer = 'merged';
  const facts = found.filter((f): f is FactFinding => f.kind === 'fact');
  for (const key of CARD_FACT_KEYS) {
    const merged = mergeFact(key, rule[key] as AnyFact | null, facts);
    (card as unknown as Record<string, unknown>)[key] = merged as CardFact<string | number> | BidBondFact | null;
  }

  for (const key of Object.keys(CLAUSE_PREFIX) as ClauseKey[]) {
    const r = mergeList(rule[key], found.filter((f) => f.kind === 'clause' && f.key === key), at, clauseSpec(CLAUSE_PREFIX[key]));
    card[key] = r.items;
    stats.matched[key] = r.matched;
    stats.added[key] = r.added;
  }

  const sc = mergeList(rule.scoring, found.filter((f) => f.kind === 'scoring'), at, scoringSpec);
  card.scoring = sc.items;
  stats.matched.scoring = sc.matched;
  stats.added.scoring = sc.added;
  // rows the model added change the sum: checked again against the total the rules read
  if (card.scoringCheck) card.scoringCheck = scoringCheck(card.scoringCheck.total, card.scoring);

  // composition: level 1 of the outline, so only verified LLM parts, and only from the list the rules read too
  const partsFound = found.filter((f) => f.kind === 'part');
  const verifiedParts = partsFound.filter((f) => f.verified);
  stats.unverifiedDropped = partsFound.length - verifiedParts.length;
  if (rule.composition.length >= 2) {
    const trial = mergeList(rule.composition, verifiedParts, at, partSpec);
    const sameList = trial.matched >= Math.ceil(rule.composition.length * 0.6);
    card.composition = sameList ? trial.items : structuredClone(rule.composition);
    stats.matched.composition = trial.matched;
    stats.added.composition = sameList ? trial.added : 0;
  } else {
    const r = mergeList<CompositionPart>([], verifiedParts.length >= 2 ? verifiedParts : [], at, partSpec);
    card.composition = r.items.length ? r.items : structuredClone(rule.composition);
    stats.matched.composition = 0;
    stats.added.composition = r.items.length ? r.added : 0;
  }

  // terms: the LLM's alone, grouped by kind
  const termFound = found.filter((f) => f.kind === 'term');
  const terms: CardTerm[] = [];
  for (const key of TERM_ORDER) {
    const r = mergeList<CardClause>([], termFound.filter((f) => f.key === key), at, clauseSpec('t', false));
    for (const c of r.items) terms.push({ ...c, key, id: '' });
  }
  // (the rules' labelled commercial terms of a kind the model found none of stay: the commercial table's rows)
  for (const t of rule.terms ?? []) if (!terms.some((x) => x.key === t.key)) terms.push(structuredClone(t));
  terms.forEach((t, i) => (t.id = `t${i + 1}`));
  card.terms = terms;
  stats.added.terms = terms.length;

  // lots: the rules' (they scope every fact); the LLM's only when the rules found none
  if (!rule.lots.length) {
    const lots: TenderLot[] = [];
    for (const l of found.filter((f): f is Extract<VerifiedFinding, { kind: 'lot' }> => f.kind === 'lot' && f.verified)) {
      const id = (l.id ?? String(lots.length + 1)).trim();
      if (!lots.some((x) => x.id === id)) lots.push({ id, name: l.name });
    }
    if (lots.length >= 2) card.lots = lots;
  }

  const all: CardEntry[] = [
    ...CARD_FACT_KEYS.map((k) => card[k]).filter((x): x is NonNullable<typeof x> => !!x),
    ...card.qualifications,
    ...card.scoring,
    ...card.starClauses,
    ...card.importantClauses,
    ...card.invalidClauses,
    ...card.composition,
    ...card.formatRules,
    ...terms,
  ];
  stats.unverified = all.filter((e) => !e.verified).length;
  stats.mismatches = all.filter((e) => e.flags?.includes('llm-mismatch')).length;
  return { card, stats };
}
