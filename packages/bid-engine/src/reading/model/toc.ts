import { isTocLine } from '../chapters.js';
import { isTocTitle } from './classify.js';

/**
 * The lines that are table-of-contents entries, with their TOC level (0 when unknown): those the reader already knows
 * (`preset`: a Word TOC field or TOC 1-9 styles), the '目录' title itself, and a typed-out TOC — the lines after a
 * '目录' title, or a run of three or more, that end in leaders or a gap and a page number. `texts` holds one entry per
 * paragraph or line, null for a table (which ends a TOC).
 */
export function tocLines(texts: Array<string | null>, preset: Map<number, number> = new Map()): Map<number, number> {
  const out = new Map(preset);
  const entry = (t: string) => isTocLine(t) || (/\t\s*\d{1,4}\s*$/.test(t) && t.length < 120);
  // where each short line occurs last: a TOC entry printed without a page number is a heading printed again later
  const squash = (t: string) => t.replace(/\s+/g, '');
  const last = new Map<string, number>();
  texts.forEach((t, i) => {
    if (t && t.length <= 40) last.set(squash(t), i);
  });
  const repeatedLater = (t: string, j: number) => t.length <= 40 && !/[。；;]$/.test(t) && (last.get(squash(t)) ?? -1) > j;
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    if (!t) continue;
    const title = isTocTitle(t);
    if (!title) {
      let run = 0;
      for (let j = i; j < texts.length; j++) {
        const tj = texts[j];
        if (tj === null || tj === undefined || (tj && !entry(tj))) break;
        if (tj) run++;
      }
      if (run < 3) continue;
    }
    if (title) out.set(i, out.get(i) ?? 0);
    let gap = 0;
    let j = i + (title ? 1 : 0);
    for (; j < texts.length; j++) {
      const tj = texts[j];
      if (tj === null || tj === undefined) break;
      if (!tj) continue;
      if (entry(tj) || out.has(j)) {
        out.set(j, out.get(j) ?? 0);
        gap = 0;
      } else if (title && repeatedLater(tj, j)) {
        // an entry of a typed TOC printed without its page number
        out.set(j, 0);
        gap = 0;
      } else if (title && ++gap <= 2 && tj.length <= 40 && texts[j + 1] && entry(texts[j + 1]!)) {
        // a chapter line of a typed TOC printed without its page number
        out.set(j, 0);
      } else break;
    }
    i = Math.max(i, j - 1);
  }
  return out;
}
