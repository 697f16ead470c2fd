/**
 * Inline building blocks shared by the cleaner and the converters: the marks of our schema (cleaned, de-duplicated and
 * in a fixed order), text nodes, merging of neighbouring text with equal marks, and the 【待填写：…】 placeholders that
 * always carry the `highlight` mark.
 */
import type { EditorJsonNode } from '@btz/shared';
import { PLACEHOLDER_RE } from '@btz/shared/editor';
import { safeColor } from './attrs.js';

export type Mark = NonNullable<EditorJsonNode['marks']>[number];

/** Our marks, in the order they are stored. */
export const MARK_ORDER = ['bold', 'italic', 'underline', 'strike', 'highlight', 'code'] as const;
const MARK_RANK = new Map<string, number>(MARK_ORDER.map((m, i) => [m, i]));


/** Control characters other than tab and newlines: never meaningful in a section's text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** `text` without control characters (tab and newlines kept). */
export function stripControl(text: string): string {
  return text.replace(CONTROL, '');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One mark of our schema, with only its allowed attributes, or undefined. */
export function cleanMark(input: unknown): Mark | undefined {
  if (!isRecord(input) || typeof input.type !== 'string' || !MARK_RANK.has(input.type)) return undefined;
  const attrs = isRecord(input.attrs) ? input.attrs : {};
  if (input.type === 'highlight') {
    const color = safeColor(attrs.color);
    return color ? { type: 'highlight', attrs: { color } } : { type: 'highlight' };
  }
  return { type: input.type };
}

/** Cleaned marks: unknown ones dropped, one per type, `code` alone (it excludes every other mark), fixed order. */
export function cleanMarks(input: unknown): Mark[] {
  if (!Array.isArray(input)) return [];
  const byType = new Map<string, Mark>();
  for (const raw of input) {
    const mark = cleanMark(raw);
    if (mark && !byType.has(mark.type)) byType.set(mark.type, mark);
  }
  const code = byType.get('code');
  if (code) return [code];
  return [...byType.values()].sort((a, b) => MARK_RANK.get(a.type)! - MARK_RANK.get(b.type)!);
}

/** Adds a mark (replacing one of the same type) to a cleaned list, keeping the list clean. */
export function withMark(marks: Mark[], mark: Mark): Mark[] {
  return cleanMarks([mark, ...marks]);
}

export function sameMarks(a: Mark[] | undefined, b: Mark[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  if (x.length !== y.length) return false;
  return x.every((m, i) => m.type === y[i]!.type && (!m.attrs === !y[i]!.attrs) && JSON.stringify(m.attrs) === JSON.stringify(y[i]!.attrs));
}

/** A text node; `marks` only when there are some. */
export function textNode(text: string, marks: Mark[] = []): EditorJsonNode {
  return marks.length ? { type: 'text', text, marks } : { type: 'text', text };
}

/** Text nodes for `text`, with every placeholder in it highlighted (on top of `marks`). */
export function textWithPlaceholders(text: string, marks: Mark[] = []): EditorJsonNode[] {
  const out: EditorJsonNode[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER_RE)) {
    if (m.index > last) out.push(textNode(text.slice(last, m.index), marks));
    out.push(textNode(m[0], withMark(marks, { type: 'highlight' })));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(textNode(text.slice(last), marks));
  return out;
}

/** Inline content with empty text dropped and neighbouring text nodes of equal marks joined. */
export function mergeText(nodes: EditorJsonNode[]): EditorJsonNode[] {
  const out: EditorJsonNode[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      if (!node.text) continue;
      const prev = out[out.length - 1];
      if (prev?.type === 'text' && sameMarks(prev.marks, node.marks)) {
        out[out.length - 1] = { ...prev, text: (prev.text ?? '') + node.text };
        continue;
      }
    }
    out.push(node);
  }
  return out;
}
