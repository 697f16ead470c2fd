import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fenToYuan, yuanToFen } from '@btz/shared';
import { adminCalls, adminMoneyCalls, type AdminCouponTemplate } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import { writeAudit } from '../audit/repo.js';
import { timeOrEmpty } from '../present.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import type { Trx } from '../../entitlements/index.js';
import { issuableAt, issueCoupon } from '../../coupon/repo.js';
import { shanghai } from '../content/kinds.js';
import { codesOf, findScopedUser, findTemplate, insertCodes, insertRedeemTemplate, insertTemplate, listTemplates, lockTemplate, updateTemplate, type TemplateRow } from './repo.js';

const KIND_NAMES: Record<string, string> = { new_user: '新人礼包', redeem: '兑换码', task: '任务奖励', grant: '活动券' };
/** 10 characters without look-alikes (0/O, 1/I): what a user types. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
/** a window bound as the form shows it: 'YYYY-MM-DD HH:mm' (Asia/Shanghai), '' when open */
const minute = (d: Date | null) => timeOrEmpty(d).slice(0, 16);
const csvCell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

function presentTemplate(t: TemplateRow): AdminCouponTemplate {
  return {
    id: t.id,
    tenantId: t.tenant_id,
    kind: t.kind,
    kindName: KIND_NAMES[t.kind] ?? t.kind,
    title: t.title,
    discountAmount: fenToYuan(t.discount_fen),
    minAmount: fenToYuan(t.min_fen),
    validDays: t.valid_days,
    enabled: t.enabled,
    startTime: minute(t.starts_at),
    endTime: minute(t.ends_at),
    issuable: issuableAt(t),
    codes: Number(t.codes),
    usedCodes: Number(t.used_codes),
    createTime: timeOrEmpty(t.created_at),
  };
}

