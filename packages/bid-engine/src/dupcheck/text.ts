/**
 * Text primitives of the duplicate check: normalisation (NFKC, lower case, only letters, digits and CJK kept), sentence
 * splitting, 32-bit FNV-1a hashes of character n-grams, and MinHash signatures of a sentence's character bigrams.
 */

/** NFKC, lower case, everything but letters, digits and CJK removed (spacing and punctuation do not hide a copy). */
export { normalise } from '../text/normalise.js';

/**
 * Sentences of a text: split at 。！？；, line ends and tabs (a line of tab-separated cells is a table row typed with tabs:
 * its cells are apart, as a table's are — a form's row of labels 「注册地址→…→邮政编码」 is no sentence two bids share); a
 * very long run split again at commas.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/(?<=[。！？!?；;])|\n+|\t+/)) {
    const s = raw.trim();
    if (!s) continue;
    if (s.length <= 160) {
      out.push(s);
      continue;
    }
    let cur = '';
    for (const part of s.split(/(?<=[，,])/)) {
      if (cur.length + part.length > 120 && cur) {
        out.push(cur);
        cur = '';
      }
      cur += part;
    }
    if (cur.trim()) out.push(cur);
  }
  return out;
}

/** 32-bit FNV-1a of `s[from, to)`. */
export function fnv(s: string, from = 0, to = s.length): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hashes of every character k-gram of `s` (none when shorter than k). */
export function gramHashes(s: string, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + k <= s.length; i++) out.push(fnv(s, i, i + k));
  return out;
}

/** The sorted, distinct bigram codes of `s` (two UTF-16 units packed in 32 bits). */
export function bigramSet(s: string): Uint32Array {
  const codes = new Set<number>();
  for (let i = 0; i + 2 <= s.length; i++) codes.add(((s.charCodeAt(i) << 16) | s.charCodeAt(i + 1)) >>> 0);
  return Uint32Array.from(codes).sort();
}

/** Dice coefficient of two sorted sets: 2|A∩B| / (|A|+|B|). */
export function dice(a: Uint32Array, b: Uint32Array): number {
  if (!a.length || !b.length) return 0;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      common++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return (2 * common) / (a.length + b.length);
}

export const MINHASH_BANDS = 12;
export const MINHASH_ROWS = 2;
const NUM_HASHES = MINHASH_BANDS * MINHASH_ROWS;
// fixed odd multipliers and offsets: the same signature in every process (no randomness across runs)
const MUL = Array.from({ length: NUM_HASHES }, (_, i) => (Math.imul(0x9e3779b1, i * 2 + 1) | 1) >>> 0);
const ADD = Array.from({ length: NUM_HASHES }, (_, i) => Math.imul(0x85ebca6b, i + 7) >>> 0);

/** MinHash band keys of a bigram set: MINHASH_BANDS keys, each the hash of MINHASH_ROWS minimums (and the band). */
export function bandKeys(set: Uint32Array): number[] {
  const mins = new Array<number>(NUM_HASHES).fill(0xffffffff);
  for (const v of set) {
    for (let h = 0; h < NUM_HASHES; h++) {
      let x = (Math.imul(v ^ ADD[h]!, MUL[h]!) >>> 0) ^ (v >>> 15);
      x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
      if (x < mins[h]!) mins[h] = x;
    }
  }
  const keys: number[] = [];
  for (let b = 0; b < MINHASH_BANDS; b++) {
    let k = 0x811c9dc5 ^ b;
    for (let r = 0; r < MINHASH_ROWS; r++) k = Math.imul(k ^ mins[b * MINHASH_ROWS + r]!, 0x01000193) >>> 0;
    keys.push(k >>> 0);
  }
  return keys;
}

/**
 * Ranges of `a` covered by character runs of at least `k` that also occur in `b` (for highlighting a passage beside
 * its copy). Ranges are [start, end) in `a`'s own characters, merged.
 */
export function sharedRanges(a: string, b: string, k = 4): Array<[number, number]> {
  if (a.length < k || b.length < k) return [];
  const grams = new Set<string>();
  for (let i = 0; i + k <= b.length; i++) grams.add(b.slice(i, i + k));
  const out: Array<[number, number]> = [];
  for (let i = 0; i + k <= a.length; i++) {
    if (!grams.has(a.slice(i, i + k))) continue;
    const last = out[out.length - 1];
    if (last && last[1] >= i) last[1] = Math.max(last[1], i + k);
    else out.push([i, i + k]);
  }
  return out;
}
