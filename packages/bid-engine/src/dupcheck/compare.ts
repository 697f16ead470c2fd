/**
 * The duplicate check between bidders (issues 15 and 25, 查重): every pair of bid files compared on seven dimensions,
 * each with its evidence and a risk level, an overall level, and the rings of three bids or more that share sentences.
 * It reports, it does not remove: what weighs little is labelled, never dropped.
 *
 * - text: sentences normalised; those taken from the tender (half or more of their 8-character shingles occur in the
 *   tender) are left out — copied requirement text is not collusion. Of the rest, each sentence's own part is compared:
 *   its characters less the tender's shingles, this product's writer's stock phrasing and statutory clauses, the words
 *   of section titles two bids share, and shingles most bids hold (commonLimit: six of ten; none below four bids)
 *   (sentenceContent) — two bids written with the same tool for one tender share all of those and have copied nothing.
 *   The own parts are hashed into MinHash signatures of their character bigrams and bucketed by LSH bands (12 bands × 2
 *   rows); candidates that share a bucket are checked with the Dice coefficient of their bigram sets: ≥ 0.9 a verbatim
 *   copy, ≥ 0.6 a near copy (reworded, clauses reordered). Matching is per sentence, so reordered sentences and
 *   paragraphs are found too. Matched sentences that follow each other form the shared passages shown side by side.
 *   Whole sentences the same in two bids are matched too: a shared sentence whose own part is too short to count is
 *   listed with its reason (statutory, stock, formula) — the pair's 雷同句 count is exactly the sentences it lists.
 *   Lines of one bid run together in one sentence of another (a table's cells copied as a paragraph, a paragraph cut
 *   into cells: the same text, other sentence boundaries) are matched too (joinedLines).
 * - rings: sentences matched across three bids or more (connected groups of matches; a group's own characters counted on
 *   the bid where they are fewest) — kept in each pair, reported as
 *   which bids share which sentences; a group most bids hold is labelled common text and weighs nothing — unless those
 *   bids are copies of one bid (half their sentences or more the same own words: ownTextMostShare), a ring of them all.
 *   A ring of one hand's passages is in each of its pairs: the pair's text is rated at the ring's level at least.
 *   A passage's length is counted on the side with fewer sentences (many table cells of A near one line of B are one);
 *   three short passages copied word for word (two sentences, SHORT_CHARS own characters each) are a copy too.
 * - outline: headings not taken from the tender nor held by most bids, compared in order (longest common subsequence
 *   of equal or near-equal headings).
 * - metadata: author, last modified by, company, template, times, RSIDs, custom document ids, embedded files.
 * - images: exact (SHA-256) and perceptual (a gradient hash that ignores flat areas, of the whole picture and of crops
 *   of it: pictures/image gradientHashes); pictures of the tender and tiny or blank ones are left out.
 * - identity: bidder names, legal representatives, authorised persons, phones, e-mails, ID, certificate numbers and
 *   bank accounts across bids (identities.ts), with the excerpts; a third bidder's name inside both bids of a pair.
 * - tell-tale: identical typos from a list of real misspellings (accepted variant forms are none: variants.ts); the
 *   same outdated standard numbers.
 * - prices: identical totals or rows, or one price table a fixed ratio or difference of the other.
 */
import { DUP_DIMENSIONS, type DupDimension, type DupFinding, type DupPairResult, type DupPassage, type DupReport, type DupRing, type DupRisk, type DupSectionSimilarity, type DupSentenceBasis, type DupSentenceMatch } from '@btz/shared';
import { GRADIENT_MIN_CONFIDENT, gradientConfident, gradientDistance, gradientWords, type GradientHash } from '../pictures/image.js';
import { MIN_SENTENCE, type DupHeading, type DupImage, type FileFeatures } from './features.js';
import { bandKeys, bigramSet, dice, fnv, gramHashes, normalise, sharedRanges } from './text.js';
import stockPhrases from './stock-phrases.json' with { type: 'json' };
import { COMMON_CLAUSES } from './common-clauses.js';
import { identitiesOfPair, identityFacts } from './identities.js';
import { isAcceptedVariant } from './variants.js';


export type Risk = DupRisk;
export type Dimension = DupDimension;
export type Passage = DupPassage;
export type Finding = DupFinding;
export type PairResult = DupPairResult;
export type SectionSimilarity = DupSectionSimilarity;
export type { DupReport };
export const DIMENSIONS = DUP_DIMENSIONS;
const RANK: Record<Risk, number> = { none: 0, low: 1, medium: 2, high: 3 };
export const maxRisk = (rs: Risk[]): Risk => rs.reduce<Risk>((m, r) => (RANK[r] > RANK[m] ? r : m), 'none');

export interface CompareOptions {
  onProgress?: (done: number, total: number) => void;
  /** most passages kept per pair in the report (all are counted) */
  maxPassages?: number;
}

export const VERBATIM_DICE = 0.9;
export const NEAR_DICE = 0.6;
const TENDER_SHARE = 0.5;
const SHINGLE = 8;
const BUCKET_CAP = 60;
/** near twins inside its own file that make a sentence formulaic */
const FORMULA_TWINS = 2;
/** a shared passage counts as long from this many sentences, or this many characters */
const LONG_RUN = 3;
const LONG_CHARS = 150;
/** own characters that make a passage of two sentences long */
const PAIR_CHARS = 50;
/** short verbatim passages (two sentences, this many own characters) that together make a copy */
const SHORT_CHARS = 30;
const SHORT_PASSAGES = 3;

// ---------------------------------------------------------------------------------------------------------------- text

interface SentenceMatch {
  /** global index of the partner sentence in the other file */
  other: number;
  dice: number;
  /** why a match taken out of the own matches weighs nothing (common text, a lone formula sentence) */
  basis?: DupSentenceBasis;
  /** whole sentences alike: how many bids hold the sentence */
  holders?: number;
}

/** per ordered file pair "i,j": sentence of i → best match in j */
type BestMatches = Map<string, Map<number, SentenceMatch>>;

interface TextIndex {
  /** per bid: which sentences are the tender's */
  fromTender: boolean[][];
  /**
   * per bid and sentence: the characters that are the bidder's own — not the tender's and not boilerplate (see
   * sentenceContent); 0 for a sentence that is all tender text or formula. Coverage and passage sizes count these.
   */
  weight: number[][];
  /** the matches of the bidders' own parts: what the text risk and the passages come from */
  best: BestMatches;
  /**
   * whole sentences alike (not the tender's): what a reader counts as 雷同句, boilerplate included — each is listed,
   * the ones not in `best` labelled with the reason they weigh little
   */
  whole: BestMatches;
  /** own matches of text most bids share (commonLimit): taken out of `best`, listed as 'common' */
  common: BestMatches;
  rings: RingDraft[];
  /** lowBasis, answered once per sentence text (the same boilerplate is shared by many pairs) */
  lowBasis: (norm: string) => DupSentenceBasis;
}

interface RingDraft {
  files: number[];
  basis: DupRing['basis'];
  /** per shared sentence: [file, sentence] of each bid of the ring */
  groups: Array<Array<[number, number]>>;
  /**
   * per shared sentence: its own characters, counted on the bid where they are fewest (the sentence's members in one bid
   * summed: cells of one bid run together in one sentence of another are one shared sentence of their length)
   */
  chars: number[];
}

/**
 * 32-bit hashes to non-zero 32-bit values: an open-addressing table, key and value side by side in one typed array (a
 * Map of millions of numbers costs hundreds of megabytes, and a look-up here is one cache line, not three).
 */
class GramTable {
  private readonly t: Uint32Array;
  private readonly mask: number;
  constructor(expected: number) {
    let size = 1 << 10;
    while (size < expected * 1.5 && size < 1 << 24) size <<= 1;
    this.t = new Uint32Array(size * 2);
    this.mask = size - 1;
  }
  /** the slot of `h`, or -1 when the table is full and `h` is not in it (then it reads as never seen) */
  private slot(h: number): number {
    let i = (Math.imul(h, 0x9e3779b1) >>> 0) & this.mask;
    for (let probes = 0; this.t[2 * i + 1] && this.t[2 * i] !== h; probes++) {
      if (probes > this.mask) return -1;
      i = (i + 1) & this.mask;
    }
    return i;
  }
  /** ORs `v` (non-zero) into the value of `h` */
  or(h: number, v: number) {
    const i = this.slot(h);
    if (i < 0) return;
    this.t[2 * i] = h;
    this.t[2 * i + 1]! |= v;
  }
  /** the value of `h`, 0 when absent */
  get(h: number): number {
    const i = this.slot(h);
    return i < 0 ? 0 : this.t[2 * i + 1]!;
  }
}

