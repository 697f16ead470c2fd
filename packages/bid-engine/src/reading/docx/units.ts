/**
 * What the body walk yields: paragraphs and tables in reading order, with the page breaks Word recorded, and the
 * helpers that turn a paragraph's runs into its text.
 */
import type { StyleInfo } from './styles.js';

export interface Breaks {
  /** a new page starts here */
  start: boolean;
  /** …because Word laid it out there (w:lastRenderedPageBreak), not only an explicit break */
  rendered: boolean;
}

export interface RawPara extends Breaks {
  kind: 'p';
  /** the paragraph's text as printed, the automatic numbering included */
  text: string;
  /** the rendered automatic number ('第三章', '（2）'), '' when none */
  marker: string;
  numFmt?: string;
  /** numbering level (0-based) when the paragraph is numbered */
  ilvl?: number;
  style?: StyleInfo;
  /** 0-based outline level from the paragraph or its style */
  outline?: number;
  bold: boolean;
  centered: boolean;
  /** inside a TOC field */
  tocField: boolean;
  /** index of the section (w:sectPr) the paragraph belongs to */
  section: number;
}

export interface RawCell {
  paras: string[];
  span: number;
  vMerge: 'restart' | 'continue' | null;
}

export interface RawRow extends Breaks {
  cells: RawCell[];
  header: boolean;
  gridBefore: number;
  gridAfter: number;
}

export interface RawTable {
  kind: 'table';
  /** column widths from w:tblGrid (twips) */
  grid: number[];
  rows: RawRow[];
  section: number;
}

export type Unit = RawPara | RawTable;

export interface SectionRefs {
  headers: Record<string, string>;
  footers: Record<string, string>;
  titlePg: boolean;
  /** first unit of the section */
  startUnit: number;
}

export interface Walked {
  units: Unit[];
  sections: SectionRefs[];
}

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;
const DIGIT = /[0-9A-Za-z]/;

export interface ParaState {
  pieces: string[];
  spaceOnly: boolean[];
  hasText: boolean;
  startBreak: boolean;
  endBreak: boolean;
  rendered: boolean;
  toc: boolean;
  bold: boolean | null;
  before: RawPara[];
}

export function pageMark(instr: string): string | null {
  if (/^\s*PAGE\b/i.test(instr)) return '\u0000';
  if (/^\s*(NUMPAGES|SECTIONPAGES)\b/i.test(instr)) return '\u0001';
  return null;
}

export function plainPara(text: string, section: number): RawPara {
  return { kind: 'p', text, marker: '', bold: false, centered: false, tocField: false, start: false, rendered: false, section };
}

/**
 * Joins a paragraph's runs, dropping the stray space-only runs that PDF-to-Word conversion leaves between Chinese
 * characters ('物业 管理服务' → '物业管理服务'). Spaces typed inside a run ('第一章 招标公告') are kept.
 */
export function joinPieces(st: ParaState): string {
  let out = '';
  const n = st.pieces.length;
  for (let i = 0; i < n; i++) {
    const p = st.pieces[i]!;
    if (st.spaceOnly[i]) {
      const prev = out.slice(-1);
      let next = '';
      for (let j = i + 1; j < n && !next; j++) next = st.pieces[j]!.trimStart().charAt(0) || (st.spaceOnly[j] ? '' : st.pieces[j]!.charAt(0));
      const pc = CJK.test(prev);
      const nc = CJK.test(next);
      if ((pc && nc) || (pc && DIGIT.test(next)) || (DIGIT.test(prev) && nc)) continue;
    }
    out += p;
  }
  return out;
}
