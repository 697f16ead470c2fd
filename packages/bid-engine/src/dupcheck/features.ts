/**
 * What the duplicate check keeps of one file: its sentences (normalised, with their chapter and page), its headings in
 * order, its chapters, its metadata, its pictures' hashes, the price rows of its price tables and its plain text (for
 * the tell-tale checks). Built from the reading module's document model (the same reader tenders go through).
 */
import type { ReadResult } from '../reading/types.js';
import type { Block } from '../reading/model/types.js';
import type { GradientHash } from '../pictures/image.js';
import type { FileMetadata } from './file-metadata.js';
import { normalise, splitSentences } from './text.js';

export interface DupSentence {
  text: string;
  norm: string;
  /** index into `sections` (-1: before the first chapter) */
  section: number;
  page: number;
}

export interface DupSection {
  title: string;
  page: number;
}

export interface DupHeading {
  text: string;
  title: string;
  norm: string;
  level: number;
  page: number;
}

export interface DupImage {
  page: number;
  name: string;
  width: number;
  height: number;
  sha256: string;
  dhash: string;
  /** gradient hash of the whole picture (pictures/image gradientHashes) */
  ghash: GradientHash;
  /** gradient hashes of crops of the picture: a cropped copy matches one of them */
  gwindows: GradientHash[];
}

export interface DupPriceRow {
  item: string;
  /** the row's amounts in the money columns, in column order */
  values: number[];
  page: number;
}

export interface FileFeatures {
  name: string;
  role: 'bid' | 'tender';
  type: string;
  pages: number;
  sentences: DupSentence[];
  sections: DupSection[];
  headings: DupHeading[];
  meta: FileMetadata;
  images: DupImage[];
  prices: DupPriceRow[];
  /** the text in reading order, lines joined with \n */
  text: string;
}

/** A blank of a form left to fill, as this product's writer leaves them (innermost first: blanks can nest). */
const BLANK = /【(?:待填写|请填写|待补充)[^【】]{0,60}】/g;

/**
 * A text less its blanks, nested ones included (【待填写：【待填写：名称】】 leaves nothing of either), and the
 * brackets a blank emptied: what is left to fill is nobody's text, however many bids leave it alike.
 */
export function stripBlanks(text: string): string {
  let out = text;
  for (let n = 0; n < 5 && out.includes('【'); n++) {
    const next = out.replace(BLANK, '').replace(/【\s*】/g, '');
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Sentences shorter than this (normalised) are not compared: too short to say anything. */
export const MIN_SENTENCE = 8;

const PRICE_HEADER = /单价|总价|合价|金额|报价|价格|小计|费用/;

function parseNumber(s: string): number | null {
  const t = s.replace(/[¥￥,，\s元万]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

function priceRows(block: Extract<Block, { type: 'table' }>): DupPriceRow[] {
  const headerIdx = block.rows.findIndex((r) => r.cells.some((c) => PRICE_HEADER.test(c.text)));
  if (headerIdx < 0 || headerIdx > 3) return [];
  // the money columns only (单价, 合价, 金额 …): quantities and item numbers come from the tender's bill and are alike
  const moneyCols = new Set(block.rows[headerIdx]!.cells.filter((c) => PRICE_HEADER.test(c.text)).map((c) => c.col));
  const out: DupPriceRow[] = [];
  for (const row of block.rows.slice(headerIdx + 1)) {
    const values: number[] = [];
    let item = '';
    for (const c of row.cells) {
      const v = parseNumber(c.text);
      if (v !== null) {
        if (moneyCols.has(c.col)) values.push(v);
      } else if (!item && /\p{L}/u.test(c.text)) item = c.text.trim().slice(0, 60);
    }
    if (values.length) out.push({ item, values, page: row.page });
  }
  return out;
}

/**
 * The features of a file read by readDocument. `meta` and `images` come from the file itself (file-metadata.ts, the
 * pictures module); they are passed in so this stays free of decoding.
 */
export function buildFeatures(
  name: string,
  role: 'bid' | 'tender',
  read: Pick<ReadResult, 'type' | 'model' | 'pages' | 'meta'>,
  meta: FileMetadata,
  images: DupImage[],
): FileFeatures {
  const sentences: DupSentence[] = [];
  const sections: DupSection[] = [];
  const headings: DupHeading[] = [];
  const prices: DupPriceRow[] = [];
  const lines: string[] = [];
  const addText = (text: string, page: number) => {
    lines.push(text);
    for (const s of splitSentences(text)) {
      // a blank left to fill (【待填写：…】) is nobody's text
      const norm = normalise(stripBlanks(s));
      if (norm.length >= MIN_SENTENCE) sentences.push({ text: s, norm, section: sections.length - 1, page });
    }
  };
  const blocks = read.model?.blocks;
  if (blocks?.length) {
    const top = Math.min(...blocks.filter((b) => b.type === 'heading').map((b) => (b as { level: number }).level), 99);
    for (const b of blocks) {
      if (b.type === 'heading') {
        if (b.level === top) sections.push({ title: b.text.slice(0, 80), page: b.page });
        headings.push({ text: b.text, title: b.title, norm: normalise(b.title), level: b.level, page: b.page });
        lines.push(b.text);
      } else if (b.type === 'paragraph' || b.type === 'list-item') addText(b.text, b.page);
      else {
        prices.push(...priceRows(b));
        for (const r of b.rows) for (const c of r.cells) if (c.text.trim()) addText(c.text, r.page);
      }
    }
  } else {
    for (const p of read.pages) addText(p.text, p.page);
  }
  return { name, role, type: read.type, pages: read.meta.pageCount, sentences, sections, headings, meta, images, prices, text: lines.join('\n') };
}