/** Which files hold each shingle hash: a bit per file (files 0–31). */
class ShingleFiles {
  private readonly table: GramTable;
  constructor(expected: number) {
    this.table = new GramTable(Math.max(expected, 1 << 15));
  }
  add(h: number, file: number) {
    this.table.or(h, (1 << file % 32) >>> 0);
  }
  /** how many files hold `h` */
  fileCount(h: number): number {
    let n = 0;
    for (let v = this.table.get(h); v; v &= v - 1) n++;
    return n;
  }
}

/**
 * Text most bids share: with four bids or more, what max(4, 60 %) of them hold (four of four to six, six of ten). It
 * is listed and labelled 「多数投标文件共有」 and weighs nothing — bids written with one tool for one tender share
 * its filled-in formulas — while a ring of three among four, or of three to five among ten, counts in full.
 */
export function commonLimit(bids: number): number {
  return bids >= 4 ? Math.max(4, Math.ceil(bids * 0.6)) : Number.POSITIVE_INFINITY;
}

/**
 * The writer's stock phrasing (stock-phrases.json, made from the writer's sources by scripts/stock-phrases.mjs): the
 * hashes of every STOCK_GRAM-character run of its fixed words. Bids written with this product share them whoever wrote
 * them, the way bids share the tender's text.
 */
const STOCK_GRAM = 4;
/** a run of the common section titles' words shorter than this is kept (进度计划 is everybody's word) */
const TITLE_RUN = 6;
/** a sentence this much stock phrasing, or more, is the writer's */
const STOCK_SHARE = 0.35;
/** a run of stock characters shorter than this is kept */
const STOCK_RUN = 4;
let stockGrams: Set<number> | null = null;
let clauseGrams: Set<number> | null = null;
function stock(): Set<number> {
  if (!stockGrams) {
    stockGrams = new Set();
    for (const p of [...(stockPhrases as string[]), ...COMMON_CLAUSES]) for (const g of gramHashes(normalise(p), STOCK_GRAM)) stockGrams.add(g);
  }
  return stockGrams;
}
/** the statutory clauses' grams alone: what labels a shared sentence 法定条款 rather than the writer's phrasing */
function clauses(): Set<number> {
  if (!clauseGrams) {
    clauseGrams = new Set();
    for (const p of COMMON_CLAUSES) for (const g of gramHashes(normalise(p), STOCK_GRAM)) clauseGrams.add(g);
  }
  return clauseGrams;
}

/** What a STOCK_GRAM-gram is, as bits: the writer's stock phrasing, a statutory clause, a common section title's words. */
const STOCK_BIT = 1;
const CLAUSE_BIT = 2;
const TITLE_BIT = 4;
let fixedBits: GramTable | null = null;
/** stock phrasing and statutory clauses, and the section titles' grams when given: one look-up per gram for all three */
function gramBits(titleGrams?: Set<number>): GramTable {
  const fill = (t: GramTable) => {
    for (const g of stock()) t.or(g, STOCK_BIT);
    for (const g of clauses()) t.or(g, CLAUSE_BIT);
    return t;
  };
  fixedBits ??= fill(new GramTable(stock().size));
  if (!titleGrams?.size) return fixedBits;
  const out = fill(new GramTable(stock().size + titleGrams.size));
  for (const g of titleGrams) out.or(g, TITLE_BIT);
  return out;
}

/** Per character of `norm`: the bits of every STOCK_GRAM-gram that covers it. */
function coverBits(norm: string, bits: GramTable): Uint8Array {
  const hit = new Uint8Array(norm.length);
  for (let p = 0; p + STOCK_GRAM <= norm.length; p++) {
    const b = bits.get(fnv(norm, p, p + STOCK_GRAM));
    if (b) for (let c = p; c < p + STOCK_GRAM; c++) hit[c]! |= b;
  }
  return hit;
}

/** Why a sentence the pair shares weighs little (its own part too short to count): statutory, stock or formula. */
function lowBasis(norm: string): DupSentenceBasis {
  const hit = coverBits(norm, gramBits());
  if (cutRuns(hit, CLAUSE_BIT, null, STOCK_RUN) >= 0.3 * norm.length) return 'statutory';
  return cutRuns(hit, STOCK_BIT, null, STOCK_RUN) >= STOCK_SHARE * norm.length ? 'stock' : 'formula';
}

/**
 * The bidder's own part of a sentence: its characters less those inside a shingle of the tender, a shingle most bids
 * hold (commonLimit) or a run of the writer's stock phrasing (「在X的考核评价环节，Y将明确责任人、完成标准和检查时点」 keeps X and Y). Two bids
 * written by the same tool for different tenders share the formulas, not what fills them; a copy shares both.
 */
function sentenceContent(norm: string, grams: number[], ctx: ContentContext): string {
  const cut = new Uint8Array(norm.length);
  for (let p = 0; p < grams.length; p++) {
    const g = grams[p]!;
    if (ctx.tenderGrams.has(g) || (ctx.counts && ctx.counts.fileCount(g) >= ctx.common)) cut.fill(1, p, p + SHINGLE);
  }
  const hit = coverBits(norm, ctx.bits);
  // the stock phrasing is left out of a sentence the writer made (most of it stock), not of a person's sentence that
  // happens to use a few of the same trade words
  const stockCut = new Uint8Array(norm.length);
  if (cutRuns(hit, STOCK_BIT, stockCut, STOCK_RUN) >= STOCK_SHARE * norm.length) for (let c = 0; c < norm.length; c++) if (stockCut[c]) cut[c] = 1;
  cutRuns(hit, TITLE_BIT, cut, TITLE_RUN);
  let out = '';
  let digits = 0;
  for (let c = 0; c < norm.length; c++) {
    if (cut[c]) continue;
    out += norm[c];
    if (norm.charCodeAt(c) >= 48 && norm.charCodeAt(c) <= 57) digits++;
  }
  // figures alone (a price table's cells) are the prices dimension's, not text
  return digits * 2 > out.length ? '' : out;
}

interface ContentContext {
  tenderGrams: Set<number>;
  /** STOCK_GRAM-grams of the section titles two bids or more have (银行保函, 企业资质证书): the tenders' structure */
  titleGrams: Set<number>;
  /** gramBits(titleGrams) */
  bits: GramTable;
  /** which bids hold each shingle, and from how many bids on it is common text (commonLimit) */
  counts: ShingleFiles | null;
  common: number;
}

/**
 * The characters in runs at least `minRun` long covered by grams of `bit` (coverBits), marked in `cut` when given;
 * answers how many.
 */
function cutRuns(hit: Uint8Array, bit: number, cut: Uint8Array | null, minRun: number): number {
  let n = 0;
  for (let p = 0; p < hit.length; ) {
    if (!(hit[p]! & bit)) {
      p++;
      continue;
    }
    let e = p;
    while (e < hit.length && hit[e]! & bit) e++;
    if (e - p >= minRun) {
      cut?.fill(1, p, e);
      n += e - p;
    }
    p = e;
  }
  return n;
}

/** The 4-grams found in the section titles of two bids or more (numbered 三、 in one and 3.2 in the other alike). */
function commonTitleGrams(bids: FileFeatures[]): Set<number> {
  const seen = new Map<number, number>();
  for (const f of bids) for (const g of new Set(f.headings.flatMap((h) => gramHashes(h.norm, STOCK_GRAM)))) seen.set(g, (seen.get(g) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n >= 2).map(([g]) => g));
}

/**
 * Sentence pairs of different bids alike by the Dice coefficient of their bigram sets (`sets`, empty = not compared),
 * found through LSH buckets; `near` the least Dice. Between formulaic sentences (near twins inside their own file:
 * instances of the writer's formula 「针对评审要点“X”：在Y中，……」) only a verbatim copy counts.
 */
function matchSentences(sets: Uint32Array[][], near: number): BestMatches {
  const buckets = new Map<number, number[]>();
  const SHIFT = 2 ** 22;
  sets.forEach((f, i) =>
    f.forEach((set, k) => {
      if (set.length < 4) return;
      for (const key of bandKeys(set)) {
        const list = buckets.get(key);
        if (!list) buckets.set(key, [i * SHIFT + k]);
        else if (list.length <= BUCKET_CAP) list.push(i * SHIFT + k);
      }
    }),
  );
  const best: BestMatches = new Map();
  const seen = new Set<number>();
  const twins = sets.map((f) => new Uint8Array(f.length));
  const candidates: Array<[number, number, number, number, number]> = [];
  for (const list of buckets.values()) {
    if (list.length < 2 || list.length > BUCKET_CAP) continue;
    for (let x = 0; x < list.length; x++) {
      const i = Math.floor(list[x]! / SHIFT);
      const k = list[x]! % SHIFT;
      for (let y = x + 1; y < list.length; y++) {
        const j = Math.floor(list[y]! / SHIFT);
        const l = list[y]! % SHIFT;
        // both ids below 2^26: the pair packed in one safe integer
        const id = list[x]! < list[y]! ? list[x]! * 2 ** 26 + list[y]! : list[y]! * 2 ** 26 + list[x]!;
        if (seen.has(id)) continue;
        seen.add(id);
        const d = dice(sets[i]![k]!, sets[j]![l]!);
        if (d < near) continue;
        if (i === j) {
          if (twins[i]![k]! < 255) twins[i]![k]!++;
          if (twins[i]![l]! < 255) twins[i]![l]!++;
        } else candidates.push([i, k, j, l, d]);
      }
    }
  }
  const note = (i: number, k: number, j: number, l: number, d: number) => {
    const key = `${i},${j}`;
    let m = best.get(key);
    if (!m) best.set(key, (m = new Map()));
    const cur = m.get(k);
    if (!cur || cur.dice < d) m.set(k, { other: l, dice: d });
  };
  for (const [i, k, j, l, d] of candidates) {
    if (d < VERBATIM_DICE && twins[i]![k]! >= FORMULA_TWINS && twins[j]![l]! >= FORMULA_TWINS) continue;
    note(i, k, j, l, d);
    note(j, l, i, k, d);
  }
  return best;
}

