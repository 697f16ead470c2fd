import { Link } from 'react-router';
import { ACTIVITY_STATUS_LABEL } from '@btz/shared';
import { SitePage } from '../../components/site/SitePage';
import { useActivityList } from '../../features/site/queries';
import { formatDate } from '../../features/site/ui';
import '../../features/site/site-pages.css';

/** /activity — the brand's activities (a bare `/activity` used to fall to the invitation-code page's 404). */
export default function ActivityList() {
  const q = useActivityList({ current: 1, size: 50 });
  const list = q.data?.records ?? [];
  return (
    <SitePage title="优惠活动" crumb={<>优惠活动</>} lead="平台正在进行和即将开始的活动，参与即可领取优惠券与标书份数。">
      {q.isLoading ? (
        <p className="sx-muted">正在加载活动…</p>
      ) : q.isError ? (
        <p className="sx-muted">活动加载失败，请稍后刷新重试。</p>
      ) : list.length === 0 ? (
        <p className="sx-muted">暂无进行中的活动，敬请期待。你也可以在工作台的福利中心完成任务领取奖励。</p>
      ) : (
        <ul className="sx-activity-list">
          {list.map((a) => (
            <li key={a.id}>
              <Link to={`/activity/${a.id}.html`}>
                <b>{a.title}</b>
              </Link>
              <span className={`sx-status sx-status--${a.status}`}>{a.statusLabel || ACTIVITY_STATUS_LABEL[a.status] || ''}</span>
              <p>{a.summary}</p>
              <span className="sx-muted">
                {formatDate(a.startTime)} 至 {formatDate(a.endTime)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SitePage>
  );
}
