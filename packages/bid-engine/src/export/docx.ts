import JSZip from 'jszip';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  LevelSuffix,
  NumberFormat,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  SectionType,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type ISectionOptions,
  type ILevelsOptions,
  type IParagraphOptions,
  type ParagraphChild,
} from 'docx';
import { DOC_DEFAULT_FONT, type BidOutlineNode, type TenderCard } from '@btz/shared';
import { PLACEHOLDER_RE, type EditorBlock, type EditorDoc, type EditorInline, type EditorListItem, type EditorTable } from '@btz/shared/editor';

/** The outline fields the exporter reads (a `BidOutlineNode` is one). */
export interface ExportOutlineNode {
  id: string;
  title: string;
  level: number;
  children: ExportOutlineNode[];
}

export type HeadingStyle = 'chapter' | 'numeric';
export type PageNumberFormat = 'plain' | 'dash' | 'page' | 'pageOfTotal';

export interface ExportSettings {
  /** East Asian body font, default DOC_DEFAULT_FONT (楷体). */
  font?: string;
  /** Body size in pt, default 12 (小四). */
  fontSize?: number;
  headingStyle: HeadingStyle;
  pageNumber: { start?: number; format: PageNumberFormat; position: 'center' | 'right' | 'left' };
  /** Volumes (商务标 / 技术标…): each its own Word section; heading numbering and page numbers restart in each. */
  volumes?: { title: string; nodeIds: string[] }[];
}

export interface ExportBidInput {
  title: string;
  bidderName?: string;
  /** Shown on the cover as given; default today as `YYYY年M月D日`. */
  date?: string;
  card?: Partial<Pick<TenderCard, 'projectName' | 'projectNumber' | 'purchaser'>> | null;
  outline: ExportOutlineNode[] | BidOutlineNode[];
  sections: Record<string, EditorDoc | null | undefined>;
  settings: ExportSettings;
}

export const EXPORT_PLACEHOLDER = '【待填写：章节内容】';
export const ASCII_FONT = 'Times New Roman';
const HEADING_REF = 'bid-headings';
const ORDERED_REF = 'bid-ordered-list';

/**
 * A4 with 2.54 cm margins, in twips. The left/right margins must stay at 1440: docx 9 places the TOC's right tab (page
 * numbers) at 9025 twips, the text width of exactly these margins; wider margins push the page numbers off the line.
 */
const PAGE = { width: 11906, height: 16838, top: 1440, bottom: 1440, left: 1440, right: 1440 };
/** Content width in pixels at 96 dpi: what an image is fitted to. */
export const CONTENT_WIDTH_PX = Math.floor(((PAGE.width - PAGE.left - PAGE.right) / 1440) * 96);
/** Rough characters per body page at 小四 with 1.5 line spacing: only used for the TOC's pre-filled page numbers. */
const CHARS_PER_PAGE = 1200;

/** Typed number prefixes a title may carry («第一章 », «1.2 », «一、», «（一）»): Word's numbering replaces them. */
const PREFIX_RE =
  /^\s*(?:第[一二三四五六七八九十百零〇两\d]+[章节篇部分卷]|[一二三四五六七八九十百]+[、.．]|\d+(?:\.\d+)+[.、．]?|\d+[.、．](?!\d)|[（(][一二三四五六七八九十\d]+[)）])\s*/;

export function stripNumberPrefix(title: string): string {
  const stripped = title.replace(PREFIX_RE, '').trim();
  return stripped || title.trim();
}

