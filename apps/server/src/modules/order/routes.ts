import type { FastifyInstance } from 'fastify';
import {
  OPTION_TYPE,
  OPTION_TYPE_LABEL,
  ORDER_STATUS,
  ORDER_STATUS_LABEL,
  PAY_TYPE_LABEL,
  UNIT_TYPE_LABEL,
  type BarrageRecord,
  type OrderRecord,
  type OrderSelect,
  type Page,
  type PayOrderResult,
  type RechargeOption,
} from '@btz/shared';
import { orderCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { createOrder } from './commands/create-order.js';
import { syncOrder } from './sync-order.js';
import { presentCreatedOrder, presentOption, presentOrder, presentPurchase } from './present.js';
import { findEnterpriseOf, findUser } from '../user/repo.js';
import { findOrderOf, listEnabledOptions, listOrdersOf, listRecentPurchases } from './repo.js';

/** How far back 最新动态 looks for purchases. */
const RECENT_PURCHASE_DAYS = 30;

export function registerOrderRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: orderCalls.options,
    handler: async ({ app, auth, query }): Promise<RechargeOption[]> => {
      // a package bought now starts when the buyer's (personal) or its enterprise's (enterprise) running VIP ends
      const u = await findUser(app.db, auth.tenantId, auth.userId);
      const ent = u?.enterprise_id ? await findEnterpriseOf(app.db, auth.tenantId, u.enterprise_id) : undefined;
      const now = new Date();
      const from = (expiry: Date | null | undefined) => (expiry && expiry.getTime() > now.getTime() ? expiry : now);
      return (await listEnabledOptions(app.db, auth.tenantId, query.type)).map((o) =>
        presentOption(o, from(o.type === OPTION_TYPE.enterprise ? ent?.vip_expiry : u?.vip_expiry)),
      );
    },
  });

  defineRoute(fastify, app, {
    call: orderCalls.payOrder,
    handler: async ({ app, auth, query }): Promise<PayOrderResult> => {
      const order = await createOrder(app, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        optionId: query.optionId,
        payType: query.orderPayType,
        userCouponId: query.userCouponId,
        number: query.number,
      });
      return presentCreatedOrder(order, app.config.orderTtlS);
    },
  });

  defineRoute(fastify, app, {
    call: orderCalls.payStatus,
    handler: async ({ app, auth, query }): Promise<number> => {
      const find = () => findOrderOf(app.db, auth.tenantId, auth.userId, query.id);
      const o = await find();
      // another user's order answers exactly like a missing one
      if (!o) throw notFound('订单');
      if (o.status !== ORDER_STATUS.unpaid) return o.status;
      await syncOrder(app, o, { source: 'query', throttle: true });
      return (await find())?.status ?? o.status;
    },
  });

  defineRoute(fastify, app, {
    call: orderCalls.list,
    handler: async ({ app, auth, query }): Promise<Page<OrderRecord>> => {
      const now = Date.now();
      return listOrdersOf(app.db, auth.tenantId, auth.userId, query, (o) => presentOrder(o, now));
    },
  });

  defineRoute(fastify, app, {
    call: orderCalls.select,
    handler: async (): Promise<OrderSelect> => {
      const list = (m: Record<number, string>) => Object.entries(m).map(([value, label]) => ({ label, value: Number(value) }));
      return { status: list(ORDER_STATUS_LABEL), payType: list(PAY_TYPE_LABEL), unitType: list(UNIT_TYPE_LABEL), type: list(OPTION_TYPE_LABEL) };
    },
  });

  defineRoute(fastify, app, {
    // 最新动态: only real purchases — the brand's paid orders of the last 30 days, phones masked — or nothing (issue 27:
    // a made-up feed is a false claim to customers). Public: the host's brand decides.
    call: orderCalls.barrage,
    handler: async ({ app, tenant, query }): Promise<Page<BarrageRecord>> => {
      return listRecentPurchases(app.db, tenant.id, query, new Date(Date.now() - RECENT_PURCHASE_DAYS * 86_400_000), presentPurchase);
    },
  });
}
