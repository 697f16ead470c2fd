import { getSchema, type Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Highlight from '@tiptap/extension-highlight';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { TableKit } from '@tiptap/extension-table';
import type { Schema } from '@tiptap/pm/model';

/**
 * The editor schema, in one place: the TipTap extension list the web editor runs (plus its UI-only extensions such as the
 * placeholder hint) and from which the ProseMirror schema is derived for the server's validation. Links, code blocks and
 * horizontal rules are left out: the Word export has no use for them and pasted HTML must never produce a document the
 * server refuses. Nodes: doc, paragraph, heading, blockquote, bulletList, orderedList, listItem, hardBreak, text, image,
 * table, tableRow, tableHeader, tableCell. Marks: bold, italic, underline, strike, code, highlight.
 */
export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({ codeBlock: false, horizontalRule: false, link: false }),
    Highlight.configure({ multicolor: false }),
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    Image.configure({ allowBase64: true, inline: false }),
    TableKit.configure({ table: { resizable: false } }),
  ];
}

let schema: Schema | null = null;

/** The ProseMirror schema of the section editor (built once). */
export function editorSchema(): Schema {
  schema ??= getSchema(editorExtensions());
  return schema;
}

/** The node and mark type names of the schema: what the cleaner keeps. */
export function editorTypes(): { nodes: Set<string>; marks: Set<string> } {
  const s = editorSchema();
  return { nodes: new Set(Object.keys(s.nodes)), marks: new Set(Object.keys(s.marks)) };
}

/**
 * Checks a document against the schema the editor shows: every node and mark known, every node's content allowed by
 * its content expression (a list holds list items, a table rows of cells…). Returns null when the editor can show it,
 * else the reason in Chinese.
 */
export function editorDocProblem(doc: unknown): string | null {
  try {
    editorSchema().nodeFromJSON(doc as Record<string, unknown>).check();
    return null;
  } catch (e) {
    return `正文格式不正确：编辑器无法显示此内容（${(e as Error).message.slice(0, 120)}）`;
  }
}
