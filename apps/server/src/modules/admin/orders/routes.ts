import type { FastifyInstance } from 'fastify';
import { fenToYuan, ORDER_STATUS } from '@btz/shared';
import { adminCalls, adminMoneyCalls, type AdminProviderView, type AdminReconcile } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { presentPage } from '../../../db/paging.js';
import { notFound } from '../../../http/errors.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { spanOf } from '../dashboard/range.js';
import { fixPaidOrder, reconcileDay } from './commands/reconcile.js';
import { refundOrder } from './commands/refund-order.js';
import { presentAdminOrder } from './present.js';
import { findScopedOrder, searchOrders } from './repo.js';

export function registerAdminOrders(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminCalls.orders,
    handler: async ({ app, op, query }) =>
      presentPage(
        await searchOrders(app.db, { tenantId: tenantScope(op, query.tenantId), keyword: query.keyword, status: query.status, payType: query.payType }, query),
        presentAdminOrder,
      ),
  });

  // The provider's own view of the order (a query at WeChat Pay / Alipay); the sandbox has none beyond our row.
  defineAdminRoute(fastify, app, {
    call: adminCalls.orderProvider,
    handler: async ({ app, op, query }): Promise<AdminProviderView> => {
      const o = await findScopedOrder(app.db, tenantScope(op), query.id);
      if (!o) throw notFound('订单');
      const provider = app.payments.byName(o.provider);
      if (!provider || provider.name === 'sandbox') {
        const state: AdminProviderView['state'] =
          o.status === ORDER_STATUS.paid ? 'paid' : o.status === ORDER_STATUS.refunded ? 'refunded' : o.status === ORDER_STATUS.closed ? 'closed' : 'unpaid';
        return {
          provider: o.provider,
          state,
          txnId: o.provider_txn_id ?? '',
          amount: o.provider_txn_id ? fenToYuan(o.amount_fen) : null,
          detail: provider ? '沙箱支付没有远端记录，以本地订单为准' : '该支付方式当前未启用，无法查询',
        };
      }
      try {
        const r = await provider.query(o.order_no);
        if (r.state === 'paid') {
          return { provider: o.provider, state: 'paid', txnId: r.txnId, amount: fenToYuan(r.amountFen), detail: r.txnId === o.provider_txn_id ? '与本地记录一致' : '交易号与本地记录不一致' };
        }
        const refunded = o.status === ORDER_STATUS.refunded;
        if (r.state === 'refunded') {
          return { provider: o.provider, state: 'refunded', txnId: o.provider_txn_id ?? '', amount: null, detail: refunded ? '已全额退款，与本地记录一致' : '渠道已全额退款，本地订单未退款' };
        }
        // Alipay closes a trade refunded in full (TRADE_CLOSED): for our refunded order that is the refund
        if (r.state === 'closed' && refunded) {
          return { provider: o.provider, state: 'refunded', txnId: o.provider_txn_id ?? '', amount: null, detail: '全额退款后交易已关闭，与本地记录一致' };
        }
        return { provider: o.provider, state: r.state, txnId: '', amount: null, detail: r.state === 'unknown' ? r.detail : '' };
      } catch (err) {
        return { provider: o.provider, state: 'unknown', txnId: '', amount: null, detail: `查询失败：${(err as Error).message}` };
      }
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminCalls.refund,
    handler: async ({ app, op, body, ip }) =>
      presentAdminOrder(await refundOrder(app, { op, tenantId: tenantScope(op), orderId: body.id, reason: body.reason, ip })),
  });

  // Our orders of one day against the provider: the mismatches (the sandbox has no remote record to compare).
  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.reconcile,
    handler: async ({ app, op, query }): Promise<AdminReconcile> => {
      const span = spanOf(tenantScope(op, query.tenantId), { from: query.date, to: query.date });
      return { date: query.date, ...(await reconcileDay(app, span.tenantId, span)) };
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.reconcileFix,
    handler: async ({ app, op, body, ip }) =>
      presentAdminOrder(await fixPaidOrder(app, { op, tenantId: tenantScope(op), orderId: body.id, reason: body.reason, ip })),
  });
}
