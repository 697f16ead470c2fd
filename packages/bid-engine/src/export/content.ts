import { AlignmentType, BorderStyle, ImageRun, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType, type IParagraphOptions, type ParagraphChild } from 'docx';
import { PLACEHOLDER_RE, type EditorBlock, type EditorDoc, type EditorInline, type EditorText, type EditorListItem, type EditorTable } from '@btz/shared/editor';
import { EXPORT_PLACEHOLDER, ORDERED_REF, CONTENT_WIDTH_PX, CONTENT_HEIGHT_PX } from './settings.js';
import { BANK_IMAGE_SRC, resolveImage } from './images.js';
import { formatMoney, isMoneyHeader } from './money.js';

/** Content conversion: one section's editor document (paragraphs, lists, tables, images, marks) as Word paragraphs and tables. */

export interface Ctx {
  fontSize: number;
  orderedInstance: number;
  /** Last drawing id: Word wants every wp:docPr id unique in the document. */
  imageId: number;
  /** picture-library images by their src, as data URLs (ExportBidInput.images) */
  images?: Record<string, string>;
}

type Marks = { bold?: boolean; italics?: boolean; underline?: Record<string, never>; strike?: boolean; highlight?: 'yellow'; size?: number };

export function textRuns(text: string, marks: Marks): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER_RE)) {
    if (m.index! > last) runs.push(new TextRun({ text: text.slice(last, m.index), ...marks }));
    runs.push(new TextRun({ text: m[0], ...marks, highlight: 'yellow' }));
    last = m.index! + m[0].length;
  }
  if (last < text.length) runs.push(new TextRun({ text: text.slice(last), ...marks }));
  return runs;
}

function imageRun(ctx: Ctx, src: string, alt: string | null | undefined, maxWidth = CONTENT_WIDTH_PX): ParagraphChild {
  const img = resolveImage(src, ctx.images);
  if (!img) return new TextRun({ text: '【图片无法导出】', highlight: 'yellow' });
  // a certificate from the data bank fills the page's width (its height at most the page's); others are never enlarged
  const scale = BANK_IMAGE_SRC.test(src ?? '') ? Math.min(maxWidth / img.width, CONTENT_HEIGHT_PX / img.height) : Math.min(1, maxWidth / img.width);
  const id = ++ctx.imageId;
  return new ImageRun({
    type: img.type,
    altText: { id: String(id), name: `图片 ${id}`, description: alt ?? '', title: '' },
    data: img.data,
    transformation: { width: Math.max(1, Math.round(img.width * scale)), height: Math.max(1, Math.round(img.height * scale)) },
  });
}

function inlines(ctx: Ctx, content: EditorInline[] | undefined, extra: Marks = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const node of content ?? []) {
    if (node.type === 'text') {
      const marks: Marks = { ...extra };
      for (const mk of node.marks ?? []) {
        if (mk.type === 'bold') marks.bold = true;
        else if (mk.type === 'italic') marks.italics = true;
        else if (mk.type === 'underline') marks.underline = {};
        else if (mk.type === 'strike') marks.strike = true;
        else if (mk.type === 'highlight') marks.highlight = 'yellow';
      }
      out.push(...textRuns(node.text ?? '', marks));
    } else if (node.type === 'hardBreak') {
      out.push(new TextRun({ break: 1 }));
    } else if (node.type === 'image') {
      out.push(imageRun(ctx, node.attrs?.src, node.attrs?.alt));
    }
  }
  return out;
}

const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT, justify: AlignmentType.JUSTIFIED };

function bodyIndent(ctx: Ctx) {
  return { firstLineChars: 200, firstLine: ctx.fontSize * 2 * 20 };
}

export function plainText(node: { text?: string; content?: unknown[] }): string {
  if (typeof node.text === 'string') return node.text;
  return (node.content ?? []).map((c) => plainText(c as { text?: string; content?: unknown[] })).join('');
}

interface BlockOpts {
  /** Inside a list, table or quote: no first-line indent. */
  indent: boolean;
  listLevel?: number;
  quote?: boolean;
  cellWidthPx?: number;
}

function blocks(nodes: EditorBlock[] | undefined, ctx: Ctx, opts: BlockOpts): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  for (const node of nodes ?? []) out.push(...block(node, ctx, opts));
  return out;
}

function quoteProps(opts: BlockOpts): Partial<IParagraphOptions> {
  return opts.quote
    ? { indent: { left: 420 }, border: { left: { style: BorderStyle.SINGLE, size: 12, color: '999999', space: 8 } } }
    : {};
}