/**
 * Whole sentences the same in two bids (normalised; not the tender's): found by one hash join, so a sentence whose own
 * part is too short to compare (boilerplate) is still counted and listed. Near-identical sentences come from the own
 * parts' matching; a sentence repeated inside a bid is paired once (its first place).
 */
function sameSentences(bids: FileFeatures[], fromTender: boolean[][]): BestMatches {
  const at = new Map<string, Map<number, number>>();
  bids.forEach((f, i) =>
    f.sentences.forEach((s, k) => {
      if (fromTender[i]![k]) return;
      let m = at.get(s.norm);
      if (!m) at.set(s.norm, (m = new Map()));
      if (!m.has(i)) m.set(i, k);
    }),
  );
  const best: BestMatches = new Map();
  for (const m of at.values()) {
    if (m.size < 2) continue;
    for (const [i, k] of m)
      for (const [j, l] of m) {
        if (i === j) continue;
        const key = `${i},${j}`;
        let b = best.get(key);
        if (!b) best.set(key, (b = new Map()));
        b.set(k, { other: l, dice: 1, holders: m.size });
      }
  }
  return best;
}

/**
 * Rings: sentences shared by three bids or more, found as connected groups of matched sentences across the bids. A
 * group in `commonLimit` bids or more is common text — its matches leave `best` for `common` (listed, labelled, weighing
 * nothing) and its ring is labelled so; every other ring counts and each of its pairs keeps its matches.
 */
function findRings(bids: number, best: BestMatches, common: BestMatches, weight: number[][], mostOwn: ReadonlySet<string> = new Set()): RingDraft[] {
  const SHIFT = 2 ** 22;
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    for (let y = x; parent.get(y) !== r; ) {
      const next = parent.get(y)!;
      parent.set(y, r);
      y = next;
    }
    return r;
  };
  const node = (x: number) => {
    if (!parent.has(x)) parent.set(x, x);
    return x;
  };
  for (const [key, m] of best) {
    const [i, j] = key.split(',').map(Number) as [number, number];
    for (const [k, v] of m) {
      const a = find(node(i * SHIFT + k));
      const b = find(node(j * SHIFT + v.other));
      if (a !== b) parent.set(a, b);
    }
  }
  const comps = new Map<number, number[]>();
  for (const x of parent.keys()) {
    const r = find(x);
    const c = comps.get(r);
    if (c) c.push(x);
    else comps.set(r, [x]);
  }
  const limit = commonLimit(bids);
  const rings = new Map<string, RingDraft>();
  const out: Array<{ members: number[]; files: number[]; basis: DupRing['basis'] }> = [];
  for (const members of comps.values()) {
    const byFile = new Map<number, number>();
    const charsOf = new Map<number, number>();
    for (const x of members.sort((p, q) => p - q)) {
      const f = Math.floor(x / SHIFT);
      if (!byFile.has(f)) byFile.set(f, x % SHIFT);
      charsOf.set(f, (charsOf.get(f) ?? 0) + weight[f]![x % SHIFT]!);
    }
    if (byFile.size < 3) continue;
    const files = [...byFile.keys()].sort((p, q) => p - q);
    // decided on all the matches first (a group taken out must not break its neighbour's run), applied after
    // what most bids share is common text, unless it is their own words (ownTextMostShare): one hand's text in them all
    const own = files.length >= limit && members.some((x) => mostOwn.has(`${Math.floor(x / SHIFT)},${x % SHIFT}`));
    const basis: DupRing['basis'] = files.length >= limit && !own ? 'common' : inRun(members, byFile, best) ? 'own' : 'formula';
    if (basis !== 'own') out.push({ members, files, basis });
    const key = `${basis}:${files.join(',')}`;
    let ring = rings.get(key);
    if (!ring) rings.set(key, (ring = { files, basis, groups: [], chars: [] }));
    ring.groups.push(files.map((f) => [f, byFile.get(f)!] as [number, number]));
    ring.chars.push(Math.min(...charsOf.values()));
  }
  for (const { members, files, basis } of out) {
    // out of the pairs' own matches: listed as common text or phrasing instead
    for (const x of members) {
      const i = Math.floor(x / SHIFT);
      const k = x % SHIFT;
      for (const j of files) {
        const m = best.get(`${i},${j}`);
        const v = m?.get(k);
        if (!v) continue;
        m!.delete(k);
        const key = `${i},${j}`;
        if (!common.has(key)) common.set(key, new Map());
        common.get(key)!.set(k, { ...v, basis });
      }
    }
  }
  return [...rings.values()];
}

/**
 * Whole sentences most bids share word for word (cut from their own part as common text) whose own part is long without
 * that cut — neither the tender's words, the writer's stock phrasing nor the section titles: one hand's text in every
 * bid (ten copies of one bid are a ring of ten, not ten bids that share nothing). Matched into `best` as verbatim, each
 * sentence weighing its own part; answers the sentences so matched ("file,sentence").
 */
/** Share of a bid's sentences that must be own words most bids share for it to be a copy of one bid among them. */
const MOST_OWN_SHARE = 0.5;
function ownTextMostShare(bids: FileFeatures[], grams: number[][][], sets: Uint32Array[][], weight: number[][], whole: BestMatches, ctx: ContentContext, best: BestMatches): Set<string> {
  const own = new Map<string, boolean>();
  const ownPart = (i: number, k: number) => {
    const key = `${i},${k}`;
    let v = own.get(key);
    if (v === undefined) {
      const norm = bids[i]!.sentences[k]!.norm;
      // none of the writer's stock phrasing in it (bids written with this product for one tender share its formulas)
      own.set(key, (v = !cutRuns(coverBits(norm, ctx.bits), STOCK_BIT, null, STOCK_RUN) && sentenceContent(norm, grams[i]![k]!, ctx).length >= MIN_SENTENCE));
    }
    return v;
  };
  // the bids whose sentences are, half of them or more, own words most bids share: copies of one bid (a few forms'
  // sentences every bid carries alike are not)
  const limit = commonLimit(bids.length);
  const partners = new Map<string, number>();
  for (const [key, m] of whole) {
    const i = Number(key.slice(0, key.indexOf(',')));
    for (const k of m.keys()) partners.set(`${i},${k}`, (partners.get(`${i},${k}`) ?? 0) + 1);
  }
  const shared = bids.map(() => 0);
  for (const [key, n] of partners) {
    const [i, k] = key.split(',').map(Number) as [number, number];
    if (n + 1 >= limit && !sets[i]![k]!.length && ownPart(i, k)) shared[i]!++;
  }
  const copies = bids.map((f, i) => shared[i]! >= MOST_OWN_SHARE * f.sentences.length);
  const out = new Set<string>();
  for (const [key, m] of whole) {
    const [i, j] = key.split(',').map(Number) as [number, number];
    if (!copies[i] || !copies[j]) continue;
    for (const [k, v] of m) {
      if (sets[i]![k]!.length || !ownPart(i, k)) continue;
      let b = best.get(key);
      if (!b) best.set(key, (b = new Map()));
      if (!b.has(k)) b.set(k, { other: v.other, dice: 1 });
      out.add(`${i},${k}`);
      out.add(`${j},${v.other}`);
      if (!weight[i]![k]) weight[i]![k] = sentenceContent(bids[i]!.sentences[k]!.norm, grams[i]![k]!, ctx).length;
    }
  }
  return out;
}

/** Least characters of a whole sentence's own part (below MIN_SENTENCE) for its identical copy to join a passage. */
const WHOLE_PART = 4;

/**
 * Whole sentences the same in two bids whose own part is too short to compare alone (a sentence of the writer's made
 * with a few words of its own: 「在X中，我方将……」) join the own matches as verbatim, weighing nothing: a passage
 * copied from another bid is a run of such sentences, found whatever the pair's coverage, and a hand's passage in three
 * bids is a ring. Left out: sentences that are all stock (nothing of their own), statutory clauses, and what most
 * bids hold (findRings labels it common).
 */
