/**
 * Chinese word segmentation for the repository's full-text search (issue 14): the ICU word segmenter built into Node
 * (`Intl.Segmenter('zh', { granularity: 'word' })`, dictionary based, no download, no dependency). Words are
 * NFKC-normalised and lower-cased; punctuation and spaces are dropped.
 *
 * The database is given lexemes, not text to parse: `tsvectorLiteral` and `tsqueryLiteral` write the `tsvector` /
 * `tsquery` input syntax directly (cast with `::tsvector` / `::tsquery`), so neither PostgreSQL's parser nor its locale
 * (PGlite runs in the C locale, where CJK letters are not letters) decides what a word is.
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Words that say nothing of a passage's subject; left out of queries (kept in the index, they cost little). */
const STOP = new Set(
  '的 了 和 与 及 以及 或 在 是 对 为 等 由 将 把 被 并 并且 其 该 本 此 各 每 其他 以上 以下 我方 我们 我司 本项目 项目 方面 进行 相关 有关 情况 工作 要求 提供 具有 能够 可以 应 应当 须 必须 不 无 有 一个 一 个 中 内 上 下 按 按照 根据 通过 满足 包括 主要 具体 相应 所 从 向 于 以 及时 确保 保证 实行 实施'.split(
    ' ',
  ),
);

const WORDLIKE = /[\p{L}\p{N}]/u;

/** The words of a text, in order (duplicates kept). */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text.normalize('NFKC'))) {
    if (!s.isWordLike || !WORDLIKE.test(s.segment)) continue;
    const w = s.segment.toLowerCase().trim();
    if (w && w.length <= 60) out.push(w);
  }
  return out;
}

const isCjkChar = (w: string) => w.length === 1 && /\p{Script=Han}/u.test(w);

/**
 * The distinct words a query searches for: stop words left out, and single Han characters unless `singles` (the search
 * box, where every word must occur: 甘特图 is 甘|特|图 to the segmenter) or nothing else is left; at most `max`, in the
 * order they first appear.
 */
export function queryTerms(text: string, max = 40, opts: { singles?: boolean } = {}): string[] {
  const words = [...new Set(segmentWords(text))];
  const strong = words.filter((w) => !STOP.has(w) && (opts.singles || !isCjkChar(w)));
  return (strong.length ? strong : words).slice(0, max);
}

const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
/** tsvector positions stop at 16 383 */
const MAX_POS = 16383;

/**
 * The `tsvector` input text of a passage: the heading's words at weight A, the body's at the default weight D, each
 * with its position (so ts_rank counts how often and where a word occurs).
 */
export function tsvectorLiteral(heading: string, body: string): string {
  const byWord = new Map<string, string[]>();
  let pos = 0;
  const add = (words: string[], weight: string) => {
    for (const w of words) {
      pos = Math.min(MAX_POS, pos + 1);
      const list = byWord.get(w) ?? [];
      if (list.length < 256) list.push(`${pos}${weight}`);
      byWord.set(w, list);
    }
  };
  add(segmentWords(heading), 'A');
  add(segmentWords(body), '');
  return [...byWord].map(([w, p]) => `${lexeme(w)}:${p.join(',')}`).join(' ');
}

/**
 * The `tsquery` input text for terms: every one (`&`, the search box) or any (`|`, suggestions). '' for no terms.
 * `heading`: the terms matched in heading words only (weight A) — few passages, found through the index at once.
 */
export function tsqueryLiteral(terms: string[], op: '&' | '|', opts: { heading?: boolean } = {}): string {
  return terms.map((t) => lexeme(t) + (opts.heading ? ':A' : '')).join(` ${op} `);
}