function block(node: EditorBlock, ctx: Ctx, opts: BlockOpts): (Paragraph | Table)[] {
  switch (node.type) {
    case 'paragraph': {
      const align = node.attrs?.textAlign ? ALIGN[node.attrs.textAlign] : undefined;
      return [
        new Paragraph({
          children: inlines(ctx, node.content),
          // centred text (a figure's caption) is centred on the page, without the body's first-line indent
          ...(opts.indent && !opts.quote && node.attrs?.textAlign !== 'center' ? { indent: bodyIndent(ctx) } : {}),
          ...quoteProps(opts),
          ...(align ? { alignment: align } : {}),
        }),
      ];
    }
    case 'heading': {
      // headings inside a section's text are emphasised paragraphs: Word headings belong to the outline (TOC, numbering)
      const size = Math.round(ctx.fontSize * 2 + Math.max(0, 4 - node.attrs.level) * 2);
      return [
        new Paragraph({
          keepNext: true,
          spacing: { before: 120, after: 60 },
          children: inlines(ctx, node.content, { bold: true }),
          run: { bold: true, size },
          ...quoteProps(opts),
        }),
      ];
    }
    case 'bulletList':
    case 'orderedList': {
      const level = opts.listLevel === undefined ? 0 : opts.listLevel + 1;
      const instance = node.type === 'orderedList' ? ++ctx.orderedInstance : 0;
      const out: (Paragraph | Table)[] = [];
      for (const item of node.content ?? []) out.push(...listItem(item, node.type, instance, Math.min(level, 8), ctx, opts));
      return out;
    }
    case 'table':
      return [table(node, ctx, opts)];
    case 'blockquote':
      return blocks(node.content, ctx, { ...opts, quote: true });
    case 'image':
      return [new Paragraph({ alignment: AlignmentType.CENTER, children: [imageRun(ctx, node.attrs?.src, node.attrs?.alt, opts.cellWidthPx)] })];
    default: {
      const text = plainText(node as { text?: string; content?: unknown[] });
      return text ? [new Paragraph({ children: textRuns(text, {}), ...(opts.indent ? { indent: bodyIndent(ctx) } : {}) })] : [];
    }
  }
}

function listItem(
  item: EditorListItem,
  kind: 'bulletList' | 'orderedList',
  instance: number,
  level: number,
  ctx: Ctx,
  opts: BlockOpts,
): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  let first = true;
  for (const child of item.content ?? []) {
    if (child.type === 'paragraph' && first) {
      first = false;
      out.push(
        new Paragraph({
          children: inlines(ctx, child.content),
          ...(kind === 'bulletList' ? { bullet: { level } } : { numbering: { reference: ORDERED_REF, level, instance } }),
        }),
      );
    } else if (child.type === 'paragraph') {
      out.push(new Paragraph({ children: inlines(ctx, child.content), indent: { left: 420 * (level + 1) } }));
    } else {
      out.push(...block(child, ctx, { ...opts, indent: false, listLevel: level }));
    }
  }
  if (first) out.unshift(new Paragraph({ children: [], ...(kind === 'bulletList' ? { bullet: { level } } : { numbering: { reference: ORDERED_REF, level, instance } }) }));
  return out;
}

const CELL_BORDER = { style: BorderStyle.SINGLE, size: 4, color: '000000' };

