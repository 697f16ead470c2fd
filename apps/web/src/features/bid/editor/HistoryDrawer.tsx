import { useEffect, useState, type JSX } from 'react';
import { Alert, Button, Drawer, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { diffCounts, SECTION_SOURCE_LABELS, type SectionHistoryEntry, type SectionSaved } from '@btz/shared';
import { toast } from '../../../lib/feedback';
import { errorText } from '../hooks';
import { fetchSectionHistory, fetchSectionRevision, restoreSectionRevision, sectionHistoryKey } from './api';
import { formatTime } from '../../../lib/time';


function entryLine(e: SectionHistoryEntry): string {
  const who = e.source === 'writer' ? '' : e.author ?? '';
  const from = e.source === 'restore' && e.restoredFrom !== null ? `（恢复第 ${e.restoredFrom} 版）` : '';
  return `${who}${from}`;
}

/**
 * A section's history (issue 27): every entry (the AI writer's text, each person's saves, restores) newest first; the
 * chosen one shown as its difference to the text as it is now (removed text struck through in red, added text in
 * green), and restored with one click — a new version, the current text stays in the history.
 */
export function HistoryDrawer(props: {
  bidId: string;
  nodeId: string;
  title: string;
  open: boolean;
  onClose(): void;
  /** restore allowed (the bid is not finished and the user may change it) */
  canRestore: boolean;
  /** saves what the editor still holds and answers the revision a restore is based on (null: could not save) */
  beforeRestore(): Promise<number | null>;
  onRestored(saved: SectionSaved): void;
}): JSX.Element {
  const { bidId, nodeId, open } = props;
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: sectionHistoryKey(bidId, nodeId),
    queryFn: () => fetchSectionHistory(bidId, nodeId),
    enabled: open,
    staleTime: 0,
    retry: false,
  });
  const entries = list.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (!open) setChosen(null);
  }, [open]);
  const pick = chosen ?? entries[1]?.id ?? entries[0]?.id ?? null;
  const rev = useQuery({
    queryKey: [...sectionHistoryKey(bidId, nodeId), 'entry', pick],
    queryFn: () => fetchSectionRevision(bidId, nodeId, pick!),
    enabled: open && !!pick,
    staleTime: 0,
    retry: false,
  });
  const [restoring, setRestoring] = useState(false);
  const isCurrent = !!rev.data && rev.data.entry.revision === rev.data.current.revision;
  const counts = rev.data ? diffCounts(rev.data.diff) : null;

  const restore = async () => {
    if (!pick) return;
    setRestoring(true);
    try {
      const base = await props.beforeRestore();
      if (base === null) return;
      const saved = await restoreSectionRevision(bidId, nodeId, pick, base);
      toast.success('已恢复该版本，原内容已保留在历史版本中');
      props.onRestored(saved);
      setChosen(null);
      await qc.invalidateQueries({ queryKey: sectionHistoryKey(bidId, nodeId) });
    } catch (e) {
      toast.error(errorText(e, '恢复失败，请稍后重试'));
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Drawer open={open} onClose={props.onClose} size={720} title={`历史版本 · ${props.title}`} destroyOnHidden>
      {list.isError ? (
        <Alert type="error" showIcon title="历史版本加载失败" description={errorText(list.error, '请稍后重试')} />
      ) : list.isLoading ? (
        <Skeleton active />
      ) : !entries.length ? (
        <Empty description="本节还没有保存过内容" />
      ) : (
        <div className="sec-hist" data-testid="section-history">
          <ol className="sec-hist__list">
            {entries.map((e, i) => (
              <li key={e.id}>
                <button type="button" className={`sec-hist__item${e.id === pick ? ' sec-hist__item--on' : ''}`} onClick={() => setChosen(e.id)}>
                  <span className="sec-hist__time">{formatTime(e.updateTime)}</span>
                  <span className="sec-hist__who">
                    <Tag color={e.source === 'writer' ? 'blue' : e.source === 'restore' ? 'orange' : 'default'}>{SECTION_SOURCE_LABELS[e.source]}</Tag>
                    {entryLine(e)}
                  </span>
                  <span className="sec-hist__meta">
                    第 {e.revision} 版 · {e.chars} 字{i === 0 ? ' · 当前' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          <div className="sec-hist__view">
            {rev.isError ? (
              <Alert type="error" showIcon title={errorText(rev.error, '该版本加载失败')} />
            ) : !rev.data ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : (
              <>
                <div className="sec-hist__bar">
                  <span>
                    {isCurrent
                      ? '这是当前内容'
                      : `与当前内容相比：当前比此版本多 ${counts!.added} 字、少 ${counts!.removed} 字`}
                  </span>
                  {props.canRestore && !isCurrent ? (
                    <Popconfirm title="恢复此版本？" description="当前内容会保留在历史版本中，可随时再恢复。" okText="恢复" cancelText="取消" onConfirm={() => void restore()}>
                      <Button type="primary" size="small" loading={restoring} data-testid="history-restore">
                        恢复此版本
                      </Button>
                    </Popconfirm>
                  ) : null}
                </div>
                {!isCurrent ? (
                  <div className="sec-hist__legend bid-muted bid-small">
                    <del>删除线</del>为此版本有、当前已删去的文字；<ins>绿色</ins>为当前新增的文字。
                  </div>
                ) : null}
                <div className="sec-hist__diff" data-testid="history-diff">
                  {rev.data.diff.length ? (
                    rev.data.diff.map((p, i) =>
                      p.kind === 'same' ? <span key={i}>{p.text}</span> : p.kind === 'del' ? <del key={i}>{p.text}</del> : <ins key={i}>{p.text}</ins>,
                    )
                  ) : (
                    <span className="bid-muted">（空）</span>
                  )}
                </div>
              </>
            )}
          </div>
        </div>
      )}
    </Drawer>
  );
}
