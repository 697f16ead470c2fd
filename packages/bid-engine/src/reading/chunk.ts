import type { PageText } from './paginate.js';

/**
 * Splits a document's pages into chunks of at most `size` characters, each with the page range it covers, so a
 * downstream step (LLM extraction, retrieval) can handle a tender of any length. Chunks break at line ends where
 * possible (then at sentence ends, then hard), never merge text across a break without recording both pages, and may
 * overlap by `overlap` characters so a fact cut at a boundary is whole in one of the two chunks.
 */
export interface Chunk {
  index: number;
  text: string;
  pageFrom: number;
  pageTo: number;
}

export interface ChunkOptions {
  /** Most characters in a chunk (default 6,000). */
  size?: number;
  /** Characters repeated from the end of the previous chunk (default 0; at most size/2). */
  overlap?: number;
  /** Text put between two pages inside a chunk (default "\n"). */
  pageSeparator?: string;
}

interface Piece {
  text: string;
  page: number;
  /** Continues the previous piece (a long line cut in parts). */
  cont: boolean;
}

/** Cuts one line longer than `size` at sentence ends, else hard. */
function splitLong(text: string, size: number): string[] {
  const out: string[] = [];
  let at = 0;
  while (text.length - at > size) {
    const window = text.slice(at, at + size);
    let cut = -1;
    for (let i = window.length - 1; i >= size / 2; i--) {
      if ('。！？；!?;，,'.includes(window[i]!)) {
        cut = i + 1;
        break;
      }
    }
    if (cut < 0) cut = size;
    out.push(text.slice(at, at + cut));
    at += cut;
  }
  out.push(text.slice(at));
  return out;
}

export function chunkPages(pages: PageText[], opts: ChunkOptions = {}): Chunk[] {
  const size = Math.max(16, Math.floor(opts.size ?? 6000));
  const overlap = Math.max(0, Math.min(Math.floor(opts.overlap ?? 0), Math.floor(size / 2)));
  const sep = opts.pageSeparator ?? '\n';

  // Lines with their page; a line longer than a chunk can hold is pre-cut (the parts join back without a separator).
  const pieces: Piece[] = [];
  for (const p of pages) {
    for (const line of p.text.split('\n')) {
      splitLong(line, Math.max(1, size - overlap - sep.length - 1)).forEach((part, i) => {
        pieces.push({ text: part, page: p.page, cont: i > 0 });
      });
    }
  }
  const joinerOf = (prev: Piece | undefined, next: Piece) =>
    !prev ? '' : next.cont ? '' : next.page !== prev.page ? sep : '\n';

  const chunks: Chunk[] = [];
  let cur: Piece[] = [];
  let len = 0;
  let fresh = 0; // pieces in `cur` not yet emitted in a chunk
  const emit = () => {
    const text = cur.map((p, i) => joinerOf(cur[i - 1], p) + p.text).join('');
    if (text.trim()) chunks.push({ index: chunks.length, text, pageFrom: cur[0]!.page, pageTo: cur[cur.length - 1]!.page });
  };
  for (const piece of pieces) {
    const add = joinerOf(cur[cur.length - 1], piece).length + piece.text.length;
    if (len + add > size && fresh > 0) {
      emit();
      const keep: Piece[] = [];
      let k = 0;
      for (let i = cur.length - 1; i >= 0; i--) {
        const l = cur[i]!.text.length + 1;
        if (k + l > overlap) break;
        keep.unshift(cur[i]!);
        k += l;
      }
      if (keep[0]) keep[0] = { ...keep[0], cont: false };
      cur = keep;
      len = cur.map((p, i) => joinerOf(cur[i - 1], p).length + p.text.length).reduce((a, b) => a + b, 0);
      fresh = 0;
    }
    len += joinerOf(cur[cur.length - 1], piece).length + piece.text.length;
    cur.push(piece);
    fresh++;
  }
  if (fresh > 0) emit();
  return chunks;
}
