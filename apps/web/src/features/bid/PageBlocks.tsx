import type { ReactElement, ReactNode, Ref } from 'react';
import type { PageViewBlock } from '@btz/shared';
import { findExcerpt } from './excerpt';

type TableView = Extract<PageViewBlock, { type: 'table' }>;

/** Where an excerpt is found among a page's blocks: the block; for a table the row, and the cell when one holds it all. */
export interface BlockHit {
  block: number;
  row?: number;
  cell?: number;
}

/** The first block (or table cell) holding the whole excerpt, whitespace-insensitive; null when none does. */
export function findInBlocks(blocks: readonly PageViewBlock[], excerpt: string | undefined): BlockHit | null {
  if (!excerpt) return null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type !== 'table') {
      if (findExcerpt(b.text, excerpt)) return { block: i };
      continue;
    }
    for (let r = 0; r < b.rows.length; r++) {
      const cells = b.rows[r]!.cells;
      for (let c = 0; c < cells.length; c++) if (findExcerpt(cells[c]!.text, excerpt)) return { block: i, row: r, cell: c };
      // an excerpt quoting a row (the card cites a scoring row as its cells in a line)
      if (findExcerpt(cells.map((x) => x.text).join(' '), excerpt)) return { block: i, row: r };
    }
  }
  return null;
}

/** Text with the excerpt (when given and found) wrapped in a <mark>. */
function Marked({ text, excerpt, markRef }: { text: string; excerpt?: string; markRef?: Ref<HTMLElement> }) {
  const at = excerpt ? findExcerpt(text, excerpt) : null;
  if (!at) return <>{text}</>;
  return (
    <>
      {text.slice(0, at.start)}
      <mark ref={markRef} className="bid-page__mark">
        {text.slice(at.start, at.end)}
      </mark>
      {text.slice(at.end)}
    </>
  );
}

/**
 * A table's rows on a grid: each cell at its column with its spans; slots covered by a cell from a row above on an
 * earlier page (or missing in the file) are drawn as empty cells so the columns stay in line.
 */
function PageTable({ table, hit, excerpt, markRef }: { table: TableView; hit: BlockHit | null; excerpt?: string; markRef: Ref<HTMLElement> }) {
  const covered = table.rows.map(() => new Array<boolean>(table.columns).fill(false));
  return (
    <table className="bid-page__table">
      <tbody>
        {table.rows.map((row, r) => {
          const tds: ReactElement[] = [];
          const byCol = new Map(row.cells.map((c, i) => [c.col, { c, i }]));
          for (let col = 0; col < table.columns; col++) {
            if (covered[r]![col]) continue;
            const at = byCol.get(col);
            if (!at) {
              tds.push(<td key={col} />);
              continue;
            }
            const { c, i } = at;
            for (let dr = 0; dr < c.rowSpan; dr++) for (let dc = 0; dc < c.colSpan; dc++) if (covered[r + dr]) covered[r + dr]![col + dc] = true;
            const Cell = row.header ? 'th' : 'td';
            let content: ReactNode = c.text;
            if (hit?.row === r && hit.cell === i) content = <Marked text={c.text} excerpt={excerpt} markRef={markRef} />;
            else if (hit?.row === r && hit.cell === undefined && c.text) {
              // the whole row is the excerpt: every cell of it marked, the first one scrolled to
              content = (
                <mark ref={i === 0 ? markRef : undefined} className="bid-page__mark">
                  {c.text}
                </mark>
              );
            }
            tds.push(
              <Cell key={col} colSpan={c.colSpan > 1 ? c.colSpan : undefined} rowSpan={c.rowSpan > 1 ? c.rowSpan : undefined}>
                {content}
              </Cell>,
            );
          }
          return <tr key={r}>{tds}</tr>;
        })}
      </tbody>
    </table>
  );
}

/** A page as the document model read it: headings, paragraphs, list items, tables as tables; the excerpt marked. */
export function PageBlocks({ blocks, excerpt, markRef }: { blocks: PageViewBlock[]; excerpt?: string; markRef: Ref<HTMLElement> }) {
  const hit = findInBlocks(blocks, excerpt);
  return (
    <div className="bid-page__blocks">
      {blocks.map((b, i) => {
        const mine = hit?.block === i;
        if (b.type === 'table') {
          return (
            <div key={i} className="bid-page__table-wrap">
              {b.continued ? <div className="bid-page__cont">（续上页表格）</div> : null}
              <PageTable table={b} hit={mine ? hit : null} excerpt={excerpt} markRef={markRef} />
              {b.continues ? <div className="bid-page__cont">（表格下页续）</div> : null}
            </div>
          );
        }
        const text = mine ? <Marked text={b.text} excerpt={excerpt} markRef={markRef} /> : b.text;
        if (b.type === 'heading') {
          return (
            <div key={i} className={`bid-page__h bid-page__h--${Math.min(b.level, 3)}`}>
              {text}
            </div>
          );
        }
        return (
          <p key={i} className={b.type === 'list-item' ? 'bid-page__li' : 'bid-page__p'} style={b.type === 'list-item' ? { paddingLeft: (b.level - 1) * 16 } : undefined}>
            {text}
          </p>
        );
      })}
    </div>
  );
}
