/**
 * The content model of the section editor, enforced by rebuilding a document from scratch: only our node types, only
 * their allowed attributes, every node in a place the schema allows it. Misplaced content is moved, not lost: inline
 * content loose in a block container is wrapped in a paragraph, list items and table parts outside their parent give up
 * their blocks, an unknown node becomes a paragraph of its text. Used by validateDoc (on the client's JSON) and by the
 * HTML / Markdown converters (on what they built), so there is one definition of "clean".
 *
 * Schema (`@btz/shared/editor`: StarterKit without code blocks, rules and links + Table + Image + Highlight + TextAlign):
 *   doc: block+        block: paragraph | heading | bulletList | orderedList | table | blockquote | image
 *   paragraph, heading: (text | hardBreak)*     bulletList, orderedList: listItem+     listItem: paragraph block*
 *   table: tableRow+   tableRow: (tableHeader | tableCell)+   tableHeader, tableCell: block+   blockquote: block+
 */
import type { EditorJson, EditorJsonNode } from '@btz/shared';
import { intIn, label, safeAlign, safeImageSrc, sizeIn } from './attrs.js';
import { cleanMarks, mergeText, stripControl, textNode } from './inline.js';
import { MAX_DEPTH } from './limits.js';

type Raw = Record<string, unknown>;

const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const kids = (node: Raw): unknown[] => (Array.isArray(node.content) ? node.content : []);

/** Types that end a line when a node is reduced to its text. */
const LINE_TYPES = new Set(['paragraph', 'heading', 'listItem', 'tableRow', 'blockquote', 'bulletList', 'orderedList', 'table']);

export interface CleanOptions {
  /**
   * Converter output: a list, table or quote that would nest deeper than MAX_DEPTH is flattened into a paragraph of its
   * text instead of being kept (validateDoc keeps it and then refuses the document).
   */
  flattenDeep: boolean;
}

export const EMPTY_PARAGRAPH: EditorJsonNode = { type: 'paragraph' };

/** A clean copy of a document whose root is already known to be `{ type: 'doc' }` with bounded depth. */
export function cleanDoc(root: { type?: unknown; content?: unknown }, options: CleanOptions): EditorJson {
  const content = new Cleaner(options).blocks(Array.isArray(root.content) ? root.content : [], 2);
  return { type: 'doc', content: content.length ? content : [{ ...EMPTY_PARAGRAPH }] };
}

class Cleaner {
  constructor(private readonly options: CleanOptions) {}

  /** Block context: children become blocks sitting at `depth`. */
  blocks(children: unknown[], depth: number): EditorJsonNode[] {
    const out: EditorJsonNode[] = [];
    let run: unknown[] = [];
    const flush = () => {
      if (!run.length) return;
      const inline = this.inlines(run);
      run = [];
      if (inline.length) out.push({ type: 'paragraph', content: inline });
    };
    for (const child of children) {
      if (!isRaw(child) || typeof child.type !== 'string') continue;
      if (child.type === 'text' || child.type === 'hardBreak') {
        run.push(child);
        continue;
      }
      flush();
      out.push(...this.block(child, depth));
    }
    flush();
    return out;
  }

  private block(node: Raw, depth: number): EditorJsonNode[] {
    switch (node.type) {
      case 'paragraph':
      case 'heading':
        return [this.textblock(node)];
      case 'bulletList':
      case 'orderedList':
        return this.tooDeep(depth) ? this.flatten(node) : this.list(node, depth);
      case 'table':
        return this.tooDeep(depth) ? this.flatten(node) : this.table(node, depth);
      case 'blockquote': {
        if (this.tooDeep(depth)) return this.flatten(node);
        const content = this.blocks(kids(node), depth + 1);
        return content.length ? [{ type: 'blockquote', content }] : [];
      }
      case 'horizontalRule':
        return []; // the editor has no rules: a divider carries no words
      case 'image':
        return this.image(node);
      case 'doc':
      case 'listItem':
      case 'tableRow':
      case 'tableCell':
      case 'tableHeader':
        return this.blocks(kids(node), depth);
      default:
        return this.flatten(node);
    }
  }

