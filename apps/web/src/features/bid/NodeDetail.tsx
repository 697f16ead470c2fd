import { Breadcrumb, Empty, InputNumber, Select, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import {
  MAX_SECTION_CHARS,
  MIN_SECTION_CHARS,
  OUTLINE_KINDS,
  OUTLINE_MODES,
  UNNAMED_CHAPTER,
  type BidOutlineNode,
  type OutlineKind,
  type OutlineMode,
  type TenderCard,
} from '@btz/shared';
import { toast } from '../../lib/feedback';
import { scoringOf } from './coverage';
import type { OutlineEditor } from './hooks';
import { CATEGORY_COLOR, CATEGORY_LABEL, MODE_HINT, MODE_LABEL, nodeStatus } from './labels';
import { findNode, flatten, patchNode, pathTo, renameNode } from './outline';
import { charsPerPage } from './OutlineLength';

/** The centre pane: the selected section's facts (title, kind, mode, scoring items, target length) and the editor's place. */
export function NodeDetail({
  editor,
  nodeId,
  card,
  readOnly,
  onSelect,
}: {
  editor: OutlineEditor;
  nodeId: string | null;
  card: TenderCard | null;
  readOnly: boolean;
  onSelect: (id: string) => void;
}) {
  const { nodes } = editor;
  const node = nodeId ? findNode(nodes, nodeId) : null;
  if (!node) {
    return (
      <div className="bid-detail bid-detail--empty">
        <Empty description="在左侧目录中选择一个章节，查看它响应的评分项与编写方式" />
      </div>
    );
  }
  const patch = (p: Partial<BidOutlineNode>) => {
    const err = editor.apply(patchNode(nodes, node.id, p));
    if (err) toast.warning(err);
  };
  const path = pathTo(nodes, node.id).map((id) => findNode(nodes, id)!);
  const answered = scoringOf(node, card?.scoring);
  const clauses = [...(card?.starClauses ?? []), ...(card?.importantClauses ?? [])].filter((c) => node.clauseIds?.includes(c.id));
  const leaves = flatten(node.children).filter((n) => !n.children.length);
  const st = nodeStatus(node.status);
  // which item is answered where: shown in the picker so a gap can be filled from here
  const answeredBy = new Map<string, string[]>();
  for (const n of flatten(nodes)) for (const s of n.scoringIds ?? []) answeredBy.set(s, [...(answeredBy.get(s) ?? []), n.number]);

  return (
    <div className="bid-detail" data-testid="node-detail">
      <Breadcrumb
        className="bid-detail__crumbs"
        items={path.map((n) => ({
          key: n.id,
          title: n.id === node.id ? `${n.number} ${n.title || UNNAMED_CHAPTER}` : <a onClick={() => onSelect(n.id)}>{`${n.number} ${n.title || UNNAMED_CHAPTER}`}</a>,
        }))}
      />
      <div className="bid-detail__num">{node.number}</div>
      <Typography.Title
        level={4}
        className="bid-detail__title"
        editable={
          readOnly
            ? false
            : {
                icon: <EditOutlined />,
                tooltip: '重命名',
                maxLength: 200,
                onChange: (v) => {
                  if (v.trim() === node.title) return;
                  const err = editor.apply(renameNode(nodes, node.id, v));
                  if (err) toast.warning(err);
                },
              }
        }
      >
        {node.title || UNNAMED_CHAPTER}
      </Typography.Title>

      <div className="bid-detail__grid">
        <div className="bid-detail__field">
          <label>层级</label>
          <span>
            第 {node.level} 级{node.level === 4 ? '（子项）' : ''} · 编号 {node.number}
          </span>
        </div>
        <div className="bid-detail__field">
          <label>状态</label>
          <span>
            <i className="bid-node__dot" style={{ background: st.color }} /> {st.label}
          </span>
        </div>
        <div className="bid-detail__field">
          <label>类型</label>
          <Select<OutlineKind>
            size="small"
            value={node.kind}
            disabled={readOnly}
            style={{ width: 110 }}
            onChange={(kind) => patch({ kind })}
            options={OUTLINE_KINDS.map((k) => ({ value: k, label: k }))}
            aria-label="类型"
          />
        </div>
        <div className="bid-detail__field">
          <label>编写方式</label>
          <Select<OutlineMode>
            size="small"
            value={node.mode}
            disabled={readOnly}
            style={{ width: 140 }}
            onChange={(mode) => patch({ mode })}
            options={OUTLINE_MODES.map((m) => ({ value: m, label: MODE_LABEL[m] }))}
            aria-label="编写方式"
          />
          <span className="bid-muted bid-small">{MODE_HINT[node.mode]}</span>
        </div>
        <div className="bid-detail__field">
          <label>目标字数</label>
          {node.children.length ? (
            <span className="bid-muted">
              由 {leaves.length} 个下级小节分别撰写
              {leaves.some((l) => l.targetChars) ? `，合计约 ${leaves.reduce((a, l) => a + (l.targetChars ?? 0), 0).toLocaleString()} 字` : ''}
            </span>
          ) : node.mode === 'ai' ? (
            <span>
              <InputNumber<number>
                size="small"
                min={MIN_SECTION_CHARS}
                max={MAX_SECTION_CHARS}
                step={500}
                value={node.targetChars ?? null}
                placeholder="3000"
                disabled={readOnly}
                suffix="字"
                style={{ width: 130 }}
                onChange={(v) => patch({ targetChars: typeof v === 'number' ? v : undefined })}
                aria-label="目标字数"
              />
              {node.targetChars ? <span className="bid-muted bid-small"> 约 {Math.max(1, Math.round(node.targetChars / charsPerPage()))} 页</span> : null}
            </span>
          ) : (
            <span className="bid-muted">{node.mode === 'form' ? '按招标格式填写，不计字数' : '按条目逐条应答，不计字数'}</span>
          )}
        </div>
      </div>

      <div className="bid-detail__section">
        <h4>响应的评分项</h4>
        {answered.length ? (
          <ul className="bid-detail__scoring">
            {answered.map((s) => (
              <li key={s.id}>
                <b>{s.item}</b>
                {s.points !== null ? <span className="bid-muted"> · {s.points} 分</span> : null}{' '}
                <Tag color={CATEGORY_COLOR[s.category]}>{CATEGORY_LABEL[s.category]}</Tag>
                {s.criteria ? <div className="bid-muted bid-small">{s.criteria}</div> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="bid-muted">本章节暂未对应评分项。</p>
        )}
        {card?.scoring.length && !readOnly ? (
          <Select<string[]>
            mode="multiple"
            size="small"
            className="bid-detail__pick"
            placeholder="添加本章节响应的评分项"
            value={node.scoringIds}
            onChange={(scoringIds) => patch({ scoringIds })}
            optionFilterProp="label"
            options={card.scoring.map((s) => {
              const where = (answeredBy.get(s.id) ?? []).filter((num) => num !== node.number);
              return {
                value: s.id,
                label: `${s.item}${s.points !== null ? `（${s.points}分）` : ''}`,
                where: where.length ? `已由 ${where.join('、')} 响应` : node.scoringIds.includes(s.id) ? '仅由本章节响应' : '未覆盖',
                gap: !where.length && !node.scoringIds.includes(s.id),
              };
            })}
            optionRender={(o) => (
              <span className="bid-detail__opt">
                {o.label}
                <span className={o.data.gap ? 'bid-detail__opt-gap' : 'bid-muted'}> · {o.data.where}</span>
              </span>
            )}
            aria-label="响应的评分项"
          />
        ) : null}
      </div>

      {clauses.length ? (
        <div className="bid-detail__section">
          <h4>逐条应答的 ★/▲ 条款（{clauses.length}）</h4>
          <ul className="bid-detail__clauses">
            {clauses.slice(0, 8).map((c) => (
              <li key={c.id}>{c.text}</li>
            ))}
            {clauses.length > 8 ? <li className="bid-muted">…… 另有 {clauses.length - 8} 条</li> : null}
          </ul>
        </div>
      ) : null}

    </div>
  );
}
