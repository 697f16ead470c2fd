import type { FastifyInstance } from 'fastify';
import { COMMERCE_TEXT, FLAGS, fenToYuan, type CouponRecord, type NewUserCouponPreview, type Page } from '@btz/shared';
import { couponCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { formatTime } from '../../lib/time.js';
import { isNewUser } from '../user/present.js';
import { redeemCoupon } from './commands/redeem-coupon.js';
import { presentCoupon } from './present.js';
import { claimNewUserGift, expireCoupons, issueCoupon, listCouponsOf, lockUserForGift, newUserTemplates } from './repo.js';

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
    handler: async ({ app, auth }): Promise<CouponRecord[]> => {
      const issued = await app.db.transaction().execute(async (trx) => {
        const u = await lockUserForGift(trx, auth.tenantId, auth.userId);
        if (!u) throw unauthorized();
        if (!isNewUser(u)) throw badRequest(u.is_new_user === FLAGS.newUser ? COMMERCE_TEXT.newUserOnly : COMMERCE_TEXT.newUserClaimed);
        if (!(await claimNewUserGift(trx, u.id))) throw badRequest(COMMERCE_TEXT.newUserClaimed);
        const out = [];
        for (const template of await newUserTemplates(trx, auth.tenantId)) {
          out.push(await issueCoupon(trx, { tenantId: auth.tenantId, userId: u.id, template, source: 'new_user' }));
        }
        return out;
      });
      return issued.map((c) => presentCoupon(c));
    },
  });
}
