/**
 * markdownToDoc: the light Markdown the model writes a section in → a clean section document. Understood: `#`…`####`
 * headings (deeper ones become level 4), `-` / `*` / `+` / `1.` lists with one level of nesting (deeper items join that
 * level), `|` tables (with a `|---|` separator row under a header, or a run of `| … |` lines without one), `> ` quotes,
 * `---` rules, fenced code (kept as code-marked lines), and inline `**bold**`, `*italic*`, `~~strike~~`, `` `code` ``,
 * `[text](http…)` links (other targets keep only the text). Every non-blank line outside those is a paragraph of its
 * own (Chinese models end a paragraph with a single newline; blank-line separated paragraphs read the same). Every
 * 【待填写：…】 gets the highlight mark. Raw HTML is never interpreted: it stays literal text, which the editor escapes;
 * the one exception is `<br>` inside a table cell, read as a line break since a cell cannot hold a newline.
 */
import type { EditorJson, EditorJsonNode } from '@btz/shared';
import { safeHref } from './attrs.js';
import { fitDoc } from './fit.js';
import { type Mark, mergeText, textWithPlaceholders, withMark } from './inline.js';
import { MAX_TEXT } from './limits.js';

const HEADING = /^\s{0,3}(#{1,6})(?!#)\s*(.*?)\s*(?:\s#+)?\s*$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const ITEM = /^(\s*)(?:([-*+•·])\s+|(\d{1,9})(?:[.)]\s+|[．）、]\s*))(.*)$/;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const PIPE_ROW = /^\s*\|.*\|\s*$/;
/** Longest stretch an inline marker pair may span (keeps unmatched markers from making the scan quadratic). */
const SPAN = 1000;
const INLINE = new RegExp(
  [
    String.raw`\\([\\\`*_{}\[\]()#+\-.!|~<>【】])`, // 1: escaped character
    String.raw`\`([^\`\n]{1,${SPAN}})\``, // 2: code
    String.raw`\*\*(?!\s)([^\n]{1,${SPAN}}?)\*\*`, // 3: bold
    String.raw`__(?!\s)([^\n]{1,${SPAN}}?)__`, // 4: bold
    String.raw`~~(?!\s)([^\n]{1,${SPAN}}?)~~`, // 5: strike
    String.raw`!\[([^\]\n]{0,${SPAN}})\]\((?:[^()\s]|\([^()\s]{0,${SPAN}}\)){0,${SPAN}}\)`, // 6: image: alt text only
    String.raw`\[([^\]\n]{1,${SPAN}})\]\(((?:[^()\s]|\([^()\s]{0,${SPAN}}\)){1,${SPAN}})\)`, // 7, 8: link
    String.raw`(?<![*\\])\*(?![\s*])([^*\n]{1,${SPAN}}?)\*(?!\*)`, // 9: italic
  ].join('|'),
  'g',
);
const MAX_INPUT = 5 * MAX_TEXT;

export function markdownToDoc(text: string): EditorJson {
  const source = (typeof text === 'string' ? text : '').slice(0, MAX_INPUT).replace(/\r\n?/g, '\n');
  return fitDoc(blocks(source.split('\n'), 0));
}

function blocks(lines: string[], depth: number): EditorJsonNode[] {
  const out: EditorJsonNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!); i++) body.push(lines[i]!);
      i++;
      const content: EditorJsonNode[] = [];
      body.forEach((l, k) => {
        if (k) content.push({ type: 'hardBreak' });
        if (l) content.push({ type: 'text', text: l, marks: [{ type: 'code' }] });
      });
      if (body.some((l) => l.trim())) out.push({ type: 'paragraph', content });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const content = inline(heading[2]!);
      if (content.length) out.push({ type: 'heading', attrs: { level: Math.min(4, heading[1]!.length) }, content });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push({ type: 'horizontalRule' });
      i++;
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && SEPARATOR.test(lines[i + 1]!) && lines[i + 1]!.includes('|')) {
      i = table(lines, i, true, out);
      continue;
    }
    if (PIPE_ROW.test(line) && i + 1 < lines.length && PIPE_ROW.test(lines[i + 1]!)) {
      i = table(lines, i, false, out);
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]!); i++) inner.push(QUOTE.exec(lines[i]!)![1]!);
      const content = depth < 4 ? blocks(inner, depth + 1) : inner.filter((l) => l.trim()).map(paragraph);
      if (content.length) out.push({ type: 'blockquote', content });
      continue;
    }
    if (ITEM.test(line)) {
      i = list(lines, i, out);
      continue;
    }
    out.push(paragraph(line));
    i++;
  }
  return out;
}

function paragraph(line: string): EditorJsonNode {
  const content = inline(line.trim());
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
}

interface Item {
  ordered: boolean;
  number: number;
  indent: number;
  text: string;
}

function readItem(line: string): Item | null {
  const m = ITEM.exec(line);
  if (!m) return null;
  return { ordered: !m[2], number: m[3] ? Number(m[3]) : 1, indent: m[1]!.replace(/\t/g, '    ').length, text: m[4]!.trim() };
}

