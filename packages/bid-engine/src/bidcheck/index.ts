/**
 * The bid checks of the tools hub (issue 15): the 暗标 compliance check (anonymity.ts, with the file's format from
 * format-docx.ts / format-pdf.ts, and written.ts for bids written here) and the 废标 check of any bid (reject.ts: the
 * content-health check on the file as read). Reports as Excel (xlsx.ts). No database, no HTTP.
 */
export { checkAnonymity, shortNames, DEFAULT_ANONYMITY_RULES, type AnonymityInput, type BidderIdentity, type TextUnit } from './anonymity.js';
export { scanDocxFormat } from './format-docx.js';
export { scanPdfFormat } from './format-pdf.js';
export { fontFace, STANDARD_FACES, type FormatScan, type FormatUse, type HeaderFooterPart, type PageSetup } from './format.js';
export { checkRejection, type RejectInput, type RejectResult } from './reject.js';
export { bidCheckXlsx } from './xlsx.js';
export { writtenUnits, fixWrittenSection, anonymousScope, type EditorNode } from './written.js';
