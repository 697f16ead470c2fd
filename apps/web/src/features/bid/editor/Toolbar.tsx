import { useRef, useState, type ReactNode } from 'react';
import { Button, Divider, Dropdown, Select, Tooltip } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  DownOutlined,
  FolderOpenOutlined,
  HighlightOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { AI_ACTION_LABELS, type AiAction } from '@btz/shared';
import { toast } from '../../../lib/feedback';
import { IMAGE_TYPES, imageProblem } from './content';
import { PicturePicker, libraryImageSrc } from '../../pictures/PicturePicker';
import { uploadPicture } from '../../pictures/api';
import { BankInsert } from '../../databank/BankInsert';
import { DATA_TEXTS } from '@btz/shared';

/** The next figure number of a section: one past the highest 「图 n」 caption its text has. */
export function nextFigure(text: string): number {
  let max = 0;
  for (const m of text.matchAll(/图\s?(\d{1,3})\s/g)) max = Math.max(max, Number(m[1]));
  return max + 1;
}

export const AI_ACTIONS = Object.keys(AI_ACTION_LABELS) as AiAction[];

/** The library tag of images put into a section (the server gives pasted ones the same). */
export const SECTION_IMAGE_TAG = '正文图片';

/**
 * A picked, pasted or dropped image (PNG/JPEG ≤ 2 MB) is uploaded to the picture library and inserted by its library
 * URL — images are files, never data URLs inside the section.
 */
export function insertImageFile(editor: Editor, file: File, pos?: number): void {
  const problem = imageProblem(file);
  if (problem) {
    toast.warning(problem);
    return;
  }
  uploadPicture(file, [SECTION_IMAGE_TAG])
    .then((r) => {
      if (editor.isDestroyed) return;
      const attrs = { src: libraryImageSrc(r.picture.id), alt: file.name };
      const chain = editor.chain().focus();
      if (pos !== undefined) chain.insertContentAt(pos, { type: 'image', attrs });
      else chain.setImage(attrs);
      chain.scrollIntoView().run();
    })
    .catch((e: unknown) => toast.error(e instanceof Error && e.message ? e.message : '图片上传失败，请重新选择'));
}

