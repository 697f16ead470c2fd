import type { TableBlock, TableCell } from './types.js';

/** A grid slot: the text of the cell covering it, and whether this slot is where that cell starts. */
export interface GridSlot {
  text: string;
  origin: boolean;
  cell: TableCell | null;
}

/**
 * The table with merges resolved: rows × columns, every slot holding the text of the cell that covers it (a factor
 * cell merged vertically over three sub-rows appears in all three). Slots no cell covers are empty strings.
 */
export function tableGrid(t: Pick<TableBlock, 'rows' | 'columns'>): GridSlot[][] {
  const width = Math.max(t.columns, ...t.rows.map((r) => r.cells.reduce((w, c) => Math.max(w, c.col + c.colSpan), 0)));
  const grid: GridSlot[][] = t.rows.map(() => Array.from({ length: width }, () => ({ text: '', origin: false, cell: null })));
  t.rows.forEach((row, r) => {
    for (const cell of row.cells) {
      for (let dr = 0; dr < Math.max(1, cell.rowSpan); dr++) {
        const line = grid[r + dr];
        if (!line) break;
        for (let dc = 0; dc < Math.max(1, cell.colSpan); dc++) {
          const c = cell.col + dc;
          if (c >= width) break;
          line[c] = { text: cell.text, origin: dr === 0 && dc === 0, cell };
        }
      }
    }
  });
  return grid;
}

/** The resolved grid as plain strings. */
export function tableTexts(t: Pick<TableBlock, 'rows' | 'columns'>): string[][] {
  return tableGrid(t).map((row) => row.map((s) => s.text));
}

const mdCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, '<br>').trim();

/**
 * The table as a Markdown table for a model's prompt, merged cells repeated in every slot they cover (a model reads a
 * repeated factor name more reliably than an empty cell). A table on one page gets a `〔第N页〕` line above it; a table
 * running over several pages gets a leading 页 column instead, so the Markdown stays one table.
 */
export function tableMarkdown(t: TableBlock): string {
  const grid = tableTexts(t);
  if (!grid.length) return '';
  const pages = t.rows.map((r) => r.page);
  const multi = new Set(pages).size > 1;
  const line = (cells: string[], r: number) => `| ${(multi ? [r === 0 ? '页' : String(pages[r])] : []).concat(cells.map(mdCell)).join(' | ')} |`;
  const out: string[] = multi ? [] : [`〔第${pages[0] ?? t.page}页〕`];
  out.push(line(grid[0]!, 0));
  out.push(`|${' --- |'.repeat(grid[0]!.length + (multi ? 1 : 0))}`);
  for (let r = 1; r < grid.length; r++) out.push(line(grid[r]!, r));
  return out.join('\n');
}
