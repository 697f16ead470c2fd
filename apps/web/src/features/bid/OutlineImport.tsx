import { useState } from 'react';
import { Alert, Button, Input, Modal, Tabs, Upload } from 'antd';
import { ImportOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { BID_TEXTS, type OutlineImportResult } from '@btz/shared';
import { confirmDialog } from '../../lib/dialogs';
import { toast } from '../../lib/feedback';
import { importOutlineFile, importOutlineText } from './api';
import { errorText, type OutlineEditor } from './hooks';
import { addChild } from './outline';

export type UnmappedRow = OutlineImportResult['unmapped'][number];

const PLACEHOLDER = '例如：\n1 项目理解\n1.1 项目背景与需求分析\n2 供货与安装方案\n2.1 供货计划\n3 售后服务方案';

/**
 * 导入目录 (issue 24 item 4): the user's own outline — pasted, one title a line with its numbering, or a Word file whose
 * headings are the outline — replaces the bid's; the scoring rows are mapped onto it, the unmapped ones come back.
 */
export function OutlineImportButton({
  bidId,
  editor,
  hasOutline,
  onImported,
  block,
}: {
  bidId: string;
  editor: OutlineEditor;
  hasOutline: boolean;
  onImported: (unmapped: UnmappedRow[]) => void;
  block?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'text' | 'file'>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ready = tab === 'text' ? text.trim().length > 0 : !!file;

  const submit = async () => {
    if (hasOutline && !(await confirmDialog('导入会替换当前目录，手动修改的目录将丢失。确定导入吗？'))) return;
    setBusy(true);
    setError(null);
    try {
      const answer = tab === 'text' ? await importOutlineText(bidId, text) : await importOutlineFile(bidId, file!);
      editor.replace(answer);
      onImported(answer.unmapped);
      setOpen(false);
      setText('');
      setFile(null);
      toast.success(answer.unmapped.length ? `目录已导入，${answer.unmapped.length} 个评分项未对应到章节` : '目录已导入，评分项均已对应到章节');
    } catch (e) {
      setError(errorText(e, '目录导入失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" block={block} icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        导入目录
      </Button>
      <Modal
        open={open}
        title="导入自己的目录"
        okText="导入"
        cancelText="取消"
        okButtonProps={{ disabled: !ready, loading: busy }}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={560}
      >
        <p className="bid-muted">导入后按你的目录编写；招标文件的评分项会自动对应到标题相符的章节，未对应的评分项会列出来，方便补充章节。</p>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'text' | 'file')}
          items={[
            {
              key: 'text',
              label: '粘贴目录',
              children: (
                <Input.TextArea
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  autoSize={{ minRows: 8, maxRows: 16 }}
                  placeholder={PLACEHOLDER}
                  aria-label="目录文字"
                />
              ),
            },
            {
              key: 'file',
              label: '上传 Word',
              children: (
                <Upload.Dragger
                  accept=".docx,.txt"
                  multiple={false}
                  showUploadList={false}
                  beforeUpload={(f) => {
                    setFile(f);
                    return false;
                  }}
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p>{file ? `已选择：${file.name}` : '点击或拖入 Word 文件（.docx）'}</p>
                  <p className="bid-muted bid-small">按文件中的标题样式（标题 1、标题 2…）读取目录层级</p>
                </Upload.Dragger>
              ),
            },
          ]}
        />
        <p className="bid-muted bid-small">{tab === 'text' ? '每行一个标题，可带编号：1 / 1.1 / 1.1.1、第一章 / 一、/（一）均可识别层级。' : BID_TEXTS.importFileType}</p>
        {error ? <Alert type="error" showIcon title={error} data-testid="import-error" /> : null}
      </Modal>
    </>
  );
}

/** The scoring rows the imported outline does not answer, each with a button adding a section for it. */
export function UnmappedRows({ rows, editor, readOnly, onDone }: { rows: UnmappedRow[]; editor: OutlineEditor; readOnly: boolean; onDone: (rows: UnmappedRow[]) => void }) {
  if (!rows.length) return null;
  const add = (row: UnmappedRow) => {
    const result = addChild(editor.nodes, '', row.item);
    if (result.ok && result.id) {
      const nodes = result.nodes.map((n) => (n.id === result.id ? { ...n, kind: row.category === 'commercial' ? ('商务' as const) : ('技术' as const), scoringIds: [row.id] } : n));
      const err = editor.apply({ ok: true, nodes, id: result.id });
      if (err) return toast.warning(err);
      onDone(rows.filter((r) => r.id !== row.id));
    } else if (!result.ok) toast.warning(result.error);
  };
  return (
    <Alert
      type="warning"
      showIcon
      closable
      onClose={() => onDone([])}
      className="bid-tree__unmapped"
      data-testid="unmapped-rows"
      title={`${rows.length} 个评分项没有对应的章节`}
      description={
        <ul className="bid-unmapped">
          {rows.map((r) => (
            <li key={r.id}>
              <span>
                {r.item}
                {r.points !== null ? <span className="bid-muted">（{r.points} 分）</span> : null}
              </span>
              {!readOnly ? (
                <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => add(r)} aria-label={`为「${r.item}」添加章节`}>
                  添加章节
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      }
    />
  );
}
