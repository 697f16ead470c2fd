/**
 * Section content (conventions, "Bids"): a section is stored as the editor's JSON document, validated against our
 * editor schema; HTML (model output, paste) and plain text are sanitised and converted here (the model's Markdown: writer/markdown.ts),
 * at the edge. Pure functions, no I/O.
 */
export { validateDoc, type ValidateResult } from './schema.js';
export { htmlToDoc } from './html.js';
export { docToText, countChars, textToDoc } from './text.js';
export { MAX_DEPTH, MAX_NODES, MAX_TEXT } from './limits.js';
export { MAX_IMAGE_BYTES } from './attrs.js';
