/** Export (PRODUCT.md §5 step 7): the bid as a Word file (cover, TOC field, numbered headings, page numbers) and a PDF through LibreOffice. */
export {
  exportBidDocx,
  editorDocToDocx,
  splitFieldRuns,
  stripNumberPrefix,
  chineseCounting,
  headingNumber,
  decodeDataImage,
  EXPORT_PLACEHOLDER,
  ASCII_FONT,
  CONTENT_WIDTH_PX,
  CONTENT_HEIGHT_PX,
  type ExportOutlineNode,
  type HeadingStyle,
  type PageNumberFormat,
  type ExportSettings,
  type ExportBidInput,
} from './docx.js';
export type { EditorDoc } from '@btz/shared/editor';
export { findSoffice, docxToPdf } from './pdf.js';
export { findCoverForm, coverFromForm, coverDate, standardCover, COVER_PART, type CoverCard, type CoverBidder, type CoverLine } from './cover.js';
export { LIBRARY_IMAGE_SRC, BANK_IMAGE_SRC, resolveImage } from './images.js';
export { bidWords } from '../tender/rules/forms.js';
