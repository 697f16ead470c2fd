/**
 * A past bid split into passages for the repository (知识库, issue 14): a passage is a heading path (the chapter, section
 * … it sits under) and the text under that heading — paragraphs, list items with their markers, tables as text (one line
 * per row, cells joined by ' | ') — with the page it starts on. A section longer than PASSAGE_MAX is cut at paragraph
 * ends (a single over-long paragraph at sentence ends); a section shorter than PASSAGE_MIN is carried into the first
 * section under it (its heading path becomes the deeper one) when there is one, and kept on its own otherwise.
 */
import type { Block, DocModel, TableBlock } from '../reading/model/types.js';

export const PASSAGE_MIN = 200;
export const PASSAGE_MAX = 1500;

export interface Passage {
  /** heading texts from the chapter down, e.g. ['第四章 技术方案', '一、施工组织设计'] ([] before the first heading) */
  path: string[];
  /** 1-based page the passage starts on */
  page: number;
  text: string;
}

function tableText(t: TableBlock): string[] {
  return t.rows.map((r) => r.cells.map((c) => c.text.replace(/\s+/g, ' ').trim()).join(' | ')).filter((l) => l.replace(/[\s|]/g, ''));
}

interface Piece {
  text: string;
  page: number;
}

function blockPieces(b: Exclude<Block, { type: 'heading' }>): Piece[] {
  if (b.type === 'table') return tableText(b).map((text, i) => ({ text, page: b.rows[i]?.page ?? b.page }));
  const text = b.type === 'list-item' && b.numbering ? `${b.numbering} ${b.text}` : b.text;
  return text.trim() ? [{ text: text.trim(), page: b.page }] : [];
}

/** A piece longer than max cut at sentence ends (。！？；), or hard at max when a sentence is longer still. */
function cutLong(p: Piece, max: number): Piece[] {
  if (p.text.length <= max) return [p];
  const sentences = p.text.match(/[^。！？；!?;]+[。！？；!?;]*/g) ?? [p.text];
  const out: Piece[] = [];
  let cur = '';
  for (let s of sentences) {
    while (s.length > max) {
      if (cur) out.push({ text: cur, page: p.page });
      cur = '';
      out.push({ text: s.slice(0, max), page: p.page });
      s = s.slice(max);
    }
    if (cur.length + s.length > max) {
      out.push({ text: cur, page: p.page });
      cur = '';
    }
    cur += s;
  }
  if (cur) out.push({ text: cur, page: p.page });
  return out;
}

/** Pieces packed into chunks of at most max characters, a last short chunk joined to the one before when it fits 1.2×. */
function pack(pieces: Piece[], min: number, max: number): Piece[] {
  const chunks: Piece[] = [];
  let cur: Piece | null = null;
  for (const p of pieces.flatMap((x) => cutLong(x, max))) {
    if (cur && cur.text.length + 1 + p.text.length > max) {
      chunks.push(cur);
      cur = null;
    }
    cur = cur ? { text: `${cur.text}\n${p.text}`, page: cur.page } : { ...p };
  }
  if (cur) {
    const last = chunks[chunks.length - 1];
    if (last && cur.text.length < min && last.text.length + 1 + cur.text.length <= max * 1.2) last.text += `\n${cur.text}`;
    else chunks.push(cur);
  }
  return chunks;
}

export function splitPassages(model: DocModel, opts: { min?: number; max?: number } = {}): Passage[] {
  const min = opts.min ?? PASSAGE_MIN;
  const max = opts.max ?? PASSAGE_MAX;
  const sections: { path: string[]; pieces: Piece[] }[] = [];
  const stack: { level: number; text: string }[] = [];
  let cur: { path: string[]; pieces: Piece[] } = { path: [], pieces: [] };
  sections.push(cur);
  for (const b of model.blocks) {
    if (b.type === 'heading') {
      while (stack.length && stack[stack.length - 1]!.level >= b.level) stack.pop();
      stack.push({ level: b.level, text: b.text.trim() || b.title.trim() });
      cur = { path: stack.map((s) => s.text), pieces: [] };
      sections.push(cur);
    } else cur.pieces.push(...blockPieces(b));
  }
  const out: Passage[] = [];
  let carry: { path: string[]; pieces: Piece[] } | null = null;
  const under = (child: string[], parent: string[]) => child.length > parent.length && parent.every((p, i) => child[i] === p);
  for (let i = 0; i < sections.length; i++) {
    let s = sections[i]!;
    if (carry) {
      if (under(s.path, carry.path)) s = { path: s.path, pieces: [...carry.pieces, ...s.pieces] };
      else emit(carry);
      carry = null;
    }
    const len = s.pieces.reduce((n, p) => n + p.text.length, 0);
    if (!len) continue;
    const next = sections[i + 1];
    if (len < min && next && under(next.path, s.path)) {
      carry = s;
      continue;
    }
    emit(s);
  }
  if (carry) emit(carry);
  return out;

  function emit(s: { path: string[]; pieces: Piece[] }) {
    for (const c of pack(s.pieces, min, max)) out.push({ path: s.path, page: c.page, text: c.text });
  }
}

/** A model from the pages' text when the reader gave none: one paragraph per line. */
export function pagesModel(pages: { page: number; text: string }[]): DocModel {
  return {
    blocks: pages.flatMap((p) => p.text.split('\n').filter((l) => l.trim()).map((text) => ({ type: 'paragraph' as const, text, page: p.page, pageEnd: p.page }))),
    furniture: [],
    pageCount: pages.length,
  };
}
