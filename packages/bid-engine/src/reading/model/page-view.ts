import type { PageViewBlock } from '@btz/shared';
import type { Block } from './types.js';

/**
 * The blocks of one page for the page viewer (issue 12 item 1): the model's blocks that touch page `page`, in reading
 * order — a table with only the rows printed on that page (a cell spanning rows clipped to them), marked when it began
 * earlier or goes on later; the page furniture is not in the blocks to begin with.
 */
export function pageView(blocks: readonly Block[], page: number): PageViewBlock[] {
  const out: PageViewBlock[] = [];
  for (const b of blocks) {
    if (b.page > page || b.pageEnd < page) continue;
    if (b.type === 'heading') out.push({ type: 'heading', level: b.level, text: b.text });
    else if (b.type === 'paragraph') out.push({ type: 'paragraph', text: b.text });
    else if (b.type === 'list-item') {
      const gap = b.numbering && !/[、.．)）]$/.test(b.numbering) ? ' ' : '';
      out.push({ type: 'list-item', level: b.level, text: `${b.numbering}${gap}${b.text}` });
    }
    else {
      const first = b.rows.findIndex((r) => r.page === page);
      if (first < 0) continue;
      let last = first;
      while (last + 1 < b.rows.length && b.rows[last + 1]!.page === page) last++;
      const rows = b.rows.slice(first, last + 1).map((r, i) => ({
        ...(r.header ? { header: true } : {}),
        cells: r.cells.map((c) => ({ text: c.text, col: c.col, colSpan: c.colSpan, rowSpan: Math.min(c.rowSpan, last - first - i + 1) })),
      }));
      // a header row repeated on every page is kept once, at the top: show it again on the pages the table runs on to
      const header = first > 0 ? b.rows.filter((r) => r.header) : [];
      out.push({
        type: 'table',
        columns: b.columns,
        rows: [...header.map((r) => ({ header: true, cells: r.cells.map((c) => ({ text: c.text, col: c.col, colSpan: c.colSpan, rowSpan: 1 })) })), ...rows],
        continued: first > 0,
        continues: last < b.rows.length - 1,
      });
    }
  }
  return out;
}
