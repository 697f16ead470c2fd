import { Empty, Skeleton, Timeline } from 'antd';
import { BID_ACTIVITY_LABELS } from '@btz/shared';
import { useBidActivity } from './hooks';
import './team.css';

/** 动态: who wrote, edited, assigned, exported, finished what and when, newest first. */
export function ActivityPanel({ bidId, active, onSelect }: { bidId: string; active: boolean; onSelect: (nodeId: string) => void }) {
  const q = useBidActivity(bidId, active);
  if (q.isLoading) return <Skeleton active />;
  const rows = q.data ?? [];
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有动态" />;
  return (
    <Timeline
      className="team-activity"
      data-testid="activity-panel"
      items={rows.map((e) => ({
        key: e.id,
        content: (
          <div className="team-activity__item">
            <div>
              <b>{e.nickName || '成员'}</b> {BID_ACTIVITY_LABELS[e.action]}
              {e.detail ? (
                e.nodeId && e.action === 'edit' ? (
                  <a onClick={() => onSelect(e.nodeId)}>「{e.detail}」</a>
                ) : (
                  <span>「{e.detail}」</span>
                )
              ) : null}
            </div>
            <div className="team-muted">{e.time.slice(0, 16)}</div>
          </div>
        ),
      }))}
    />
  );
}