/** A list starting at `start`: top-level items, items indented deeper as one nested level; returns the next line. */
function list(lines: string[], start: number, out: EditorJsonNode[]): number {
  const first = readItem(lines[start]!)!;
  const items: { text: string[]; nested: Item[] }[] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      // a blank line inside a list: the list goes on if an item follows
      let j = i + 1;
      while (j < lines.length && !lines[j]!.trim()) j++;
      const next = j < lines.length ? readItem(lines[j]!) : null;
      if (!next || (next.indent <= first.indent + 1 && next.ordered !== first.ordered)) break;
      i = j;
      continue;
    }
    const item = readItem(line);
    const last = items[items.length - 1];
    if (item && item.indent <= first.indent + 1) {
      if (item.ordered !== first.ordered) break;
      items.push({ text: [item.text], nested: [] });
    } else if (item && last) {
      last.nested.push(item);
    } else if (last && /^\s{2,}\S/.test(line)) {
      // an indented line under an item continues it (or its last nested item)
      const nested = last.nested[last.nested.length - 1];
      if (nested) nested.text += '\n' + line.trim();
      else last.text.push(line.trim());
    } else {
      break;
    }
    i++;
  }
  const node: EditorJsonNode = { type: first.ordered ? 'orderedList' : 'bulletList' };
  if (first.ordered && first.number !== 1) node.attrs = { start: first.number };
  node.content = items.map(({ text, nested }) => {
    const content: EditorJsonNode[] = [lineParagraph(text)];
    if (nested.length) content.push(...nestedLists(nested));
    return { type: 'listItem', content };
  });
  out.push(node);
  return i;
}

/** Nested items, one list per run of the same kind. */
function nestedLists(items: Item[]): EditorJsonNode[] {
  const lists: EditorJsonNode[] = [];
  let prev: Item | null = null;
  for (const item of items) {
    const listItem: EditorJsonNode = { type: 'listItem', content: [lineParagraph(item.text.split('\n'))] };
    const current = lists[lists.length - 1];
    if (current && prev && prev.ordered === item.ordered) current.content!.push(listItem);
    else {
      const node: EditorJsonNode = { type: item.ordered ? 'orderedList' : 'bulletList', content: [listItem] };
      if (item.ordered && item.number !== 1) node.attrs = { start: item.number };
      lists.push(node);
    }
    prev = item;
  }
  return lists;
}

/** A paragraph of lines joined by hard breaks. */
function lineParagraph(lines: string[]): EditorJsonNode {
  const content: EditorJsonNode[] = [];
  lines.forEach((l, k) => {
    if (k) content.push({ type: 'hardBreak' });
    content.push(...inline(l));
  });
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
}

/** A table starting at `start` (header + separator, or plain pipe rows); returns the next line. */
function table(lines: string[], start: number, header: boolean, out: EditorJsonNode[]): number {
  const rows: string[][] = [];
  let aligns: (string | undefined)[] = [];
  let i = start;
  if (header) {
    rows.push(cells(lines[i]!));
    aligns = cells(lines[i + 1]!).map((c) =>
      /^:-+:$/.test(c) ? 'center' : /^-+:$/.test(c) ? 'right' : /^:-+$/.test(c) ? 'left' : undefined,
    );
    i += 2;
  }
  for (; i < lines.length && lines[i]!.includes('|') && lines[i]!.trim(); i++) {
    if (!SEPARATOR.test(lines[i]!)) rows.push(cells(lines[i]!));
  }
  const width = Math.min(50, Math.max(...rows.map((r) => r.length)));
  const content = rows.map((row, r) => ({
    type: 'tableRow',
    content: Array.from({ length: width }, (_, c) => cell(row[c] ?? '', header && r === 0, aligns[c])),
  }));
  out.push({ type: 'table', content });
  return i;
}

function cell(text: string, isHeader: boolean, align: string | undefined): EditorJsonNode {
  const paragraph = lineParagraph(text.split(/<br\s*\/?>/i).map((s) => s.trim()));
  if (align) paragraph.attrs = { textAlign: align };
  return { type: isHeader ? 'tableHeader' : 'tableCell', content: [paragraph] };
}

/** The cells of a table row: outer pipes dropped, `\|` kept as a literal pipe. */
function cells(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  return s.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** Inline Markdown → text nodes with marks; placeholders highlighted. */
function inline(text: string, marks: Mark[] = [], depth = 0): EditorJsonNode[] {
  if (depth > 4) return textWithPlaceholders(text, marks);
  const out: EditorJsonNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(...textWithPlaceholders(text.slice(last, m.index), marks));
    last = m.index + m[0].length;
    const [, escaped, code, bold1, bold2, strike, alt, linkText, href, italic] = m;
    if (escaped !== undefined) out.push(...textWithPlaceholders(escaped, marks));
    else if (code !== undefined) out.push({ type: 'text', text: code, marks: withMark(marks, { type: 'code' }) });
    else if (bold1 !== undefined || bold2 !== undefined) {
      out.push(...inline((bold1 ?? bold2)!, withMark(marks, { type: 'bold' }), depth + 1));
    } else if (strike !== undefined) out.push(...inline(strike, withMark(marks, { type: 'strike' }), depth + 1));
    else if (alt !== undefined) out.push(...textWithPlaceholders(alt, marks));
    else if (linkText !== undefined) {
      const safe = safeHref(href);
      out.push(...inline(linkText, safe ? withMark(marks, { type: 'link', attrs: { href: safe } }) : marks, depth + 1));
    } else if (italic !== undefined) out.push(...inline(italic, withMark(marks, { type: 'italic' }), depth + 1));
  }
  if (last < text.length) out.push(...textWithPlaceholders(text.slice(last), marks));
  return mergeText(out);
}