/** Coupons: the tenant's coupon templates (campaigns, the new-user pack, redeem batches); redeem-code batches with CSV. */
export function registerAdminCoupons(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminCalls.coupons,
    handler: async ({ app, op, query }) => (await listTemplates(app.db, tenantScope(op, query.tenantId))).map(presentTemplate),
  });

  // The template, its codes and the audit row commit together; a code drawn twice (unique per tenant) fails the batch.
  defineAdminRoute(fastify, app, {
    call: adminCalls.redeemBatch,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const scope = tenantScope(op, body.tenantId);
      if (!scope) throw badRequest('请选择兑换码所属的租户（tenantId）');
      const discountFen = yuanToFen(body.discountAmount);
      const minFen = yuanToFen(body.minAmount);
      const id = newId();
      await insertRedeemTemplate(db, { id, tenantId: scope, title: body.title, discountFen, minFen, validDays: body.validDays });
      const codes = new Set<string>();
      while (codes.size < body.count) codes.add(newCode());
      const expiresAt = body.codeDays ? new Date(Date.now() + body.codeDays * 86_400_000) : null;
      await insertCodes(db, [...codes].map((code) => ({ id: newId() + code, tenantId: scope, code, templateId: id, expiresAt })));
      await writeAudit(db, {
        operatorId: op.id,
        tenantId: scope,
        action: 'coupon.redeem_batch',
        targetType: 'coupon_template',
        targetId: id,
        after: { title: body.title, discountFen, minFen, validDays: body.validDays, count: body.count, codeDays: body.codeDays ?? null },
        ip,
      });
      const row = (await listTemplates(db, scope)).find((t) => t.id === id)!;
      return presentTemplate(row);
    },
  });

  defineAdminRoute(fastify, app, {
    call: adminCalls.redeemCodes,
    handler: async ({ app, op, query }) => {
      const t = await findTemplate(app.db, tenantScope(op), query.id);
      if (!t) throw notFound('兑换码批次');
      const rows = await codesOf(app.db, t.id);
      const lines = [
        ['兑换码', '已使用次数', '可使用次数', '过期时间', '生成时间'].join(','),
        ...rows.map((r) => [r.code, r.used_count, r.max_uses, timeOrEmpty(r.expires_at), timeOrEmpty(r.created_at)].map(csvCell).join(',')),
      ];
      return { fileName: `兑换码-${t.title}-${t.id}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
    },
  });

  // A campaign (grant), a coupon of the new-user pack or a task reward: created, or edited (stopped: enabled false).
  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.saveCoupon,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const input = {
        title: body.title,
        discountFen: yuanToFen(body.discountAmount),
        minFen: yuanToFen(body.minAmount),
        validDays: body.validDays,
        sort: body.sort ?? 0,
        enabled: body.enabled,
        startsAt: body.startTime ? shanghai(body.startTime) : null,
        endsAt: body.endTime ? shanghai(body.endTime) : null,
      };
      const bounds = { startTime: body.startTime ?? '', endTime: body.endTime ?? '' };
      const terms = (t: TemplateRow | NonNullable<Awaited<ReturnType<typeof lockTemplate>>>) => ({
        title: t.title,
        discountFen: t.discount_fen,
        minFen: t.min_fen,
        validDays: t.valid_days,
        sort: t.sort,
        enabled: t.enabled,
        startTime: minute(t.starts_at),
        endTime: minute(t.ends_at),
      });
      // the audit keeps the window as the operator typed it
      const { startsAt: _startsAt, endsAt: _endsAt, ...kept } = input;
      const audited = () => ({ ...kept, ...bounds });
      let id = body.id;
      let tenant: string;
      if (id) {
        const before = await lockTemplate(db, tenantScope(op, body.tenantId), id);
        if (!before) throw notFound('优惠券');
        if (before.kind === 'redeem') throw badRequest('兑换码批次的券面不能修改（已生成的兑换码按原券面兑换）');
        if (before.kind !== body.kind) throw badRequest('优惠券类型不能修改');
        tenant = before.tenant_id;
        if (body.sort === undefined) input.sort = kept.sort = before.sort;
        // a window bound not sent stays as it was (the list's stop/start switch sends none)
        if (body.startTime === undefined) [input.startsAt, bounds.startTime] = [before.starts_at, minute(before.starts_at)];
        if (body.endTime === undefined) [input.endsAt, bounds.endTime] = [before.ends_at, minute(before.ends_at)];
        if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) throw badRequest('活动结束时间：结束时间应晚于开始时间');
        await updateTemplate(db, id, input);
        await writeAudit(db, { operatorId: op.id, tenantId: tenant, action: 'coupon.update', targetType: 'coupon_template', targetId: id, before: terms(before), after: audited(), ip });
      } else {
        const scope = tenantScope(op, body.tenantId);
        if (!scope) throw badRequest('请选择优惠券所属的租户（tenantId）');
        tenant = scope;
        id = newId();
        await insertTemplate(db, { id, tenantId: tenant, kind: body.kind, ...input });
        await writeAudit(db, { operatorId: op.id, tenantId: tenant, action: 'coupon.create', targetType: 'coupon_template', targetId: id, after: { kind: body.kind, ...audited() }, ip });
      }
      return presentTemplate((await listTemplates(db, tenant)).find((t) => t.id === id)!);
    },
  });

  // One coupon of a template to one user of the same tenant, with the reason kept in the audit.
  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.grantCoupon,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const scope = tenantScope(op);
      const user = await findScopedUser(db, scope, body.userId);
      if (!user) throw notFound('用户');
      const template = await findTemplate(db, user.tenant_id, body.templateId);
      if (!template) throw badRequest('该优惠券不属于用户所在的租户');
      if (!template.enabled) throw badRequest('该优惠券已停用，不能发放');
      if (!issuableAt(template))
        throw badRequest(`该优惠券的活动时间为 ${minute(template.starts_at) || '不限'} 至 ${minute(template.ends_at) || '不限'}，当前不在活动时间内，不能发放`);
      const c = await issueCoupon(db as unknown as Trx, { tenantId: user.tenant_id, userId: user.id, template, source: 'grant' });
      await writeAudit(db, {
        operatorId: op.id,
        tenantId: user.tenant_id,
        action: 'coupon.grant',
        targetType: 'user',
        targetId: user.id,
        after: { couponId: c.id, templateId: template.id, title: c.title, discountFen: c.discount_fen, minFen: c.min_fen, deadline: c.deadline },
        reason: body.reason,
        ip,
      });
      return {
        id: c.id,
        userId: user.id,
        title: c.title,
        discountAmount: fenToYuan(c.discount_fen),
        minAmount: fenToYuan(c.min_fen),
        deadline: timeOrEmpty(c.deadline),
        source: c.source,
      };
    },
  });
}
