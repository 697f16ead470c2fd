/**
 * htmlToDoc: any HTML (the model's output, a paste from Word / a web page, or something hostile) → a clean section
 * document. parse5 parses it the way a browser would; we then read the tree and build our nodes from an allow-list, so
 * nothing we do not know ever gets through: no attribute is copied except a checked link target / image source /
 * alignment / highlight colour, scripts, styles, frames, SVG, MathML and templates are dropped with their content, and
 * every other unknown element is unwrapped to its text. The result goes through the cleaner and the size limits (fit.ts).
 */
import type { EditorJson, EditorJsonNode } from '@btz/shared';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { label, safeAlign, safeColor, safeImageSrc } from './attrs.js';
import { fitDoc } from './fit.js';
import { type Mark, mergeText, textWithPlaceholders, withMark } from './inline.js';

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/** Elements dropped together with everything inside them. */
const DROP = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes',
  'template', 'svg', 'math', 'head', 'title', 'meta', 'link', 'base', 'audio', 'video', 'canvas', 'source', 'track',
  'param', 'map', 'area', 'input', 'select', 'option', 'optgroup', 'datalist', 'textarea', 'colgroup', 'col', 'xmp',
  'plaintext', 'portal', 'dialog',
]);
/** Elements that hold blocks: their inline content becomes paragraphs (or headings inside a heading). */
const CONTAINERS = new Set([
  'html', 'body', 'div', 'section', 'article', 'header', 'footer', 'main', 'nav', 'aside', 'hgroup', 'address',
  'figure', 'figcaption', 'dl', 'dt', 'dd', 'li', 'details', 'summary', 'center', 'form', 'fieldset', 'legend',
  'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
]);
const SIMPLE_MARKS: Record<string, Mark> = {
  b: { type: 'bold' }, strong: { type: 'bold' }, i: { type: 'italic' }, em: { type: 'italic' }, cite: { type: 'italic' },
  u: { type: 'underline' }, ins: { type: 'underline' }, s: { type: 'strike' }, del: { type: 'strike' },
  strike: { type: 'strike' }, code: { type: 'code' }, kbd: { type: 'code' }, samp: { type: 'code' }, tt: { type: 'code' },
};
/** Deeper than this, an element is read as plain text (keeps the walk's recursion bounded). */
const MAX_DOM_DEPTH = 200;

type Textblock = { type: 'paragraph'; align?: string } | { type: 'heading'; level: number; align?: string };

interface Ctx {
  marks: Mark[];
  block: Textblock;
  depth: number;
}

export function htmlToDoc(html: string): EditorJson {
  const fragment = parseFragment(typeof html === 'string' ? html : '');
  const ctx: Ctx = { marks: [], block: { type: 'paragraph' }, depth: 0 };
  return fitDoc(convert(fragment.childNodes, ctx, { explicit: false, pre: false }));
}

/** The blocks of a run of sibling nodes. */
function convert(nodes: Node[], ctx: Ctx, opts: { explicit: boolean; pre: boolean }): EditorJsonNode[] {
  const sink = new Sink(ctx.block, opts.pre);
  for (const node of nodes) walk(node, ctx, sink);
  sink.flush();
  if (opts.explicit && !sink.out.length) sink.out.push(textblockNode(ctx.block, []));
  return sink.out;
}

/** Collects inline content into textblocks, between the blocks that interrupt it. */
class Sink {
  readonly out: EditorJsonNode[] = [];
  run: EditorJsonNode[] = [];
  constructor(
    private readonly block: Textblock,
    private readonly pre: boolean,
  ) {}

  text(value: string, marks: Mark[]): void {
    if (this.pre) {
      value.split(/\r\n?|\n/).forEach((line, i) => {
        if (i) this.run.push({ type: 'hardBreak' });
        this.run.push(...textWithPlaceholders(line, marks));
      });
    } else {
      this.run.push(...textWithPlaceholders(value.replace(/[ \t\n\r\f]+/g, ' '), marks));
    }
  }

  push(block: EditorJsonNode | EditorJsonNode[]): void {
    this.flush();
    this.out.push(...(Array.isArray(block) ? block : [block]));
  }

  flush(): void {
    if (!this.run.length) return;
    const run = this.run;
    this.run = [];
    const hadBreak = run.some((n) => n.type === 'hardBreak');
    const content = this.pre ? run : collapse(run);
    if (content[content.length - 1]?.type === 'hardBreak') content.pop(); // <p>text<br></p>
    const merged = mergeText(content);
    if (merged.length || hadBreak) this.out.push(textblockNode(this.block, merged));
  }
}

