import { useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Dropdown, Input, Modal, Tooltip, Tree, type InputRef, type MenuProps } from 'antd';
import type { DataNode } from 'antd/es/tree';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  DeleteOutlined,
  EditFilled,
  LoadingOutlined,
  StopOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  SaveOutlined,
  SplitCellsOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import { UNNAMED_CHAPTER, type BidOutlineNode, type SectionState } from '@btz/shared';
import { confirmDialog } from '../../lib/dialogs';
import { toast } from '../../lib/feedback';
import type { OutlineEditor } from './hooks';
import { nodeStatus } from './labels';
import { OutlineLength } from './OutlineLength';
import { SECTION_STATE_LABEL, chapterCount } from './writing';
import {
  MAX_LEVEL,
  addChild,
  addSibling,
  canDropInside,
  canSplit,
  demoteNode,
  dropTarget,
  findNode,
  flatten,
  moveNode,
  pathTo,
  promoteNode,
  removeNode,
  renameNode,
  splitNode,
  subtreeDepth,
  toTreeData,
  type EditResult,
  type OutlineTreeItem,
} from './outline';

const SAVE_LABEL = { saved: '已保存', dirty: '有未保存的修改', saving: '保存中…', error: '保存失败' } as const;

export interface OutlineTreeProps {
  editor: OutlineEditor;
  readOnly: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** each leaf's writing state (once writing has started); the leaves then show it instead of the status dot */
  states?: Map<string, SectionState> | null;
  /** writes the failed sections again (one-click writing restarted) */
  onRetry?: () => void;
  /** more buttons in the bar (导入目录) */
  tools?: ReactNode;
  /** shown under the bar (the scoring rows an imported outline does not answer) */
  notice?: ReactNode;
  retrying?: boolean;
  /** shown in the bar when the outline is read-only (why) */
  lockNote?: string;
}

const STATE_LEGEND: SectionState[] = ['empty', 'queued', 'writing', 'written', 'edited', 'failed'];

/** A leaf's writing state as an icon (empty grey, queued clock, writing spinner, written green check, edited, failed red). */
export function SectionStateIcon({ state }: { state: SectionState }) {
  const label = SECTION_STATE_LABEL[state] ?? state;
  const icon =
    state === 'queued' ? (
      <ClockCircleOutlined />
    ) : state === 'writing' ? (
      <LoadingOutlined spin />
    ) : state === 'written' ? (
      <CheckCircleFilled />
    ) : state === 'edited' ? (
      <EditFilled />
    ) : state === 'failed' ? (
      <CloseCircleFilled />
    ) : state === 'cancelled' ? (
      <StopOutlined />
    ) : (
      <span className="bid-state__empty" />
    );
  return (
    <span className={`bid-state bid-state--${state}`} role="img" aria-label={label} data-state={state}>
      {icon}
    </span>
  );
}

