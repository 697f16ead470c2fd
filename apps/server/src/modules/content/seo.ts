import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INDEXABLE_STATIC_ROUTES,
  PUBLIC_PATTERNS,
  PUBLIC_ROUTE_TITLES,
  PUBLIC_STATIC_ROUTES,
  TEXT,
  pageTitle,
  seoKeyFor,
} from '@btz/shared';
import type { AppContext } from '../../context.js';
import { hostVary } from '../../http/tenant.js';
import { esc } from '../../lib/html.js';
import { isHtmlBody, sanitizeHtml } from '../../lib/sanitize-html.js';
import { formatTime } from '../../lib/time.js';
import {
  allLinks,
  getActivity,
  getMerchant,
  getNews,
  getPage,
  listPages,
  getQuestion,
  listActivities,
  listMerchants,
  listNews,
  type ContentLink,
} from './repo.js';

/**
 * What a crawler that runs no JavaScript sees (issue 7, SEO per brand): for the public routes, the page's own title and
 * description for the head, and the page's text as semantic HTML for `<!--app-body-->` inside `#root` (the React app
 * replaces it when it mounts). Unknown detail ids and `/home/{code}.html` codes answer 404. Everything is escaped:
 * content bodies are plain text, paragraphs separated by a blank line.
 */
export interface ContentView {
  /** 404 for an unknown id/code on a detail route */
  status?: number;
  /** the page's own title (goes through the brand's title template); absent = the brand's home title */
  title?: string;
  description?: string;
  /** HTML for `<!--app-body-->` */
  body: string;
  /** absolute canonical URL */
  canonical?: string;
  noindex?: boolean;
}

/** The origin the visitor used: the Host header, or a trusted proxy's X-Forwarded-Host / -Proto (TRUST_PROXY). */
export function siteOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** A body as the crawler reads it: an operator's HTML (sanitised again on the way out), or plain text as paragraphs. */
const paragraphs = (text: string) =>
  isHtmlBody(text)
    ? sanitizeHtml(text)
    : text
    .split(/\n\s*\n|\n/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => `<p>${esc(s)}</p>`)
    .join('');

const time = (t: string) => (t ? `<time datetime="${esc(t.replace(' ', 'T'))}+08:00">${esc(t)}</time>` : '');