function wholeIntoOwn(bids: FileFeatures[], content: number[][], whole: BestMatches, best: BestMatches) {
  const ok = new Map<string, boolean>();
  const counts = (i: number, k: number) => {
    const key = `${i},${k}`;
    let v = ok.get(key);
    if (v === undefined) {
      const norm = bids[i]!.sentences[k]!.norm;
      v = content[i]![k]! >= WHOLE_PART && lowBasis(norm) !== 'statutory';
      ok.set(key, v);
    }
    return v;
  };
  const limit = commonLimit(bids.length);
  for (const [key, m] of whole) {
    const [i, j] = key.split(',').map(Number) as [number, number];
    for (const [k, v] of m) {
      // what most bids hold is common text (findRings would take it out again): not worth the look
      if ((v.holders ?? 0) >= limit || best.get(key)?.has(k) || !counts(i, k) || !counts(j, v.other)) continue;
      let b = best.get(key);
      if (!b) best.set(key, (b = new Map()));
      b.set(k, { other: v.other, dice: 1 });
    }
  }
}

/** A sentence this short (normalised) is a line or a table cell: one of several a copy may run together in one sentence. */
const LINE_CHARS = 40;
/** Least share of a line's shingles inside the longer sentence for the line to be in it. */
const LINE_INSIDE = 0.8;
/** Least share of the longer sentence that the lines found in it make up. */
const JOIN_COVER = 0.6;
/** A shingle in more sentences than this is a column's or a form's word: not looked up. */
const JOIN_CAP = 64;
/** Every this many shingles of a line, one is looked up. */
const PROBE = 3;

/**
 * Lines of one bid run together in one sentence of another (issue 25): a table's cells or a form's lines copied as one
 * paragraph, or a paragraph cut into cells — the same text, other sentence boundaries, so no sentence of one is like a
 * sentence of the other. A sentence of bid j (own part long enough to compare) that holds two lines or more of bid i
 * close together (each line's shingles LINE_INSIDE in it), the lines making up JOIN_COVER of it or more, is matched with
 * each of them: one passage between the pair, one shared sentence of a ring. The lines weigh their own part (they are
 * each too short to count alone). Shingles of the tender and of text most bids hold are not looked up.
 */
function joinedLines(bids: FileFeatures[], grams: number[][][], fromTender: boolean[][], weight: number[][], content: number[][], ctx: ContentContext, whole: BestMatches, best: BestMatches) {
  const SHIFT = 2 ** 22;
  const looked = (g: number) => !ctx.tenderGrams.has(g) && !(ctx.counts && ctx.counts.fileCount(g) >= ctx.common);
  // a line is looked up by every PROBE-th shingle of it (and its last): its place in a longer sentence, at a fraction of the work
  const probes = (gs: number[]) => [...new Set(gs.filter((_, p) => p % PROBE === 0 || p === gs.length - 1))].filter(looked);
  const lineProbes: number[][][] = bids.map((f, i) => f.sentences.map((s, k) => (!fromTender[i]![k] && s.norm.length < LINE_CHARS ? probes(grams[i]![k]!) : [])));
  // per sentence, the files it is matched with already, its own part or the whole sentence alike (a bit per file, files
  // 0–31): a line or a sentence matched with every other bid has no hidden partner (a line matched with some bids is
  // still looked for in them: a copy may hold it twice, alone and run together with its neighbours)
  const matched = bids.map((f) => new Uint32Array(f.sentences.length));
  for (const [key, m] of [...best, ...whole]) {
    const [i, j] = key.split(',').map(Number) as [number, number];
    for (const k of m.keys()) matched[i]![k]! |= 1 << j % 32;
  }
  const all = bids.length > 32 ? 0 : 2 ** bids.length - 1;
  const done = (i: number, k: number) => all > 0 && (matched[i]![k]! | (1 << i)) >>> 0 === all;
  const lineGrams = new Set<number>();
  lineProbes.forEach((f, i) =>
    f.forEach((gs, k) => {
      if (done(i, k)) gs.length = 0;
      for (const g of gs) lineGrams.add(g);
    }),
  );
  if (!lineGrams.size) return;
  // where the lines' shingles stand in the sentences that could hold two lines or more (own part long enough)
  const at = new Map<number, number[]>();
  bids.forEach((f, j) =>
    f.sentences.forEach((s, l) => {
      if (fromTender[j]![l] || !weight[j]![l] || s.norm.length < 2 * MIN_SENTENCE || done(j, l)) return;
      const c = j * SHIFT + l;
      for (const g of grams[j]![l]!) {
        if (!lineGrams.has(g)) continue;
        const list = at.get(g);
        if (!list) at.set(g, [c]);
        else if (list.length <= JOIN_CAP && list[list.length - 1] !== c) list.push(c);
      }
    }),
  );
  /** per holding sentence (j, l): per file i, the lines of i in it */
  const inside = new Map<number, Map<number, number[]>>();
  bids.forEach((f, i) =>
    f.sentences.forEach((s, k) => {
      const gs = lineProbes[i]![k]!;
      if (!gs.length) return;
      const hits = new Map<number, number>();
      for (const g of gs) {
        const list = at.get(g);
        if (!list || list.length > JOIN_CAP) continue;
        for (const c of list) {
          const j = Math.floor(c / SHIFT);
          if (j !== i && bids[j]!.sentences[c % SHIFT]!.norm.length >= s.norm.length + MIN_SENTENCE) hits.set(c, (hits.get(c) ?? 0) + 1);
        }
      }
      for (const [c, n] of hits) {
        if (n < LINE_INSIDE * gs.length) continue;
        let m = inside.get(c);
        if (!m) inside.set(c, (m = new Map()));
        const ks = m.get(i);
        if (ks) ks.push(k);
        else m.set(i, [k]);
      }
    }),
  );
  const note = (i: number, k: number, j: number, l: number, d: number) => {
    const key = `${i},${j}`;
    let m = best.get(key);
    if (!m) best.set(key, (m = new Map()));
    const cur = m.get(k);
    if (!cur || cur.dice < d) m.set(k, { other: l, dice: d });
  };
  for (const [c, byFile] of inside) {
    const j = Math.floor(c / SHIFT);
    const l = c % SHIFT;
    const len = bids[j]!.sentences[l]!.norm.length;
    for (const [i, ks] of byFile) {
      // runs of lines close together (a gap of one line allowed: a cell too short to compare)
      const runs: number[][] = [];
      for (const k of ks.sort((x, y) => x - y)) {
        const run = runs[runs.length - 1];
        if (run && k - run[run.length - 1]! <= 2) run.push(k);
        else runs.push([k]);
      }
      for (const run of runs) {
        if (run.length < 2) continue;
        const cover = run.reduce((n, k) => n + bids[i]!.sentences[k]!.norm.length, 0) / len;
        if (cover < JOIN_COVER) continue;
        const d = Math.min(1, cover);
        for (const k of run) {
          if (!weight[i]![k]) weight[i]![k] = content[i]![k]!;
          note(i, k, j, l, d);
        }
        note(j, l, i, run[0]!, d);
      }
    }
  }
}

/**
 * Whether a group of sentences shared by three bids or more stands in a shared passage: two of its members have a
 * neighbour (two sentences either side) matched to the same partner bid near the group's sentence there. One hand's
 * companion bids share passages; a lone sentence several bids hold is phrasing (labelled formula, weighing nothing).
 */
function inRun(members: number[], byFile: Map<number, number>, best: BestMatches): boolean {
  const SHIFT = 2 ** 22;
  let backed = 0;
  for (const x of members) {
    const i = Math.floor(x / SHIFT);
    const k = x % SHIFT;
    let found = false;
    for (const [j, l] of byFile) {
      if (j === i || found) continue;
      const m = best.get(`${i},${j}`);
      if (!m) continue;
      for (let d = -2; d <= 2 && !found; d++) {
        const n = d ? m.get(k + d) : undefined;
        if (n && Math.abs(n.other - l) <= 6) found = true;
      }
    }
    if (found && ++backed >= 2) return true;
  }
  return false;
}

