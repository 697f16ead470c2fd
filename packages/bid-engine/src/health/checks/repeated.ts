import type { BidOutlineNode, HealthFinding } from '@btz/shared';
import { clip, label } from './bid.js';

/** Copy-paste between sections (`repeated`): noticed, and may be read as 雷同. The later section is reported. */

/** Identical passages of at least this many characters in two sections are repetition. */
export const REPEAT_MIN_CHARS = 60;

/**
 * A text with the tender's own names (project, number, purchaser, agency, the bidder) and the blanks to fill in each
 * reduced to one mark, and for each character kept its index in the text: a form's heading 「致：采购人 / 项目名称（项目编
 * 号）」 and the same 【待填写：投标人名称】 in every section are not copied passages; the words around them may be.
 */
export function maskNames(text: string, names: readonly (string | null | undefined)[]): { masked: string; at: number[] } {
  const list = [...new Set(names.filter((v): v is string => typeof v === 'string' && v.trim().length >= 4).map((v) => v.trim()))].sort((a, b) => b.length - a.length);
  const esc = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp([...list.map(esc), '【待填写[：:][^】]*】'].join('|'), 'g');
  let masked = '';
  const at: number[] = [];
  let i = 0;
  for (const m of text.matchAll(re)) {
    for (; i < m.index; i++) {
      masked += text[i];
      at.push(i);
    }
    masked += '□';
    at.push(m.index);
    i = m.index + m[0].length;
  }
  for (; i < text.length; i++) {
    masked += text[i];
    at.push(i);
  }
  return { masked, at };
}

/** Eight-character pieces of a text's letters and figures (what the tender's own wording is compared by). */
const PIECE = 8;
export function textPieces(text: string): Set<string> {
  const t = text.replace(/[^\u4e00-\u9fa5A-Za-z0-9]/g, '');
  const out = new Set<string>();
  for (let i = 0; i + PIECE <= t.length; i++) out.add(t.slice(i, i + PIECE));
  return out;
}
/** Share of a passage's pieces the tender prints: at or above it, the passage is the tender's own wording. */
export const TENDER_WORDING_SHARE = 0.6;
function tenderWording(passage: string, tender: ReadonlySet<string>): boolean {
  if (!tender.size) return false;
  const own = [...textPieces(passage)];
  return own.length > 0 && own.filter((p) => tender.has(p)).length >= TENDER_WORDING_SHARE * own.length;
}

/**
 * Passages of ≥ REPEAT_MIN_CHARS identical characters in two sections; one finding per (later, earlier) pair. A passage
 * that is the tender's own wording (`tenderPieces`: its forms' text, its requirements and clauses) is no copy: a tender
 * that prescribes the same form twice (a 中小企业声明函 for the qualification and again for the price deduction) is
 * followed, not copied from; a requirement quoted before two sections answer it is quoted.
 */
export function findRepeats(nodes: BidOutlineNode[], sections: Record<string, string>, names: readonly (string | null | undefined)[] = [], tenderPieces: ReadonlySet<string> = new Set()): HealthFinding[] {
  const W = REPEAT_MIN_CHARS;
  const seen = new Map<string, string>(); // window → first nodeId
  const out: HealthFinding[] = [];
  const meaningful = (w: string) => (w.match(/[\u4e00-\u9fa5A-Za-z0-9]/g)?.length ?? 0) >= W / 2;
  for (const n of nodes) {
    const original = sections[n.id] ?? '';
    const { masked: text, at } = maskNames(original, names);
    const span = (from: number, to: number) => original.slice(at[from]!, to < at.length ? at[to]! : original.length);
    const pairs = new Set<string>();
    let i = 0;
    while (i + W <= text.length) {
      const w = text.slice(i, i + W);
      const prev = seen.get(w);
      if (prev && prev !== n.id && meaningful(w)) {
        let end = i + W;
        while (end < text.length && seen.get(text.slice(end - W + 1, end + 1)) === prev) end++;
        if (!pairs.has(prev) && !tenderWording(span(i, end), tenderPieces)) {
          pairs.add(prev);
          const prevNode = nodes.find((x) => x.id === prev)!;
          out.push({
            kind: 'repeated',
            severity: 'medium',
            nodeId: n.id,
            excerpt: clip(span(i, end)),
            message: `${label(n)}有 ${span(i, end).length} 字与${label(prevNode)}完全相同，请改写或删除重复内容。`,
          });
        }
        i = end;
        continue;
      }
      i++;
    }
    for (let j = 0; j + W <= text.length; j++) {
      const w = text.slice(j, j + W);
      if (!seen.has(w)) seen.set(w, n.id);
    }
  }
  return out;
}
