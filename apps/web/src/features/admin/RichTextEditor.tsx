import { useEffect } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** The toolbar's buttons: what the public article style shows (headings, emphasis, lists, quotes, links). */
const BUTTONS: { label: string; title: string; active: (e: Editor) => boolean; run: (e: Editor) => void }[] = [
  { label: '标题', title: '小标题', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: '子标题', title: '三级标题', active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: '加粗', title: '加粗', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: '斜体', title: '斜体', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: '• 列表', title: '无序列表', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: '1. 列表', title: '有序列表', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: '引用', title: '引用', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
];

/** Plain text kept before the console had an editor (paragraphs split by blank lines) opens as paragraphs. */
function toHtml(value: string): string {
  if (/<\/?(p|h[1-6]|ul|ol|li|br|strong|div|table|blockquote)\b/i.test(value)) return value;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return value
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The console's rich-text field (a Form control: `value` / `onChange`, HTML). Tiptap's starter kit, the editor the bid
 * writer already ships; the server sanitises what it receives, whatever this sends.
 */
export function RichTextEditor({ value = '', onChange, label }: { value?: string; onChange?: (html: string) => void; label: string }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, protocols: ['http', 'https'] } })],
    content: toHtml(value),
    editorProps: { attributes: { class: 'admin-rte__body site-article', 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // a form reset or another item loaded: the editor shows the new value
  useEffect(() => {
    if (editor && !editor.isFocused && editor.getHTML() !== toHtml(value)) editor.commands.setContent(toHtml(value), { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({ editor, selector: ({ editor: e }) => (e ? BUTTONS.map((b) => b.active(e)) : []) });
  const link = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt('链接地址（https:// 开头，或本站路径如 /home/direction.html）', 'https://');
    if (href && /^(https?:\/\/|\/(?!\/))/i.test(href.trim())) editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <div className="admin-rte">
      <Space size={4} wrap className="admin-rte__bar">
        {BUTTONS.map((b, i) => (
          <Tooltip key={b.label} title={b.title}>
            <Button size="small" type={state?.[i] ? 'primary' : 'default'} onMouseDown={(e) => e.preventDefault()} onClick={() => editor && b.run(editor)}>
              {b.label}
            </Button>
          </Tooltip>
        ))}
        <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={link}>
          链接
        </Button>
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
