/**
 * Finds a card entry's excerpt in its page's text, whitespace-insensitive (the server verifies the same way), and
 * returns the range to highlight in the original text.
 */
export function findExcerpt(text: string, excerpt: string | null | undefined): { start: number; end: number } | null {
  if (!text || !excerpt) return null;
  const needle = excerpt.replace(/\s+/g, '');
  if (!needle) return null;
  // the text without whitespace, with each kept character's index in the original
  const positions: number[] = [];
  let compact = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch)) continue;
    compact += ch;
    positions.push(i);
  }
  const at = compact.indexOf(needle);
  if (at < 0) return null;
  return { start: positions[at]!, end: positions[at + needle.length - 1]! + 1 };
}

/** The text split around the excerpt: [before, match, after] (match '' when not found). */
export function splitAtExcerpt(text: string, excerpt: string | null | undefined): [string, string, string] {
  const r = findExcerpt(text, excerpt);
  if (!r) return [text, '', ''];
  return [text.slice(0, r.start), text.slice(r.start, r.end), text.slice(r.end)];
}
