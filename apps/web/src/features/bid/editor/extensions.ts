import type { Extensions, Node as TiptapNode } from '@tiptap/core';
import Placeholder from '@tiptap/extension-placeholder';
import { editorExtensions } from '@btz/shared/editor';
import { fetchPictureBlob } from '../../pictures/api';
import { fetchDataFile } from '../../databank/api';

export const EMPTY_HINT = '本节尚未编写。可直接在此输入正文，或在目录中让 AI 编写本节';

/**
 * A stored picture's src — the picture library's (`/api/btz/picture/file?id=…`) or a data-bank document's
 * (`/api/btz/databank/file?id=…`, the qualification chapters): the call needs the login header, so <img> cannot load it itself.
 */
const LIBRARY_SRC = /^\/api\/btz\/(picture|databank)\/file\?id=(\d+)$/;

/**
 * The image node as the shared schema defines it, shown through a node view: a data URL as it is, a picture-library
 * URL fetched as a blob with the login header and shown from an object URL (revoked when the node goes). The schema and
 * the stored document are unchanged — only how the editor draws the node.
 */
function withLibraryImages(ext: Extensions[number]): Extensions[number] {
  if (ext.name !== 'image') return ext;
  return (ext as TiptapNode).extend({
    addNodeView() {
      return ({ node }) => {
        const img = document.createElement('img');
        let shown = '';
        let objectUrl: string | null = null;
        const release = () => {
          if (objectUrl) URL.revokeObjectURL(objectUrl);
          objectUrl = null;
        };
        const show = (attrs: Record<string, unknown>) => {
          img.alt = String(attrs.alt ?? '');
          if (attrs.title) img.title = String(attrs.title);
          const src = String(attrs.src ?? '');
          if (src === shown) return;
          shown = src;
          release();
          const m = LIBRARY_SRC.exec(src);
          if (!m) {
            img.src = src;
            return;
          }
          img.removeAttribute('src');
          img.classList.add('is-library-loading');
          (m[1] === 'databank' ? fetchDataFile(m[2]!) : fetchPictureBlob({ kind: 'picture', id: m[2]!, thumb: false })).then(
            (blob) => {
              if (shown !== src) return;
              objectUrl = URL.createObjectURL(blob);
              img.src = objectUrl;
              img.classList.remove('is-library-loading');
            },
            () => {
              if (shown !== src) return;
              img.alt = `${m[1] === 'databank' ? '资料库中的资料' : '图片库中的图片'}已删除或无法加载（${img.alt}）`;
              img.classList.remove('is-library-loading');
            },
          );
        };
        show(node.attrs);
        return {
          dom: img,
          update: (next) => {
            if (next.type !== node.type) return false;
            show(next.attrs);
            return true;
          },
          destroy: release,
        };
      };
    },
  });
}

/**
 * The section editor's extensions: the shared editor schema (`@btz/shared/editor`, the same list the server validates
 * against and the writer and exporter build for) plus the UI-only empty-section hint, and the image node drawn so that
 * picture-library images load.
 */
export function sectionExtensions(placeholder = EMPTY_HINT): Extensions {
  return [...editorExtensions().map(withLibraryImages), Placeholder.configure({ placeholder })];
}
