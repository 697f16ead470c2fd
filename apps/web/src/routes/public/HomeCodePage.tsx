import { Link, useLoaderData } from 'react-router';
import { SitePage } from '../../components/site/SitePage';
import type { SitePage as StaticPage } from '../../features/site/api';
import type { Loaded } from '../../features/site/loaders';
import { RichText } from '../../features/site/RichText';
import { DetailError } from '../../features/site/ui';
import '../../features/site/site-pages.css';

/** /home/{code}.html — a static page of the content store (about us, terms …); unknown codes: the 404 page. */
export default function HomeCodePage() {
  const { item, error } = useLoaderData() as Loaded<StaticPage>;
  if (!item) {
    return (
      <SitePage title="专题页面">
        <DetailError text={error ?? '页面加载失败'} back={{ label: '返回首页', to: '/' }} />
      </SitePage>
    );
  }
  return <StaticPageView item={item} />;
}

/** A static page as the public site shows it (the console's preview renders the same). */
export function StaticPageView({ item }: { item: StaticPage }) {
  return (
    <SitePage title={item.title} lead={item.summary || undefined}>
      <RichText body={item.body} />
      <div className="sx-back">
        <Link className="btz-btn" to="/home/website_map.html">
          网站地图
        </Link>
        <Link className="btz-btn btz-btn--primary" to="/">
          返回首页
        </Link>
      </div>
    </SitePage>
  );
}
