/**
 * Document reading (PRODUCT.md §5 step 1; reused by the bid-file tools, §8): file type by content, text by page with
 * OCR for scans, chapters, chunks. Everything a user can get wrong ends in a DocumentError with a Chinese message.
 */
export { readDocument, DOC_TEXT_ONLY } from './read.js';
export { sniffType, sniffTypeWindow, sniffUpload, checkFileSize, decodeText, MAX_FILE_BYTES, type DocumentType } from './sniff.js';
export { DocumentError, DOCUMENT_MESSAGES, FINAL_DOCUMENT_CODES, isDocumentError, type DocumentErrorCode } from './errors.js';
export { assertSafePdf, pdfInflateBudget, PDF_BUDGET } from './pdf-guard.js';
export { PARALLEL_MIN_PAGES, defaultPdfThreads } from './pdf-threads.js';
export { detectChapters, stripRunningLines, findRunningLines, parseHeading, isTocLine } from './chapters.js';
export { chunkPages, type Chunk, type ChunkOptions } from './chunk.js';
export { shutdownOcr } from './ocr.js';
export { CHARS_PER_PAGE, type PageText } from './paginate.js';
export type { ReadOptions, ReadResult, ReadProgress, ReadStage, Chapter } from './types.js';
export { listZipEntries, assertSafeZip, assertSafeDocx, readZipEntry, looksLikeZip, docxLimits, DOCX_LIMITS, DOCX_BUDGET, type ZipEntry, type ZipLimits } from './zip.js';
export * from './model/index.js';
