import type { FastifyInstance } from 'fastify';
import { fenToYuan } from '@btz/shared';
import { adminMoneyCalls, type AdminDashboard, type DashboardDay } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { costOf, roundYuan } from '../llm/pricing.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { spanOf } from './range.js';
import { countPayers, dashboardFigures } from './repo.js';

type Figures = Omit<DashboardDay, 'date'>;
const ZERO: Figures = {
  signUps: 0,
  payingUsers: 0,
  revenue: 0,
  refunds: 0,
  orders: 0,
  paidOrders: 0,
  bidsStarted: 0,
  bidsWritten: 0,
  bidsFinished: 0,
  promptTokens: 0,
  completionTokens: 0,
  llmCost: 0,
};

/** The dashboard: every figure per day from the database, for the operator's tenant (every tenant or one for the super-operator). */
export function registerAdminDashboard(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.dashboard,
    handler: async ({ app, op, query }): Promise<AdminDashboard> => {
      const span = spanOf(tenantScope(op, query.tenantId), query);
      const f = await dashboardFigures(app.db, span);
      const byDate = new Map(span.dates.map((d) => [d, { date: d, ...ZERO }]));
      const at = (d: string) => byDate.get(d);
      const unpriced = new Set<string>();
      for (const [d, n] of f.signUps) if (at(d)) at(d)!.signUps = n;
      for (const [d, n] of f.orders) if (at(d)) at(d)!.orders = n;
      for (const [d, n] of f.bidsStarted) if (at(d)) at(d)!.bidsStarted = n;
      for (const [d, n] of f.bidsFinished) if (at(d)) at(d)!.bidsFinished = n;
      for (const [d, n] of f.bidsWritten) if (at(d)) at(d)!.bidsWritten = n;
      for (const [d, fen] of f.refunds) if (at(d)) at(d)!.refunds = fenToYuan(fen);
      for (const p of f.paid) {
        const x = at(p.date);
        if (!x) continue;
        x.paidOrders = Number(p.orders);
        x.payingUsers = Number(p.users);
        x.revenue = fenToYuan(Number(p.fen));
      }
      for (const u of f.llm) {
        const x = at(u.date);
        if (!x) continue;
        x.promptTokens += u.prompt;
        x.completionTokens += u.completion;
        const c = costOf(app.config.llmPrices, u.model, u);
        if (c === null) unpriced.add(u.model);
        else x.llmCost = roundYuan(x.llmCost + c);
      }
      const days = [...byDate.values()];
      const totals = { ...ZERO };
      const payers = f.paid.length ? await countPayers(app.db, span) : 0;
      for (const d of days) for (const k of Object.keys(ZERO) as (keyof Figures)[]) totals[k] += d[k];
      totals.revenue = Math.round(totals.revenue * 100) / 100;
      totals.refunds = Math.round(totals.refunds * 100) / 100;
      totals.llmCost = roundYuan(totals.llmCost);
      totals.payingUsers = payers;
      return { from: span.from, to: span.to, tenantId: span.tenantId, days, totals, unpricedModels: [...unpriced].sort() };
    },
  });
}

