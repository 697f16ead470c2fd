import { useState } from 'react';
import { Alert, Breadcrumb, Segmented, Tag } from 'antd';
import type { BidPresence, BidTeam } from '@btz/shared';
import { SectionTeamBar } from '../team/SectionTeamBar';
import { CommentsPanel } from '../team/CommentsPanel';
import { canEditSection, reviewOf } from '../team/hooks';
import { PRINTED_PART_NOTE, UNNAMED_CHAPTER, isPrintedPart, type SectionSaved, type SectionState, type TenderCard } from '@btz/shared';
import { SectionEditor } from './editor/SectionEditor';
import type { OutlineEditor } from './hooks';
import { NodeDetail } from './NodeDetail';
import { SuggestPanel } from '../repository/SuggestPanel';
import { SectionStateIcon } from './OutlineTree';
import { findNode, pathTo } from './outline';
import { SECTION_STATE_LABEL } from './writing';

const STATE_TAG: Record<SectionState, string> = {
  empty: 'default',
  queued: 'default',
  writing: 'processing',
  written: 'success',
  edited: 'warning',
  failed: 'error',
  cancelled: 'default',
};

/**
 * The centre pane for a leaf section: its text in the section editor (streamed in while it is being written) and, on
 * the second tab, the section's settings (kind, mode, scoring items, target length); on the third, the passages of past
 * bids the repository suggests for it (pin / exclude).
 */
export function SectionPane({
  bidId,
  editor,
  nodeId,
  card,
  state,
  live,
  finished,
  outlineReadOnly,
  preferSettings,
  onSelect,
  onSaved,
  team = null,
  viewers = [],
}: {
  bidId: string;
  editor: OutlineEditor;
  nodeId: string;
  card: TenderCard | null;
  state: SectionState;
  live: string | null;
  /** the bid is finished: everything read-only */
  finished: boolean;
  /** the outline cannot be edited now (writing or finished) */
  outlineReadOnly: boolean;
  /** open on the settings tab (before any writing) */
  preferSettings: boolean;
  onSelect: (id: string) => void;
  onSaved?: (s: SectionSaved) => void;
  /** the caller's rules on the bid (who may edit which section) and who has it open where */
  team?: BidTeam | null;
  viewers?: BidPresence['viewers'];
}) {
  // until the user picks a tab: settings before any writing, the text from then on
  const [picked, setTab] = useState<'text' | 'settings' | 'refs' | 'comments' | null>(null);
  const tab = picked ?? (preferSettings ? 'settings' : 'text');
  const node = findNode(editor.nodes, nodeId);
  if (!node) return null;
  const path = pathTo(editor.nodes, nodeId).map((id) => findNode(editor.nodes, id)!);
  const title = node.title || UNNAMED_CHAPTER;
  const writing = state === 'writing';
  const mine = canEditSection(team, nodeId);

  return (
    <div className="bid-section" data-testid="section-pane" data-node-id={nodeId} data-section-state={state}>
      <div className="bid-section__head">
        <Breadcrumb
          className="bid-section__crumbs"
          items={path.map((n) => ({
            key: n.id,
            title:
              n.id === nodeId ? (
                `${n.number} ${n.title || UNNAMED_CHAPTER}`
              ) : (
                <a onClick={() => onSelect(n.id)}>{`${n.number} ${n.title || UNNAMED_CHAPTER}`}</a>
              ),
          }))}
        />
        <span className="bid-head__spacer" />
        <Tag color={STATE_TAG[state]} className="bid-section__state" data-testid="section-state">
          <SectionStateIcon state={state} /> {SECTION_STATE_LABEL[state]}
        </Tag>
        <Segmented
          size="small"
          value={tab}
          onChange={(v) => setTab(v as 'text' | 'settings' | 'refs' | 'comments')}
          options={[
            { value: 'text', label: '正文' },
            { value: 'settings', label: '章节设置' },
            { value: 'refs', label: '参考段落' },
            { value: 'comments', label: '评论' },
          ]}
        />
      </div>
      <SectionTeamBar bidId={bidId} nodeId={nodeId} team={team} viewers={viewers} readOnly={finished} />
      {tab === 'text' && isPrintedPart(path[0]?.title) ? (
        <div className="bid-section__body">
          <Alert type="info" showIcon message={PRINTED_PART_NOTE} data-testid="printed-part-note" />
        </div>
      ) : tab === 'text' ? (
        <div className="bid-section__body">
          <SectionEditor
            key={nodeId}
            bidId={bidId}
            nodeId={nodeId}
            title={title}
            readOnly={finished || writing || !mine}
            live={writing ? { text: live ?? '' } : null}
            onSaved={onSaved}
          />
        </div>
      ) : tab === 'comments' ? (
        <div className="bid-section__body">
          <CommentsPanel bidId={bidId} nodeId={nodeId} team={team} />
        </div>
      ) : tab === 'refs' ? (
        <div className="bid-section__body">
          <SuggestPanel bidId={bidId} nodeId={nodeId} readOnly={finished || reviewOf(team, nodeId).state === 'approved'} />
        </div>
      ) : (
        <NodeDetail editor={editor} nodeId={nodeId} card={card} readOnly={outlineReadOnly} onSelect={onSelect} />
      )}
    </div>
  );
}