function buildTextIndex(bids: FileFeatures[], tender: FileFeatures | undefined): TextIndex {
  const tenderGrams = new Set<number>();
  if (tender) for (const s of tender.sentences) for (const g of gramHashes(s.norm, SHINGLE)) tenderGrams.add(g);
  const grams = bids.map((f) => f.sentences.map((s) => gramHashes(s.norm, SHINGLE)));
  const fromTender = bids.map((f, i) =>
    f.sentences.map((_, k) => {
      const gs = grams[i]![k]!;
      if (!tenderGrams.size || !gs.length) return false;
      let hit = 0;
      for (const g of gs) if (tenderGrams.has(g)) hit++;
      return hit / gs.length >= TENDER_SHARE;
    }),
  );
  const limit = commonLimit(bids.length);
  // which bids hold each shingle: only needed when some text can be common (four bids or more)
  const counts = Number.isFinite(limit) ? new ShingleFiles(grams.reduce((n, f) => n + f.reduce((m, g) => m + g.length, 0), 0)) : null;
  if (counts)
    grams.forEach((f, i) =>
      f.forEach((gs, k) => {
        if (!fromTender[i]![k]) for (const g of gs) counts.add(g, i);
      }),
    );
  const titleGrams = commonTitleGrams(bids);
  const ctx: ContentContext = { tenderGrams, titleGrams, bits: gramBits(titleGrams), counts, common: limit };
  const weight: number[][] = bids.map(() => []);
  /** per bid and sentence: the length of its own part however short (0 for the tender's), for the steps below */
  const content: number[][] = bids.map(() => []);
  // the own part depends on the sentence's text alone (the context is the whole set's): worked out once per text — bids
  // repeat their boilerplate, and companion bids each other's sentences
  const parts = new Map<string, { part: string; set: Uint32Array }>();
  const none = { part: '', set: new Uint32Array(0) };
  const sets: Uint32Array[][] = bids.map((f, i) =>
    f.sentences.map((s, k) => {
      let known = fromTender[i]![k] ? none : parts.get(s.norm);
      if (!known) {
        const part = sentenceContent(s.norm, grams[i]![k]!, ctx);
        parts.set(s.norm, (known = { part, set: part.length >= MIN_SENTENCE ? bigramSet(part) : none.set }));
      }
      content[i]!.push(known.part.length);
      weight[i]!.push(known.part.length >= MIN_SENTENCE ? known.part.length : 0);
      // (one array for every sentence of the same text: read, never changed)
      return known.set;
    }),
  );
  const best = matchSentences(sets, NEAR_DICE);
  const whole = sameSentences(bids, fromTender);
  const mostOwn = counts ? ownTextMostShare(bids, grams, sets, weight, whole, { ...ctx, counts: null }, best) : new Set<string>();
  wholeIntoOwn(bids, content, whole, best);
  joinedLines(bids, grams, fromTender, weight, content, ctx, whole, best);
  const common: BestMatches = new Map();
  const rings = findRings(bids.length, best, common, weight, mostOwn);
  const bases = new Map<string, DupSentenceBasis>();
  const basisOf = (norm: string) => {
    let b = bases.get(norm);
    if (!b) bases.set(norm, (b = lowBasis(norm)));
    return b;
  };
  return { fromTender, weight, best, whole, common, rings, lowBasis: basisOf };
}

/**
 * Most characters of a passage's side kept in the report: two identical bids, or a sentence repeated thousands of
 * times, make passages of a whole bid (the bench's hostile 查重 saw a 100 MB report); the passage still counts in full.
 */
const PASSAGE_TEXT = 2000;
const clip = (s: string) => (s.length > PASSAGE_TEXT ? `${s.slice(0, PASSAGE_TEXT)}…` : s);

function textOfPair(A: FileFeatures, B: FileFeatures, ai: number, bi: number, idx: TextIndex, maxPassages: number, maxSentences: number) {
  const ab = idx.best.get(`${ai},${bi}`) ?? new Map<number, SentenceMatch>();
  const ba = idx.best.get(`${bi},${ai}`) ?? new Map<number, SentenceMatch>();
  const wA = idx.weight[ai]!;
  const wB = idx.weight[bi]!;
  const sum = (w: number[]) => w.reduce((n, x) => n + x, 0);
  const covered = (w: number[], m: Map<number, SentenceMatch>) => [...m.keys()].reduce((n, k) => n + w[k]!, 0);
  const totalA = sum(wA);
  const totalB = sum(wB);
  const covA = totalA ? covered(wA, ab) / totalA : 0;
  const covB = totalB ? covered(wB, ba) / totalB : 0;
  const sentences = sharedSentences(A, B, ai, bi, idx);
  const verbatim = sentences.filter((x) => x.kind === 'verbatim').length;
  const low = sentences.filter((x) => x.basis !== 'own').length;
  // passages: runs of matched A sentences (a gap of one allowed) whose partners stay close together in B
  const ks = [...ab.keys()].sort((x, y) => x - y);
  const runs: number[][] = [];
  for (const k of ks) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    if (run && prev !== undefined && k - prev <= 2 && Math.abs(ab.get(k)!.other - ab.get(prev)!.other) <= 6) run.push(k);
    else runs.push([k]);
  }
  const passages: Passage[] = [];
  /** per passage: its sentences on the side with fewer (many cells of A near one sentence of B are one sentence) */
  const spans = new Map<Passage, number>();
  for (const run of runs) {
    const chars = run.reduce((n, k) => n + wA[k]!, 0);
    if (run.length < 2 && chars < 40) continue;
    const others = run.map((k) => ab.get(k)!.other);
    const bFrom = Math.min(...others);
    const bTo = Math.max(...others);
    const aText = clip(A.sentences.slice(run[0]!, run[run.length - 1]! + 1).map((s) => s.text).join(''));
    const bText = clip(B.sentences.slice(bFrom, Math.min(bTo, bFrom + 4 * run.length + 6) + 1).map((s) => s.text).join(''));
    const sim = run.reduce((n, k) => n + ab.get(k)!.dice * wA[k]!, 0) / Math.max(1, chars);
    const passage: Passage = {
      kind: run.every((k) => ab.get(k)!.dice >= VERBATIM_DICE) ? 'verbatim' : 'near',
      chars,
      similarity: Math.round(sim * 1000) / 1000,
      a: { text: aText, page: A.sentences[run[0]!]!.page, section: A.sections[A.sentences[run[0]!]!.section]?.title ?? '', marks: [] },
      b: { text: bText, page: B.sentences[bFrom]!.page, section: B.sections[B.sentences[bFrom]!.section]?.title ?? '', marks: [] },
      aRange: [run[0]!, run[run.length - 1]!],
      bRange: [bFrom, bTo],
    };
    passages.push(passage);
    spans.set(passage, Math.min(run.length, new Set(others).size));
  }
  passages.sort((x, y) => y.chars - x.chars);
  const kept = passages.slice(0, maxPassages);
  for (const p of kept) {
    p.a.marks = sharedRanges(p.a.text, p.b.text);
    p.b.marks = sharedRanges(p.b.text, p.a.text);
  }
  // chapters: matched characters of A's chapter whose partners lie in B's chapter, over A's chapter
  const secTotal = new Map<number, number>();
  A.sentences.forEach((s, k) => {
    if (wA[k]) secTotal.set(s.section, (secTotal.get(s.section) ?? 0) + wA[k]!);
  });
  const cell = new Map<string, number>();
  for (const [k, m] of ab) {
    const key = `${A.sentences[k]!.section}|${B.sentences[m.other]!.section}`;
    cell.set(key, (cell.get(key) ?? 0) + wA[k]!);
  }
  const title = (f: FileFeatures, s: number) => (s < 0 ? '（正文开头）' : f.sections[s]!.title);
  const sections: SectionSimilarity[] = [...cell]
    .map(([key, n]) => {
      const [sa, sb] = key.split('|').map(Number) as [number, number];
      return { a: title(A, sa), b: title(B, sb), similarity: Math.round((n / Math.max(1, secTotal.get(sa) ?? 1)) * 1000) / 1000 };
    })
    .filter((s) => s.similarity >= 0.02)
    .sort((x, y) => y.similarity - x.similarity)
    .slice(0, 40);
  // the level comes from the long shared passages (runs of matched sentences in both files), not from scattered
  // sentences: formulaic sentences match here and there between independent bids, copied text comes in runs
  // a passage of two sentences with PAIR_CHARS own characters counts too, whatever the pair's coverage: a copied
  // paragraph is two sentences as often as three
  const long = passages.filter((p) => spans.get(p)! >= LONG_RUN || p.chars >= LONG_CHARS || (spans.get(p)! >= 2 && p.chars >= PAIR_CHARS));
  const longChars = long.reduce((n, p) => n + p.chars, 0);
  const cov = Math.max(covA, covB);
  // several short passages copied word for word (two sentences each, a line of their own words) are one copy too
  const short = passages.filter((p) => !long.includes(p) && p.kind === 'verbatim' && spans.get(p)! >= 2 && p.chars >= SHORT_CHARS);
  const risk: Risk = long.length >= 3 || longChars >= 600 || cov >= 0.3 ? 'high' : long.length || short.length >= SHORT_PASSAGES ? 'medium' : ab.size ? 'low' : 'none';
  const listed = sentences.slice(0, maxSentences);
  return { score: Math.round(Math.min(1, cov) * 100), risk, passages: kept, sections, matched: { verbatim, near: sentences.length - verbatim, low, listed: listed.length }, sentences: listed };
}

/**
 * Most shared sentences listed per pair (all are counted; `matched.listed` says when the list is shorter): 1000 for a
 * few bids, less with many pairs so ten identical 300-page bids do not make a report of tens of megabytes (20 000 in all,
 * 200 per pair at least).
 */
export const maxListedSentences = (pairs: number) => Math.min(1000, Math.max(200, Math.floor(20_000 / Math.max(1, pairs))));

