import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Empty, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@btz/shared';
import { toast } from '../../../lib/feedback';
import { AnalysisReportButton } from '../AnalysisReportButton';
import { bidKeys, generateOutline, type BidDetail } from '../api';
import { coverageBadge, coverageView } from '../coverage';
import { CoveragePanel } from '../CoveragePanel';
import { FilesPanel } from '../FilesPanel';
import { errorText, useOutlineEditor, type WritingState } from '../hooks';
import { NodeDetail } from '../NodeDetail';
import { OutlineImportButton, UnmappedRows, type UnmappedRow } from '../OutlineImport';
import { OutlineTree } from '../OutlineTree';
import { PageDrawer, type PageRef } from '../PageDrawer';
import { TenderCardPanel } from '../TenderCardPanel';
import { findNode, flatten } from '../outline';
import { ExportPanel } from '../ExportPanel';
import { HealthPanel } from '../HealthPanel';
import { useBidHealth } from '../health';
import { SectionPane } from '../SectionPane';
import { sectionStates } from '../writing';
import { reportBlocked, type PaneTab } from './state';
import { ActivityPanel } from '../../team/ActivityPanel';
import { PresenceStrip } from '../../team/PresenceStrip';
import { useBidPresence, useBidTeam } from '../../team/hooks';

/** The three panes: outline, the selected section, and the tender card / coverage / files / health / export. */
export function Panes({
  bid,
  readOnly,
  writing,
  tab,
  setTab,
  onRetry,
  retrying,
}: {
  bid: BidDetail;
  readOnly: boolean;
  writing: WritingState;
  tab: PaneTab;
  setTab: (t: PaneTab) => void;
  onRetry: () => void;
  retrying: boolean;
}) {
  const qc = useQueryClient();
  const outlineReadOnly = readOnly || bid.status === 'writing';
  const editor = useOutlineEditor(bid, outlineReadOnly);
  // the section the user (or following the pen) chose; what is shown is derived from it below
  // `?node=` (a link from 「我的任务」 or 消息) opens that section first
  const [params] = useSearchParams();
  const [chosenId, setChosenId] = useState<string | null>(() => params.get('node'));
  const [pageRef, setPageRef] = useState<PageRef | null>(null);
  const [generating, setGenerating] = useState(false);
  // the scoring rows the outline the user imported does not answer (until each got a section or the note is closed)
  const [unmapped, setUnmapped] = useState<UnmappedRow[]>([]);
  // while writing, the centre pane follows the pen until the user picks a section
  const [follow, setFollow] = useState(bid.status === 'writing');
  // writing (re)started or ended: follow the pen again, or stop (adjusting state while rendering, on a status change)
  const [followedStatus, setFollowedStatus] = useState(bid.status);
  if (followedStatus !== bid.status) {
    setFollowedStatus(bid.status);
    setFollow(bid.status === 'writing');
  }
  // coverage by points: the mapping from the outline being edited, the answered state from the stored health result
  const checkable = bid.status === 'written' || bid.status === 'finished';
  const health = useBidHealth(bid.id, checkable).data;
  const coverage = useMemo(
    () => coverageView(bid.card, editor.nodes, editor.coverage, checkable ? health : null),
    [bid.card, editor.nodes, editor.coverage, checkable, health],
  );
  const badge = coverageBadge(coverage);
  // the leaves show their writing state once any writing happened
  const started =
    bid.status === 'writing' ||
    bid.status === 'written' ||
    bid.status === 'finished' ||
    (bid.status === 'outlined' && !!writing.progress?.sections.some((s) => s.state !== 'empty'));
  const states = useMemo(() => sectionStates(editor.nodes, writing.progress), [editor.nodes, writing.progress]);

  // the shown section: the chosen one while it exists, else the first section (also when the chosen one was deleted)
  const firstId = editor.nodes.length ? (flatten(editor.nodes).find((n) => !n.children.length) ?? editor.nodes[0]!).id : null;
  const selectedId = chosenId && findNode(editor.nodes, chosenId) ? chosenId : firstId;

  // following: when the open section is not being written, open one that is (remembered, so the pane stays on it when
  // the pen moves on or writing ends)
  if (follow && bid.status === 'writing' && (selectedId ? states.get(selectedId) : undefined) !== 'writing') {
    const next = [...states].find(([, st]) => st === 'writing')?.[0];
    if (next && next !== selectedId) setChosenId(next);
  }

  const pick = (id: string | null) => {
    setFollow(false);
    setChosenId(id);
  };

  // Ctrl+S saves the outline (the section editor saves its own text first and stops the key)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        if (e.defaultPrevented) return;
        e.preventDefault();
        if (!outlineReadOnly && editor.saveState !== 'saved') void editor.save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor, outlineReadOnly]);

  // a refusal because the bid was finished elsewhere: reload it (the screen turns read-only)
  useEffect(() => {
    if (editor.error === TEXT.readOnlyBid) void qc.invalidateQueries({ queryKey: bidKeys.detail(bid.id) });
  }, [editor.error, qc, bid.id]);

  const generate = async () => {
    setGenerating(true);
    try {
      editor.replace(await generateOutline(bid.id));
    } catch (e) {
      toast.error(errorText(e, '目录生成失败，请稍后重试'));
    } finally {
      setGenerating(false);
    }
  };

  const team = useBidTeam(bid.id);
  const viewers = useBidPresence(bid.id, selectedId);
  const titleOf = (id: string) => {
    const n = findNode(editor.nodes, id);
    return n ? `${n.number} ${n.title}` : null;
  };

  const selected = selectedId ? findNode(editor.nodes, selectedId) : null;
  const selectedState = selected && !selected.children.length ? (states.get(selected.id) ?? 'empty') : null;
  const written = bid.status === 'written' || bid.status === 'finished';

  return (
    <div className="bid-panes">
      <section className="wb-card bid-pane bid-pane--left">
        {editor.nodes.length ? (
          <OutlineTree
            editor={editor}
            readOnly={outlineReadOnly}
            selectedId={selectedId}
            onSelect={pick}
            states={started ? states : null}
            onRetry={readOnly || bid.status === 'writing' ? undefined : onRetry}
            retrying={retrying}
            lockNote={readOnly ? '已完成编写，只读' : bid.status === 'writing' ? '编写中，目录暂不可修改' : undefined}
            tools={<OutlineImportButton bidId={bid.id} editor={editor} hasOutline onImported={setUnmapped} />}
            notice={<UnmappedRows rows={unmapped} editor={editor} readOnly={outlineReadOnly} onDone={setUnmapped} />}
          />
        ) : (
          <div className="bid-pane__empty">
            <Empty description="还没有目录">
              {!readOnly ? (
                <div className="bid-pane__actions">
                  <Button type="primary" loading={generating} onClick={() => void generate()}>
                    生成目录
                  </Button>
                  <OutlineImportButton bidId={bid.id} editor={editor} hasOutline={false} onImported={setUnmapped} />
                </div>
              ) : null}
            </Empty>
          </div>
        )}
      </section>
      <section className="wb-card bid-pane bid-pane--centre">
        <PresenceStrip viewers={viewers} shownId={selectedId} titleOf={titleOf} onSelect={pick} />
        {!editor.nodes.length ? (
          <div className="bid-pane__empty">
            <Empty description="目录会按招标文件规定的投标文件组成生成第一级章节，并让每个评分项都有章节响应。点击左侧「生成目录」开始。" />
          </div>
        ) : selected && selectedState ? (
          <SectionPane
            key={selected.id}
            bidId={bid.id}
            editor={editor}
            nodeId={selected.id}
            card={bid.card}
            state={selectedState}
            live={writing.live[selected.id]?.text ?? null}
            finished={readOnly}
            outlineReadOnly={outlineReadOnly}
            preferSettings={bid.status === 'outlined' && selectedState === 'empty'}
            onSelect={pick}
            onSaved={() => writing.refresh()}
            team={team}
            viewers={viewers}
          />
        ) : (
          <NodeDetail editor={editor} nodeId={selectedId} card={bid.card} readOnly={outlineReadOnly} onSelect={pick} />
        )}
      </section>
      <section className="wb-card bid-pane bid-pane--right">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as PaneTab)}
          tabBarGutter={20}
          className="bid-tabs"
          items={[
            {
              key: 'card',
              label: '招标要点',
              children: (
                <>
                  <div className="bid-report-bar">
                    <span className="bid-muted bid-small">投标前先看：要点与资格对照</span>
                    <AnalysisReportButton bidId={bid.id} projectName={bid.card?.projectName?.value || bid.name} disabledReason={reportBlocked(bid)} />
                  </div>
                  <TenderCardPanel card={bid.card} files={bid.files} onOpen={setPageRef} />
                </>
              ),
            },
            {
              key: 'coverage',
              label: (
                <span>
                  评分覆盖 {badge ? <Badge count={badge.text} color={badge.color} size="small" /> : null}
                </span>
              ),
              children: <CoveragePanel view={coverage} selectedId={selectedId} onSelect={pick} />,
            },
            {
              key: 'files',
              label: `文件（${bid.files.length}）`,
              children: <FilesPanel bidId={bid.id} files={bid.files} readOnly={readOnly} />,
            },
            {
              key: 'health',
              label: '内容检查',
              children: <HealthPanel bidId={bid.id} nodes={editor.nodes} enabled={written} onSelect={pick} anonymity={!!bid.card?.anonymity?.required} />,
            },
            {
              key: 'export',
              label: '导出',
              children: <ExportPanel bidId={bid.id} nodes={editor.nodes} readOnly={readOnly} canExport={written} />,
            },
            {
              key: 'activity',
              label: '动态',
              children: <ActivityPanel bidId={bid.id} active={tab === 'activity'} onSelect={pick} />,
            },
          ]}
        />
      </section>
      <PageDrawer bidId={bid.id} files={bid.files} target={pageRef} onClose={() => setPageRef(null)} />
    </div>
  );
}
