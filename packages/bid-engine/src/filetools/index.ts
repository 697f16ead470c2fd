/** Bid-file tools (issue 15): metadata clearing for DOCX and PDF, and file conversion — no database, no HTTP. */
export { clearDocxMetadata, readDocxMetadata, sharedDocxMetadata, type DocxMetadata, type DocxClearReport } from './docx-metadata.js';
export { clearPdfMetadata, readPdfMetadata, type PdfMetadata } from './pdf-metadata.js';
export { FileToolError, FILETOOL_MESSAGES, MAX_RENDER_PAGES, MAX_RENDER_SIDE_PX, MAX_RENDER_PIXELS, RENDER_DPI, renderDpiFor, pdfPageExtent, findPdftoppm, officeConvert, pdfToImages, imagesToPdf, pdfTextToDocx, pdfPageCount } from './convert.js';
export { FILE_TOOLS, MIME, runFileTool, type FileTool, type FileToolInput, type FileToolOutput } from './run.js';