const CN_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** 1 → 一, 10 → 十, 12 → 十二, 21 → 二十一, 105 → 一百零五 (Word's chineseCounting). */
export function chineseCounting(n: number): string {
  if (n < 10) return CN_DIGITS[n]!;
  if (n < 20) return '十' + (n % 10 ? CN_DIGITS[n % 10] : '');
  if (n < 100) return CN_DIGITS[Math.floor(n / 10)] + '十' + (n % 10 ? CN_DIGITS[n % 10] : '');
  const rest = n % 100;
  return CN_DIGITS[Math.floor(n / 100)] + '百' + (rest === 0 ? '' : rest < 10 ? '零' + CN_DIGITS[rest] : chineseCounting(rest).replace(/^十/, '一十'));
}

/** The number Word's numbering shows for a heading at `counters` (1-based, one per level), used for the TOC's cached text. */
export function headingNumber(style: HeadingStyle, counters: number[]): string {
  const level = counters.length;
  if (style === 'numeric') return counters.join('.');
  const n = counters[level - 1]!;
  if (level === 1) return `第${chineseCounting(n)}章`;
  if (level === 2) return `第${chineseCounting(n)}节`;
  return `${chineseCounting(n)}、`;
}

function headingLevels(style: HeadingStyle): ILevelsOptions[] {
  const indent = { left: 0, hanging: 0 };
  if (style === 'numeric') {
    return ['%1', '%1.%2', '%1.%2.%3'].map((text, level) => ({
      level,
      format: LevelFormat.DECIMAL,
      text,
      alignment: AlignmentType.LEFT,
      suffix: LevelSuffix.SPACE,
      isLegalNumberingStyle: true,
      style: { paragraph: { indent } },
    }));
  }
  return [
    { level: 0, text: '第%1章', suffix: LevelSuffix.SPACE },
    { level: 1, text: '第%2节', suffix: LevelSuffix.SPACE },
    { level: 2, text: '%3、', suffix: LevelSuffix.NOTHING },
  ].map((l) => ({ ...l, format: LevelFormat.CHINESE_COUNTING, alignment: AlignmentType.LEFT, style: { paragraph: { indent } } }));
}

function orderedLevels(): ILevelsOptions[] {
  const texts = ['%1.', '(%2)', '%3)', '%4.', '(%5)', '%6)', '%7.', '(%8)', '%9)'];
  return texts.map((text, level) => ({
    level,
    format: level % 3 === 2 ? LevelFormat.LOWER_LETTER : LevelFormat.DECIMAL,
    text,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 420 * (level + 1), hanging: 420 } } },
  }));
}

// ---------------------------------------------------------------- images

interface DecodedImage {
  type: 'png' | 'jpg';
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes a png/jpeg `data:` URL and reads its pixel size from the header; null when it is neither or unreadable. */
export function decodeDataImage(src: string): DecodedImage | null {
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(src ?? '');
  if (!m) return null;
  const data = Buffer.from(m[2]!.replace(/\s+/g, ''), 'base64');
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('latin1', 12, 16) === 'IHDR') {
    const width = data.readUInt32BE(16);
    const height = data.readUInt32BE(20);
    return width > 0 && height > 0 ? { type: 'png', data, width, height } : null;
  }
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let i = 2;
    while (i + 9 < data.length) {
      if (data[i] !== 0xff) return null;
      const marker = data[i + 1]!;
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const len = data.readUInt16BE(i + 2);
      const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isSof) {
        const height = data.readUInt16BE(i + 5);
        const width = data.readUInt16BE(i + 7);
        return width > 0 && height > 0 ? { type: 'jpg', data, width, height } : null;
      }
      i += 2 + len;
    }
  }
  return null;
}

// ---------------------------------------------------------------- content conversion

interface Ctx {
  fontSize: number;
  orderedInstance: number;
  /** Last drawing id: Word wants every wp:docPr id unique in the document. */
  imageId: number;
}

type Marks = { bold?: boolean; italics?: boolean; underline?: Record<string, never>; strike?: boolean; highlight?: 'yellow' };

