import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { inviteCodeFromPath, isAdminPath, isKnownRoute, normalizePath, routeTitle } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/envelope.js';
import { hostVary } from '../../http/tenant.js';
import { esc } from '../../lib/html.js';
import { makeBoot } from '../tenant/boot.js';
import { brandPictureType } from '../tenant/brand-assets.js';
import { contentView, notFoundView } from '../content/index.js';
import { findUserByInviteCode } from '../user/repo.js';

const FALLBACK_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><!--app-head--></head>
<body><div id="root"><!--app-body--><p style="font-family:sans-serif;padding:24px">前端尚未构建：请先运行 <code>npm run build</code>（<code>npm start</code> 会自动构建）。</p></div></body></html>`;

/** The built web app: static assets, and index.html with the host's brand head injected (spec §2 host behaviour). */
export interface WebApp {
  buildId(): string;
}

export async function registerWebApp(fastify: FastifyInstance, app: AppContext): Promise<WebApp> {
  const dist = app.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasDist = existsSync(indexFile);
  const template = hasDist ? readFileSync(indexFile, 'utf8') : FALLBACK_HTML;
  let buildId = 'dev';
  try {
    buildId = (JSON.parse(readFileSync(path.join(dist, 'builds/latest.json'), 'utf8')) as { buildId: string }).buildId;
  } catch {
    /* not built */
  }

  if (hasDist) {
    await fastify.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // build.mjs writes .br/.gz beside every asset; the client's Accept-Encoding picks one
      preCompressed: true,
      serve: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  const render = async (req: FastifyRequest, reply: FastifyReply) => {
    const p = normalizePath(req.url);
    let status = 200;
    if (!isKnownRoute(p)) {
      const code = inviteCodeFromPath(p);
      const inviter = code ? await findUserByInviteCode(app.db, req.tenant.id, code) : undefined;
      if (!inviter) status = 404;
    }
    // crawler view (modules/content/seo.ts): the page's own title, description and text; 404 for unknown ids
    const view = status === 200 ? await contentView(app, req, p) : notFoundView(p);
    if (view?.status) status = view.status;
    // the page's title: the crawler view's (public pages, with their items' own), else the route table's (the workbench)
    const boot = makeBoot(app.config, req.tenant, buildId, view?.title ?? routeTitle(p));
    if (view?.description) boot.seo.description = view.description;
    const nonce = randomBytes(16).toString('base64');
    const json = JSON.stringify(boot).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, '');
    const head = [
      `<title>${esc(boot.seo.title)}</title>`,
      `<meta name="description" content="${esc(boot.seo.description)}">`,
      `<meta name="keywords" content="${esc(boot.seo.keywords)}">`,
      `<meta property="og:title" content="${esc(boot.seo.title)}">`,
      `<meta property="og:description" content="${esc(boot.seo.description)}">`,
      `<meta name="theme-color" content="${esc(boot.branding.primaryColor)}">`,
      ...(view?.canonical && status === 200 ? [`<link rel="canonical" href="${esc(view.canonical)}">`] : []),
      ...(view?.noindex || status !== 200 || isAdminPath(p) ? ['<meta name="robots" content="noindex">'] : []),
      `<link rel="icon" href="${esc(boot.branding.ecLogo)}"${brandPictureType(boot.branding.ecLogo) ? ` type="${brandPictureType(boot.branding.ecLogo)}"` : ''}>`,
      `<script nonce="${nonce}">window.__BOOT__=${json}</script>`,
    ].join('\n    ');
    const html = template.replace('<!--app-head-->', head).replace('<!--app-body-->', () => view?.body ?? '');
    const isWorkbench = p === '/workbench' || p.startsWith('/workbench/') || isAdminPath(p);
    // The visitor-statistics script is the one outside origin, and only when an operator turned it on.
    const stats = app.config.analyticsSiteId ? ' https://hm.baidu.com' : '';
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', isWorkbench || status !== 200 ? 'no-store' : 'public, max-age=60')
      .header('vary', hostVary(app.config))
      .header(
        'content-security-policy',
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'${stats}`,
          "style-src 'self' 'unsafe-inline'",
          `img-src 'self' data: blob:${stats}`,
          "font-src 'self' data:",
          `connect-src 'self'${stats}`,
          "media-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "frame-ancestors 'self'",
          "form-action 'self'",
        ].join('; '),
      )
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(html);
  };

  fastify.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.code(404).send(fail(404, `接口不存在：${req.method} ${req.url.split('?')[0]}`));
    }
    return render(req, reply);
  });

  return { buildId: () => buildId };
}
