import type { FastifyInstance } from 'fastify';
import { SEO, normalizePath, pageTitle, seoKeyFor, variantForHost } from '@btz/shared';
import { adminBrandCalls, BRAND_LOGO_FIELDS, BRAND_TEXT_FIELDS, type AdminBrand } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/connection.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { writeAudit } from '../audit/repo.js';
import { brandRows, deleteRouteRule, hostsOfOthers, lockBranding, replaceHosts, saveRouteRule, setBranding } from './repo.js';
import { defineAdminRoute, tenantScope, type OperatorAuth } from '../route.js';

/** The tenant a brand call is about: a tenant's operator its own; the super-operator must name one. */
function brandTenant(op: OperatorAuth, requested?: string): string {
  const scope = tenantScope(op, requested);
  if (!scope) throw badRequest('请选择租户（tenantId）');
  return scope;
}

async function loadBrand(db: Database, tenantId: string): Promise<AdminBrand> {
  const rows = await brandRows(db, tenantId);
  if (!rows) throw notFound('租户');
  const { t, hosts, rules } = rows;
  const b = (t.branding ?? {}) as Record<string, string>;
  const seo = t.seo ?? {};
  // what an empty SEO text falls back to: the variant of the brand's first host (its code's own set for fz)
  const key = seoKeyFor(variantForHost(hosts[0]?.host ?? ''), t.code);
  return {
    tenantId: t.id,
    code: t.code,
    texts: Object.fromEntries(Object.keys(BRAND_TEXT_FIELDS).map((k) => [k, b[k] ?? ''])),
    logos: Object.fromEntries(Object.keys(BRAND_LOGO_FIELDS).map((k) => [k, b[k] ?? ''])),
    seo: { title: seo.title ?? '', description: seo.description ?? '', keywords: seo.keywords ?? '' },
    seoDefaults: { title: pageTitle(key), description: SEO[key].description, keywords: SEO[key].keywords },
    hosts: hosts.map((h) => h.host),
    routeRules: rules.map((r) => ({ path: r.path, redirect: r.redirect ?? '', absolute: r.absolute, appMiddleware: Array.isArray(r.app_middleware) ? r.app_middleware : [] })),
  };
}

/**
 * Brand settings (issue 28): branding texts and logos (spec §3), SEO texts, the host map and route rules. Each save
 * clears the tenant resolver's cache, so this instance serves the change at once (others within its few seconds' TTL).
 */
export function registerAdminBrand(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminBrandCalls.brand,
    handler: async ({ app, op, query }) => loadBrand(app.db, brandTenant(op, query.tenantId)),
  });

  defineAdminRoute(fastify, app, {
    call: adminBrandCalls.saveBrand,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const tenantId = brandTenant(op, body.tenantId);
      const before = await loadBrand(db, tenantId);
      const branding = await lockBranding(db, tenantId);
      for (const k of [...Object.keys(BRAND_TEXT_FIELDS), ...Object.keys(BRAND_LOGO_FIELDS)]) branding[k] = (body as Record<string, string>)[k] ?? '';
      const seo = { title: body.seoTitle, description: body.seoDescription, keywords: body.seoKeywords };
      await setBranding(db, tenantId, branding, seo);
      const after = await loadBrand(db, tenantId);
      const pick = (v: AdminBrand) => ({ ...v.texts, ...v.logos, seoTitle: v.seo.title, seoDescription: v.seo.description, seoKeywords: v.seo.keywords }) as Record<string, string>;
      const [b, a] = [pick(before), pick(after)];
      const keys = Object.keys(a).filter((k) => b[k] !== a[k]);
      await writeAudit(db, {
        operatorId: op.id,
        tenantId,
        action: 'brand.update',
        targetType: 'tenant',
        targetId: tenantId,
        before: Object.fromEntries(keys.map((k) => [k, b[k]])),
        after: Object.fromEntries(keys.map((k) => [k, a[k]])),
        ip,
      });
      app.tenants.invalidate();
      return after;
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminBrandCalls.saveHosts,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const before = await loadBrand(db, body.tenantId);
      const hosts = [...new Set(body.hosts)];
      const taken = await hostsOfOthers(db, hosts, body.tenantId);
      if (taken.length) throw badRequest(`域名 ${taken.join('、')} 已由其他租户使用，请先从该租户移除`);
      await replaceHosts(db, body.tenantId, hosts);
      const after = await loadBrand(db, body.tenantId);
      await writeAudit(db, { operatorId: op.id, tenantId: body.tenantId, action: 'brand.hosts', targetType: 'tenant', targetId: body.tenantId, before: { hosts: before.hosts }, after: { hosts: after.hosts }, ip });
      app.tenants.invalidate();
      return after;
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminBrandCalls.saveRouteRule,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const tenantId = brandTenant(op, body.tenantId);
      const rulePath = normalizePath(body.path);
      const before = (await loadBrand(db, tenantId)).routeRules.find((r) => r.path === rulePath) ?? null;
      if (body.remove) {
        if (!before) throw notFound('该路径的规则');
        await deleteRouteRule(db, tenantId, rulePath);
      } else {
        if (!body.redirect && !body.appMiddleware.length) throw badRequest('请填写跳转地址或中间件（都不需要时请删除该规则）');
        if (body.redirect === rulePath) throw badRequest('跳转地址不能与路径相同');
        const values = { redirect: body.redirect || null, absolute: /^https:/i.test(body.redirect), app_middleware: JSON.stringify(body.appMiddleware) };
        await saveRouteRule(db, tenantId, rulePath, values);
      }
      const after = await loadBrand(db, tenantId);
      await writeAudit(db, {
        operatorId: op.id,
        tenantId,
        action: 'brand.route_rule',
        targetType: 'route_rule',
        targetId: rulePath,
        before,
        after: after.routeRules.find((r) => r.path === rulePath) ?? null,
        ip,
      });
      return after;
    },
  });
}