function table(node: EditorTable, ctx: Ctx, opts: BlockOpts): Table {
  const rows = (node.content ?? []).filter((r) => r.type === 'tableRow' && (r.content?.length ?? 0) > 0);
  const columns = Math.max(1, ...rows.map((r) => (r.content ?? []).reduce((n, c) => n + (c.attrs?.colspan ?? 1), 0)));
  const tableWidthPx = opts.cellWidthPx ?? CONTENT_WIDTH_PX;
  const cellWidthPx = Math.max(40, Math.floor(tableWidthPx / columns) - 10);
  if (rows.length === 0) return new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('')] })] })] });
  const money = moneyCells(rows);
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: {
      top: CELL_BORDER,
      bottom: CELL_BORDER,
      left: CELL_BORDER,
      right: CELL_BORDER,
      insideHorizontal: CELL_BORDER,
      insideVertical: CELL_BORDER,
    },
    rows: rows.map((row, ri) => {
      const cells = row.content ?? [];
      const header = cells.length > 0 && cells.every((c) => c.type === 'tableHeader');
      return new TableRow({
        tableHeader: header,
        children: cells.map((cell, ci) => {
          const isHeader = cell.type === 'tableHeader';
          const amount = money.get(`${ri}:${ci}`);
          let children = amount
            ? [new Paragraph({ alignment: AlignmentType.RIGHT, children: inlines(ctx, [{ type: 'text', text: amount, ...(firstMarks(cell) ? { marks: firstMarks(cell) } : {}) }]) })]
            : blocks(cell.content, ctx, { indent: false, cellWidthPx });
          if (isHeader) {
            children = (cell.content ?? []).flatMap((b) =>
              b.type === 'paragraph'
                ? [new Paragraph({ alignment: AlignmentType.CENTER, children: inlines(ctx, b.content, { bold: true }) })]
                : block(b, ctx, { indent: false, cellWidthPx }),
            );
          }
          // a cell must end with a paragraph
          if (children.length === 0 || children[children.length - 1] instanceof Table) children.push(new Paragraph(''));
          return new TableCell({
            children,
            ...(cell.attrs?.colspan && cell.attrs.colspan > 1 ? { columnSpan: cell.attrs.colspan } : {}),
            ...(cell.attrs?.rowspan && cell.attrs.rowspan > 1 ? { rowSpan: cell.attrs.rowspan } : {}),
            ...(isHeader ? { shading: { type: ShadingType.CLEAR, fill: 'EDEDED', color: 'auto' } } : {}),
            margins: { left: 80, right: 80, top: 40, bottom: 40 },
          });
        }),
      });
    }),
  });
}

type Row = NonNullable<EditorTable['content']>[number];
type Cell = NonNullable<Row['content']>[number];

/** The marks of a cell's first text (a bold 合计 stays bold). */
function firstMarks(cell: Cell): EditorText['marks'] {
  const p = cell.content?.[0];
  const first = p?.type === 'paragraph' ? p.content?.find((n): n is EditorText => n.type === 'text') : undefined;
  return first?.marks;
}

/**
 * The cells of money columns that hold a figure alone, formatted: key `row:cell` (the cell's index in its row). Columns
 * are counted with colspans and with the cells a rowspan above still covers; the header is the first row of header cells
 * (or the first row).
 */
function moneyCells(rows: Row[]): Map<string, string> {
  const out = new Map<string, string>();
  const covered: number[] = []; // column → rows still covered by a rowspan from above
  let moneyCols: Set<number> | null = null;
  rows.forEach((row, ri) => {
    const cells = row.content ?? [];
    let col = 0;
    const isHead = ri === 0 || cells.every((c) => c.type === 'tableHeader');
    const heads = new Set<number>();
    cells.forEach((cell, ci) => {
      while ((covered[col] ?? 0) > 0) col++;
      const span = Math.max(1, cell.attrs?.colspan ?? 1);
      const text = plainText(cell as { content?: unknown[] }).trim();
      if (isHead) {
        if (isMoneyHeader(text)) for (let k = 0; k < span; k++) heads.add(col + k);
      } else if (moneyCols?.has(col) && span === 1 && cell.content?.length === 1 && cell.content[0]!.type === 'paragraph') {
        const f = formatMoney(text);
        if (f !== null) out.set(`${ri}:${ci}`, f);
      }
      const rs = Math.max(1, cell.attrs?.rowspan ?? 1);
      for (let k = 0; k < span; k++) covered[col + k] = Math.max(covered[col + k] ?? 0, rs);
      col += span;
    });
    for (let k = 0; k < covered.length; k++) if ((covered[k] ?? 0) > 0) covered[k]!--;
    if (isHead) moneyCols = new Set([...(moneyCols ?? []), ...heads]);
  });
  return out;
}

/** Converts one section's editor document to Word paragraphs and tables; an empty one becomes the highlighted placeholder. */
export function editorDocToDocx(doc: EditorDoc | null | undefined, ctx: Ctx): (Paragraph | Table)[] {
  const hasContent = !!doc && (doc.content ?? []).some((b) => b.type === 'image' || b.type === 'table' || plainText(b as { content?: unknown[] }).trim() !== '' || JSON.stringify(b).includes('"image"'));
  if (!hasContent) {
    return [new Paragraph({ indent: bodyIndent(ctx), children: [new TextRun({ text: EXPORT_PLACEHOLDER, highlight: 'yellow' })] })];
  }
  return blocks(doc!.content, ctx, { indent: true });
}