function textRuns(text: string, marks: Marks): TextRun[] {
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
  const img = decodeDataImage(src);
  if (!img) return new TextRun({ text: '【图片无法导出】', highlight: 'yellow' });
  const scale = Math.min(1, maxWidth / img.width);
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

function plainText(node: { text?: string; content?: unknown[] }): string {
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
          ...(opts.indent && !opts.quote ? { indent: bodyIndent(ctx) } : {}),
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
    rows: rows.map((row) => {
      const cells = row.content ?? [];
      const header = cells.length > 0 && cells.every((c) => c.type === 'tableHeader');
      return new TableRow({
        tableHeader: header,
        children: cells.map((cell) => {
          const isHeader = cell.type === 'tableHeader';
          let children = blocks(cell.content, ctx, { indent: false, cellWidthPx });
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

/** Converts one section's editor document to Word paragraphs and tables; an empty one becomes the highlighted placeholder. */
export function editorDocToDocx(doc: EditorDoc | null | undefined, ctx: Ctx): (Paragraph | Table)[] {
  const hasContent = !!doc && (doc.content ?? []).some((b) => b.type === 'image' || b.type === 'table' || plainText(b as { content?: unknown[] }).trim() !== '' || JSON.stringify(b).includes('"image"'));
  if (!hasContent) {
    return [new Paragraph({ indent: bodyIndent(ctx), children: [new TextRun({ text: EXPORT_PLACEHOLDER, highlight: 'yellow' })] })];
  }
  return blocks(doc!.content, ctx, { indent: true });
}

// ---------------------------------------------------------------- document

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3] as const;

function footer(settings: ExportSettings): Footer {
  const f = settings.pageNumber.format;
  const parts: (string | (typeof PageNumber)[keyof typeof PageNumber])[] =
    f === 'dash'
      ? ['- ', PageNumber.CURRENT, ' -']
      : f === 'page'
        ? ['第', PageNumber.CURRENT, '页']
        : f === 'pageOfTotal'
          ? ['第', PageNumber.CURRENT, '页 共', PageNumber.TOTAL_PAGES_IN_SECTION, '页']
          : [PageNumber.CURRENT];
  const alignment = settings.pageNumber.position === 'left' ? AlignmentType.LEFT : settings.pageNumber.position === 'right' ? AlignmentType.RIGHT : AlignmentType.CENTER;
  return new Footer({ children: [new Paragraph({ alignment, children: [new TextRun({ children: parts, size: 18 })] })] });
}

function emptyFooter(): Footer {
  return new Footer({ children: [new Paragraph('')] });
}

interface Volume {
  title: string | null;
  nodes: { node: ExportOutlineNode; depth: number }[];
}

/** Finds a node anywhere in the outline by id. */
function findNode(nodes: ExportOutlineNode[], id: string): ExportOutlineNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children ?? [], id);
    if (hit) return hit;
  }
  return null;
}

function collectIds(node: ExportOutlineNode, into: Set<string>): void {
  into.add(node.id);
  for (const c of node.children ?? []) collectIds(c, into);
}

function splitVolumes(outline: ExportOutlineNode[], volumes: ExportSettings['volumes']): Volume[] {
  if (!volumes || volumes.length === 0) return [{ title: null, nodes: outline.map((node) => ({ node, depth: 1 })) }];
  const used = new Set<string>();
  const result: Volume[] = volumes.map((v) => {
    const nodes: Volume['nodes'] = [];
    for (const id of v.nodeIds) {
      const node = findNode(outline, id);
      if (!node || used.has(node.id)) continue;
      collectIds(node, used);
      nodes.push({ node, depth: 1 });
    }
    return { title: v.title, nodes };
  });
  // top-level nodes no volume names go to the last volume rather than being lost
  const rest = outline.filter((n) => !used.has(n.id));
  if (rest.length) result[result.length - 1]!.nodes.push(...rest.map((node) => ({ node, depth: 1 })));
  return result;
}

function todayCn(): string {
  const d = new Date();
  return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
}

function factText(f: { value?: unknown; text?: string } | null | undefined): string {
  if (!f) return '';
  return typeof f.value === 'string' ? f.value : (f.text ?? String(f.value ?? ''));
}

function cover(input: ExportBidInput): Paragraph[] {
  const lines: [string, string][] = [];
  const projectName = factText(input.card?.projectName);
  const projectNumber = factText(input.card?.projectNumber);
  const purchaser = factText(input.card?.purchaser);
  if (projectName) lines.push(['项目名称', projectName]);
  if (projectNumber) lines.push(['项目编号', projectNumber]);
  if (purchaser) lines.push(['采 购 人', purchaser]);
  lines.push(['投 标 人', input.bidderName?.trim() || '【待填写：投标人名称】']);
  lines.push(['日    期', input.date?.trim() || todayCn()]);
  return [
    new Paragraph({ spacing: { before: 2400, after: 1200 }, alignment: AlignmentType.CENTER, children: [new TextRun({ text: input.title, bold: true, size: 44 })] }),
    ...lines.map(
      ([k, v]) =>
        new Paragraph({
          alignment: AlignmentType.LEFT,
          indent: { left: 1260 },
          spacing: { after: 240 },
          children: [new TextRun({ text: `${k}：`, bold: true, size: 30 }), ...textRuns(v, {}).map((r) => r)],
          run: { size: 30 },
        }),
    ),
  ];
}

/**
 * Builds the bid's Word file: cover and TOC (unnumbered), then one section per volume with headings numbered by Word's own
 * numbering, the section contents, and footers with page numbers in the chosen format that restart per volume.
 */
export async function exportBidDocx(input: ExportBidInput): Promise<Buffer> {
  const { settings } = input;
  const font = settings.font?.trim() || DOC_DEFAULT_FONT;
  const fontSize = settings.fontSize && settings.fontSize > 0 ? settings.fontSize : 12;
  const start = Number.isInteger(settings.pageNumber.start) && settings.pageNumber.start! >= 0 ? settings.pageNumber.start! : 1;
  const headingStyle: HeadingStyle = settings.headingStyle === 'numeric' ? 'numeric' : 'chapter';
  const runFont = { ascii: ASCII_FONT, hAnsi: ASCII_FONT, eastAsia: font, cs: ASCII_FONT };
  const ctx: Ctx = { fontSize, orderedInstance: 0, imageId: 0 };
  const outline = input.outline as ExportOutlineNode[];
  const volumes = splitVolumes(outline, settings.volumes);

  const tocEntries: { title: string; level: number; page: number }[] = [];
  const bodySections: ISectionOptions[] = [];
  volumes.forEach((volume, vi) => {
    const children: (Paragraph | Table)[] = [];
    let pageChars = 0;
    if (volume.title) {
      children.push(
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { before: 3600, after: 600 },
          children: [new TextRun({ text: volume.title, bold: true, size: 48 }), new PageBreak()],
        }),
      );
      pageChars = CHARS_PER_PAGE;
    }
    const counters: number[] = [];
    const walk = (node: ExportOutlineNode, depth: number): void => {
      const title = stripNumberPrefix(node.title ?? '');
      if (depth <= 3) {
        counters.length = depth;
        counters[depth - 1] = (counters[depth - 1] ?? 0) + 1;
        for (let i = 0; i < depth - 1; i++) counters[i] ??= 1;
        tocEntries.push({ title: `${headingNumber(headingStyle, counters)} ${title}`.replace('、 ', '、'), level: depth, page: start + Math.floor(pageChars / CHARS_PER_PAGE) });
        children.push(
          new Paragraph({
            heading: HEADINGS[depth - 1],
            numbering: { reference: HEADING_REF, level: depth - 1, instance: vi + 1 },
            children: [new TextRun(title)],
          }),
        );
        pageChars += 60;
      } else {
        children.push(new Paragraph({ keepNext: true, spacing: { before: 120 }, children: [new TextRun({ text: title, bold: true })] }));
      }
      const kids = node.children ?? [];
      if (kids.length === 0) {
        const doc = input.sections[node.id];
        children.push(...editorDocToDocx(doc, ctx));
        pageChars += doc ? plainText(doc as { content?: unknown[] }).length + 40 * (doc.content?.length ?? 0) : 40;
      }
      for (const c of kids) walk(c, depth + 1);
    };
    for (const { node, depth } of volume.nodes) walk(node, depth);
    if (children.length === 0) children.push(new Paragraph({ children: [new TextRun({ text: EXPORT_PLACEHOLDER, highlight: 'yellow' })] }));
    bodySections.push({
      properties: {
        type: SectionType.NEXT_PAGE,
        page: {
          size: { width: PAGE.width, height: PAGE.height },
          margin: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
          pageNumbers: { start, formatType: NumberFormat.DECIMAL },
        },
      },
      footers: { default: footer(settings) },
      children,
    });
  });

  const pageProps = {
    size: { width: PAGE.width, height: PAGE.height },
    margin: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
  };
  const headingRun = (size: number) => ({ font: runFont, size, bold: true, color: '000000' });

  const doc = new Document({
    title: input.title,
    creator: '标书 AI',
    features: { updateFields: true },
    styles: {
      default: {
        document: { run: { font: runFont, size: fontSize * 2 }, paragraph: { spacing: { line: 360 } } },
        heading1: { run: headingRun(32), paragraph: { spacing: { before: 240, after: 240 }, keepNext: true, outlineLevel: 0 } },
        heading2: { run: headingRun(28), paragraph: { spacing: { before: 200, after: 120 }, keepNext: true, outlineLevel: 1 } },
        heading3: { run: headingRun(Math.max(24, fontSize * 2)), paragraph: { spacing: { before: 160, after: 80 }, keepNext: true, outlineLevel: 2 } },
      },
    },
    numbering: {
      config: [
        { reference: HEADING_REF, levels: headingLevels(headingStyle) },
        { reference: ORDERED_REF, levels: orderedLevels() },
      ],
    },
    sections: [
      { properties: { page: pageProps }, footers: { default: emptyFooter() }, children: cover(input) },
      {
        properties: { type: SectionType.NEXT_PAGE, page: pageProps },
        footers: { default: emptyFooter() },
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: '目  录', bold: true, size: 32 })] }),
          new TableOfContents('目录', { hyperlink: true, headingStyleRange: '1-3', cachedEntries: tocEntries }),
        ],
      },
      ...bodySections,
    ],
  });
  return splitFieldRuns(await Packer.toBuffer(doc));
}

