import type { DocumentType } from './sniff.js';
import type { PageText } from './paginate.js';
import type { DocModel } from './model/types.js';

export type ReadStage = 'sniff' | 'text' | 'ocr' | 'chapters' | 'done';

export interface ReadProgress {
  stage: ReadStage;
  done: number;
  total: number;
}

export interface ReadOptions {
  /** OCR pages without a text layer (PDF only). Default true. */
  ocr?: boolean;
  signal?: AbortSignal;
  onProgress?(p: ReadProgress): void;
  /** Most pages OCR'd per document (default MAX_OCR_PAGES). */
  maxOcrPages?: number;
  /** Characters per estimated page for formats without layout (default 1,800). */
  charsPerPage?: number;
  /** Worker threads reading page ranges of a long PDF beside the caller's (default one per further core, at most 3; 0 = none). */
  threads?: number;
}

export interface Chapter {
  title: string;
  level: number;
  page: number;
}

export interface ReadResult {
  type: DocumentType;
  pages: PageText[];
  chapters: Chapter[];
  /** the document model: blocks in reading order with pages, tables as tables, page furniture (issue 12 item 1) */
  model?: DocModel;
  meta: {
    pageCount: number;
    /** Characters of text, whitespace excluded. */
    chars: number;
    ocrPages: number;
    /** Whether page numbers come from the file's layout (PDF, DOCX with rendered breaks, TXT form feeds) or an estimate. */
    pagesEstimated: boolean;
    /** TXT only: the encoding the text was decoded from. */
    encoding?: string;
    /** what the user should know about how the file was read (a DOC read as text only), in Chinese */
    notice?: string;
  };
}
