import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import {
  COMMERCE_TEXT,
  COUPON_STATUS,
  OPTION_TYPE_LABEL,
  ORDER_STATUS,
  ORDER_STATUS_LABEL,
  PAY_TYPE_LABEL,
  QUANTITY_MAX,
  QUANTITY_MIN,
  TEXT,
  UNIT_TYPE,
  UNIT_TYPE_LABEL,
  fenToYuan,
  type BarrageRecord,
  type OrderRecord,
  type OrderSelect,
  type Page,
  type PayOrderResult,
  type RechargeOption,
} from '@btz/shared';
import type { AppContext } from '../../context.js';
import type { OptionSnapshot, PrivilegeItem, RechargeOptionsTable } from '../../db/schema-commerce.js';
import { badRequest, notFound, serverError, unauthorized } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { newId } from '../../lib/ids.js';
import { formatTime } from '../../lib/time.js';
import { expireCoupons } from '../coupon/service.js';
import { closeAtProviders, closeOrders, syncOrder } from './payment.js';

export function presentOption(o: Selectable<RechargeOptionsTable>): RechargeOption {
  return {
    id: o.id,
    title: o.title,
    type: o.type,
    unitType: o.unit_type,
    money: fenToYuan(o.money_fen),
    strokeMoney: fenToYuan(o.stroke_money_fen),
    validDay: o.valid_day,
    describes: o.describes,
    cornerMark: o.corner_mark,
    bidType: o.bid_type,
    privilegeValueList: (o.privilege_value_list as unknown as string[]) ?? [],
    privileges: (o.privileges as unknown as PrivilegeItem[]) ?? [],
    sort: o.sort,
  };
}

