import { tableTexts } from './table.js';
import type { Block, DocModel, TableBlock } from './types.js';

/**
 * The document model as a model reads it (issue 12 item 6): per page, the blocks that start on it in reading order —
 * headings on their own line with their printed numbering, paragraphs, list items with their marker — and every table as
 * ONE Markdown table on the page where it starts (merged cells repeated in each slot they cover; a table running over
 * several pages gets a leading 页 column so each row still names its page). Page furniture (running headers, page
 * numbers, the table of contents) is left out: a TOC line is the classic false scoring row.
 *
 * Every cell and line is the page's own text, so an excerpt a model copies from inside a cell is found on the page it
 * cites (llm-verify `cleanExcerpt` drops the table pipes a model may copy along).
 */
export function modelPageTexts(model: DocModel): Map<number, string> {
  const out = new Map<number, string[]>();
  const push = (page: number, text: string) => {
    if (!text.trim()) return;
    const list = out.get(page) ?? [];
    list.push(text);
    out.set(page, list);
  };
  for (const b of model.blocks) push(b.page, renderBlock(b));
  return new Map([...out].map(([page, parts]) => [page, parts.join('\n')]));
}

function renderBlock(b: Block): string {
  switch (b.type) {
    case 'heading':
      return b.text || `${b.numbering}${b.title}`;
    case 'paragraph':
      return b.text;
    case 'list-item':
      return `${b.numbering ? `${b.numbering} ` : ''}${b.text}`;
    case 'table':
      return promptTable(b);
  }
}

const cell = (s: string) => s.replace(/\|/g, '｜').replace(/\s*\n\s*/g, ' ').trim();

/** A table as Markdown for a prompt: no page marker of its own (the page piece has one); a 页 column when it runs on. */
export function promptTable(t: TableBlock): string {
  const grid = tableTexts(t);
  if (!grid.length || !grid[0]!.length) return '';
  const multi = new Set(t.rows.map((r) => r.page)).size > 1;
  const line = (cells: string[], r: number) =>
    `| ${(multi ? [r === 0 ? '页' : String(t.rows[r]!.page)] : []).concat(cells.map(cell)).join(' | ')} |`;
  const lines = [line(grid[0]!, 0), `|${' --- |'.repeat(grid[0]!.length + (multi ? 1 : 0))}`];
  for (let r = 1; r < grid.length; r++) lines.push(line(grid[r]!, r));
  return lines.join('\n');
}
