/**
 * The section's 字数: what the editor's head line shows while typing and what the server stores, the outline lists and
 * the writer aims at — one count, so the two figures agree.
 */

const PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * Number of non-whitespace characters, in code points: a character outside the BMP (「𠀀」, an emoji) counts once, as the
 * editor shows it, not as the two UTF-16 units it is stored in.
 */
export function countChars(text: string): number {
  const bare = text.replace(/\s+/g, '');
  return bare.length - (bare.match(PAIR)?.length ?? 0);
}