/** 22 digits: Shanghai time to the second + 8 random digits (WeChat/Alipay accept 6–32 of [0-9A-Za-z_-]). */
export function newOrderNo(now = new Date()): string {
  const t = formatTime(now).replace(/\D/g, '');
  return `${t}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

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
      let q = app.db.selectFrom('recharge_options').selectAll().where('tenant_id', '=', auth.tenantId).where('enabled', '=', true);
      if (query.type) q = q.where('type', '=', query.type);
      const rows = await q.orderBy('type').orderBy('unit_type').orderBy('sort').orderBy('id').execute();
      return rows.map(presentOption);
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
      const option = await app.db
        .selectFrom('recharge_options')
        .selectAll()
        .where('id', '=', query.optionId)
        .where('tenant_id', '=', auth.tenantId)
        .where('enabled', '=', true)
        .executeTakeFirst();
      if (!option) throw badRequest(COMMERCE_TEXT.optionNotFound);
      const provider = app.payments.forPayType(query.orderPayType);
      if (!provider) throw badRequest(COMMERCE_TEXT.payMethodUnavailable(PAY_TYPE_LABEL[query.orderPayType] ?? '该支付方式'));

      // The price is the server's alone (PRODUCT.md §4): unit × quantity − coupon, never below 0.01 yuan.
      const number = option.unit_type === UNIT_TYPE.perCopy ? query.number : 1;
      const totalFen = option.money_fen * number;
      const now = new Date();
      const expiresAt = new Date(now.getTime() + app.config.orderTtlS * 1000);
      const orderNo = newOrderNo(now);
      const snapshot: OptionSnapshot = {
        title: option.title,
        type: option.type,
        unitType: option.unit_type,
        bidType: option.bid_type,
        validDay: option.valid_day,
        moneyFen: option.money_fen,
        privilegeValueList: (option.privilege_value_list as unknown as string[]) ?? [],
      };
      // One open order per user: this one replaces the earlier unpaid ones (closed here and at their provider).
      // The coupon is checked and reserved in the same transaction, under the user's row lock and its own: a payment
      // applied meanwhile (applyPayment takes the same locks) either used it already — refused here — or finds it
      // reserved by this order.
      const { id, replaced, amountFen, discountFen } = await app.db.transaction().execute(async (trx) => {
        const u = await trx.selectFrom('users').select('id').where('id', '=', auth.userId).where('tenant_id', '=', auth.tenantId).forUpdate().executeTakeFirst();
        if (!u) throw unauthorized();
        let discountFen = 0;
        if (query.userCouponId) {
          await expireCoupons(trx, auth.tenantId, auth.userId, now);
          const c = await trx
            .selectFrom('user_coupons')
            .selectAll()
            .where('id', '=', query.userCouponId)
            .where('tenant_id', '=', auth.tenantId)
            .where('user_id', '=', auth.userId)
            .forUpdate()
            .executeTakeFirst();
          if (!c) throw badRequest(COMMERCE_TEXT.couponNotFound);
          if (c.status === COUPON_STATUS.used) throw badRequest(COMMERCE_TEXT.couponUsed);
          if (c.status === COUPON_STATUS.expired) throw badRequest(COMMERCE_TEXT.couponExpired);
          // spec §5: refused only when the minimum spend exceeds the price
          if (c.min_fen > totalFen) throw badRequest(TEXT.couponMinSpend);
          discountFen = Math.min(c.discount_fen, totalFen - 1);
        }
        const amountFen = Math.max(1, totalFen - discountFen);
        discountFen = totalFen - amountFen;
        const replaced = await trx
          .updateTable('orders')
          .set({ status: ORDER_STATUS.closed, closed_at: now, close_reason: 'replaced', updated_at: now })
          .where('tenant_id', '=', auth.tenantId)
          .where('user_id', '=', auth.userId)
          .where('status', '=', ORDER_STATUS.unpaid)
          .returning(['order_no', 'provider'])
          .execute();
        const id = newId();
        await trx
          .insertInto('orders')
          .values({
            id,
            order_no: orderNo,
            tenant_id: auth.tenantId,
            user_id: auth.userId,
            enterprise_id: null,
            option_id: option.id,
            option_snapshot: JSON.stringify(snapshot),
            title: option.title,
            type: option.type,
            unit_type: option.unit_type,
            bid_type: option.bid_type,
            valid_day: option.valid_day,
            number,
            unit_fen: option.money_fen,
            total_fen: totalFen,
            user_coupon_id: query.userCouponId ?? null,
            discount_fen: discountFen,
            amount_fen: amountFen,
            pay_type: query.orderPayType,
            provider: provider.name,
            close_reason: null,
            provider_txn_id: null,
            expires_at: expiresAt,
          })
          .execute();
        // The reservation: a coupon held by an earlier open order of this user (just replaced above) moves here.
        if (query.userCouponId) await trx.updateTable('user_coupons').set({ order_id: id }).where('id', '=', query.userCouponId).execute();
        return { id, replaced, amountFen, discountFen };
      });
      await closeAtProviders(app, replaced, 'replaced');

      let codeUrl: string;
      try {
        const title = option.unit_type === UNIT_TYPE.perCopy ? `${option.title} × ${number}` : option.title;
        codeUrl = (await provider.create({ orderNo, amountFen, title, expiresAt })).codeUrl;
      } catch (err) {
        app.log.error({ err: (err as Error).message, orderNo }, 'payment: create at the provider failed');
        await closeOrders(app, [{ id, order_no: orderNo, provider: provider.name }], 'create_failed');
        throw serverError(COMMERCE_TEXT.payCreateFailed);
      }
      await app.db.updateTable('orders').set({ code_url: codeUrl }).where('id', '=', id).execute();
      return {
        codeUrl,
        orderId: id,
        orderNo,
        amount: fenToYuan(amountFen),
        originalAmount: fenToYuan(totalFen),
        discountAmount: fenToYuan(discountFen),
        payType: query.orderPayType,
        expiresIn: app.config.orderTtlS,
        expireTime: formatTime(expiresAt),
      };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/bid-order/pay-status',
    auth: true,
    query: z.object({ id: z.string().trim().min(1).max(64) }),
    labels: { id: '订单编号' },
    handler: async ({ app, auth, query }): Promise<number> => {
      const find = () =>
        app.db
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', query.id)
          .where('tenant_id', '=', auth.tenantId)
          .where('user_id', '=', auth.userId)
          .executeTakeFirst();
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
      let base = app.db.selectFrom('orders').where('tenant_id', '=', auth.tenantId).where('user_id', '=', auth.userId);
      if (query.status) base = base.where('status', '=', query.status);
      const [{ total }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
      ]);
      const now = Date.now();
      const t = Number(total);
      return {
        records: rows.map((o) => {
          // an unpaid order past its expiry reads as closed even before the job closes it
          const status = o.status === ORDER_STATUS.unpaid && new Date(o.expires_at).getTime() <= now ? ORDER_STATUS.closed : o.status;
          return {
            id: o.id,
            orderNo: o.order_no,
            title: o.title,
            type: o.type,
            unitType: o.unit_type,
            bidType: o.bid_type,
            number: o.number,
            amount: fenToYuan(o.amount_fen),
            originalAmount: fenToYuan(o.total_fen),
            discountAmount: fenToYuan(o.discount_fen),
            payType: o.pay_type,
            payTypeName: PAY_TYPE_LABEL[o.pay_type] ?? '',
            status,
            statusName: ORDER_STATUS_LABEL[status] ?? '',
            createTime: formatTime(o.created_at),
            paidTime: formatTime(o.paid_at),
          };
        }),
        total: t,
        current: query.current,
        size: query.size,
        pages: Math.ceil(t / query.size),
      };
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
      const base = app.db.selectFrom('barrage_messages').where('tenant_id', '=', tenant.id).where('enabled', '=', true);
      const [{ total }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
          .select(['id', 'content'])
          .orderBy('sort')
          .orderBy('id')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
      ]);
      const t = Number(total);
      return { records: rows, total: t, current: query.current, size: query.size, pages: Math.ceil(t / query.size) };
    },
  });
}
