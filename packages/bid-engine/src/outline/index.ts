/** The outline a user brings (issue 24 item 4): a pasted numbered list or a DOCX's headings, with the scoring rows mapped onto it. */
export { importOutline, parseOutlineText, headingsOfModel, type ImportedHeading, type ImportedOutline } from './import.js';
