import { PLACEHOLDER_RE } from './placeholder.js';
import type { EditorText } from './types.js';

/**
 * The one inline-markup function: a plain string as editor text nodes — every 【待填写：…】 highlighted, and
 * `**bold**` bold (the only inline markup the writer and the model output keep). Used by the offline writer, the model
 * output converter and the cleaner.
 */
export function inlineMarkup(s: string): EditorText[] {
  const out: EditorText[] = [];
  const parts = s.split(new RegExp(`(${PLACEHOLDER_RE.source}|\\*\\*[^*]+\\*\\*)`));
  for (const part of parts) {
    if (!part) continue;
    if (part.startsWith('【') && new RegExp(`^${PLACEHOLDER_RE.source}$`).test(part)) out.push({ type: 'text', text: part, marks: [{ type: 'highlight' }] });
    else if (part.startsWith('**') && part.endsWith('**') && part.length > 4) out.push({ type: 'text', text: part.slice(2, -2), marks: [{ type: 'bold' }] });
    else out.push({ type: 'text', text: part });
  }
  return out;
}
