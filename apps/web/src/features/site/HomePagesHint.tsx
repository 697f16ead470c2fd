import { Link } from 'react-router';
import { usePageList } from './queries';

/** Under the 404 of an unknown `/home/{code}.html`: the stored pages this brand has, and the site map. */
export function HomePagesHint({ pathname }: { pathname: string }) {
  const isHomePage = /^\/home\/[^/]+\.html$/.test(pathname);
  const pages = usePageList(isHomePage);
  if (!isHomePage || !pages.data) return null;
  return (
    <nav className="btz-error__pages" aria-label="本站的专题页面">
      <p>本站的专题页面：</p>
      <ul>
        {pages.data.map((p) => (
          <li key={p.code}>
            <Link to={`/home/${p.code}.html`}>{p.title}</Link>
          </li>
        ))}
        <li>
          <Link to="/home/website_map.html">网站地图</Link>
        </li>
      </ul>
    </nav>
  );
}