  /** Whether a container at `depth` could hold a paragraph's text deeper than the limit (converter output only). */
  private tooDeep(depth: number): boolean {
    return this.options.flattenDeep && depth + 4 > MAX_DEPTH;
  }

  private textblock(node: Raw): EditorJsonNode {
    const input = isRaw(node.attrs) ? node.attrs : {};
    const attrs: Record<string, unknown> = {};
    if (node.type === 'heading') {
      const level = typeof input.level === 'number' && Number.isFinite(input.level) ? Math.round(input.level) : 1;
      attrs.level = Math.min(4, Math.max(1, level));
    }
    const align = safeAlign(input.textAlign);
    if (align) attrs.textAlign = align;
    const out: EditorJsonNode = { type: node.type as string };
    if (Object.keys(attrs).length) out.attrs = attrs;
    const content = this.inlines(kids(node));
    if (content.length) out.content = content;
    return out;
  }

  /** Inline context: text and hard breaks; any other node gives its inline content (its text, marks kept). */
  private inlines(children: unknown[]): EditorJsonNode[] {
    const out: EditorJsonNode[] = [];
    const visit = (list: unknown[]) => {
      for (const child of list) {
        if (!isRaw(child) || typeof child.type !== 'string') continue;
        if (child.type === 'text') {
          if (typeof child.text !== 'string') continue;
          const text = stripControl(child.text);
          if (text) out.push(textNode(text, cleanMarks(child.marks)));
        } else if (child.type === 'hardBreak') {
          out.push({ type: 'hardBreak' });
        } else {
          visit(kids(child));
        }
      }
    };
    visit(children);
    return mergeText(out);
  }

  private list(node: Raw, depth: number): EditorJsonNode[] {
    const items: EditorJsonNode[] = [];
    let loose: unknown[] = [];
    const flush = () => {
      if (!loose.length) return;
      const content = this.blocks(loose, depth + 2);
      loose = [];
      if (!content.length) return;
      const prev = items[items.length - 1];
      // a nested list written next to its item (`<ul><li>a</li><ul>…</ul></ul>`) belongs to that item
      if (prev && (content[0]!.type === 'bulletList' || content[0]!.type === 'orderedList')) {
        prev.content!.push(...content);
      } else {
        items.push(listItem(content));
      }
    };
    for (const child of kids(node)) {
      if (isRaw(child) && child.type === 'listItem') {
        flush();
        items.push(listItem(this.blocks(kids(child), depth + 2)));
      } else {
        loose.push(child);
      }
    }
    flush();
    if (!items.length) return [];
    const out: EditorJsonNode = { type: node.type as string };
    const start = node.type === 'orderedList' && isRaw(node.attrs) ? intIn(node.attrs.start, 0, 1_000_000) : undefined;
    if (start !== undefined) out.attrs = { start };
    out.content = items;
    return [out];
  }

  private table(node: Raw, depth: number): EditorJsonNode[] {
    const rows: EditorJsonNode[] = [];
    let cells: unknown[] = [];
    const flushCells = () => {
      if (cells.length) rows.push(...this.row({ type: 'tableRow', content: cells }, depth + 1));
      cells = [];
    };
    for (const child of kids(node)) {
      if (!isRaw(child)) continue;
      if (child.type === 'tableCell' || child.type === 'tableHeader') {
        cells.push(child);
        continue;
      }
      flushCells();
      if (child.type === 'tableRow') rows.push(...this.row(child, depth + 1));
      else rows.push(...this.row({ type: 'tableRow', content: [{ type: 'tableCell', content: [child] }] }, depth + 1));
    }
    flushCells();
    return rows.length ? [{ type: 'table', content: rows }] : [];
  }

