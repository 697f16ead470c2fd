import { Link, useSearchParams } from 'react-router';
import { SitePage } from '../../components/site/SitePage';
import { useNewsCategories, useNewsList } from '../../features/site/queries';
import { errorText } from '../../features/site/api';
import { ListSkeleton, Pager, StateBox, formatDate } from '../../features/site/ui';
import '../../features/site/site-pages.css';

const SIZE = 10;

/** /home/industry_dynamics.html — industry news, paged, by category (page and category live in the query string). */
export default function IndustryDynamics() {
  const [params, setParams] = useSearchParams();
  const current = Math.max(1, Number(params.get('page')) || 1);
  const category = params.get('category') ?? '';
  const { data, isPending, isError, error, refetch, isFetching } = useNewsList({ current, size: SIZE, category: category || undefined });

  const known = useNewsCategories().data ?? [];
  const categories = category && !known.includes(category) ? [...known, category] : known;

  const go = (next: { page?: number; category?: string }) => {
    const p = new URLSearchParams();
    const cat = next.category ?? category;
    if (cat) p.set('category', cat);
    const page = next.page ?? 1;
    if (page > 1) p.set('page', String(page));
    setParams(p);
    window.scrollTo(0, 0);
  };

  return (
    <SitePage title="行业动态" lead="招投标政策解读、采购公告趋势与投标实务经验，帮你少踩坑、多拿分。">
      <div className="sx-tabs" role="tablist" aria-label="资讯分类">
        {['', ...categories].map((c) => (
          <button
            key={c || 'all'}
            type="button"
            role="tab"
            aria-selected={c === category}
            className={`sx-tab${c === category ? ' is-active' : ''}`}
            onClick={() => go({ category: c })}
          >
            {c || '全部'}
          </button>
        ))}
      </div>

      {isPending ? (
        <ListSkeleton />
      ) : isError ? (
        <StateBox kind="error" title="行业动态加载失败" text={errorText(error)} onRetry={() => void refetch()} />
      ) : data.records.length === 0 ? (
        <StateBox
          kind="empty"
          title={category ? `「${category}」栏目暂无文章` : '暂无行业动态'}
          text="我们正在整理最新的招投标资讯，您可以先看看其他栏目或常见问题。"
          action={
            <Link className="btz-btn" to="/home/direction.html">
              查看使用指南
            </Link>
          }
        />
      ) : (
        <>
          <ul className={`sx-news${isFetching ? ' is-stale' : ''}`}>
            {data.records.map((n) => (
              <li key={n.id} className="sx-news__item">
                <Link to={`/dynamic/${n.id}.html`} className="sx-news__link">
                  <div className="sx-news__meta">
                    {n.category ? <span className="sx-chip">{n.category}</span> : null}
                    <time dateTime={n.publishTime}>{formatDate(n.publishTime)}</time>
                    {typeof n.views === 'number' ? <span>{n.views} 次阅读</span> : null}
                  </div>
                  <h2 className="sx-news__title">{n.title}</h2>
                  {n.summary ? <p className="sx-news__summary">{n.summary}</p> : null}
                  {n.tags?.length ? (
                    <div className="sx-tags">
                      {n.tags.slice(0, 4).map((t) => (
                        <span key={t}>#{t}</span>
                      ))}
                    </div>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
          <Pager current={data.current || current} pages={data.pages || Math.ceil(data.total / SIZE)} onChange={(page) => go({ page })} />
          <p className="sx-count">共 {data.total} 篇</p>
        </>
      )}
    </SitePage>
  );
}