const link = (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`;

const linkList = (title: string, links: { path: string; title: string }[]) =>
  links.length ? `<section><h2>${esc(title)}</h2><ul>${links.map((l) => `<li>${link(l.path, l.title)}</li>`).join('')}</ul></section>` : '';

// titles from the route table (packages/shared/src/routes.ts); the home page has none of its own
const SITE_NAV = `<nav aria-label="网站导航"><ul>${[
  '/',
  '/home/industry_dynamics.html',
  '/home/merchant.html',
  '/home/direction.html',
  '/home/business.html',
  '/home/CustomerService',
  '/home/website_map.html',
]
  .map((h) => `<li>${link(h, PUBLIC_ROUTE_TITLES[h] ?? '首页')}</li>`)
  .join('')}</ul></nav>`;

// readable on its own for the moment before the app mounts (and for anyone without JavaScript)
const wrap = (inner: string) =>
  `<div class="seo-content" style="max-width:960px;margin:0 auto;padding:16px 24px;font:16px/1.75 'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;color:#1f2937">${SITE_NAV}<main>${inner}</main></div>`;

const byKind = (links: ContentLink[], kind: ContentLink['kind']) => links.filter((l) => l.kind === kind);

/** `extra`: HTML after the sentence (an unknown `/home/{code}.html` lists the pages that exist) */
export const notFoundView = (path: string, extra = ''): ContentView => ({
  status: 404,
  title: TEXT.pageNotFoundZh,
  body: wrap(`<h1>${esc(TEXT.pageNotFoundZh)}</h1><p>${esc(TEXT.notFoundPath(path))}</p>${extra}`),
  noindex: true,
});

/** The crawler view of a public path; `null` for paths it does not handle (workbench, invite landing). */
export async function contentView(app: AppContext, req: FastifyRequest, path: string): Promise<ContentView | null> {
  const { db } = app;
  const tenantId = req.tenant.id;
  const canonical = siteOrigin(req) + path;
  const brandHome = () => pageTitle(seoKeyFor(req.tenant.variant, req.tenant.code), null, req.tenant.seo.title);

  const match = (name: string) => PUBLIC_PATTERNS.find((r) => r.name === name)!.pattern.exec(path)?.[1];

  const newsId = match('dynamic');
  if (newsId !== undefined) {
    const n = await getNews(db, tenantId, newsId);
    if (!n) return notFoundView(path);
    const nav = [n.prev && `上一篇：${link(`/dynamic/${n.prev.id}.html`, n.prev.title)}`, n.next && `下一篇：${link(`/dynamic/${n.next.id}.html`, n.next.title)}`]
      .filter(Boolean)
      .map((s) => `<p>${s}</p>`)
      .join('');
    return {
      title: n.title,
      description: n.summary || undefined,
      canonical,
      body: wrap(
        `<article><h1>${esc(n.title)}</h1><p>${time(n.publishTime)}${n.category ? ` · ${esc(n.category)}` : ''}</p>` +
          (n.summary ? `<p><strong>${esc(n.summary)}</strong></p>` : '') +
          paragraphs(n.body) +
          (n.tags.length ? `<p>标签：${n.tags.map(esc).join('、')}</p>` : '') +
          `</article><nav aria-label="上下篇">${nav}${link('/home/industry_dynamics.html', '返回行业动态')}</nav>`,
      ),
    };
  }

  const questionId = match('question');
  if (questionId !== undefined) {
    const q = await getQuestion(db, tenantId, questionId);
    if (!q) return notFoundView(path);
    const first = q.answer.split(/\n/)[0]!.trim();
    return {
      title: q.question,
      description: first.length > 120 ? `${first.slice(0, 118)}…` : first,
      canonical,
      body: wrap(`<article><h1>${esc(q.question)}</h1>${q.category ? `<p>${esc(q.category)}</p>` : ''}${paragraphs(q.answer)}</article>`),
    };
  }

  const activityId = match('activity');
  if (activityId !== undefined) {
    const a = await getActivity(db, tenantId, activityId);
    if (!a) return notFoundView(path);
    return {
      title: a.title,
      description: a.summary || undefined,
      canonical,
      body: wrap(
        `<article><h1>${esc(a.title)}</h1><p>活动时间：${time(a.startTime)} 至 ${time(a.endTime)} · ${esc(a.statusLabel)}</p>` +
          (a.summary ? `<p><strong>${esc(a.summary)}</strong></p>` : '') +
          paragraphs(a.body) +
          '</article>',
      ),
    };
  }

  const merchantId = match('merchantDetail');
  if (merchantId !== undefined) {
    const m = await getMerchant(db, tenantId, merchantId);
    if (!m) return notFoundView(path);
    return {
      title: m.name,
      description: m.intro || undefined,
      canonical,
      body: wrap(
        `<article><h1>${esc(m.name)}</h1><dl><dt>所在地区</dt><dd>${esc(m.region)}</dd><dt>所属行业</dt><dd>${esc(m.industry)}</dd>` +
          `<dt>服务项目</dt><dd>${m.services.map(esc).join('、')}</dd><dt>评分</dt><dd>${m.rating.toFixed(1)}</dd>` +
          `<dt>联系人</dt><dd>${esc(m.contactName)}</dd><dt>联系电话</dt><dd>${esc(m.contactPhone)}</dd></dl>${paragraphs(m.intro)}</article>` +
          `<nav>${link('/home/merchant.html', '返回商家名录')}</nav>`,
      ),
    };
  }

  // the list pages
  if (path === '/' || path === '/home' || path === '/home/website_map.html') {
    const links = await allLinks(db, tenantId);
    const isMap = path === '/home/website_map.html';
    const statics = INDEXABLE_STATIC_ROUTES.filter((p) => p !== '/').map((p) => ({ path: p, title: PUBLIC_ROUTE_TITLES[p] ?? '首页' }));
    return {
      title: isMap ? PUBLIC_ROUTE_TITLES[path] : undefined,
      canonical,
      body: wrap(
        `<h1>${esc(isMap ? '网站地图' : brandHome())}</h1>` +
          (isMap ? linkList('网站栏目', [{ path: '/', title: '首页' }, ...statics]) : '') +
          linkList('行业动态', byKind(links, 'news')) +
          linkList('常见问题', byKind(links, 'question')) +
          linkList('活动', byKind(links, 'activity')) +
          linkList('商家名录', byKind(links, 'merchant')) +
          linkList('更多页面', byKind(links, 'page')),
      ),
    };
  }
  if (path === '/home/industry_dynamics.html') {
    const list = await listNews(db, tenantId, { current: 1, size: 500 });
    return {
      title: PUBLIC_ROUTE_TITLES[path],
      canonical,
      body: wrap(
        `<h1>行业动态</h1><ul>${list.records
          .map((n) => `<li><article><h2>${link(`/dynamic/${n.id}.html`, n.title)}</h2><p>${time(n.publishTime)}</p><p>${esc(n.summary)}</p></article></li>`)
          .join('')}</ul>`,
      ),
    };
  }
  if (path === '/activity') {
    const list = await listActivities(db, tenantId, { current: 1, size: 500 });
    return {
      title: PUBLIC_ROUTE_TITLES[path],
      canonical,
      body: wrap(
        `<h1>优惠活动</h1>${list.records.length ? '' : '<p>暂无进行中的活动</p>'}<ul>${list.records
          .map((a) => `<li><article><h2>${link(`/activity/${a.id}.html`, a.title)}</h2><p>${esc(a.summary)}</p></article></li>`)
          .join('')}</ul>`,
      ),
    };
  }
  if (path === '/home/merchant.html') {
    const list = await listMerchants(db, tenantId, { current: 1, size: 500 });
    return {
      title: PUBLIC_ROUTE_TITLES[path],
      canonical,
      body: wrap(
        `<h1>商家名录</h1><ul>${list.records
          .map(
            (m) =>
              `<li><article><h2>${link(`/merchantDetail/${m.id}.html`, m.name)}</h2><p>${esc(m.region)} · ${esc(m.industry)} · ${m.services
                .map(esc)
                .join('、')}</p><p>${esc(m.intro)}</p></article></li>`,
          )
          .join('')}</ul>`,
      ),
    };
  }

  // `/home/{code}.html`: a static route of spec §2 (with a stored page of the same code, if any) or a stored page
  const code = match('homePage');
  if (code !== undefined || PUBLIC_STATIC_ROUTES.includes(path)) {
    const isStatic = PUBLIC_STATIC_ROUTES.includes(path);
    const page = code !== undefined ? await getPage(db, tenantId, code) : null;
    if (!page && !isStatic) {
      const pages = await listPages(db, tenantId);
      return notFoundView(path, linkList('本站的专题页面', [...pages.map((x) => ({ path: `/home/${x.code}.html`, title: x.title })), { path: '/home/website_map.html', title: '网站地图' }]));
    }
    const title = page?.title ?? PUBLIC_ROUTE_TITLES[path];
    return {
      title,
      description: page?.summary || undefined,
      canonical,
      noindex: path === '/user/profile',
      body: wrap(`<article><h1>${esc(title ?? '')}</h1>${page ? paragraphs(page.body) : ''}</article>`),
    };
  }
  return null;
}

const lastmod = (d: Date) => formatTime(d).slice(0, 10);

/** `/sitemap.xml`, `/robots.txt` (per host) and the merchants' generated logos. */
export function registerSeoRoutes(fastify: FastifyInstance, app: AppContext): void {
  fastify.get('/sitemap.xml', async (req, reply) => {
    const origin = siteOrigin(req);
    const links = await allLinks(app.db, req.tenant.id);
    const newest = links.reduce((a, l) => (l.lastmod > a ? l.lastmod : a), new Date(0));
    const site = newest.getTime() > 0 ? newest : new Date();
    // a stored page with a static route's code (direction) is listed once, as the static route
    const urls = [
      ...INDEXABLE_STATIC_ROUTES.map((p) => ({ path: p, lastmod: site, priority: p === '/' ? '1.0' : '0.6' })),
      ...links.map((l) => ({
        path: l.path,
        lastmod: l.lastmod,
        priority: l.kind === 'news' ? '0.8' : '0.5',
      })),
    ];
    const seen = new Set<string>();
    const body = urls
      .filter((u) => (seen.has(u.path) ? false : (seen.add(u.path), true)))
      .map((u) => `  <url><loc>${esc(origin + u.path)}</loc><lastmod>${lastmod(u.lastmod)}</lastmod><priority>${u.priority}</priority></url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', hostVary(app.config))
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });

  fastify.get('/robots.txt', async (req, reply) => {
    const origin = siteOrigin(req);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', hostVary(app.config))
      .send(
        ['User-agent: *', 'Allow: /', 'Disallow: /workbench', 'Disallow: /api/', 'Disallow: /user/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
          '\n',
        ),
      );
  });

  // A merchant without an uploaded logo gets a generated one: the first two characters of its name on a colour of its own.
  fastify.get<{ Params: { file: string } }>('/content/logo/:file', async (req, reply) => {
    const id = /^(\d{1,24})\.svg$/.exec(req.params.file)?.[1];
    const m = id ? await getMerchant(app.db, req.tenant.id, id) : null;
    if (!m) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const hue = [...m.id].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 360, 7);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="16" fill="hsl(${hue},55%,45%)"/><text x="48" y="58" font-size="30" text-anchor="middle" fill="#fff" font-family="PingFang SC,Microsoft YaHei,Noto Sans CJK SC,sans-serif">${esc(
      [...m.name].slice(0, 2).join(''),
    )}</text></svg>`;
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').header('vary', hostVary(app.config)).send(svg);
  });
}
