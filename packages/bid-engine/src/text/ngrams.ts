/** Character bigrams: adjacent pairs of UTF-16 units, the unit of the engine's fuzzy matching of short Chinese phrases. */

/** Every adjacent pair of `s`, repeats kept, in order (none when `s` is shorter than 2). */
export function bigramList(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < s.length; i++) out.push(s.slice(i, i + 2));
  return out;
}

/** The distinct adjacent pairs of `s`; `skip` leaves out pairs that say nothing (「项目」「方案」…). */
export function bigramSet(s: string, skip?: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < s.length; i++) {
    const b = s.slice(i, i + 2);
    if (!skip?.has(b)) out.add(b);
  }
  return out;
}

/** Share of `term`'s pairs (repeats counted) found anywhere in `text`; 0 when `term` has no pair. */
export function pairsFoundIn(term: string, text: string): number {
  const pairs = bigramList(term);
  return pairs.length ? pairs.filter((b) => text.includes(b)).length / pairs.length : 0;
}
