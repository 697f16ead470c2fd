import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { WORKBENCH_ROUTES, normalizePath, pageTitle } from '@btz/shared';
import { boot } from '../lib/boot';
import { trackPageView } from '../lib/analytics';
import { openLogin } from '../lib/events';
import { takeLoginPrompt } from '../router/guard';
import { LoginHost } from '../features/login/LoginHost';
import { PurchaseHost } from '../features/purchase/PurchaseHost';

interface RouteHandle {
  /** a fixed title, or one computed from the route's loader data (a detail page names its item) */
  title?: string | ((data: unknown) => string | null | undefined);
}

interface TitledMatch {
  handle: unknown;
  data: unknown;
}

function ownTitle(m: TitledMatch): string | null {
  const t = (m.handle as RouteHandle | undefined)?.title;
  if (!t) return null;
  return (typeof t === 'function' ? t(m.data) : t) || null;
}

function titleFor(pathname: string, matches: TitledMatch[]): string {
  const p = normalizePath(pathname);
  const key = boot().seoKey ?? boot().variant;
  // boot's seo.home: the brand's own SEO title from the console, the site name of every page's title
  if (p === '/' || p === '/home') return pageTitle(key, null, boot().seo.home);
  const wb = WORKBENCH_ROUTES[p];
  const own = [...matches].reverse().map(ownTitle).find(Boolean);
  return pageTitle(key, wb ?? own ?? null, boot().seo.home);
}

/** The root of every route: scroll to top on every navigation (spec §2), page title, page views, the login and purchase dialogs. */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();

  useLayoutEffect(() => {
    if (location.hash) {
      const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (el) {
        el.scrollIntoView({ behavior: 'smooth' });
        return;
      }
    }
    window.scrollTo(0, 0);
    document.querySelectorAll<HTMLElement>('[data-scroll-root]').forEach((el) => el.scrollTo(0, 0));
  }, [location.key, location.hash]);

  useEffect(() => {
    document.title = titleFor(location.pathname, matches);
  }, [location.pathname, matches]);

  useEffect(() => trackPageView(location.pathname + location.search), [location.pathname, location.search]);

  useEffect(() => {
    const redirect = takeLoginPrompt();
    if (redirect) openLogin({ redirect });
  }, [location.key]);

  return (
    <>
      {navigation.state === 'loading' ? <div className="btz-nav-progress" aria-hidden="true" /> : null}
      <Outlet />
      <LoginHost />
      <PurchaseHost />
    </>
  );
}
