/**
 * The picture library's engine side (issue 14): image sniffing, size, dHash and thumbnail (image.ts); every picture
 * embedded in a DOCX or PDF with its page (extract.ts). No database, no HTTP.
 */
export * from './image.js';
export * from './measure.js';
export * from './extract.js';
