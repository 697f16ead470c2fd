/** Overlap measures of two sets (of bigrams, words…). */

/** |A ∩ B|, leaving out members of `skip`. */
export function sharedCount<T>(a: ReadonlySet<T>, b: ReadonlySet<T>, skip?: ReadonlySet<T>): number {
  let n = 0;
  for (const x of a) if (b.has(x) && !skip?.has(x)) n++;
  return n;
}

/** Dice coefficient 2|A∩B| / (|A|+|B|); 0 when either is empty. */
export function dice<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (!a.size || !b.size) return 0;
  return (2 * sharedCount(a, b)) / (a.size + b.size);
}

/** The share of `a` found in `b`; 0 when `a` is empty. */
export function containment<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (!a.size) return 0;
  return sharedCount(a, b) / a.size;
}

/** Jaccard |A∩B| / |A∪B|; 1 for two empty sets. */
export function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (!a.size && !b.size) return 1;
  const n = sharedCount(a, b);
  return n / (a.size + b.size - n);
}
