import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { contentCalls, orderCalls } from '@btz/shared/calls';
import { callApi } from '../../api/call';
import { useNewsList } from './queries';
import { asPage } from './api';
import { formatDate } from './ui';
import './home-live.css';

// named by type only (the home page does not load the calls' schemas)
const fetchBarrage = async () =>
  asPage(
    await callApi<typeof orderCalls.barrage>(
      '/btz/barrage/queryBarrageList',
      { query: { current: 1, size: 20 } },
      { silent: true, repeatSubmit: false },
    ),
  ).records;

// the brand's notices, written by an operator (never purchases: the server refuses texts shaped like one)
const fetchNotices = async () =>
  callApi<typeof contentCalls.notices>('/btz-skip/content/notices', {}, { silent: true, repeatSubmit: false });

/** A slow ticker of short lines under a badge; nothing when there are none. */
function TickerLine({ badge, label, items, notice }: { badge: string; label: string; items: { id: string; content: string }[] | undefined; notice?: boolean }) {
  if (!items?.length) return null;
  const doubled = [...items, ...items];
  return (
    <div className={`hl-ticker${notice ? ' hl-ticker--notice' : ''}`} aria-label={label}>
      <span className="hl-ticker__badge">{badge}</span>
      <div className="hl-ticker__viewport">
        <ul className="hl-ticker__track" style={{ animationDuration: `${items.length * 4}s` }}>
          {doubled.map((b, i) => (
            <li key={`${b.id}-${i}`} aria-hidden={i >= items.length ? true : undefined}>
              {b.content}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** What other users just did (real paid orders only), and apart from it the brand's notices. */
function Ticker() {
  const { data } = useQuery({ queryKey: ['site', 'barrage'], queryFn: fetchBarrage, staleTime: 300_000 });
  const notices = useQuery({ queryKey: ['site', 'notices'], queryFn: fetchNotices, staleTime: 300_000 });
  return (
    <>
      <TickerLine badge="公告" label="平台公告" items={notices.data} notice />
      <TickerLine badge="实时动态" label="用户动态" items={data} />
    </>
  );
}

/** Home page: the latest industry news (three cards) under a ticker of user activity. Loaded after the first paint. */
export default function HomeLive() {
  const { data, isError } = useNewsList({ current: 1, size: 3 });
  const news = data?.records ?? [];
  return (
    <section className="home-section hl" aria-labelledby="hl-title">
      <Ticker />
      <div className="hl__head">
        <div>
          <span className="home-eyebrow">行业动态</span>
          <h2 id="hl-title">招投标政策与实务，持续更新</h2>
        </div>
        <Link to="/home/industry_dynamics.html" className="hl__more">
          查看全部 →
        </Link>
      </div>
      {isError ? (
        <p className="hl__empty">资讯暂时无法加载，请稍后刷新，或直接前往行业动态栏目。</p>
      ) : (
        <ul className="hl__list">
          {(news.length ? news : [null, null, null]).map((n, i) =>
            n ? (
              <li key={n.id}>
                <Link to={`/dynamic/${n.id}.html`} className="hl__card">
                  <span className="hl__meta">
                    {n.category ? <span className="hl__chip">{n.category}</span> : null}
                    <time dateTime={n.publishTime}>{formatDate(n.publishTime)}</time>
                  </span>
                  <strong>{n.title}</strong>
                  <span className="hl__summary">{n.summary}</span>
                </Link>
              </li>
            ) : (
              <li key={i} className="hl__card hl__card--ghost" aria-hidden="true" />
            ),
          )}
        </ul>
      )}
    </section>
  );
}
