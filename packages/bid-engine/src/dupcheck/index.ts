/**
 * The duplicate check between bidders (issue 15, 查重): features of each file (features.ts, file-metadata.ts), the
 * comparison of every pair on text, outline, metadata, images, tell-tale errors and prices (compare.ts), and the report
 * as an Excel workbook (xlsx.ts). No database, no HTTP.
 */
export * from './text.js';
export * from './file-metadata.js';
export * from './features.js';
export * from './compare.js';
export * from './identities.js';
export * from './variants.js';
export * from './xlsx.js';
