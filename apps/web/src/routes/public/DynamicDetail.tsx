import { Link, useLoaderData } from 'react-router';
import { SitePage } from '../../components/site/SitePage';
import type { NewsDetail } from '../../features/site/api';
import type { Loaded } from '../../features/site/loaders';
import { RichText } from '../../features/site/RichText';
import { DetailError, PrevNext, formatDate } from '../../features/site/ui';
import '../../features/site/site-pages.css';

const LIST = '/home/industry_dynamics.html';

/** /dynamic/{id}.html — a news article with previous / next (unknown ids: the loader shows the 404 page). */
export default function DynamicDetail() {
  const { item, error } = useLoaderData() as Loaded<NewsDetail>;
  if (!item) {
    return (
      <SitePage title="行业动态" crumb={crumb('文章')}>
        <DetailError text={error ?? '文章加载失败'} back={{ label: '返回行业动态', to: LIST }} />
      </SitePage>
    );
  }
  return <NewsView item={item} />;
}

const crumb = (title: string) => (
  <>
    <Link to={LIST}>行业动态</Link> / {title}
  </>
);

/** The article as its public page shows it (the console's preview renders the same). */
export function NewsView({ item }: { item: NewsDetail }) {
  return (
    <SitePage title={item.title} crumb={crumb('正文')}>
      <div className="sx-article-meta">
        {item.category ? (
          <Link className="sx-chip" to={`${LIST}?category=${encodeURIComponent(item.category)}`}>
            {item.category}
          </Link>
        ) : null}
        <time dateTime={item.publishTime}>发布于 {formatDate(item.publishTime)}</time>
        {typeof item.views === 'number' ? <span>{item.views} 次阅读</span> : null}
      </div>
      {item.summary ? <p className="sx-article-summary">{item.summary}</p> : null}
      <RichText body={item.body} />
      {item.tags?.length ? (
        <div className="sx-tags sx-tags--foot">
          {item.tags.map((t) => (
            <span key={t}>#{t}</span>
          ))}
        </div>
      ) : null}
      <PrevNext base="/dynamic" prev={item.prev} next={item.next} />
      <div className="sx-back">
        <Link className="btz-btn" to={LIST}>
          ← 返回行业动态
        </Link>
      </div>
    </SitePage>
  );
}
