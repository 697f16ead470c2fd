/**
 * The last step of every converter (HTML, Markdown, plain text): clean what was built, flattening too-deep nesting,
 * and cut it to the size limits, so that a converted document always passes validateDoc. Over-long input loses its
 * tail rather than failing: callers that care compare countChars before and after.
 */
import type { EditorJson, EditorJsonNode } from '@btz/shared';
import { cleanDoc } from './clean.js';
import { measure, MAX_NODES, MAX_TEXT, truncate } from './limits.js';

export function fitDoc(content: EditorJsonNode[]): EditorJson {
  const clean = cleanDoc({ type: 'doc', content }, { flattenDeep: true });
  const size = measure(clean);
  if (size.nodes <= MAX_NODES && size.text <= MAX_TEXT) return clean;
  return cleanDoc(truncate(clean), { flattenDeep: true });
}
