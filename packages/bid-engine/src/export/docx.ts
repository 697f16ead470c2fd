import { AlignmentType, Document, Footer, HeadingLevel, NumberFormat, Packer, PageBreak, PageNumber, Paragraph, SectionType, Table, TableOfContents, TextRun, type ISectionOptions } from 'docx';
import { DOC_DEFAULT_FONT, isPrintedPart } from '@btz/shared';
import { type ExportOutlineNode, type HeadingStyle, type ExportSettings, type ExportBidInput, EXPORT_PLACEHOLDER, ASCII_FONT, HEADING_REF, ORDERED_REF, PAGE, CHARS_PER_PAGE } from './settings.js';
import { stripNumberPrefix, headingNumber, headingLevels, orderedLevels } from './numbering.js';
import { editorDocToDocx, plainText, textRuns, type Ctx } from './content.js';
import { splitFieldRuns } from './toc-field.js';
import { coverDate, coverFromForm, standardCover } from './cover.js';

/**
 * The Word export: cover, TOC and one section per volume (this file); what it is given and the page in settings.ts, the
 * heading and list numbering in numbering.ts, section contents in content.ts (images in images.ts), and the patch of the
 * TOC field docx writes in toc-field.ts.
 */

// the names this module has always exported (the export index and the tests import them from here)
export {
  EXPORT_PLACEHOLDER, ASCII_FONT, CONTENT_WIDTH_PX, CONTENT_HEIGHT_PX,
  type ExportOutlineNode, type HeadingStyle, type PageNumberFormat, type ExportSettings, type ExportBidInput,
} from './settings.js';
export { stripNumberPrefix, chineseCounting, headingNumber } from './numbering.js';
export { decodeDataImage } from './images.js';
export { editorDocToDocx } from './content.js';
export { splitFieldRuns } from './toc-field.js';

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

/** The cover page: the tender's cover form filled from the card when it prescribes one, else the standard cover. */
function cover(input: ExportBidInput): Paragraph[] {
  const card = input.card ?? {};
  const bidder = { ...input.bidder, name: input.bidderName?.trim() || input.bidder?.name };
  const date = coverDate(card, input.date).text;
  const lines = (input.coverForm && coverFromForm(input.coverForm, card, bidder, date)) || standardCover(card, bidder, date);
  return lines.map((l, i) => {
    const top = i === 0 ? 1600 : 0;
    if (l.kind === 'title') {
      // 正本/副本 at the top right, 投标文件 the largest, the project and volume names between
      const copy = /^(?:正本|副本)/.test(l.text) && l.text.length <= 12;
      const main = /投\s*标\s*文\s*件|响\s*应\s*文\s*件/.test(l.text) && l.text.length <= 10;
      return new Paragraph({
        alignment: copy ? AlignmentType.RIGHT : AlignmentType.CENTER,
        spacing: { before: top || (main ? 600 : 240), after: main ? 1000 : 240 },
        children: textRuns(l.text, { bold: true, size: copy ? 28 : main ? 56 : 36 }),
      });
    }
    // a blank to sign on is a line to sign on
    const value = l.value ? textRuns(l.value, { size: 30 }) : [new TextRun({ text: '\u3000'.repeat(10), underline: {}, size: 30 })];
    return new Paragraph({
      alignment: AlignmentType.LEFT,
      indent: { left: 1260 },
      spacing: { before: top || (lines[i - 1]?.kind === 'title' ? 480 : 0), after: 240 },
      children: [new TextRun({ text: `${l.text}：`, bold: true, size: 30 }), ...value, ...(l.note ? [new TextRun({ text: l.note, size: 30 })] : [])],
    });
  });
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
  const ctx: Ctx = { fontSize, orderedInstance: 0, imageId: 0, images: input.images };
  const outline = (input.outline as ExportOutlineNode[]).filter((n) => !isPrintedPart(n.title)); // printed as the cover and the TOC
  const volumes = splitVolumes(outline, settings.volumes);

  const tocEntries: { title: string; level: number; page: number }[] = [];
  const bodySections: ISectionOptions[] = [];
  volumes.forEach((volume, vi) => {
    const children: (Paragraph | Table)[] = [];
    let pageChars = 0;
    if (volume.title) {
      tocEntries.push({ title: volume.title, level: 1, page: start });
      children.push(
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { before: 3600, after: 600 },
          // at the outline's top level so the TOC names the volume (its page numbers restart: 商务标 3…, 技术标 3…)
          outlineLevel: 0,
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
    title: input.card?.projectName?.value ? `${String(input.card.projectName.value)}投标文件` : input.title,
    creator: '标书 AI',
    features: { updateFields: true },
    styles: {
      default: {
        document: { run: { font: runFont, size: fontSize * 2 }, paragraph: { spacing: { line: 360 } } },
        heading1: { run: headingRun(32), paragraph: { spacing: { before: 240, after: 240 }, keepNext: true, outlineLevel: 0 } },
        heading2: { run: headingRun(28), paragraph: { spacing: { before: 200, after: 120 }, keepNext: true, outlineLevel: 1 } },
        heading3: { run: headingRun(Math.max(24, fontSize * 2)), paragraph: { spacing: { before: 160, after: 80 }, keepNext: true, outlineLevel: 2 } },
      },
      // the TOC's levels indented (Word's 「目录 1…3」, LibreOffice's 「目录 1…3」 when it updates the index), chapters bold
      paragraphStyles: [1, 2, 3].map((level) => ({
        id: `TOC${level}`,
        name: `toc ${level}`,
        basedOn: 'Normal',
        next: 'Normal',
        run: level === 1 ? { bold: true } : {},
        paragraph: { indent: { left: (level - 1) * 420 }, spacing: { before: level === 1 ? 60 : 0, line: 300 } },
      })),
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
          new TableOfContents('目录', { hyperlink: true, headingStyleRange: '1-3', useAppliedParagraphOutlineLevel: true, cachedEntries: tocEntries }),
        ],
      },
      ...bodySections,
    ],
  });
  return splitFieldRuns(await Packer.toBuffer(doc));
}
