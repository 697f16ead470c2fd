/**
 * Plain text of a section: what the outline shows as the section's length, what the health check and the AI actions
 * read, and the way back from plain text to a document. Blocks are separated by '\n', table cells by '\t'.
 */
import type { EditorJson, EditorJsonNode } from '@btz/shared';
export { countChars } from '@btz/shared';
import { fitDoc } from './fit.js';
import { stripControl, textWithPlaceholders } from './inline.js';

const TEXTBLOCKS = new Set(['paragraph', 'heading']);

/**
 * Plain text of a clean document: one line per paragraph / heading (hard breaks are new lines too), a table row per
 * line with its cells joined by '\t' (a cell's own line breaks become spaces). Images and rules give no line.
 */
export function docToText(doc: EditorJson): string {
  const lines: string[] = [];
  for (const node of doc.content) blockLines(node, lines, 0);
  return lines.join('\n');
}

/** One paragraph per non-blank line of `text`, with every 【待填写：…】 highlighted. */
export function textToDoc(text: string): EditorJson {
  const content: EditorJsonNode[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const trimmed = stripControl(line).trim();
    if (trimmed) content.push({ type: 'paragraph', content: textWithPlaceholders(trimmed) });
  }
  return fitDoc(content);
}

function blockLines(node: EditorJsonNode, lines: string[], depth: number): void {
  if (depth > 64) return;
  if (TEXTBLOCKS.has(node.type)) {
    lines.push(inlineText(node.content ?? [], '\n'));
  } else if (node.type === 'table') {
    for (const row of node.content ?? []) {
      const cells = (row.content ?? []).map((cell) => {
        const inner: string[] = [];
        for (const block of cell.content ?? []) blockLines(block, inner, depth + 1);
        return inner.join(' ').replace(/[\t\n]+/g, ' ').trim();
      });
      lines.push(cells.join('\t'));
    }
  } else {
    for (const child of node.content ?? []) blockLines(child, lines, depth + 1);
  }
}

function inlineText(nodes: EditorJsonNode[], br: string): string {
  let s = '';
  for (const n of nodes) {
    if (n.type === 'text') s += n.text ?? '';
    else if (n.type === 'hardBreak') s += br;
    else if (n.content) s += inlineText(n.content, br);
  }
  return s;
}