/**
 * docx writes the TOC field's begin, instruction and separate marks into ONE run and its content control without the
 * "Table of Contents" gallery; Word reads that, LibreOffice shows the instruction as text ("TOC \h \o …"). Each mark
 * gets its own run and the control names its gallery, as Word itself writes them.
 */
export async function splitFieldRuns(buf: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(buf);
  const file = zip.file('word/document.xml');
  if (!file) return buf;
  const xml = await file.async('string');
  const fixed = xml
    .replace(
      '<w:sdtPr><w:alias w:val="目录"/></w:sdtPr>',
      '<w:sdtPr><w:alias w:val="目录"/><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr>',
    )
    .replace(
      /<w:r>(<w:rPr>(?:(?!<\/w:rPr>).)*<\/w:rPr>)?(<w:fldChar w:fldCharType="begin"[^>]*\/>)(<w:instrText[^>]*>[^<]*<\/w:instrText>)(<w:fldChar w:fldCharType="separate"[^>]*\/>)<\/w:r>/g,
      (_m, rpr: string | undefined, begin: string, instr: string, sep: string) => {
        const r = (inner: string) => `<w:r>${rpr ?? ''}${inner}</w:r>`;
        return r(begin) + r(instr) + r(sep);
      },
    );
  if (fixed === xml) return buf;
  zip.file('word/document.xml', fixed);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
