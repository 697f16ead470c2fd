import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Highlight from '@tiptap/extension-highlight';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import Placeholder from '@tiptap/extension-placeholder';
import { TableKit } from '@tiptap/extension-table';

export const EMPTY_HINT = '本节尚未编写。可直接在此输入正文，或在目录中让 AI 编写本节';

/**
 * The section schema: only the node and mark types the server's editor schema and the Word exporter know (paragraph,
 * heading, lists, blockquote, table, image; bold, italic, underline, strike, highlight, code). Links, code blocks and
 * horizontal rules are left out so pasted HTML never produces a document the server refuses.
 */
export function sectionExtensions(placeholder = EMPTY_HINT): Extensions {
  return [
    StarterKit.configure({
      codeBlock: false,
      horizontalRule: false,
      link: false,
    }),
    Highlight.configure({ multicolor: false }),
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    Image.configure({ allowBase64: true, inline: false }),
    TableKit.configure({ table: { resizable: false } }),
    Placeholder.configure({ placeholder }),
  ];
}
