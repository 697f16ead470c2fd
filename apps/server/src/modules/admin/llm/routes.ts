import type { FastifyInstance } from 'fastify';
import { adminMoneyCalls, type AdminLlmConfig, type AdminLlmUsage, type LlmUsageRow } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { spanOf } from '../dashboard/range.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { tenantMap } from '../tenants.js';
import { costOf, roundYuan } from './pricing.js';
import { bidNames, usageGrouped, userPhones } from './repo.js';

/** The endpoint without credentials, query or fragment: what an operator may see of it. */
function safeUrl(raw: string | undefined): string {
  if (!raw) return '';
  try {
    const u = new URL(raw);
    return `${u.origin}${u.pathname}`.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** LLM usage per tenant, user or bid (tokens, estimated cost), and the model configuration in force without secrets. */
export function registerAdminLlm(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.llmUsage,
    handler: async ({ app, op, query }): Promise<AdminLlmUsage> => {
      const span = spanOf(tenantScope(op, query.tenantId), query);
      const rows = await usageGrouped(app.db, span, query.by);
      const tenants = await tenantMap(app.db, span.tenantId);
      const byKey = new Map<string, LlmUsageRow>();
      const unpriced = new Set<string>();
      const totals = { calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0, cost: 0 };
      for (const r of rows) {
        const k = `${r.key}\u0000${query.by === 'tenant' ? '' : (r.tenant_id ?? '')}`;
        let x = byKey.get(k);
        if (!x) {
          x = {
            key: r.key,
            name: '',
            tenantId: r.tenant_id,
            tenantName: r.tenant_id ? (tenants.get(r.tenant_id)?.name ?? r.tenant_id) : '未归属租户',
            calls: 0,
            promptTokens: 0,
            completionTokens: 0,
            cachedTokens: 0,
            cost: null,
            models: [],
            estimated: false,
          };
          byKey.set(k, x);
        }
        x.calls += r.calls;
        x.promptTokens += r.prompt;
        x.completionTokens += r.completion;
        x.cachedTokens += r.cached;
        x.estimated ||= r.estimated;
        if (!x.models.includes(r.model)) x.models.push(r.model);
        const c = costOf(app.config.llmPrices, r.model, r);
        if (c === null) unpriced.add(r.model);
        else x.cost = roundYuan((x.cost ?? 0) + c);
        totals.calls += r.calls;
        totals.promptTokens += r.prompt;
        totals.completionTokens += r.completion;
        totals.cachedTokens += r.cached;
        totals.cost = roundYuan(totals.cost + (c ?? 0));
      }
      const list = [...byKey.values()];
      const keys = list.map((x) => x.key).filter(Boolean);
      const names =
        query.by === 'user' ? await userPhones(app.db, keys) : query.by === 'bid' ? await bidNames(app.db, keys) : new Map(list.map((x) => [x.key, x.tenantName]));
      const out = list
        .map((x) => ({ ...x, name: names.get(x.key) ?? (x.key ? x.key : '未归属') }))
        .sort((a, b) => b.promptTokens + b.completionTokens - (a.promptTokens + a.completionTokens))
        .slice(0, 200);
      return { from: span.from, to: span.to, by: query.by, rows: out, totals, unpricedModels: [...unpriced].sort() };
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.llmConfig,
    handler: async ({ app }): Promise<AdminLlmConfig> => {
      const c = app.config;
      const offline = app.llm.offline;
      return {
        provider: offline ? 'offline' : 'openai-compatible',
        baseUrl: offline ? '' : safeUrl(c.llmBaseUrl),
        model: offline ? '' : (c.llmModel ?? ''),
        apiKeySet: !!c.llmApiKey,
        concurrency: c.llmConcurrency,
        firstTokenTimeoutMs: c.llmFirstTokenTimeoutMs,
        idleTimeoutMs: c.llmIdleTimeoutMs,
        prices: Object.entries(c.llmPrices)
          .map(([model, p]) => ({ model, ...p }))
          .sort((a, b) => a.model.localeCompare(b.model)),
      };
    },
  });
}
