/**
 * The section content as the editor (TipTap / ProseMirror) stores it: a JSON document, typed node by node. The node and
 * mark types are exactly those of the editor schema (schema.ts derives the ProseMirror schema from the same extension
 * list the web editor runs), so the writer builds, the server stores and the exporter reads one shape.
 */
export type EditorMarkType = 'bold' | 'italic' | 'underline' | 'strike' | 'highlight' | 'code';

export interface EditorMark {
  type: EditorMarkType;
  attrs?: Record<string, unknown>;
}

export interface EditorText {
  type: 'text';
  text: string;
  marks?: EditorMark[];
}

export interface EditorHardBreak {
  type: 'hardBreak';
}

export interface EditorImage {
  type: 'image';
  /** `src` is a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL. */
  attrs: { src: string; alt?: string | null; title?: string | null; width?: number | null; height?: number | null };
}

export type EditorInline = EditorText | EditorHardBreak | EditorImage;

export interface EditorParagraph {
  type: 'paragraph';
  attrs?: { textAlign?: 'left' | 'center' | 'right' | 'justify' | null };
  content?: EditorInline[];
}

export interface EditorHeading {
  type: 'heading';
  attrs: { level: 1 | 2 | 3 | 4 | 5 | 6; textAlign?: 'left' | 'center' | 'right' | 'justify' | null };
  content?: EditorInline[];
}

export interface EditorListItem {
  type: 'listItem';
  content?: EditorBlock[];
}

export interface EditorBulletList {
  type: 'bulletList';
  content?: EditorListItem[];
}

export interface EditorOrderedList {
  type: 'orderedList';
  attrs?: { start?: number };
  content?: EditorListItem[];
}

export interface EditorTableCell {
  type: 'tableCell' | 'tableHeader';
  attrs?: { colspan?: number; rowspan?: number; colwidth?: number[] | null };
  content?: EditorBlock[];
}

export interface EditorTableRow {
  type: 'tableRow';
  content?: EditorTableCell[];
}

export interface EditorTable {
  type: 'table';
  content?: EditorTableRow[];
}

export interface EditorBlockquote {
  type: 'blockquote';
  content?: EditorBlock[];
}

export type EditorBlock =
  | EditorParagraph
  | EditorHeading
  | EditorBulletList
  | EditorOrderedList
  | EditorTable
  | EditorBlockquote
  | EditorImage;

export interface EditorDoc {
  type: 'doc';
  content: EditorBlock[];
}
