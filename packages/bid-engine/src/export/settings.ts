import type { BidOutlineNode, TenderCard } from '@btz/shared';
import type { EditorDoc } from '@btz/shared/editor';
import type { CoverBidder, CoverCard } from './cover.js';

/** What the exporter is given (the outline, the sections, the user's settings) and the page geometry it lays them out on. */

/** The outline fields the exporter reads (a `BidOutlineNode` is one). */
export interface ExportOutlineNode {
  id: string;
  title: string;
  level: number;
  children: ExportOutlineNode[];
}

export type HeadingStyle = 'chapter' | 'numeric';
export type PageNumberFormat = 'plain' | 'dash' | 'page' | 'pageOfTotal';

export interface ExportSettings {
  /** East Asian body font, default DOC_DEFAULT_FONT (楷体). */
  font?: string;
  /** Body size in pt, default 12 (小四). */
  fontSize?: number;
  headingStyle: HeadingStyle;
  pageNumber: { start?: number; format: PageNumberFormat; position: 'center' | 'right' | 'left' };
  /** Volumes (商务标 / 技术标…): each its own Word section; heading numbering and page numbers restart in each. */
  volumes?: { title: string; nodeIds: string[] }[];
}

export interface ExportBidInput {
  /** The bid's own name: the file's metadata title only when the card has no project name (never printed on the cover). */
  title: string;
  bidderName?: string;
  /** The bidder's facts the cover form may ask for (name, address, phone); `bidderName` wins for the name. */
  bidder?: CoverBidder;
  /** Shown on the cover as given; default the bid deadline's date, else today, as `YYYY年M月D日`. */
  date?: string;
  card?: (CoverCard & Partial<Pick<TenderCard, 'composition'>>) | null;
  /** The tender's cover form (the composition's 封面 part): its heading and the text from it on, as the tender prints it. */
  coverForm?: { title: string; text: string } | null;
  outline: ExportOutlineNode[] | BidOutlineNode[];
  sections: Record<string, EditorDoc | null | undefined>;
  settings: ExportSettings;
  /** stored images the sections use (picture library `/api/btz/picture/file?id=…`, data bank `/api/btz/databank/file?id=…`), by src, as PNG/JPEG data URLs */
  images?: Record<string, string>;
}

export const EXPORT_PLACEHOLDER = '【待填写：章节内容】';
export const ASCII_FONT = 'Times New Roman';
export const HEADING_REF = 'bid-headings';
export const ORDERED_REF = 'bid-ordered-list';

/**
 * A4 with 2.54 cm margins, in twips. The left/right margins must stay at 1440: docx 9 places the TOC's right tab (page
 * numbers) at 9025 twips, the text width of exactly these margins; wider margins push the page numbers off the line.
 */
export const PAGE = { width: 11906, height: 16838, top: 1440, bottom: 1440, left: 1440, right: 1440 };
/** Content width in pixels at 96 dpi: what an image is fitted to. */
export const CONTENT_WIDTH_PX = Math.floor(((PAGE.width - PAGE.left - PAGE.right) / 1440) * 96);
/** The most an image may be tall, in pixels at 96 dpi: the content height less room for its caption line. */
export const CONTENT_HEIGHT_PX = Math.floor(((PAGE.height - PAGE.top - PAGE.bottom) / 1440) * 96) - 80;
/** Rough characters per body page at 小四 with 1.5 line spacing: only used for the TOC's pre-filled page numbers. */
export const CHARS_PER_PAGE = 1200;