const side = (f: FileFeatures, k: number) => ({ index: k, text: f.sentences[k]!.text, page: f.sentences[k]!.page, section: f.sections[f.sentences[k]!.section]?.title ?? '' });

/**
 * Every sentence of A that B shares, once, in A's order: its own part matched (basis own), else matched as text most
 * bids share (common), else the whole sentence alike though its own part is too short to count (statutory, stock or
 * formula) — so the pair's 雷同句 count is exactly the sentences listed.
 */
function sharedSentences(A: FileFeatures, B: FileFeatures, ai: number, bi: number, idx: TextIndex): DupSentenceMatch[] {
  const own = idx.best.get(`${ai},${bi}`);
  const common = idx.common.get(`${ai},${bi}`);
  const whole = idx.whole.get(`${ai},${bi}`);
  const ks = new Set([...(own?.keys() ?? []), ...(common?.keys() ?? []), ...(whole?.keys() ?? [])]);
  const usedB = new Set<number>();
  const out: DupSentenceMatch[] = [];
  for (const k of [...ks].sort((x, y) => x - y)) {
    const o = own?.get(k);
    const c = common?.get(k);
    const w = whole?.get(k);
    const m = o ?? c ?? w!;
    // a sentence of B partnered once: the same boilerplate sentence repeated in A does not count again
    if (!o && usedB.has(m.other)) continue;
    usedB.add(m.other);
    const basis: DupSentenceBasis = o ? 'own' : c ? (c.basis ?? 'common') : idx.lowBasis(A.sentences[k]!.norm);
    const sim = Math.max(m.dice, w?.other === m.other ? w.dice : 0);
    out.push({ kind: sim >= VERBATIM_DICE ? 'verbatim' : 'near', similarity: Math.round(sim * 1000) / 1000, basis, a: side(A, k), b: side(B, m.other) });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------------------- outline

/** Most headings of a file compared in order (the longest common subsequence is quadratic). */
const MAX_HEADINGS = 1500;

function outlineOfPair(allA: DupHeading[], allB: DupHeading[]) {
  const A = allA.slice(0, MAX_HEADINGS);
  const B = allB.slice(0, MAX_HEADINGS);
  const n = A.length;
  const m = B.length;
  // near-identical: a few characters added or changed; only headings of about the same length and the same first
  // character are compared — found once per pair (the table below reads the answer n × m times)
  const same = new Uint8Array(n * m);
  const byFirst = new Map<number, number[]>();
  B.forEach((h, j) => {
    const c = h.norm.charCodeAt(0);
    const list = byFirst.get(c);
    if (list) list.push(j);
    else byFirst.set(c, [j]);
  });
  const sb: Array<Uint32Array | undefined> = [];
  for (let i = 0; i < n; i++) {
    const x = A[i]!.norm;
    let sa: Uint32Array | undefined;
    for (const j of byFirst.get(x.charCodeAt(0)) ?? []) {
      const y = B[j]!.norm;
      if (x === y) same[i * m + j] = 1;
      else if (Math.abs(x.length - y.length) <= 4 && dice((sa ??= bigramSet(x)), (sb[j] ??= bigramSet(y))) >= 0.8) same[i * m + j] = 1;
    }
  }
  // the longest common subsequence, one flat table (row i at i × (m + 1))
  const w = m + 1;
  const dp = new Uint16Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) {
      const down = dp[(i + 1) * w + j]!;
      const right = dp[i * w + j + 1]!;
      dp[i * w + j] = same[i * m + j] ? dp[(i + 1) * w + j + 1]! + 1 : down >= right ? down : right;
    }
  const pairs: Array<{ a: string; b: string }> = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (same[i * m + j] && dp[i * w + j] === dp[(i + 1) * w + j + 1]! + 1) {
      pairs.push({ a: A[i]!.text, b: B[j]!.text });
      i++;
      j++;
    } else if (dp[(i + 1) * w + j]! >= dp[i * w + j + 1]!) i++;
    else j++;
  }
  const lcs = pairs.length;
  const ratio = lcs / Math.max(1, Math.min(n, m));
  const risk: Risk = lcs >= 5 && ratio >= 0.5 ? 'high' : lcs >= 4 && ratio >= 0.3 ? 'medium' : lcs >= 2 ? 'low' : 'none';
  return { score: Math.round(ratio * 100), risk, pairs: pairs.slice(0, 300) };
}

/**
 * The headings that count: not in the tender, not trivial, and not held by most bids (commonLimit: six of ten) — an
 * outline three or four companion bids share counts in each of their pairs.
 */
function ownHeadings(bids: FileFeatures[], tender: FileFeatures | undefined): DupHeading[][] {
  const tenderText = tender ? normalise(tender.text) : '';
  const keep = (h: DupHeading) => h.norm.length >= 3 && !(tenderText && tenderText.includes(h.norm));
  const lists = bids.map((f) => f.headings.filter(keep));
  const limit = commonLimit(bids.length);
  if (!Number.isFinite(limit)) return lists;
  const df = new Map<string, number>();
  for (const l of lists) for (const n of new Set(l.map((h) => h.norm))) df.set(n, (df.get(n) ?? 0) + 1);
  return lists.map((l) => l.filter((h) => (df.get(h.norm) ?? 0) < limit));
}

// ------------------------------------------------------------------------------------------------------------ metadata

const GENERIC_NAMES = new Set(['', 'administrator', 'admin', 'user', 'users', 'owner', 'microsoft', 'microsoft office user', 'microsoft office 用户', '微软用户', 'lenovo', 'dell', 'hp', 'asus', 'unknown', 'pc', 'walkinnet', 'apache poi', 'python-docx', 'author']);
const isGeneric = (s: string) => GENERIC_NAMES.has(s.trim().toLowerCase()) || /^(user|admin|pc)[-_\d]*$/i.test(s.trim());
const GENERIC_TEMPLATES = /^(normal(\.dotm?)?|normal\.wpt|空白文档)?$/i;

function metadataOfPair(A: FileFeatures, B: FileFeatures): Finding[] {
  const out: Finding[] = [];
  const a = A.meta;
  const b = B.meta;
  const eq = (x: string, y: string) => x.trim() !== '' && x.trim().toLowerCase() === y.trim().toLowerCase();
  const person = (label: string, x: string, y: string) => {
    if (eq(x, y)) out.push({ dimension: 'metadata', level: isGeneric(x) ? 'low' : 'high', title: `${label}相同`, a: x, b: y });
  };
  person('作者', a.author, b.author);
  person('最后修改者', a.lastModifiedBy, b.lastModifiedBy);
  if (!eq(a.author, b.author)) {
    if (eq(a.author, b.lastModifiedBy) && !isGeneric(a.author)) out.push({ dimension: 'metadata', level: 'high', title: '一方作者为另一方最后修改者', a: a.author, b: b.lastModifiedBy });
    else if (eq(a.lastModifiedBy, b.author) && !isGeneric(b.author)) out.push({ dimension: 'metadata', level: 'high', title: '一方作者为另一方最后修改者', a: a.lastModifiedBy, b: b.author });
  }
  if (eq(a.company, b.company)) out.push({ dimension: 'metadata', level: isGeneric(a.company) ? 'low' : 'high', title: '单位（Company）相同', a: a.company, b: b.company });
  if (eq(a.template, b.template) && !GENERIC_TEMPLATES.test(a.template.trim())) out.push({ dimension: 'metadata', level: 'medium', title: '模板相同', a: a.template, b: b.template });
  if (eq(a.created, b.created)) out.push({ dimension: 'metadata', level: 'high', title: '创建时间完全相同', a: a.created, b: b.created });
  if (eq(a.modified, b.modified)) out.push({ dimension: 'metadata', level: 'high', title: '修改时间完全相同', a: a.modified, b: b.modified });
  if (a.rsidRoot && a.rsidRoot === b.rsidRoot) out.push({ dimension: 'metadata', level: 'high', title: '文档根编辑会话（rsidRoot）相同', a: a.rsidRoot, b: b.rsidRoot });
  const bRsids = new Set(b.rsids);
  const shared = a.rsids.filter((r) => r !== a.rsidRoot && bRsids.has(r));
  if (shared.length) out.push({ dimension: 'metadata', level: shared.length >= 2 ? 'high' : 'medium', title: `共有 ${shared.length} 个 Word 编辑会话编号（RSID）`, a: shared.slice(0, 8).join(', '), b: shared.slice(0, 8).join(', ') });
  for (const [k, v] of Object.entries(a.custom)) {
    if (v.length >= 16 && !/buildver|version/i.test(k) && b.custom[k] === v) out.push({ dimension: 'metadata', level: 'high', title: `自定义属性 ${k} 相同`, a: v, b: v });
  }
  const bEmb = new Map(b.embedded.filter((e) => e.name.includes('/embeddings/')).map((e) => [e.sha256, e.name]));
  for (const e of a.embedded) {
    if (e.name.includes('/embeddings/') && bEmb.has(e.sha256)) out.push({ dimension: 'metadata', level: 'high', title: '嵌入文件完全相同', a: e.name, b: bEmb.get(e.sha256)! });
  }
  if (eq(a.application, b.application) && out.length) out.push({ dimension: 'metadata', level: 'low', title: '编辑软件相同', a: a.application, b: b.application });
  return out;
}

