import { blockChars, countChars, type Block } from '../doc.js';
import { kindShare } from '../points.js';
import { CN_NUM, intro, type Ctx, type Part } from './context.js';
import { expansion } from './expansion.js';

/**
 * Composition of one section: the parts its kind wrote, narrowed to this section's focus among its siblings (focus), then
 * brought to the target length (fit) — expanded with tender-specific paragraphs or trimmed at sentence ends.
 */

function splitSentences(s: string): string[] {
  return s.match(/[^。！？；]+[。！？；]?/g) ?? [s];
}

/** `keep`: how many leading parts (the point-to-point responses) are never trimmed. */
export function fit(parts: Part[], c: Ctx, target: number, keep = 0): Block[] {
  if (!parts.length) parts = [['工作措施', []]];
  const build = (ps: Part[]): Block[] => {
    const blocks: Block[] = c.node.mode === 'ai' ? intro(c) : [];
    ps.forEach(([h, bs], i) => {
      if (c.node.mode === 'ai' || ps.length > 1) blocks.push({ t: 'h', level: 3, text: `${CN_NUM[i] ?? i + 1}、${h}` });
      blocks.push(...bs);
    });
    return blocks;
  };
  const total = (ps: Part[]) => build(ps).reduce((n, b) => n + blockChars(b), 0);
  const lo = target * 0.92;
  const hi = target * 1.1;
  let cur = total(parts);

  // a form or a response table is not padded: its length is the form's (issue 24 — no other form's tail, no filler)
  if (cur < lo && c.node.mode === 'ai') {
    const pool = expansion(c);
    const extra: Block[][] = parts.map(() => []);
    let i = 0;
    for (const sentences of pool) {
      if (cur >= lo) break;
      const kept: string[] = [];
      for (const s of sentences) {
        const add = countChars(s);
        if (cur + add > hi) break;
        kept.push(s);
        cur += add;
      }
      if (!kept.length) continue;
      extra[i % parts.length]!.push({ t: 'p', text: kept.join('') });
      i++;
    }
    parts = parts.map(([h, bs], j) => [h, [...bs, ...extra[j]!]]);
  } else if (cur > hi) {
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
 * parts: each keeps the parts its title names plus two chosen by its position, and the expansion fills the rest.
 */
export function focus(parts: Part[], c: Ctx): Part[] {
  if (c.node.mode !== 'ai') return parts;
  // with the outline: the kind's parts are shared out among all its leaves in the bid (each part written once)
  const share = kindShare(c.card, c.node, c.outline);
  if (share) return parts.filter((_, j) => j % share.n === share.k);
  if (c.siblings.length < 2 || parts.length < 3) return parts;
  const n = parts.length;
  const i = typeof c.node.index === 'number' ? c.node.index : c.h;
  const keep = new Set([i % n, (i + 1) % n]);
  parts.forEach(([h], j) => {
    if ([...h.replace(/与|及|和/g, '')].filter((ch) => c.T.includes(ch)).length >= 2) keep.add(j);
  });
  return parts.filter((_, j) => keep.has(j));
}
