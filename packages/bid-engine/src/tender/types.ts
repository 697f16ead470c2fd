import type { TenderFileRole } from '@btz/shared';
import type { DocModel } from '../reading/model/types.js';

/**
 * Input of the tender engine: the shape the document reader (apps/server/src/documents, `readDocument`) returns — pages
 * with 1-based page numbers and their text, and the chapters it found — plus the file's name, role and order in the bid.
 * Declared here (structurally identical to the reader's `PageText` / `Chapter`) so the engine does not depend on it.
 */
export interface TenderPage {
  page: number;
  text: string;
  ocr?: boolean;
}

export interface TenderChapter {
  title: string;
  level: number;
  page: number;
}

export interface TenderFileInput {
  name: string;
  role: TenderFileRole;
  /** Order of arrival in the bid: a later amendment overrides an earlier fact. */
  order: number;
  pages: TenderPage[];
  chapters?: TenderChapter[];
  /** the file read into blocks (headings, paragraphs, lists, tables with merges) when the reader produced it */
  model?: DocModel;
}

export interface ExtractOptions {
  /** The lot (标段/包) the bid answers: its id ('1', '2', 'A') or name; facts of other lots are left out. */
  lot?: string;
}
