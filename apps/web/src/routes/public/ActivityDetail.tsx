import { Link, useLoaderData } from 'react-router';
import { ACTIVITY_STATUS_LABEL } from '@btz/shared';
import { SitePage } from '../../components/site/SitePage';
import { openLogin } from '../../lib/events';
import { useUser } from '../../stores/user';
import type { ActivityDetail as Activity } from '../../features/site/api';
import type { Loaded } from '../../features/site/loaders';
import { RichText } from '../../features/site/RichText';
import { DetailError, formatDate } from '../../features/site/ui';
import '../../features/site/site-pages.css';

const WELFARE = '/workbench/welfareCenter';

/** /activity/{id}.html — an activity: period, state, what it is and how to take part. */
export default function ActivityDetail() {
  const { item, error } = useLoaderData() as Loaded<Activity>;
  if (!item) {
    return (
      <SitePage title="活动详情">
        <DetailError text={error ?? '活动加载失败'} back={{ label: '返回首页', to: '/' }} />
      </SitePage>
    );
  }
  return <ActivityView item={item} />;
}

/** An activity as its public page shows it (the console's preview renders the same). */
export function ActivityView({ item }: { item: Activity }) {
  const loggedIn = useUser((s) => Boolean(s.token));
  const label = item.statusLabel || ACTIVITY_STATUS_LABEL[item.status] || '';
  return (
    <SitePage title={item.title} crumb={<>活动 / {item.title}</>} lead={item.summary || undefined}>
      <div className="sx-activity">
        <dl className="sx-facts">
          <div>
            <dt>活动时间</dt>
            <dd>
              {formatDate(item.startTime, true)} 至 {formatDate(item.endTime, true)}
            </dd>
          </div>
          <div>
            <dt>活动状态</dt>
            <dd>
              <span className={`sx-status sx-status--${item.status}`}>{label}</span>
            </dd>
          </div>
        </dl>
        <div className="sx-activity__cta">
          {item.status === 3 ? (
            <span className="sx-muted">本次活动已结束，敬请关注下一期。</span>
          ) : item.status === 1 ? (
            <span className="sx-muted">活动将于 {formatDate(item.startTime, true)} 开始，敬请期待。</span>
          ) : loggedIn ? (
            <Link className="btz-btn btz-btn--primary btz-btn--lg" to={WELFARE}>
              去福利中心参与
            </Link>
          ) : (
            <button type="button" className="btz-btn btz-btn--primary btz-btn--lg" onClick={() => openLogin({ redirect: WELFARE })}>
              登录后参与活动
            </button>
          )}
        </div>
      </div>
      <RichText body={item.body} />
      <div className="sx-back">
        <Link className="btz-btn" to="/home/website_map.html">
          查看更多活动
        </Link>
      </div>
    </SitePage>
  );
}
