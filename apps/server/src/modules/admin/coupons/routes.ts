import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fenToYuan, yuanToFen } from '@btz/shared';
import { adminCalls, type AdminCouponTemplate } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import { writeAudit } from '../audit/repo.js';
import { timeOrEmpty } from '../present.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { codesOf, findTemplate, insertCodes, insertRedeemTemplate, listTemplates, type TemplateRow } from './repo.js';

const KIND_NAMES: Record<string, string> = { new_user: '新人礼包', redeem: '兑换码', task: '任务奖励', grant: '运营发放' };
/** 10 characters without look-alikes (0/O, 1/I): what a user types. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
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
}
