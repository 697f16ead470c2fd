import { Link, useLocation } from 'react-router';
import { TEXT } from '@btz/shared';
import { ErrorView } from '../../components/ErrorView';
import { usePageList } from '../../features/site/queries';

/** An unknown `/home/{code}.html`: the stored pages that do exist, and the site map. */
function ExistingPages() {
  const pages = usePageList();
  if (!pages.data) return null;
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

/** The `/{slug...}` catch-all: spec §2 404 'Page not found: {path}', in Chinese. */
export default function NotFound() {
  const { pathname } = useLocation();
  return (
    <ErrorView code="404" title={TEXT.pageNotFoundZh} detail={TEXT.notFoundPath(pathname)}>
      {/^\/home\/[^/]+\.html$/.test(pathname) ? <ExistingPages /> : null}
    </ErrorView>
  );
}
