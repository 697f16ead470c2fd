import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COMMERCE_TEXT, FLAGS, fenToYuan, type CouponRecord, type NewUserCouponPreview, type Page } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { formatTime } from '../../lib/time.js';
import { isNewUser } from '../user/present.js';
import { expireCoupons, issueCoupon, newUserTemplates, presentCoupon } from './service.js';

const paging = {
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
};

class RedeemRefused extends Error {}

export function registerCouponRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    path: '/btz/coupon/coupon-list',
    auth: true,
    query: z.object({ ...paging, status: z.coerce.number().int().min(1).max(3).optional() }),
    labels: { current: '页码', size: '每页条数', status: '优惠券状态' },
    handler: async ({ app, auth, query }): Promise<Page<CouponRecord>> => {
      await expireCoupons(app.db, auth.tenantId, auth.userId);
      let base = app.db.selectFrom('user_coupons').where('tenant_id', '=', auth.tenantId).where('user_id', '=', auth.userId);
      if (query.status) base = base.where('status', '=', query.status);
      const [{ total }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('status')
          .orderBy('discount_fen', 'desc')
          .orderBy('deadline')
          .orderBy('id')
          .limit(query.size)
          .offset((query.current - 1) * query.size)
          .execute(),
      ]);
      const t = Number(total);
      return { records: rows.map((r) => presentCoupon(r)), total: t, current: query.current, size: query.size, pages: Math.ceil(t / query.size) };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/coupon/redeem',
    auth: true,
    query: z.object({ code: z.string().trim().min(1).max(64) }),
    labels: { code: '兑换码' },
    handler: async ({ app, auth, query }): Promise<CouponRecord> => {
      const code = query.code.toUpperCase();
      try {
        const coupon = await app.db.transaction().execute(async (trx) => {
          const rc = await trx
            .selectFrom('redeem_codes')
            .selectAll()
            .where('tenant_id', '=', auth.tenantId)
            .where('code', '=', code)
            .forUpdate()
            .executeTakeFirst();
          if (!rc || (rc.expires_at && new Date(rc.expires_at).getTime() <= Date.now())) throw new RedeemRefused(COMMERCE_TEXT.redeemUnknown);
          const used = await trx
            .selectFrom('redeem_code_uses')
            .select('user_id')
            .where('redeem_code_id', '=', rc.id)
            .where('user_id', '=', auth.userId)
            .executeTakeFirst();
          if (used) throw new RedeemRefused(COMMERCE_TEXT.redeemTwice);
          if (rc.used_count >= rc.max_uses) throw new RedeemRefused(COMMERCE_TEXT.redeemExhausted);
          const template = await trx
            .selectFrom('coupon_templates')
            .selectAll()
            .where('id', '=', rc.template_id)
            .where('tenant_id', '=', auth.tenantId)
            .where('enabled', '=', true)
            .executeTakeFirst();
          if (!template) throw new RedeemRefused(COMMERCE_TEXT.redeemUnknown);
          const c = await issueCoupon(trx, { tenantId: auth.tenantId, userId: auth.userId, template, source: 'redeem' });
          await trx.insertInto('redeem_code_uses').values({ redeem_code_id: rc.id, user_id: auth.userId, user_coupon_id: c.id }).execute();
          const bumped = await trx
            .updateTable('redeem_codes')
            .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
            .where('id', '=', rc.id)
            .where('used_count', '<', rc.max_uses)
            .executeTakeFirst();
          if (Number(bumped.numUpdatedRows) !== 1) throw new RedeemRefused(COMMERCE_TEXT.redeemExhausted);
          return c;
        });
        return presentCoupon(coupon);
      } catch (e) {
        if (e instanceof RedeemRefused) throw badRequest(e.message);
        // two concurrent redeems of one code by one user: the primary key keeps the second out
        if ((e as { code?: string }).code === '23505') throw badRequest(COMMERCE_TEXT.redeemTwice);
        throw e;
      }
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/coupon/newUserCouponList',
    auth: true,
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
    path: '/btz/coupon/getNewUserCoupon',
    auth: true,
    handler: async ({ app, auth }): Promise<CouponRecord[]> => {
      const issued = await app.db.transaction().execute(async (trx) => {
        const u = await trx.selectFrom('users').selectAll().where('id', '=', auth.userId).where('tenant_id', '=', auth.tenantId).forUpdate().executeTakeFirst();
        if (!u) throw unauthorized();
        if (!isNewUser(u)) throw badRequest(u.is_new_user === FLAGS.newUser ? COMMERCE_TEXT.newUserOnly : COMMERCE_TEXT.newUserClaimed);
        const claimed = await trx
          .updateTable('users')
          .set({ is_new_user: FLAGS.notNewUser, updated_at: new Date() })
          .where('id', '=', u.id)
          .where('is_new_user', '=', FLAGS.newUser)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw badRequest(COMMERCE_TEXT.newUserClaimed);
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
