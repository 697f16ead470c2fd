/**
 * The forms of the tender's format chapter with their bodies (issue 24 item 1): each form heading the composition reader
 * finds (composition-model formatHeadings — one finder of the chapter and its forms) and everything printed under it up
 * to the next form: its fixed text line by line (sub-headings, paragraphs, list items with their numbering), its tables as
 * grids (merged slots marked), its blanks as printed. The writer fills the blanks; nothing here is rewritten.
 *
 * Bounded: a chapter of hundreds of forms or a price table of thousands of rows keeps the first ones (a card is stored
 * and sent whole).
 */
import type { TenderForm, TenderFormBlock } from '@btz/shared';
import type { Block, DocModel, HeadingBlock } from '../reading/model/types.js';
import { tableGrid } from '../reading/model/table.js';
import { formatHeadings } from './composition-model.js';

export const FORM_LIMITS = { forms: 80, blocksPerForm: 300, rowsPerTable: 400, columns: 20, charsPerForm: 30_000 } as const;

const clean = (s: string) => s.replace(/\r/g, '').replace(/[ \t]*\n[ \t]*/g, '\n').trim();

function blockOf(b: Block): TenderFormBlock | null {
  switch (b.type) {
    case 'heading':
      return b.text.trim() ? { t: 'p', text: clean(b.text) } : null;
    case 'paragraph':
      return b.text.trim() ? { t: 'p', text: clean(b.text) } : null;
    case 'list-item': {
      const text = `${b.numbering}${b.numbering && !/[\s.、．)）:：]$/.test(b.numbering) ? ' ' : ''}${b.text}`;
      return text.trim() ? { t: 'p', text: clean(text) } : null;
    }
    case 'table': {
      const grid = tableGrid(b)
        .slice(0, FORM_LIMITS.rowsPerTable)
        .map((row) => row.slice(0, FORM_LIMITS.columns).map((s) => (s.cell && !s.origin ? null : clean(s.text))));
      // rows the reader gave no cell at all (a ruling line) say nothing
      const rows = grid.filter((r) => r.some((c) => c !== null));
      return rows.length ? { t: 'table', rows } : null;
    }
  }
}

const size = (b: TenderFormBlock) => (b.t === 'p' ? b.text.length : b.rows.reduce((n, r) => n + r.reduce((m, c) => m + (c?.length ?? 0), 0), 0));

/** Where a form heading stands in the blocks (a heading printed as a paragraph at a page's top is a copy, not the block). */
function indexOf(blocks: Block[], h: HeadingBlock, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const b = blocks[i]!;
    if (b === h || (b.type !== 'table' && b.page === h.page && b.text === h.text)) return i;
  }
  return -1;
}

/** The format chapter's forms with their bodies, in the document's order; empty when the tender has no such chapter. */
export function formsFromModel(model: DocModel): TenderForm[] {
  const blocks = model.blocks;
  const chapter = formatHeadings(blocks);
  if (chapter.from < 0 || !chapter.heads.length) return [];
  const at = chapter.heads
    .map((h) => ({ h, i: indexOf(blocks, h, chapter.from + 1, chapter.to) }))
    .filter((x) => x.i >= 0)
    .sort((a, b) => a.i - b.i);
  const out: TenderForm[] = [];
  for (let k = 0; k < at.length && out.length < FORM_LIMITS.forms; k++) {
    const { h, i } = at[k]!;
    const end = k + 1 < at.length ? at[k + 1]!.i : chapter.to;
    const body: TenderFormBlock[] = [];
    let chars = 0;
    for (let j = i + 1; j < end && body.length < FORM_LIMITS.blocksPerForm; j++) {
      const b = blocks[j]!;
      // a heading above the form's level inside the chapter stays in the form: a form the reader did not take for one
      // (「s、报价分类明细表格式」 misread at another level) is printed rather than lost
      const fb = blockOf(b);
      if (!fb) continue;
      chars += size(fb);
      if (chars > FORM_LIMITS.charsPerForm) break;
      body.push(fb);
    }
    out.push({ title: clean(h.text).replace(/\n/g, ''), page: h.page, blocks: body });
  }
  return out;
}
