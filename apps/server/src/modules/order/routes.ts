import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OPTION_TYPE_LABEL,
  ORDER_STATUS,
  ORDER_STATUS_LABEL,
  PAY_TYPE_LABEL,
  QUANTITY_MAX,
  QUANTITY_MIN,
  UNIT_TYPE_LABEL,
  type BarrageRecord,
  type OrderRecord,
  type OrderSelect,
  type Page,
  type PayOrderResult,
  type RechargeOption,
} from '@btz/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { createOrder } from './commands/create-order.js';
import { syncOrder } from './sync-order.js';
import { presentCreatedOrder, presentOption, presentOrder } from './present.js';
import { findOrderOf, listBarrage, listEnabledOptions, listOrdersOf } from './repo.js';

const paging = {
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
};
const QUANTITY_MSG = `应为 ${QUANTITY_MIN}–${QUANTITY_MAX} 之间的整数`;

export function registerOrderRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    path: '/btz/bid-order/order-option-select',
    auth: true,
    query: z.object({ type: z.coerce.number().int().min(1).max(2).optional() }),
    labels: { type: '套餐类型' },
    handler: async ({ app, auth, query }): Promise<RechargeOption[]> => {
      return (await listEnabledOptions(app.db, auth.tenantId, query.type)).map(presentOption);
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid-order/pay-order',
    auth: true,
    query: z.object({
      optionId: z.string().trim().min(1).max(64),
      orderPayType: z.coerce.number().int().min(1).max(2).default(1),
      userCouponId: z.string().trim().min(1).max(64).optional(),
      number: z.coerce
        .number({ error: QUANTITY_MSG })
        .int({ error: QUANTITY_MSG })
        .min(QUANTITY_MIN, { error: QUANTITY_MSG })
        .max(QUANTITY_MAX, { error: QUANTITY_MSG })
        .default(1),
    }),
    labels: { optionId: '套餐', orderPayType: '支付方式', userCouponId: '优惠券', number: '购买数量' },
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
    path: '/btz/bid-order/pay-status',
    auth: true,
    query: z.object({ id: z.string().trim().min(1).max(64) }),
    labels: { id: '订单编号' },
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
    path: '/btz/bid-order/order-list',
    auth: true,
    query: z.object({ ...paging, status: z.coerce.number().int().min(1).max(4).optional() }),
    labels: { current: '页码', size: '每页条数', status: '订单状态' },
    handler: async ({ app, auth, query }): Promise<Page<OrderRecord>> => {
      const now = Date.now();
      return listOrdersOf(app.db, auth.tenantId, auth.userId, query, (o) => presentOrder(o, now));
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/common/orderSelect',
    auth: true,
    handler: async (): Promise<OrderSelect> => {
      const list = (m: Record<number, string>) => Object.entries(m).map(([value, label]) => ({ label, value: Number(value) }));
      return { status: list(ORDER_STATUS_LABEL), payType: list(PAY_TYPE_LABEL), unitType: list(UNIT_TYPE_LABEL), type: list(OPTION_TYPE_LABEL) };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/barrage/queryBarrageList',
    // public: the host's brand decides (the dialog is logged in, but the messages are no secret)
    auth: false,
    query: z.object({ current: paging.current, size: z.coerce.number().int().min(1).max(100).default(20) }),
    labels: { current: '页码', size: '每页条数' },
    handler: async ({ app, tenant, query }): Promise<Page<BarrageRecord>> => {
      return listBarrage(app.db, tenant.id, query);
    },
  });
}
