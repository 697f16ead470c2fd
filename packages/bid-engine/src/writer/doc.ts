/**
 * A minimal ProseMirror / TipTap-style JSON document for the section editor, and the helpers the offline writer uses to
 * build it. Placeholders (【待填写：…】) carry the 'highlight' mark; `**…**` in a source string becomes bold.
 */

export interface EditorMark {
  type: 'bold' | 'highlight';
}
export interface EditorText {
  type: 'text';
  text: string;
  marks?: EditorMark[];
}
export interface EditorNode {
  type:
    | 'doc'
    | 'heading'
    | 'paragraph'
    | 'bulletList'
    | 'orderedList'
    | 'listItem'
    | 'table'
    | 'tableRow'
    | 'tableHeader'
    | 'tableCell';
  attrs?: Record<string, unknown>;
  content?: (EditorNode | EditorText)[];
}
export interface EditorDoc extends EditorNode {
  type: 'doc';
  content: EditorNode[];
}

/** The writer's intermediate blocks, before conversion to the editor JSON. */
export type Block =
  | { t: 'h'; level: number; text: string }
  | { t: 'p'; text: string }
  | { t: 'ul'; items: string[] }
  | { t: 'ol'; items: string[] }
  | { t: 'table'; head: string[]; rows: string[][] };

export const PLACEHOLDER_RE = /【待填写：[^】]*】/g;

/** The inline content of a string: placeholders highlighted, `**x**` bold. */
export function inline(s: string): EditorText[] {
  const out: EditorText[] = [];
  const parts = s.split(/(【待填写：[^】]*】|\*\*[^*]+\*\*)/);
  for (const part of parts) {
    if (!part) continue;
    if (part.startsWith('【待填写：')) out.push({ type: 'text', text: part, marks: [{ type: 'highlight' }] });
    else if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      out.push({ type: 'text', text: part.slice(2, -2), marks: [{ type: 'bold' }] });
    else out.push({ type: 'text', text: part });
  }
  return out;
}

const para = (s: string): EditorNode => {
  const content = inline(s);
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};

export function toDoc(blocks: Block[]): EditorDoc {
  const content: EditorNode[] = blocks.map((b): EditorNode => {
    switch (b.t) {
      case 'h':
        return { type: 'heading', attrs: { level: b.level }, content: inline(b.text) };
      case 'p':
        return para(b.text);
      case 'ul':
      case 'ol':
        return {
          type: b.t === 'ul' ? 'bulletList' : 'orderedList',
          ...(b.t === 'ol' ? { attrs: { start: 1 } } : {}),
          content: b.items.map((it) => ({ type: 'listItem', content: [para(it)] })),
        };
      case 'table':
        return {
          type: 'table',
          content: [
            { type: 'tableRow', content: b.head.map((h) => ({ type: 'tableHeader', content: [para(h)] })) },
            ...b.rows.map((r) => ({
              type: 'tableRow' as const,
              content: r.map((c) => ({ type: 'tableCell' as const, content: [para(c)] })),
            })),
          ],
        };
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

/** Characters as a bid counts them: everything but whitespace. */
export function countChars(s: string): number {
  return s.replace(/\s+/g, '').length;
}

export function blockChars(b: Block): number {
  return countChars(toText([b]));
}

/** The plain text of an editor document (for callers holding only the JSON). */
export function docText(node: EditorNode | EditorText): string {
  if (node.type === 'text') return (node as EditorText).text;
  const kids = (node as EditorNode).content ?? [];
  const sep = ['doc', 'bulletList', 'orderedList', 'table'].includes(node.type) ? '\n' : node.type === 'tableRow' ? '\t' : '';
  return kids.map(docText).join(sep);
}
