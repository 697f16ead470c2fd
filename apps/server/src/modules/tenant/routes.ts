import type { FastifyInstance } from 'fastify';
import { normalizePath, type RouteRule } from '@btz/shared';
import { tenantCalls, userCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { hostVary } from '../../http/tenant.js';
import { makeBoot } from './boot.js';
import { brandingOf, routeRulesOf } from './repo.js';
import { BRAND_ASSET_NAMES, brandPictureType, renderBrandAsset } from './brand-assets.js';

export function registerTenantRoutes(fastify: FastifyInstance, app: AppContext, buildId: () => string): void {
  defineRoute(fastify, app, {
    call: tenantCalls.boot,
    handler: async ({ app, tenant }) => makeBoot(app.config, tenant, buildId()),
  });

  defineRoute(fastify, app, {
    call: tenantCalls.tenantInfo,
    handler: async ({ tenant }) => tenant.branding,
  });

  // Spec §7 per-path route rules: a tenant's own rule wins over the shared one ('' tenant).
  defineRoute(fastify, app, {
    call: userCalls.routeRules,
    handler: async ({ app, tenant, query }): Promise<RouteRule | null> => {
      const rows = await routeRulesOf(app.db, tenant.id, normalizePath(query.path));
      const r = rows.find((x) => x.tenant_id === tenant.id) ?? rows[0];
      if (!r) return null;
      return {
        ...(r.redirect ? { redirect: r.redirect, absolute: r.absolute } : {}),
        appMiddleware: r.app_middleware,
      };
    },
  });

  const names = new Set<string>(BRAND_ASSET_NAMES);
  fastify.get('/brand/:code/:file', async (req, reply) => {
    const { code, file } = req.params as { code: string; file: string };
    const name = file.replace(/\.svg$/, '');
    const t = await brandingOf(app.db, code);
    if (!t || !names.has(name) || !file.endsWith('.svg')) return reply.code(404).type('text/plain; charset=utf-8').send('资源不存在');
    const b = t.branding as Record<string, string>;
    const svg = await renderBrandAsset(
      name,
      { name: b.name ?? '标书AI', mark: (b.name ?? '标').slice(0, 1), color: b.primaryColor ?? '#1f5eff', slogan: (b.text ?? '').split('——')[1] ?? '' },
      `${app.config.publicBaseUrl}/home/CustomerService`,
    );
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(svg);
  });

  fastify.get('/manifest.webmanifest', async (req, reply) => {
    const b = req.tenant.branding;
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', hostVary(app.config))
      .send({
        name: b.name,
        short_name: b.name,
        description: b.text,
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: b.primaryColor,
        icons: [{ src: b.ecLogo, sizes: 'any', ...(brandPictureType(b.ecLogo) ? { type: brandPictureType(b.ecLogo) } : {}), purpose: 'any' }],
      });
  });
}
