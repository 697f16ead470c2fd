import type { EditorJson, EditorJsonNode } from '@btz/shared';
import { inlineMarkup } from '@btz/shared/editor';

/** Images the editor accepts: PNG or JPEG up to 2 MB (uploaded to the picture library; the section refers to them by URL). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Why a picked file cannot go into the section, or null when it can. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return '只能插入 PNG 或 JPG 格式的图片';
  if (file.size > IMAGE_MAX_BYTES) return '图片不能超过 2 MB，请压缩后再插入';
  return null;
}

/** One line of AI text as inline nodes: placeholders highlighted, `**x**` bold (the shared inline markup the server uses). */
export function inlineNodes(line: string): EditorJsonNode[] {
  return inlineMarkup(line);
}

/**
 * AI text as content to insert: one line stays inline (it joins the paragraph it lands in); several lines become
 * paragraphs. Empty lines are dropped.
 */
export function aiTextToContent(text: string): EditorJsonNode[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return [];
  if (lines.length === 1) return inlineNodes(lines[0]!);
  return lines.map((l) => ({ type: 'paragraph', content: inlineNodes(l) }));
}

/** The last ≤ `max` characters (the context 续写 sends). */
export function tail(text: string, max = 2000): string {
  return text.length > max ? text.slice(text.length - max) : text;
}

/**
 * `HH:mm` of a time the server sent (`YYYY-MM-DD HH:mm:ss`, Asia/Shanghai): the clock and zone of the server, never the
 * browser's, and no seconds (DESIGN.md); '' when there is none.
 */
export function clock(time: string | null | undefined): string {
  return /^\d{4}-\d{2}-\d{2}[ T](\d{2}:\d{2})/.exec(time ?? '')?.[1] ?? '';
}


export const EMPTY_DOC: EditorJson = { type: 'doc', content: [{ type: 'paragraph' }] };