// -------------------------------------------------------------------------------------------------------------- images

/**
 * Most gradient-hash distance (pictures/image gradientDistance, 0–1) between two whole pictures that are the same
 * picture recompressed or scaled. Measured over 150 screenshot-like pictures (bench/dupcheck's kind): a JPEG q60 copy
 * at 80 % is 0–0.026 from its original; unrelated pictures are 0.36 or more apart.
 */
export const IMAGE_SIMILAR_DISTANCE = 0.1;
/**
 * Most distance between a picture and a window of the other for a cropped copy. Measured: the bench's crop (85 % × 90 %
 * from 10 %, JPEG q80) is 0.05–0.16 from its original's nearest window, random crops keeping 80–100 % of each side (JPEG
 * q70–90) 0.01–0.21 (95 % under 0.19); unrelated screenshot-like pictures are 0.32 or more, unrelated real pictures of the
 * corpus 0.26 or more (screenshots of one web page with another tab open: 0.14–0.18, and match). Pictures drawn alike (a
 * gradient, a large disc on the left, a bar at the same place) come down to 0.18–0.22 in one pair in ~5000: 0.2 keeps
 * those apart but for one in ~20 000.
 */
export const IMAGE_CROP_DISTANCE = 0.2;
/** A window is compared with a picture of about its shape only (|ln(aspect ratio)| at most this). */
const IMAGE_ASPECT_SLACK = 0.1;

interface PreparedHash {
  words: Uint32Array;
  /** ln(width / height) */
  shape: number;
}

interface PreparedImage {
  img: DupImage;
  full: PreparedHash;
  windows: PreparedHash[];
}

const prepareHash = (h: GradientHash): PreparedHash => ({ words: gradientWords(h), shape: Math.log(h.aspect) });

function prepareImages(f: FileFeatures): PreparedImage[] {
  return f.images
    .filter((i) => i.width >= 48 && i.height >= 48)
    .map((img) => ({ img, full: prepareHash(img.ghash), windows: img.gwindows.map(prepareHash) }))
    .filter((p) => gradientConfident(p.full.words) >= GRADIENT_MIN_CONFIDENT); // a blank picture has no shape to compare
}

const sameShape = (a: PreparedHash, b: PreparedHash) => Math.abs(a.shape - b.shape) <= IMAGE_ASPECT_SLACK;

function imageMatch(x: PreparedImage, y: PreparedImage): 'exact' | 'similar' | 'cropped' | null {
  if (x.img.sha256 === y.img.sha256) return 'exact';
  if (sameShape(x.full, y.full) && gradientDistance(x.full.words, y.full.words, IMAGE_SIMILAR_DISTANCE) <= IMAGE_SIMILAR_DISTANCE) return 'similar';
  for (const w of y.windows) if (sameShape(x.full, w) && gradientDistance(x.full.words, w.words, IMAGE_CROP_DISTANCE) <= IMAGE_CROP_DISTANCE) return 'cropped';
  for (const w of x.windows) if (sameShape(w, y.full) && gradientDistance(w.words, y.full.words, IMAGE_CROP_DISTANCE) <= IMAGE_CROP_DISTANCE) return 'cropped';
  return null;
}

function imagesOfPair(A: PreparedImage[], B: PreparedImage[], an: string, bn: string): Finding[] {
  const out: Finding[] = [];
  const used = new Set<number>();
  for (const x of A) {
    for (let j = 0; j < B.length; j++) {
      if (used.has(j)) continue;
      const how = imageMatch(x, B[j]!);
      if (!how) continue;
      used.add(j);
      const label = how === 'exact' ? '图片完全相同' : how === 'similar' ? '图片高度相似（重新压缩或缩放）' : '图片为裁剪后的同一图片';
      out.push({ dimension: 'images', level: how === 'exact' ? 'high' : 'medium', title: label, a: `${an} ${x.img.name}`, b: `${bn} ${B[j]!.img.name}` });
      break;
    }
  }
  return out;
}

// ----------------------------------------------------------------------------------------------------------- tell-tale

/**
 * Common misspellings (wrong → right): the same ones in two bids are a sign of one writer. Real misspellings only — an
 * accepted variant form (其它, 帐号: variants.ts) is no typo, and the list may hold none (a test checks it).
 */
export const COMMON_TYPOS: Array<[string, string]> = [
  ['按排', '安排'], ['既使', '即使'], ['必需遵守', '必须遵守'], ['布署', '部署'], ['渡过难关', '度过难关'], ['一股作气', '一鼓作气'],
  ['迫不急待', '迫不及待'], ['再接再励', '再接再厉'], ['谈笑风声', '谈笑风生'], ['默守成规', '墨守成规'], ['检察验收', '检查验收'],
  ['质量保正', '质量保证'], ['工程竣功', '工程竣工'], ['施工工艺流成', '施工工艺流程'], ['安全隐换', '安全隐患'],
  ['应急预按', '应急预案'], ['技术交低', '技术交底'], ['材料进厂检脸', '材料进场检验'], ['截止目前', '截至目前'], ['截止到', '截至到'], ['做为', '作为'],
  ['不径而走', '不胫而走'], ['甘败下风', '甘拜下风'], ['一愁莫展', '一筹莫展'], ['穿流不息', '川流不息'], ['走头无路', '走投无路'],
  ['验收合各', '验收合格'], ['监里', '监理'], ['施功', '施工'], ['技朮', '技术'], ['管里制度', '管理制度'], ['规范要球', '规范要求'],
  ['幅射', '辐射'], ['滥殇', '滥觞'], ['既往不究', '既往不咎'], ['针砭时事', '针砭时弊'], ['一如继往', '一如既往'], ['变本加利', '变本加厉'],
];

const STANDARD = /\b(GB\/T|GB|JGJ\/T|JGJ|JTG|CJJ|HJ|DL\/T|SL|ISO|GA\/T|GA)\s?(\d{2,6}(?:\.\d+)?)[-—–](\d{4})\b/g;

interface TellTaleFacts {
  typos: Set<string>;
  standards: Map<string, number>;
}

function tellTaleFacts(f: FileFeatures, tender: FileFeatures | undefined): TellTaleFacts {
  const typos = new Set(COMMON_TYPOS.filter(([w]) => !isAcceptedVariant(w) && f.text.includes(w) && !tender?.text.includes(w)).map(([w]) => w));
  const standards = new Map<string, number>();
  for (const m of f.text.matchAll(STANDARD)) {
    const code = `${m[1]} ${m[2]}`;
    const year = Number(m[3]);
    const seen = standards.get(code);
    if (seen === undefined || year < seen) standards.set(code, year);
  }
  return { typos, standards };
}

function tellTaleOfPair(fa: TellTaleFacts, fb: TellTaleFacts, newest: Map<string, number>): Finding[] {
  const out: Finding[] = [];
  const typos = [...fa.typos].filter((t) => fb.typos.has(t));
  // a common misspelling is common: one alike in two bids says little, two or more say one hand
  if (typos.length) out.push({ dimension: 'telltale', level: typos.length >= 2 ? 'high' : 'low', title: `相同的错别字 ${typos.length} 处`, a: typos.join('、'), b: typos.join('、') });
  const outdated = [...fa.standards].filter(([code, year]) => fb.standards.get(code) === year && (newest.get(code) ?? year) > year).map(([c, y]) => `${c}-${y}`);
  if (outdated.length) out.push({ dimension: 'telltale', level: outdated.length >= 2 ? 'high' : 'medium', title: `引用相同的过期标准 ${outdated.length} 项`, a: outdated.join('、'), b: outdated.join('、') });
  return out;
}

// -------------------------------------------------------------------------------------------------------------- prices

