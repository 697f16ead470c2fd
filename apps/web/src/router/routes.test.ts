import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_ROUTES } from '@btz/shared';
import { routes } from './routes';
import { PAGES } from './pages';

/** Every page the router renders, as a full path (an index route is its parent's path). */
function routedPaths(list: RouteObject[], base = ''): string[] {
  return list.flatMap((r) => {
    const here = r.index ? base || '/' : r.path === undefined ? base : r.path === '*' ? `${base}/*` : `${base}/${r.path}`;
    if (r.children) return routedPaths(r.children, r.path === undefined ? base : here);
    return [here === '/*' ? '*' : here];
  });
}

describe('the route table is the router', () => {
  it('routes exactly the pages of the table, each once', () => {
    const routed = routedPaths(routes);
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual(APP_ROUTES.map((r) => r.path).sort());
    expect(Object.keys(PAGES).sort()).toEqual(APP_ROUTES.map((r) => r.path).sort());
  });
  it('puts each page in its layout, with the table title as its handle', () => {
    const root = routes[0]!.children!;
    const [site, corporate, workbench] = root.map((l) => routedPaths(l.children!, l.path ? `/${l.path}` : ''));
    expect(corporate).toEqual(['/home/business.html']);
    expect(workbench!.every((p) => p.startsWith('/workbench'))).toBe(true);
    expect(site!.some((p) => p.startsWith('/workbench'))).toBe(false);
    const demo = root[0]!.children!.find((r) => r.path === 'demo');
    expect((demo?.handle as { title?: string }).title).toBe('产品演示');
  });
});
