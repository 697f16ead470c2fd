import type { FastifyInstance } from 'fastify';
import { fenToYuan, type CouponRecord, type NewUserCouponPreview, type Page } from '@btz/shared';
import { couponCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { formatTime } from '../../lib/time.js';
import { claimNewUserCoupons } from './commands/claim-new-user-coupons.js';
import { redeemCoupon } from './commands/redeem-coupon.js';
import { presentCoupon } from './present.js';
import { expireCoupons, listCouponsOf, newUserTemplates } from './repo.js';

export function registerCouponRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: couponCalls.list,
    handler: async ({ app, auth, query }): Promise<Page<CouponRecord>> => {
      await expireCoupons(app.db, auth.tenantId, auth.userId);
      return listCouponsOf(app.db, auth.tenantId, auth.userId, query, (r) => presentCoupon(r));
    },
  });

  defineRoute(fastify, app, {
    call: couponCalls.redeem,
    rateLimit: 'coupon',
    handler: async ({ app, auth, query }): Promise<CouponRecord> => {
      return presentCoupon(await redeemCoupon(app, { tenantId: auth.tenantId, userId: auth.userId, code: query.code }));
    },
  });

  defineRoute(fastify, app, {
    call: couponCalls.newUserList,
    handler: async ({ app, auth }): Promise<NewUserCouponPreview[]> => {
      const now = Date.now();
      return (await newUserTemplates(app.db, auth.tenantId)).map((t) => ({
        id: t.id,
        title: t.title,
        discountAmount: fenToYuan(t.discount_fen),
        minAmount: fenToYuan(t.min_fen),
        validDays: t.valid_days,
        deadline: formatTime(new Date(now + t.valid_days * 86_400_000)),
      }));
    },
  });

  defineRoute(fastify, app, {
    call: couponCalls.claimNewUser,
    handler: async ({ app, auth }): Promise<CouponRecord[]> =>
      (await claimNewUserCoupons(app, { tenantId: auth.tenantId, userId: auth.userId })).map((c) => presentCoupon(c)),
  });
}
