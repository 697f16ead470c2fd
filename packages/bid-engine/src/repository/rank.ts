/**
 * The second stage of a section's suggestions (issue 14, 知识库): the database finds a pool of candidate passages by
 * their words (heading words first, ts_rank); here the pool is re-ranked by what a bid writer looks at —
 *
 * - the passage's own heading against the section's title (character bigrams, numbering stripped): a past section of
 *   the same subject is the best reference;
 * - the scoring rows the section answers (their item names), in the passage's heading and in its text;
 * - the tender's project (its name and purchaser) named in the passage: a past bid for this project, or a similar one,
 *   serves better than the same boilerplate written for another;
 * - the database's rank, normalised over the pool, as the last word.
 *
 * Near-identical passages (the same section uploaded twice, a file copied: their first 300 characters alike) and more
 * than two passages of one past section are left out, so the few places go to different references.
 */
import type { BidOutlineNode, TenderCard } from '@btz/shared';
import { normaliseRuns } from '../text/normalise.js';
import { bigramSet } from '../text/ngrams.js';
import { containment, dice, jaccard } from '../text/similarity.js';
import { FORM_KINDS, titleKind, type SectionKind } from '../writer/kinds.js';

export interface SectionProfile {
  title: string;
  parents: string[];
  /** item names of the scoring rows the section answers */
  rows: string[];
  /** the tender's project name and purchaser */
  project: string[];
  /**
   * The subject the section is on (service plan, staffing, quality, emergency, training… — the writer's section kind named
   * by its title, else its parents', else its rows'), null when none says; and whether it is a plan section (written
   * prose, not one of the tender's forms): a plan is never offered an old bid's declaration or form.
   */
  subject?: SectionKind | null;
  plan?: boolean;
}

export interface RankCandidate {
  id: string;
  fileId: string;
  heading: string[];
  text: string;
  /** the database's rank (ts_rank) */
  rank: number;
}

const NUMBERING = /^[\s\d.、．,，:：（）()〔〕【】[\]一二三四五六七八九十百零〇第章节条部分篇册卷编]+/;

/** A heading or title without its numbering (「10.1.2 服务体系与网点」→「服务体系与网点」, 「第四章 技术方案」→「技术方案」). */
export function bareTitle(s: string): string {
  const t = s.normalize('NFKC').trim();
  const bare = t.replace(NUMBERING, '').trim();
  return bare || t;
}

/** The distinct character bigrams of a text (within runs of letters and digits; a one-character run counts as itself). */
export function bigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (const run of normaliseRuns(s).split(' ')) {
    if ([...run].length === 1) out.add(run);
    for (const b of bigramSet(run)) out.add(b);
  }
  return out;
}

/** What a section is matched by, from the tender's card. */
export function sectionProfile(card: TenderCard | null, node: Pick<BidOutlineNode, 'title' | 'scoringIds'> & { mode?: BidOutlineNode['mode'] }, parentTitles: string[] = []): SectionProfile {
  const rows = (card?.scoring ?? []).filter((r) => node.scoringIds.includes(r.id)).map((r) => r.item);
  const project = [card?.projectName?.value, card?.purchaser?.value].filter((x): x is string => !!x && x.trim().length >= 2);
  const subject = [node.title, ...[...parentTitles].reverse(), ...rows].map(subjectOf).find((k) => k) ?? null;
  return { title: node.title, parents: parentTitles, rows, project, subject, plan: node.mode === undefined || node.mode === 'ai' };
}

/** The subject a heading is on (the writer's section kinds; a form's kind too), or null. */
export function subjectOf(heading: string): SectionKind | null {
  const k = titleKind(bareTitle(heading));
  return k === 'generic' ? null : k;
}