  private row(node: Raw, depth: number): EditorJsonNode[] {
    const cells: EditorJsonNode[] = [];
    let loose: unknown[] = [];
    const flush = () => {
      if (loose.length) {
        const content = this.blocks(loose, depth + 2);
        if (content.length) cells.push({ type: 'tableCell', content });
      }
      loose = [];
    };
    for (const child of kids(node)) {
      if (isRaw(child) && (child.type === 'tableCell' || child.type === 'tableHeader')) {
        flush();
        cells.push(this.cell(child, depth + 1));
      } else {
        loose.push(child);
      }
    }
    flush();
    return cells.length ? [{ type: 'tableRow', content: cells }] : [];
  }

  private cell(node: Raw, depth: number): EditorJsonNode {
    const input = isRaw(node.attrs) ? node.attrs : {};
    const attrs: Record<string, unknown> = {};
    const colspan = intIn(input.colspan, 1, 50);
    const rowspan = intIn(input.rowspan, 1, 50);
    if (colspan !== undefined) attrs.colspan = colspan;
    if (rowspan !== undefined) attrs.rowspan = rowspan;
    if (input.colwidth === null) attrs.colwidth = null;
    else if (
      Array.isArray(input.colwidth) &&
      input.colwidth.length <= 50 &&
      input.colwidth.every((w) => intIn(w, 0, 100_000) !== undefined)
    ) {
      attrs.colwidth = [...(input.colwidth as number[])];
    }
    const content = this.blocks(kids(node), depth + 1);
    const out: EditorJsonNode = { type: node.type as string };
    if (Object.keys(attrs).length) out.attrs = attrs;
    out.content = content.length ? content : [{ ...EMPTY_PARAGRAPH }];
    return out;
  }

  private image(node: Raw): EditorJsonNode[] {
    const input = isRaw(node.attrs) ? node.attrs : {};
    const src = safeImageSrc(input.src);
    if (!src) return [];
    const attrs: Record<string, unknown> = { src };
    const alt = label(input.alt);
    const title = label(input.title);
    const width = sizeIn(input.width, 100_000);
    const height = sizeIn(input.height, 100_000);
    if (alt !== undefined) attrs.alt = alt;
    if (title !== undefined) attrs.title = title;
    if (width !== undefined) attrs.width = width;
    if (height !== undefined) attrs.height = height;
    return [{ type: 'image', attrs }];
  }

  /** A node reduced to one paragraph of its text, lines joined by hard breaks; nothing when it has no text. */
  private flatten(node: Raw): EditorJsonNode[] {
    const lines = textLines(node).map((l) => stripControl(l).trim());
    while (lines.length && !lines[lines.length - 1]) lines.pop();
    while (lines.length && !lines[0]) lines.shift();
    if (!lines.length) return [];
    const content: EditorJsonNode[] = [];
    lines.forEach((line, i) => {
      if (i) content.push({ type: 'hardBreak' });
      if (line) content.push(textNode(line));
    });
    return [{ type: 'paragraph', content }];
  }
}

function listItem(content: EditorJsonNode[]): EditorJsonNode {
  if (content[0]?.type !== 'paragraph') content.unshift({ ...EMPTY_PARAGRAPH });
  return { type: 'listItem', content };
}

/** The text of a raw node, one entry per line: block ends and hard breaks end a line. */
export function textLines(node: Raw): string[] {
  const lines: string[] = [''];
  const append = (s: string) => (lines[lines.length - 1] += s);
  const newLine = () => {
    if (lines[lines.length - 1] !== '') lines.push('');
  };
  const visit = (n: Raw) => {
    if (n.type === 'text') {
      if (typeof n.text === 'string') append(n.text);
      return;
    }
    if (n.type === 'hardBreak') {
      lines.push('');
      return;
    }
    const breaks = typeof n.type === 'string' && LINE_TYPES.has(n.type);
    if (breaks) newLine();
    for (const child of kids(n)) if (isRaw(child)) visit(child);
    if (breaks) newLine();
  };
  visit(node);
  return lines;
}
