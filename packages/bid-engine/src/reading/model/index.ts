export type * from './types.js';
export { tableGrid, tableTexts, tableMarkdown, type GridSlot } from './table.js';
export { modelPageTexts, promptTable } from './prompt.js';