/** Whitespace as a browser renders it: runs of spaces across text nodes become one, none at the ends or around breaks. */
function collapse(run: EditorJsonNode[]): EditorJsonNode[] {
  const out: EditorJsonNode[] = [];
  let space = true; // at the start, a space is dropped
  for (const node of run) {
    if (node.type !== 'text') {
      trimEnd(out);
      out.push(node);
      space = true;
      continue;
    }
    let text = node.text ?? '';
    if (space) text = text.replace(/^ +/, '');
    if (!text) continue;
    space = text.endsWith(' ');
    out.push({ ...node, text });
  }
  trimEnd(out);
  return out;
}

function trimEnd(out: EditorJsonNode[]): void {
  while (out.length) {
    const last = out[out.length - 1]!;
    if (last.type !== 'text') return;
    const text = (last.text ?? '').replace(/ +$/, '');
    if (text) {
      out[out.length - 1] = { ...last, text };
      return;
    }
    out.pop();
  }
}

function textblockNode(block: Textblock, content: EditorJsonNode[]): EditorJsonNode {
  const attrs: Record<string, unknown> = {};
  if (block.type === 'heading') attrs.level = block.level;
  if (block.align) attrs.textAlign = block.align;
  const node: EditorJsonNode = { type: block.type };
  if (Object.keys(attrs).length) node.attrs = attrs;
  if (content.length) node.content = content;
  return node;
}

function walk(node: Node, ctx: Ctx, sink: Sink): void {
  if (node.nodeName === '#text') {
    sink.text((node as DefaultTreeAdapterTypes.TextNode).value, ctx.marks);
    return;
  }
  if (!('tagName' in node)) return; // comments, doctypes
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') return;
  if (ctx.depth > MAX_DOM_DEPTH) {
    sink.text(textContent(el), ctx.marks);
    return;
  }
  const inner: Ctx = { ...ctx, depth: ctx.depth + 1 };
  const children = el.childNodes;

  if (tag === 'br') return void sink.run.push({ type: 'hardBreak' });
  if (tag === 'hr') return; // the editor has no rules
  if (tag === 'img') return sink.push(image(el));
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    const block: Textblock = { type: 'heading', level: Math.min(4, Number(heading[1])), align: align(el) ?? ctx.block.align };
    return sink.push(convert(children, { ...inner, block }, { explicit: false, pre: false }));
  }
  if (tag === 'p') {
    const block: Textblock = { ...ctx.block, align: align(el) ?? ctx.block.align };
    return sink.push(convert(children, { ...inner, block }, { explicit: true, pre: false }));
  }
  if (tag === 'pre') return sink.push(convert(children, inner, { explicit: false, pre: true }));
  if (tag === 'ul' || tag === 'ol') return sink.push(list(el, tag, inner));
  if (tag === 'table') return sink.push(table(el, inner));
  if (tag === 'blockquote') {
    const content = convert(children, { ...inner, block: { type: 'paragraph' } }, { explicit: false, pre: false });
    return sink.push(content.length ? [{ type: 'blockquote', content }] : []);
  }
  if (CONTAINERS.has(tag)) {
    const block: Textblock = { ...ctx.block, align: align(el) ?? ctx.block.align };
    return sink.push(convert(children, { ...inner, block }, { explicit: false, pre: false }));
  }
  // inline: marks from the tag (and a few inline styles of Word / Google Docs pastes), then the children
  let marks = ctx.marks;
  for (const mark of elementMarks(el, tag)) marks = withMark(marks, mark);
  if (tag === 'b' && /font-weight\s*:\s*(normal|[1-4]00)\b/i.test(attr(el, 'style') ?? '')) {
    marks = marks.filter((m) => m.type !== 'bold' || ctx.marks.some((c) => c.type === 'bold'));
  }
  for (const child of children) walk(child, { ...inner, marks }, sink);
}

