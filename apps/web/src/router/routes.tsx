import type { RouteObject } from 'react-router';
import { APP_ROUTES, type AppRoute, type AppRoutePath, type RouteLayout } from '@btz/shared';
import { RootLayout } from '../layouts/RootLayout';
import { RouteError } from './RouteError';
import { layout, page, type PageModule } from './page';
import { PageSpinner } from '../components/PageSpinner';
import { rootLoader } from './guard';
import { titleFrom } from '../features/site/loaders';
import { PAGES } from './pages';

/** The route of one page of the table, its path relative to its layout's (`base`). */
function pageRoute(r: AppRoute, base: string): RouteObject {
  const def = PAGES[r.path as AppRoutePath];
  const rel = r.path === base ? null : r.path.startsWith('/') ? r.path.slice(base === '/' ? 1 : base.length + 1) : r.path;
  const title = r.title && def.title ? titleFrom(r.title, def.title) : r.title;
  return page(def.load, {
    ...(rel === null ? { index: true } : { path: rel }),
    ...(def.loader ? { loader: def.loader } : {}),
    ...(title ? { handle: { title } } : {}),
  });
}

/** The table's pages of one layout. */
const pagesOf = (l: RouteLayout, base: string) => (APP_ROUTES as readonly AppRoute[]).filter((r) => r.layout === l).map((r) => pageRoute(r, base));

const LAYOUTS: Record<RouteLayout, () => Promise<PageModule>> = {
  site: () => import('../layouts/DefaultLayout'),
  corporate: () => import('../layouts/CorporateLayout'),
  workbench: () => import('../layouts/WorkbenchLayout'),
  admin: () => import('../features/admin/AdminLayout'),
};

/** Every route of the app, built from the route table (APP_ROUTES) and the pages (pages.ts); nothing else is routed. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    loader: rootLoader,
    shouldRevalidate: () => true,
    children: [
      { lazy: layout(LAYOUTS.site), children: pagesOf('site', '/') },
      { lazy: layout(LAYOUTS.corporate), children: pagesOf('corporate', '/') },
      { path: 'workbench', lazy: layout(LAYOUTS.workbench), children: pagesOf('workbench', '/workbench') },
      { path: 'admin', lazy: layout(LAYOUTS.admin), children: pagesOf('admin', '/admin') },
    ],
  },
];