function Btn(props: { title: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick: () => void; testId?: string }) {
  return (
    <Tooltip title={props.title} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        aria-label={props.title}
        aria-pressed={props.active}
        data-testid={props.testId}
        className={props.active ? 'sec-tb__btn is-active' : 'sec-tb__btn'}
        icon={props.icon}
        disabled={props.disabled}
        // keep the editor's selection: the button must not take the focus
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

type Block = 'p' | '2' | '3' | '4';

/** The formatting toolbar and the 「AI」 group. */
export function Toolbar({
  editor,
  aiBusy,
  onAi,
  section,
}: {
  editor: Editor;
  aiBusy: boolean;
  onAi: (a: AiAction) => void;
  /** the bid and section being edited: 「从资料库插入」 needs them */
  section?: { bidId: string; nodeId: string };
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [banking, setBanking] = useState<number | null>(null);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: (([2, 3, 4] as const).find((l) => e.isActive('heading', { level: l }))?.toString() ?? 'p') as Block,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      highlight: e.isActive('highlight'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      inTable: e.isActive('table'),
      canAddRow: e.can().addRowAfter(),
      canAddCol: e.can().addColumnAfter(),
      canDelRow: e.can().deleteRow(),
      canDelCol: e.can().deleteColumn(),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      selected: !e.state.selection.empty,
      hasText: e.state.doc.textContent.trim().length > 0,
    }),
  });
  const run = () => editor.chain().focus();

  return (
    <div className="sec-tb" role="toolbar" aria-label="正文格式">
      <Select<Block>
        size="small"
        className="sec-tb__block"
        value={s.block}
        popupMatchSelectWidth={false}
        aria-label="段落样式"
        onChange={(v) => {
          if (v === 'p') run().setParagraph().run();
          else run().setHeading({ level: Number(v) as 2 | 3 | 4 }).run();
        }}
        options={[
          { value: 'p', label: '正文' },
          { value: '2', label: '标题 2' },
          { value: '3', label: '标题 3' },
          { value: '4', label: '标题 4' },
        ]}
      />
      <Divider orientation="vertical" />
      <Btn title="加粗" icon={<BoldOutlined />} active={s.bold} onClick={() => run().toggleBold().run()} />
      <Btn title="斜体" icon={<ItalicOutlined />} active={s.italic} onClick={() => run().toggleItalic().run()} />
      <Btn title="下划线" icon={<UnderlineOutlined />} active={s.underline} onClick={() => run().toggleUnderline().run()} />
      <Btn title="高亮" icon={<HighlightOutlined />} active={s.highlight} onClick={() => run().toggleHighlight().run()} />
      <Divider orientation="vertical" />
      <Btn title="无序列表" icon={<UnorderedListOutlined />} active={s.bullet} onClick={() => run().toggleBulletList().run()} />
      <Btn title="有序列表" icon={<OrderedListOutlined />} active={s.ordered} onClick={() => run().toggleOrderedList().run()} />
      <Btn title="左对齐" icon={<AlignLeftOutlined />} onClick={() => run().unsetTextAlign().run()} />
      <Btn title="居中" icon={<AlignCenterOutlined />} active={s.center} onClick={() => run().setTextAlign('center').run()} />
      <Btn title="右对齐" icon={<AlignRightOutlined />} active={s.right} onClick={() => run().setTextAlign('right').run()} />
      <Divider orientation="vertical" />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'insert', label: '插入表格（3×3）', disabled: s.inTable },
            { type: 'divider' },
            { key: 'row', label: '在下方加一行', disabled: !s.canAddRow },
            { key: 'col', label: '在右侧加一列', disabled: !s.canAddCol },
            { key: 'delRow', label: '删除当前行', disabled: !s.canDelRow },
            { key: 'delCol', label: '删除当前列', disabled: !s.canDelCol },
            { key: 'delTable', label: '删除表格', danger: true, disabled: !s.inTable },
          ],
          onClick: ({ key }) => {
            const c = run();
            if (key === 'insert') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
            else if (key === 'row') c.addRowAfter().run();
            else if (key === 'col') c.addColumnAfter().run();
            else if (key === 'delRow') c.deleteRow().run();
            else if (key === 'delCol') c.deleteColumn().run();
            else if (key === 'delTable') c.deleteTable().run();
          },
        }}
      >
        <Button type="text" size="small" className={s.inTable ? 'sec-tb__btn is-active' : 'sec-tb__btn'} onMouseDown={(e) => e.preventDefault()}>
          <TableOutlined /> 表格 <DownOutlined className="sec-tb__caret" />
        </Button>
      </Dropdown>
      <Btn title="插入图片（PNG/JPG，不超过 2 MB）" icon={<PictureOutlined />} onClick={() => fileRef.current?.click()} testId="editor-image" />
      <Btn title="从图片库选择" icon={<FolderOpenOutlined />} onClick={() => setPicking(true)} testId="editor-library-image" />
      <PicturePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(p) => {
          setPicking(false);
          editor.chain().focus().setImage({ src: libraryImageSrc(p.id), alt: p.name }).scrollIntoView().run();
        }}
      />
      {section ? (
        <>
          <Btn title="从资料库插入" icon={<SafetyCertificateOutlined />} onClick={() => setBanking(nextFigure(editor.getText()))} testId="editor-databank" />
          <BankInsert
            open={banking !== null}
            bidId={section.bidId}
            nodeId={section.nodeId}
            figureStart={banking ?? 1}
            onClose={() => setBanking(null)}
            onInsert={(m) => {
              setBanking(null);
              editor.chain().focus().insertContent(m.doc.content).scrollIntoView().run();
              toast.success(DATA_TEXTS.inserted(m.docs.length));
            }}
          />
        </>
      ) : null}
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) insertImageFile(editor, file);
        }}
      />
      <Divider orientation="vertical" />
      <Btn title="撤销（Ctrl+Z）" icon={<UndoOutlined />} disabled={!s.canUndo} onClick={() => run().undo().run()} />
      <Btn title="重做（Ctrl+Y）" icon={<RedoOutlined />} disabled={!s.canRedo} onClick={() => run().redo().run()} />
      <Divider orientation="vertical" />
      <Dropdown
        trigger={['click']}
        disabled={aiBusy || !s.hasText}
        menu={{
          items: AI_ACTIONS.map((a) => ({
            key: a,
            label: a === 'continue' ? `${AI_ACTION_LABELS[a]}（接着光标处往下写）` : AI_ACTION_LABELS[a],
            disabled: a !== 'continue' && !s.selected,
          })),
          onClick: ({ key }) => onAi(key as AiAction),
        }}
      >
        <Button
          size="small"
          className="sec-tb__ai"
          icon={<RobotOutlined />}
          disabled={aiBusy || !s.hasText}
          onMouseDown={(e) => e.preventDefault()}
          data-testid="editor-ai"
        >
          AI <DownOutlined className="sec-tb__caret" />
        </Button>
      </Dropdown>
      {!s.selected && s.hasText ? <span className="sec-tb__hint">选中文字可扩写、缩写、润色</span> : null}
    </div>
  );
}
