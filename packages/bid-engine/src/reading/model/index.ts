export type * from './types.js';
export { tableGrid, tableTexts, tableMarkdown, type GridSlot } from './table.js';
// the line rules every reader shares (DOCX, DOC, TXT; a PDF reader can classify its lines the same way)
export { classifyLine, splitNumbering, splitListMarker, tocEntry, isTocTitle, levelsFromRanks, type Classified, type LineHints } from './classify.js';
export { tocLines } from './toc.js';
export { textModel } from './text.js';
export { PageLocator } from './locate.js';
export { modelPageTexts, promptTable } from './prompt.js';
export { pageView } from './page-view.js';