function pricesOfPair(A: FileFeatures, B: FileFeatures): Finding[] {
  const out: Finding[] = [];
  if (A.prices.length < 2 || B.prices.length < 2) return out;
  const bByItem = new Map(B.prices.filter((r) => r.item).map((r) => [normalise(r.item), r]));
  const matched: Array<[number[], number[]]> = [];
  A.prices.forEach((r, i) => {
    const other = r.item ? bByItem.get(normalise(r.item)) : B.prices[i];
    if (other) matched.push([r.values, other.values]);
  });
  const totalA = Math.max(...A.prices.flatMap((r) => r.values));
  const totalB = Math.max(...B.prices.flatMap((r) => r.values));
  if (totalA >= 1000 && totalA === totalB) out.push({ dimension: 'prices', level: 'high', title: '报价总额完全相同', a: String(totalA), b: String(totalB) });
  // column by column (单价, then 合价 …): the same amounts, a fixed ratio or a fixed difference over the matched rows
  const columns = Math.min(...matched.map(([x, y]) => Math.min(x.length, y.length)), 9);
  for (let c = 0; c < columns && !out.some((f) => f.title !== '报价总额完全相同'); c++) {
    const pairs = matched.map(([x, y]) => [x[c]!, y[c]!] as const).filter(([x, y]) => x > 0 && y > 0);
    if (pairs.length < 3) continue;
    const equal = pairs.filter(([x, y]) => x === y).length;
    if (equal >= 3 && equal / pairs.length >= 0.6) {
      out.push({ dimension: 'prices', level: 'high', title: `${equal} 项分项报价完全相同`, a: `${equal}/${pairs.length}`, b: `${equal}/${pairs.length}` });
      continue;
    }
    const ratios = pairs.map(([x, y]) => y / x);
    const mean = ratios.reduce((s, r) => s + r, 0) / ratios.length;
    const spread = (Math.max(...ratios) - Math.min(...ratios)) / mean;
    if (spread < 0.002 && Math.abs(mean - 1) > 0.0005) {
      out.push({ dimension: 'prices', level: 'high', title: `分项报价呈固定比例（约 ${mean.toFixed(4)} 倍）`, a: `${pairs.length} 项`, b: `${pairs.length} 项` });
      continue;
    }
    const diffs = pairs.map(([x, y]) => Math.round((y - x) * 100) / 100);
    if (diffs.every((d) => d === diffs[0]) && diffs[0] !== 0) out.push({ dimension: 'prices', level: 'high', title: `分项报价相差固定金额（${diffs[0]} 元）`, a: `${pairs.length} 项`, b: `${pairs.length} 项` });
  }
  return out;
}

// -------------------------------------------------------------------------------------------------------------- report

const levelScore: Record<Risk, number> = { none: 0, low: 20, medium: 60, high: 100 };
const findingsRisk = (fs: Finding[]): Risk => maxRisk(fs.map((f) => f.level));
const WEIGHT: Record<Dimension, number> = { text: 1, outline: 0.6, metadata: 0.9, images: 0.8, identity: 0.9, telltale: 0.8, prices: 0.9 };

/** Compares every pair of bids (`files` with role 'bid'; the first file with role 'tender', if any, is subtracted). */
export function compareBids(files: FileFeatures[], opts: CompareOptions = {}): DupReport {
  const bids = files.filter((f) => f.role === 'bid');
  const tender = files.find((f) => f.role === 'tender');
  const tenderText = tender?.text ?? '';
  const idx = buildTextIndex(bids, tender);
  const headings = ownHeadings(bids, tender);
  const tenderImages = tender ? prepareImages(tender) : [];
  const images = bids.map((f) => prepareImages(f).filter((p) => !tenderImages.some((t) => imageMatch(p, t))));
  const facts = bids.map((f) => tellTaleFacts(f, tender));
  const ids = bids.map((f) => identityFacts(f, tenderText));
  const newest = new Map<string, number>();
  for (const f of [...bids, ...(tender ? [tender] : [])])
    for (const m of f.text.matchAll(STANDARD)) {
      const code = `${m[1]} ${m[2]}`;
      newest.set(code, Math.max(newest.get(code) ?? 0, Number(m[3])));
    }
  const total = (bids.length * (bids.length - 1)) / 2;
  const rings = presentRings(bids, idx);
  const pairs: PairResult[] = [];
  for (let i = 0; i < bids.length; i++) {
    for (let j = i + 1; j < bids.length; j++) {
      const A = bids[i]!;
      const B = bids[j]!;
      const text = textOfPair(A, B, i, j, idx, opts.maxPassages ?? 100, maxListedSentences(total));
      // a ring of one hand's passages is in each of its pairs: the pair's text at the ring's level (its sentences are
      // the pair's own matches, listed with the pair's 雷同句)
      text.risk = maxRisk([text.risk, ...rings.filter((r) => r.basis === 'own' && r.files.includes(i) && r.files.includes(j)).map((r) => r.risk)]);
      const outline = outlineOfPair(headings[i]!, headings[j]!);
      const meta = metadataOfPair(A, B);
      const imgs = imagesOfPair(images[i]!, images[j]!, A.name, B.name);
      const who = identitiesOfPair(A, B, ids[i]!, ids[j]!);
      // a third bidder's name inside both bids: one hand prepared them
      for (let k = 0; k < bids.length; k++) {
        const name = ids[k]!.company;
        if (k === i || k === j || !name || name === ids[i]!.company || name === ids[j]!.company || !A.text.includes(name) || !B.text.includes(name)) continue;
        const at = (f: FileFeatures) => f.text.slice(Math.max(0, f.text.indexOf(name) - 24), f.text.indexOf(name) + name.length + 24).replace(/\s+/g, ' ');
        who.push({ dimension: 'identity', level: 'high', title: `两份投标文件中都出现另一投标人（${bids[k]!.name}）的名称「${name}」`, a: at(A), b: at(B) });
      }
      const tell = tellTaleOfPair(facts[i]!, facts[j]!, newest);
      const prices = pricesOfPair(A, B);
      const risks: Record<Dimension, Risk> = {
        text: text.risk,
        outline: outline.risk,
        metadata: findingsRisk(meta),
        images: imgs.some((f) => f.level === 'high') || imgs.length >= 2 ? 'high' : imgs.length ? 'medium' : 'none',
        identity: findingsRisk(who),
        telltale: findingsRisk(tell),
        prices: findingsRisk(prices),
      };
      const scores: Record<Dimension, number> = {
        text: text.score,
        outline: outline.score,
        metadata: levelScore[risks.metadata],
        images: Math.min(100, imgs.length * 50),
        identity: levelScore[risks.identity],
        telltale: levelScore[risks.telltale],
        prices: levelScore[risks.prices],
      };
      const textScore = Math.min(100, text.score * 2.5);
      const combined = 1 - DIMENSIONS.reduce((p, d) => p * (1 - (WEIGHT[d] * (d === 'text' ? textScore : scores[d])) / 100), 1);
      const highs = DIMENSIONS.filter((d) => risks[d] === 'high').length;
      const mediums = DIMENSIONS.filter((d) => risks[d] === 'medium').length;
      const risk: Risk = highs || mediums >= 2 ? 'high' : mediums ? 'medium' : maxRisk(Object.values(risks));
      pairs.push({ a: i, b: j, score: Math.round(combined * 100), risk, scores, risks, passages: text.passages, sections: text.sections, outline: outline.pairs, findings: [...who, ...meta, ...imgs, ...tell, ...prices], matched: text.matched, sentences: text.sentences });
      opts.onProgress?.(pairs.length, total);
    }
  }
  const dimensions = Object.fromEntries(DIMENSIONS.map((d) => [d, maxRisk(pairs.map((p) => p.risks[d]))])) as Record<Dimension, Risk>;
  return {
    version: 2,
    files: bids.map((f, i) => ({ name: f.name, role: f.role, type: f.type, pages: f.pages, sentences: f.sentences.length, tenderSentences: idx.fromTender[i]!.filter(Boolean).length })).concat(
      tender ? [{ name: tender.name, role: 'tender', type: tender.type, pages: tender.pages, sentences: tender.sentences.length, tenderSentences: 0 }] : [],
    ),
    pairs,
    risk: maxRisk(pairs.map((p) => p.risk)),
    score: Math.max(0, ...pairs.map((p) => p.score)),
    dimensions,
    rings,
  };
}

/** Most shared sentences listed per ring (all are counted), and most rings reported (the riskiest first). */
const MAX_RING_GROUPS = 200;
const MAX_RINGS = 50;

/**
 * A ring's level from what its bids share of their own: three sentences or more with LONG_CHARS own characters is
 * 高风险 (one hand wrote them), a sentence of 40 own characters or two sentences 中风险; text most bids share is
 * 低风险 at most (labelled, listed).
 */
function presentRings(bids: FileFeatures[], idx: TextIndex): DupRing[] {
  return idx.rings
    .map((r) => {
      const first = (g: Array<[number, number]>) => g[0]!;
      const chars = r.chars.reduce((n, c) => n + c, 0);
      const n = r.groups.length;
      const risk: Risk = r.basis !== 'own' ? 'low' : n >= 3 && chars >= LONG_CHARS ? 'high' : n >= 2 || chars >= 40 ? 'medium' : 'low';
      const groups = r.groups
        .sort((x, y) => first(x)[1] - first(y)[1])
        .slice(0, MAX_RING_GROUPS)
        .map((g) => ({
          basis: r.basis,
          texts: g.map(([f, k]) => ({ file: f, ...side(bids[f]!, k) })),
        }));
      return { files: r.files, risk, sentences: n, chars, basis: r.basis, groups };
    })
    .sort((x, y) => RANK[y.risk] - RANK[x.risk] || y.files.length - x.files.length || y.chars - x.chars)
    .slice(0, MAX_RINGS);
}
