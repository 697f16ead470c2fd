import type { Extensions } from '@tiptap/core';
import Placeholder from '@tiptap/extension-placeholder';
import { editorExtensions } from '@btz/shared/editor';

export const EMPTY_HINT = '本节尚未编写。可直接在此输入正文，或在目录中让 AI 编写本节';

/**
 * The section editor's extensions: the shared editor schema (`@btz/shared/editor`, the same list the server validates
 * against and the writer and exporter build for) plus the UI-only empty-section hint.
 */
export function sectionExtensions(placeholder = EMPTY_HINT): Extensions {
  return [...editorExtensions(), Placeholder.configure({ placeholder })];
}