/** A heading that names a form or a declaration of a bid (投标函、承诺函、声明、授权书、报价表、资格证明…). */
const FORM_HEADING = /[函]$|函[（(]|声明|授权|委托书|证明书|身份证明|报价|一览表|偏离表|承诺书|保证金|营业执照|资格证明|资格审查|格式|封面|目录|签署|响应文件$|投标文件$/;
/** The marks of a form's text: an addressee, a seal or a signature line, a date to fill in. */
const FORM_TEXT = [/致\s*[：:]/, /[（(]\s*(?:盖章|公章|签字|签章)[^）)]{0,8}[）)]/, /(?:法定代表人|授权代表|投标人|供应商)[^。\n]{0,12}[（(]?\s*(?:签字|签章|盖章)/, /年\s{1,}月\s{1,}日|年\s*_+\s*月/];

/**
 * A past passage that is one of the old bid's forms or declarations (its heading names one, or its text carries two marks
 * of a form): never content for a plan section — an old 承诺函 is not a 服务承诺 plan (issue 24 item 3).
 */
export function isFormPassage(p: { heading: string[]; text: string }): boolean {
  const own = bareTitle(p.heading.at(-1) ?? '');
  if (FORM_HEADING.test(own)) return true;
  const k = titleKind(own);
  if (k && FORM_KINDS.includes(k)) return true;
  return FORM_TEXT.filter((re) => re.test(p.text)).length >= 2;
}

export const RANK_WEIGHTS = { title: 3, rowHeading: 1.5, rowText: 0.75, project: 1.5, db: 0.75, parent: 0.25 };

/** The share of `a`'s bigrams found in the cleaned text `b` (a substring search each: a few dozen, no set of the text). */
function containedIn(a: Set<string>, b: string): number {
  if (!a.size) return 0;
  let n = 0;
  for (const x of a) if (b.includes(x)) n++;
  return n / a.size;
}

/** Characters of a passage's start compared for near-duplicates. */
const DUPLICATE_PREFIX = 300;

/** Each candidate's score (higher is better), in the pool's order. */
export function scorePassages(profile: SectionProfile, pool: RankCandidate[]): number[] {
  const title = bigrams(bareTitle(profile.title));
  const parent = bigrams(profile.parents.slice(-1).map(bareTitle).join(' '));
  const rows = profile.rows.map((r) => bigrams(bareTitle(r))).filter((r) => r.size);
  const project = profile.project.map(bigrams).filter((p) => p.size);
  const maxRank = Math.max(1e-9, ...pool.map((c) => Number(c.rank) || 0));
  return pool.map((c) => {
    const own = bigrams(bareTitle(c.heading.at(-1) ?? ''));
    const path = bigrams(c.heading.map(bareTitle).join(' '));
    const text = c.text.normalize('NFKC').toLowerCase(); // bigrams never span punctuation: a substring search is enough
    const t = bareTitle(c.heading.at(-1) ?? '') === bareTitle(profile.title) ? 1 : dice(title, own);
    const rowHeading = rows.length ? Math.max(...rows.map((r) => containment(r, path))) : 0;
    const rowText = rows.length ? Math.max(...rows.map((r) => containedIn(r, text))) : 0;
    const proj = project.length ? Math.max(...project.map((p) => containedIn(p, text))) : 0;
    const par = parent.size ? containment(parent, path) : 0;
    const w = RANK_WEIGHTS;
    return w.title * t + w.rowHeading * rowHeading + w.rowText * rowText + w.project * proj + w.db * ((Number(c.rank) || 0) / maxRank) + w.parent * par;
  });
}

/** Two passages whose bigrams overlap this much (Jaccard) are the same passage. */
export const NEAR_DUPLICATE = 0.9;
/** At most this many passages of one past section (file + heading path). */
export const PER_SECTION = 2;

/** The best `n` of the pool, near-duplicates and a third passage of one past section left out. */
export function rerankPassages<T extends RankCandidate>(profile: SectionProfile, pool: T[], n: number): T[] {
  // a plan section is not offered an old bid's forms and declarations
  if (profile.plan) pool = pool.filter((c) => !isFormPassage(c));
  const scores = scorePassages(profile, pool);
  const order = pool.map((c, i) => ({ c, s: scores[i]!, i })).sort((a, b) => b.s - a.s || a.i - b.i);
  const out: T[] = [];
  const kept: Set<string>[] = [];
  const perSection = new Map<string, number>();
  for (const { c } of order) {
    if (out.length >= n) break;
    const key = `${c.fileId}\u0000${c.heading.join('\u0000')}`;
    if ((perSection.get(key) ?? 0) >= PER_SECTION) continue;
    const grams = bigrams(c.text.slice(0, DUPLICATE_PREFIX));
    if (kept.some((k) => jaccard(k, grams) >= NEAR_DUPLICATE)) continue;
    perSection.set(key, (perSection.get(key) ?? 0) + 1);
    kept.push(grams);
    out.push(c);
  }
  return out;
}

/** A suggested passage the offline writer reuses: its heading names the section's subject this closely (bigram Dice). */
export const REUSE_TITLE = 0.6;

/**
 * The passages the offline writer reuses for a section (issue 24 item 3, the bidder's own knowledge first): the pinned
 * ones, else the suggestions on the section's subject — their own heading is the section's title (or close to it), names
 * one of its scoring rows, or is on the same subject (人员配置 for 人员安排, 质量保证 for 质量控制) — in the suggestions'
 * order, one per past section, at most `max`. A plan section never reuses an old bid's form or declaration.
 */
export function passagesToReuse<T extends { id: string; heading: string[]; text?: string }>(profile: SectionProfile, suggested: T[], pinned: string[], max = 2): T[] {
  const pins = suggested.filter((p) => pinned.includes(p.id));
  if (pins.length) return pins.slice(0, max);
  const title = bigrams(bareTitle(profile.title));
  const rows = profile.rows.map((r) => bigrams(bareTitle(r))).filter((r) => r.size);
  const out: T[] = [];
  const seen = new Set<string>();
  for (const p of suggested) {
    if (out.length >= max) break;
    if (profile.plan && isFormPassage({ heading: p.heading, text: p.text ?? '' })) continue;
    const own = bareTitle(p.heading.at(-1) ?? '');
    const grams = bigrams(own);
    const on =
      own === bareTitle(profile.title) ||
      dice(title, grams) >= REUSE_TITLE ||
      rows.some((r) => containment(r, grams) >= 0.8) ||
      (!!profile.subject && profile.subject !== 'technical' ? subjectOf(own) === profile.subject : false);
    const key = p.heading.join('\u0000');
    if (!on || seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}
