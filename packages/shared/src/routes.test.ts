import { describe, expect, it } from 'vitest';
import {
  APP_ROUTES,
  INDEXABLE_STATIC_ROUTES,
  PUBLIC_PATTERNS,
  PUBLIC_ROUTE_TITLES,
  PUBLIC_STATIC_ROUTES,
  WORKBENCH_MENU,
  WORKBENCH_ROUTES,
  isKnownRoute,
  routeAccess,
  routeFor,
  routeTitle,
} from './routes.js';

describe('the route table (APP_ROUTES)', () => {
  it('has each path once, and every menu entry is a page of it', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const m of WORKBENCH_MENU) expect(WORKBENCH_ROUTES[m.path]).toBe(m.title);
  });

  it('gives the server the lists it answers from', () => {
    expect(PUBLIC_STATIC_ROUTES).toEqual([
      '/',
      '/demo',
      '/home',
      '/home/business.html',
      '/home/CustomerService',
      '/home/direction.html',
      '/home/industry_dynamics.html',
      '/home/merchant.html',
      '/home/pay_agreement.html',
      '/home/website_map.html',
      '/user/profile',
      '/activity',
    ]);
    expect(INDEXABLE_STATIC_ROUTES).toEqual(PUBLIC_STATIC_ROUTES.filter((p) => p !== '/user/profile'));
    expect(PUBLIC_ROUTE_TITLES['/home/website_map.html']).toBe('网站地图');
    expect(PUBLIC_ROUTE_TITLES['/']).toBeUndefined();
    expect(Object.keys(WORKBENCH_ROUTES)).toHaveLength(35);
    expect(routeTitle('/workbench/document/BidingDocument')).toBe('标书编写');
    expect(routeTitle('/workbench/nope')).toBeUndefined();
  });

  it('derives the server patterns: the parameter, then its suffix', () => {
    expect(PUBLIC_PATTERNS.map((p) => p.name)).toEqual(['activity', 'dynamic', 'question', 'merchantDetail', 'homePage']);
    const dynamic = PUBLIC_PATTERNS.find((p) => p.name === 'dynamic')!.pattern;
    expect(dynamic.exec('/dynamic/12.html')?.[1]).toBe('12');
    expect(dynamic.test('/dynamic/12')).toBe(false);
    expect(dynamic.test('/dynamic/1/2.html')).toBe(false);
    expect(dynamic.test('/dynamicX12.html')).toBe(false);
    expect(isKnownRoute('/home/abc.html')).toBe(true);
    expect(isKnownRoute('/home/abc')).toBe(false);
    expect(isKnownRoute('/ABCD2345')).toBe(false);
  });

  it('finds the page the router renders: static over parameter over the 404 pages', () => {
    expect(routeFor('/home/direction.html').path).toBe('/home/direction.html');
    expect(routeFor('/home/abc.html').path).toBe('/home/:page');
    expect(routeFor('/workbench').path).toBe('/workbench');
    expect(routeFor('/workbench/').path).toBe('/workbench');
    expect(routeFor('/workbench/nope/deeper').path).toBe('/workbench/*');
    expect(routeFor('/ABCD2345').path).toBe('/:inviteCode');
    expect(routeFor('/a/b/c').path).toBe('*');
    expect(routeAccess('/user/profile')).toBe('login');
    expect(routeAccess('/workbench/tools/BiddingCheck?x=1')).toBe('login');
    expect(routeAccess('/merchantDetail/3.html')).toBe('public');
  });
});