function elementMarks(el: Element, tag: string): Mark[] {
  const marks: Mark[] = [];
  const simple = SIMPLE_MARKS[tag];
  if (simple) marks.push(simple);
  if (tag === 'mark') {
    const bg = /background(?:-color)?\s*:\s*(#[0-9a-f]{3,8})\b/i.exec(attr(el, 'style') ?? '');
    const color = safeColor(attr(el, 'data-color') ?? bg?.[1]);
    marks.push(color ? { type: 'highlight', attrs: { color } } : { type: 'highlight' });
  }
  const style = attr(el, 'style');
  if (style && tag !== 'b') {
    if (/font-weight\s*:\s*(bold|bolder|[6-9]00)\b/i.test(style)) marks.push({ type: 'bold' });
    if (/font-style\s*:\s*italic\b/i.test(style)) marks.push({ type: 'italic' });
    if (/text-decoration(?:-line)?\s*:[^;]*\bunderline\b/i.test(style)) marks.push({ type: 'underline' });
    if (/text-decoration(?:-line)?\s*:[^;]*\bline-through\b/i.test(style)) marks.push({ type: 'strike' });
  }
  return marks;
}

function list(el: Element, tag: string, ctx: Ctx): EditorJsonNode[] {
  const content: EditorJsonNode[] = [];
  const paragraph: Ctx = { ...ctx, block: { type: 'paragraph' } };
  for (const child of el.childNodes) {
    if ('tagName' in child && child.tagName === 'li') {
      content.push({ type: 'listItem', content: convert(child.childNodes, { ...paragraph, depth: ctx.depth + 1 }, { explicit: false, pre: false }) });
    } else {
      // loose content (nested lists written beside their item, stray text): the cleaner puts it in place
      content.push(...convert([child], paragraph, { explicit: false, pre: false }));
    }
  }
  const node: EditorJsonNode = { type: tag === 'ol' ? 'orderedList' : 'bulletList', content };
  const start = tag === 'ol' ? Number.parseInt(attr(el, 'start') ?? '', 10) : NaN;
  if (Number.isInteger(start) && start >= 0 && start <= 1_000_000 && start !== 1) node.attrs = { start };
  return [node];
}

/** A table: its caption as a paragraph before it, then its rows (parse5 has already put every `tr` in a section). */
function table(el: Element, ctx: Ctx): EditorJsonNode[] {
  const before: EditorJsonNode[] = [];
  const rows: EditorJsonNode[] = [];
  const cellCtx: Ctx = { ...ctx, depth: ctx.depth + 3, block: { type: 'paragraph' } };
  const addRow = (tr: Element) => {
    const cells: EditorJsonNode[] = [];
    for (const cell of tr.childNodes) {
      if (!('tagName' in cell) || (cell.tagName !== 'td' && cell.tagName !== 'th')) continue;
      const attrs: Record<string, unknown> = {};
      const colspan = span(attr(cell, 'colspan'));
      const rowspan = span(attr(cell, 'rowspan'));
      if (colspan !== 1) attrs.colspan = colspan;
      if (rowspan !== 1) attrs.rowspan = rowspan;
      const node: EditorJsonNode = { type: cell.tagName === 'th' ? 'tableHeader' : 'tableCell' };
      if (Object.keys(attrs).length) node.attrs = attrs;
      node.content = convert(cell.childNodes, cellCtx, { explicit: false, pre: false });
      cells.push(node);
    }
    if (cells.length) rows.push({ type: 'tableRow', content: cells });
  };
  for (const child of el.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.tagName === 'caption') before.push(...convert(child.childNodes, cellCtx, { explicit: false, pre: false }));
    else if (child.tagName === 'tr') addRow(child);
    else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') {
      for (const tr of child.childNodes) if ('tagName' in tr && tr.tagName === 'tr') addRow(tr);
    }
  }
  return rows.length ? [...before, { type: 'table', content: rows }] : before;
}

function image(el: Element): EditorJsonNode[] {
  const src = safeImageSrc(attr(el, 'src'));
  if (!src) return [];
  const attrs: Record<string, unknown> = { src };
  const alt = label(attr(el, 'alt'));
  const title = label(attr(el, 'title'));
  const width = pixels(attr(el, 'width'));
  const height = pixels(attr(el, 'height'));
  if (alt) attrs.alt = alt;
  if (title) attrs.title = title;
  if (width) attrs.width = width;
  if (height) attrs.height = height;
  return [{ type: 'image', attrs }];
}

function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

function align(el: Element): string | undefined {
  const style = /text-align\s*:\s*([a-z]+)/i.exec(attr(el, 'style') ?? '')?.[1];
  return safeAlign((style ?? attr(el, 'align'))?.toLowerCase());
}

function span(value: string | undefined): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) ? Math.min(50, Math.max(1, n)) : 1;
}

function pixels(value: string | undefined): number | undefined {
  const m = /^\s*(\d{1,6}(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(value ?? '');
  const n = m ? Number(m[1]) : NaN;
  return n > 0 && n <= 100_000 ? n : undefined;
}

/** Text of a subtree, without recursion (for content nested beyond MAX_DOM_DEPTH); dropped elements give nothing. */
function textContent(root: Element): string {
  let out = '';
  const stack: Node[] = [...root.childNodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') out += (node as DefaultTreeAdapterTypes.TextNode).value;
    else if ('tagName' in node && !DROP.has(node.tagName) && node.namespaceURI === 'http://www.w3.org/1999/xhtml') {
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
    }
  }
  return out;
}
