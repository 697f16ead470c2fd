/**
 * The document model (issue 12 item 1): a tender or bid file read into blocks in reading order, each with its page —
 * headings with their level and printed numbering, paragraphs, list items and tables as tables (merges resolved, a
 * table continued across pages or split into several Word tables joined back into one) — and the page furniture
 * (running headers and footers, page numbers, table-of-contents entries) recognised and kept out of the blocks.
 *
 * One model for every consumer: the card extraction, the LLM prompts (tables as Markdown tables with page markers),
 * the page viewer and the bid-file tools. Readers: DOCX (XML of the package), PDF (pdfjs items with positions),
 * DOC and TXT (text lines classified into the same block types).
 */

export interface BlockBase {
  /** 1-based page the block starts on */
  page: number;
  /** last page the block reaches (equal to `page` for most blocks; tables and long paragraphs may run on) */
  pageEnd: number;
}

export interface HeadingBlock extends BlockBase {
  type: 'heading';
  /** 1 = chapter (第X章 / the document's top level), 2 = section, … */
  level: number;
  /** the printed numbering, e.g. '第三章', '第二节', '一、', '（一）', '1.2.3'; '' when none */
  numbering: string;
  /** the heading without its numbering */
  title: string;
  /** the heading as printed (numbering + title) */
  text: string;
}

export interface ParagraphBlock extends BlockBase {
  type: 'paragraph';
  text: string;
}

export interface ListItemBlock extends BlockBase {
  type: 'list-item';
  /** nesting level, 1 = outermost */
  level: number;
  /** the printed marker, e.g. '1.', '（1）', '①', 'a)', '●'; '' when none */
  numbering: string;
  /** the item without its marker */
  text: string;
}

/** A cell where it starts; the grid slots it covers to the right and below hold no cell of their own. */
export interface TableCell {
  text: string;
  /** 0-based first grid column */
  col: number;
  colSpan: number;
  rowSpan: number;
}

export interface TableRow {
  /** 1-based page this row is printed on (a table may run over several pages) */
  page: number;
  cells: TableCell[];
  /** a header row repeated on each page (Word `w:tblHeader`, or a repeated PDF header); kept once, at the top */
  header?: boolean;
}

export interface TableBlock extends BlockBase {
  type: 'table';
  /** grid columns */
  columns: number;
  rows: TableRow[];
  /** how many parts (Word tables / PDF page pieces) were joined into this one; 1 when it was printed as one piece */
  parts: number;
}

export type Block = HeadingBlock | ParagraphBlock | ListItemBlock | TableBlock;
export type BlockType = Block['type'];

export type FurnitureKind = 'header' | 'footer' | 'page-number' | 'toc';

/** Page furniture: recognised, kept out of the content blocks, but kept (the tools and the page viewer may show it). */
export interface Furniture {
  kind: FurnitureKind;
  page: number;
  text: string;
  /** TOC entries: the page number printed at the end of the line, when there is one */
  target?: number;
  /** TOC entries: the level the TOC gives the entry (TOC1 = 1…), when known */
  level?: number;
}

export interface DocModel {
  blocks: Block[];
  furniture: Furniture[];
  pageCount: number;
  /** what the user should know about how the file was read (a DOC read as text only), in Chinese; kept with the model */
  notice?: string;
}
