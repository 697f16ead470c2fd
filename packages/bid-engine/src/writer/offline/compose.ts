import { blockChars, type Block } from '../doc.js';
import { kindShare } from '../points.js';
import { intro, type Ctx, type Part } from './context.js';
import { chineseCounting } from '../../text/numerals.js';

/**
 * Composition of one section: the parts its kind wrote, narrowed to this section's focus among its siblings (focus), then
 * kept within the target length (fit) — trimmed at sentence ends when too long; never padded.
 */

function splitSentences(s: string): string[] {
  return s.match(/[^。！？；]+[。！？；]?/g) ?? [s];
}

/** `keep`: how many leading parts (the point-to-point responses) are never trimmed. */
export function fit(parts: Part[], c: Ctx, target: number, keep = 0): Block[] {
  // a part with nothing under it (no stated fact, no clause) is left out, not printed as an empty heading
  parts = parts.filter(([, bs]) => bs.length);
  if (!parts.length) parts = [['工作措施', []]];
  const build = (ps: Part[]): Block[] => {
    const blocks: Block[] = c.node.mode === 'ai' ? intro(c) : [];
    ps.forEach(([h, bs], i) => {
      if (c.node.mode === 'ai' || ps.length > 1) blocks.push({ t: 'h', level: 3, text: `${i < 12 ? chineseCounting(i + 1) : i + 1}、${h}` });
      blocks.push(...bs);
    });
    return blocks;
  };
  const total = (ps: Part[]) => build(ps).reduce((n, b) => n + blockChars(b), 0);
  const hi = target * 1.1;
  const cur = total(parts);

  // nothing is padded to a length (issue 24): a plan section is what the tender and the bidder's facts give, with
  // placeholders for the rest; a form or a response table is the tender's — filler to reach a target is what an
  // evaluator skips, and a form's notes on another form's tail were the price form's
  if (cur > hi) {
    // Trim from the end: later sentences of paragraphs, then list items beyond two; tables (the rows a form or a
    // response table must keep) are left alone.
    const ps: Part[] = parts.map(([h, bs]) => [h, bs.map((b) => ({ ...b }) as Block)]);
    outer: for (let pi = ps.length - 1; pi >= keep; pi--) {
      const bs = ps[pi]![1];
      for (let bi = bs.length - 1; bi >= 0; bi--) {
        const b = bs[bi]!;
        if (b.t === 'p') {
          const ss = splitSentences(b.text);
          while (ss.length > 1 && total(ps) > hi) {
            ss.pop();
            bs[bi] = { t: 'p', text: ss.join('') };
          }
        } else if (b.t === 'ul' || b.t === 'ol') {
          const items = [...b.items];
          while (items.length > 2 && total(ps) > hi) {
            items.pop();
            bs[bi] = { ...b, items };
          }
        }
        if (total(ps) <= hi) break outer;
      }
    }
    parts = ps;
  }
  return build(parts);
}

/**
 * Sections with several siblings (需求理解 / 总体设计 / 系统架构 … under 技术方案) would otherwise all open with the same
 * parts: each keeps the parts its title names plus two chosen by its position.
 */
export function focus(parts: Part[], c: Ctx): Part[] {
  if (c.node.mode !== 'ai') return parts;
  // with the outline: the kind's parts are shared out among all its leaves in the bid (each part written once)
  const share = kindShare(c.card, c.node, c.outline);
  // a leaf past the kind's parts keeps the last one (the bidder's own arrangement, a placeholder named after the leaf)
  if (share) {
    const mine = parts.filter((_, j) => j % share.n === share.k);
    return mine.length ? mine : parts.slice(-1);
  }
  if (c.siblings.length < 2 || parts.length < 3) return parts;
  const n = parts.length;
  const i = typeof c.node.index === 'number' ? c.node.index : c.h;
  const keep = new Set([i % n, (i + 1) % n]);
  parts.forEach(([h], j) => {
    if ([...h.replace(/与|及|和/g, '')].filter((ch) => c.T.includes(ch)).length >= 2) keep.add(j);
  });
  return parts.filter((_, j) => keep.has(j));
}