/** The outline on the left: numbers, status dots, drag to reorder / promote / demote, and the per-node actions. */
export function OutlineTree({ editor, readOnly, selectedId, onSelect, states, onRetry, retrying, lockNote, tools, notice }: OutlineTreeProps) {
  const { nodes } = editor;
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const allParents = useMemo(() => flatten(nodes).filter((n) => n.children.length).map((n) => n.id), [nodes]);
  const [expanded, setExpanded] = useState<Key[] | null>(null); // null: everything open
  const expandedKeys = expanded ?? allParents;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [splitFor, setSplitFor] = useState<BidOutlineNode | null>(null);
  const [splitText, setSplitText] = useState('');
  const inputRef = useRef<InputRef>(null);

  // a node selected from elsewhere (coverage list) is scrolled to with its ancestors open — on a new selection only,
  // not on every edit of the outline (the nodes are read through a ref)
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  useEffect(() => {
    if (!selectedId) return;
    const path = pathTo(nodesRef.current, selectedId).slice(0, -1);
    setExpanded((open) => (open && path.some((id) => !open.includes(id)) ? [...new Set([...open, ...path])] : open));
    requestAnimationFrame(() => document.querySelector(`[data-node-id="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: 'nearest' }));
  }, [selectedId]);

  useEffect(() => {
    if (editingId) requestAnimationFrame(() => inputRef.current?.focus({ cursor: 'all' }));
  }, [editingId]);

  const run = (result: EditResult, then?: (r: Extract<EditResult, { ok: true }>) => void) => {
    const err = editor.apply(result);
    if (err) toast.warning(err);
    else if (result.ok) then?.(result);
  };

  const open = (ids: string[]) => setExpanded((e) => (e === null ? null : [...new Set([...e, ...ids])]));

  const startRename = (n: BidOutlineNode) => {
    setDraft(n.title);
    setEditingId(n.id);
  };

  const commitRename = () => {
    if (!editingId) return;
    const n = findNode(nodes, editingId);
    const id = editingId;
    setEditingId(null);
    if (!n || n.title === draft.trim()) return;
    run(renameNode(nodes, id, draft));
  };

  const add = (result: EditResult, parentId?: string) =>
    run(result, (r) => {
      if (parentId) open([parentId]);
      if (r.id) {
        onSelect(r.id);
        const n = findNode(r.nodes, r.id);
        if (n) startRename(n);
      }
    });

  const remove = async (n: BidOutlineNode) => {
    const subs = flatten(n.children).length;
    const ok = await confirmDialog(
      `确定删除「${[n.number, n.title || UNNAMED_CHAPTER].join(' ')}」吗？${subs ? `其下 ${subs} 个子章节也会一起删除。` : ''}`,
      { danger: true },
    );
    if (!ok) return;
    run(removeNode(nodes, n.id), () => {
      if (selectedId && pathTo(nodes, selectedId).includes(n.id)) onSelect(null);
    });
  };

  const regenerate = async (n: BidOutlineNode) => {
    const ok = await confirmDialog(`重新生成「${n.number} ${n.title}」会替换它下面的全部子章节，手动修改的内容将丢失。确定继续吗？`);
    if (ok) await editor.regenerate(n.id);
  };

  const menuFor = (n: BidOutlineNode): MenuProps['items'] => {
    const depth = pathTo(nodes, n.id).length;
    return [
      { key: 'rename', icon: <EditOutlined />, label: '重命名', onClick: () => startRename(n) },
      {
        key: 'child',
        icon: <SubnodeOutlined />,
        label: '添加子章节',
        disabled: depth >= MAX_LEVEL,
        onClick: () => add(addChild(nodes, n.id), n.id),
      },
      { key: 'sibling', icon: <PlusOutlined />, label: '添加同级章节', onClick: () => add(addSibling(nodes, n.id)) },
      {
        key: 'promote',
        icon: <ArrowLeftOutlined />,
        label: '升一级',
        disabled: depth <= 1,
        onClick: () => run(promoteNode(nodes, n.id)),
      },
      {
        key: 'demote',
        icon: <ArrowRightOutlined />,
        label: '降一级',
        disabled: n.index === 0 || depth + subtreeDepth(n) > MAX_LEVEL,
        onClick: () => run(demoteNode(nodes, n.id), (r) => open([pathTo(r.nodes, n.id).slice(-2)[0]!])),
      },
      {
        key: 'split',
        icon: <SplitCellsOutlined />,
        label: canSplit(n) ? '拆分为子项' : <Tooltip title="子项为第 4 级，在第 3 级章节上使用">拆分为子项</Tooltip>,
        disabled: !canSplit(n),
        onClick: () => {
          setSplitText('');
          setSplitFor(n);
        },
      },
      ...(n.level <= 2
        ? [{ key: 'regen', icon: <ReloadOutlined />, label: '重新生成此章', onClick: () => void regenerate(n) }]
        : []),
      { type: 'divider' as const },
      { key: 'delete', icon: <DeleteOutlined />, label: '删除', danger: true, onClick: () => void remove(n) },
    ];
  };

  const titleRender = (data: DataNode) => {
    const n = (data as unknown as OutlineTreeItem).node;
    const st = nodeStatus(n.status);
    const busy = editor.regenerating === n.id;
    const leafState = states && !n.children.length ? (states.get(n.id) ?? 'empty') : null;
    const count = states && n.children.length ? chapterCount(n, states) : null;
    return (
      <div className={`bid-node bid-node--l${n.level}`} data-node-id={n.id} data-section-state={leafState ?? undefined}>
        {leafState ? (
          <Tooltip title={SECTION_STATE_LABEL[leafState]} placement="left">
            <span className="bid-node__state">
              <SectionStateIcon state={leafState} />
            </span>
          </Tooltip>
        ) : (
          <Tooltip title={st.label} placement="left">
            <span className="bid-node__dot" style={{ background: count && count.done === count.total ? '#52c41a' : st.color }} aria-label={st.label} />
          </Tooltip>
        )}
        <span className="bid-node__num">{n.number}</span>
        {editingId === n.id ? (
          <Input
            ref={inputRef}
            size="small"
            className="bid-node__input"
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={commitRename}
            onBlur={commitRename}
            onKeyDown={(e) => {
              e.stopPropagation();
              if (e.key === 'Escape') setEditingId(null);
            }}
            onClick={(e) => e.stopPropagation()}
            onMouseDown={(e) => e.stopPropagation()}
            aria-label="章节标题"
          />
        ) : (
          <span
            className={`bid-node__title${n.title ? '' : ' bid-muted'}`}
            title={n.title}
            onDoubleClick={(e) => {
              if (readOnly) return;
              e.stopPropagation();
              startRename(n);
            }}
          >
            {n.title || UNNAMED_CHAPTER}
            {busy ? <span className="bid-muted">（重新生成中…）</span> : null}
          </span>
        )}
        {count && count.total ? (
          <span className={`bid-node__count${count.done === count.total ? ' bid-node__count--done' : ''}`}>
            {count.done}/{count.total}
          </span>
        ) : null}
        {leafState === 'failed' && onRetry ? (
          <Tooltip title="重新编写失败的章节">
            <Button
              size="small"
              type="text"
              danger
              className="bid-node__retry"
              icon={<ReloadOutlined />}
              loading={retrying}
              aria-label={`重试 ${n.title}`}
              onClick={(e) => {
                e.stopPropagation();
                onRetry();
              }}
            />
          </Tooltip>
        ) : null}
        {!readOnly && editingId !== n.id ? (
          <Dropdown menu={{ items: menuFor(n) }} trigger={['click']} placement="bottomRight">
            <Button
              size="small"
              type="text"
              className="bid-node__more"
              icon={<MoreOutlined />}
              aria-label={`操作 ${n.title}`}
              onClick={(e) => e.stopPropagation()}
            />
          </Dropdown>
        ) : null}
      </div>
    );
  };

  const splitLines = splitText.split(/\r?\n/).filter((l) => l.trim()).length;

  return (
    <div className="bid-tree" data-testid="outline-tree">
      <div className="bid-tree__bar">
        <span className="bid-tree__h">投标目录</span>
        {readOnly && lockNote ? (
          <span className="bid-tree__lock bid-muted bid-small" data-testid="outline-locked">
            {lockNote}
          </span>
        ) : null}
        {!readOnly ? (
          <>
            {tools}
            <span className={`bid-save bid-save--${editor.saveState}`} data-testid="save-state">
              {SAVE_LABEL[editor.saveState]}
            </span>
            <Tooltip title="保存目录（Ctrl+S）">
              <Button
                size="small"
                type={editor.saveState === 'saved' ? 'default' : 'primary'}
                icon={<SaveOutlined />}
                loading={editor.saveState === 'saving'}
                onClick={() => void editor.save()}
              >
                保存
              </Button>
            </Tooltip>
          </>
        ) : null}
      </div>
      {editor.error ? <Alert type="error" showIcon title={editor.error} className="bid-tree__error" data-testid="outline-error" /> : null}
      <OutlineLength editor={editor} readOnly={readOnly} />
      {notice}
      <div className="bid-tree__scroll">
        <Tree
          blockNode
          showLine={false}
          treeData={treeData as unknown as DataNode[]}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys)}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => {
            if (keys.length) onSelect(String(keys[0]));
          }}
          draggable={readOnly ? false : { icon: false, nodeDraggable: (d) => d.key !== editingId }}
          allowDrop={({ dragNode, dropNode, dropPosition }) => {
            const dragId = String(dragNode.key);
            const targetId = String(dropNode.key);
            if (dropPosition === 0) return canDropInside(nodes, dragId, targetId);
            const drag = findNode(nodes, dragId);
            if (!drag || pathTo(nodes, targetId).includes(dragId)) return false;
            return pathTo(nodes, targetId).length - 1 + subtreeDepth(drag) <= MAX_LEVEL;
          }}
          onDrop={(info) => {
            const target = dropTarget({
              dragKey: String(info.dragNode.key),
              dropKey: String(info.node.key),
              dropPos: info.node.pos,
              dropPosition: info.dropPosition,
              dropToGap: info.dropToGap,
              targetExpandedWithChildren: Boolean(info.node.expanded && (info.node.children?.length ?? 0) > 0),
            });
            run(moveNode(nodes, String(info.dragNode.key), target), () => {
              if (target.position === 'inside') open([target.id]);
              onSelect(String(info.dragNode.key));
            });
          }}
          titleRender={titleRender}
        />
        {!readOnly ? (
          <Button type="dashed" block icon={<PlusOutlined />} className="bid-tree__add" onClick={() => add(addChild(nodes, ''))}>
            添加一级章节
          </Button>
        ) : null}
      </div>
      <div className="bid-tree__legend">
        {states
          ? [...STATE_LEGEND, ...([...states.values()].includes('cancelled') ? (['cancelled'] as const) : [])].map((s) => (
              <span key={s}>
                <SectionStateIcon state={s} />
                {SECTION_STATE_LABEL[s]}
              </span>
            ))
          : [0, 1, 2, 3].map((s) => (
              <span key={s}>
                <i style={{ background: nodeStatus(s).color }} />
                {nodeStatus(s).label}
              </span>
            ))}
      </div>
      <Modal
        open={!!splitFor}
        title={`拆分为子项：${splitFor ? `${splitFor.number} ${splitFor.title}` : ''}`}
        okText={splitLines ? `生成 ${splitLines} 个子项` : '生成子项'}
        cancelText="取消"
        okButtonProps={{ disabled: !splitLines }}
        onCancel={() => setSplitFor(null)}
        onOk={() => {
          if (!splitFor) return;
          const id = splitFor.id;
          run(splitNode(nodes, id, splitText), () => {
            open([id]);
            setSplitFor(null);
          });
        }}
        destroyOnHidden
      >
        <p className="bid-muted">粘贴多行文字，每一个非空行成为一个第 4 级子项（追加在已有子项之后）。</p>
        <Input.TextArea
          value={splitText}
          onChange={(e) => setSplitText(e.target.value)}
          autoSize={{ minRows: 6, maxRows: 14 }}
          placeholder={'例如：\n系统总体架构\n数据库设计\n接口设计'}
          aria-label="子项文字"
        />
      </Modal>
    </div>
  );
}
