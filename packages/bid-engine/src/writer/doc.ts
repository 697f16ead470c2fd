/**
 * The writer's intermediate blocks and their conversion to the section editor's document (the one schema of
 * `@btz/shared/editor`). Placeholders (【待填写：…】/【拟定：…】) carry the highlight mark; `**…**` becomes bold — both by
 * the shared inline-markup function.
 */
import { countChars } from '@btz/shared';
import {
  inlineMarkup,
  type EditorBlock,
  type EditorDoc,
  type EditorInline,
  type EditorListItem,
  type EditorParagraph,
  type EditorTableCell,
  type EditorTableRow,
} from '@btz/shared/editor';

export { PLACEHOLDER_RE } from '@btz/shared/editor';
export type { EditorDoc } from '@btz/shared/editor';

/** The writer's intermediate blocks, before conversion to the editor JSON. */
export type Block =
  | { t: 'h'; level: number; text: string }
  | { t: 'p'; text: string }
  | { t: 'ul'; items: string[] }
  | { t: 'ol'; items: string[] }
  | { t: 'table'; head: string[]; rows: string[][] };

/** The inline content of a string: placeholders highlighted, `**x**` bold. */
export const inline = inlineMarkup;

const para = (s: string): EditorParagraph => {
  const content = inline(s);
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};

const cell = (type: EditorTableCell['type'], s: string): EditorTableCell => ({ type, content: [para(s)] });
const item = (s: string): EditorListItem => ({ type: 'listItem', content: [para(s)] });
const level = (n: number) => Math.min(6, Math.max(1, n)) as 1 | 2 | 3 | 4 | 5 | 6;

export function toDoc(blocks: Block[]): EditorDoc {
  const content = blocks.map((b): EditorBlock => {
    switch (b.t) {
      case 'h':
        return { type: 'heading', attrs: { level: level(b.level) }, content: inline(b.text) };
      case 'p':
        return para(b.text);
      case 'ul':
        return { type: 'bulletList', content: b.items.map(item) };
      case 'ol':
        return { type: 'orderedList', attrs: { start: 1 }, content: b.items.map(item) };
      case 'table': {
        const rows: EditorTableRow[] = [
          { type: 'tableRow', content: b.head.map((h) => cell('tableHeader', h)) },
          ...b.rows.map((r): EditorTableRow => ({ type: 'tableRow', content: r.map((c) => cell('tableCell', c)) })),
        ];
        return { type: 'table', content: rows };
      }
    }
  });
  return { type: 'doc', content };
}

const strip = (s: string) => s.replace(/\*\*([^*]+)\*\*/g, '$1');

/** Plain text of the blocks: one line per heading / paragraph / list item / table row (cells tab-separated). */
export function toText(blocks: Block[]): string {
  const lines: string[] = [];
  for (const b of blocks) {
    if (b.t === 'h' || b.t === 'p') lines.push(strip(b.text));
    else if (b.t === 'ul') for (const it of b.items) lines.push(`• ${strip(it)}`);
    else if (b.t === 'ol') b.items.forEach((it, i) => lines.push(`${i + 1}. ${strip(it)}`));
    else {
      lines.push(b.head.map(strip).join('\t'));
      for (const r of b.rows) lines.push(r.map(strip).join('\t'));
    }
  }
  return lines.join('\n');
}


export function blockChars(b: Block): number {
  return countChars(toText([b]));
}

type AnyNode = EditorDoc | EditorBlock | EditorInline | EditorListItem | EditorTableRow | EditorTableCell;

/** The plain text of an editor document (for callers holding only the JSON). */
export function docText(node: AnyNode): string {
  if (node.type === 'text') return node.text;
  const kids = ((node as { content?: AnyNode[] }).content ?? []) as AnyNode[];
  const sep = ['doc', 'bulletList', 'orderedList', 'table'].includes(node.type) ? '\n' : node.type === 'tableRow' ? '\t' : '';
  return kids.map(docText).join(sep);
}
