import type { FastifyInstance } from 'fastify';
import { adminMoneyCalls, type AdminWelfareTask } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { writeAudit } from '../audit/repo.js';
import { findTemplate } from '../coupons/repo.js';
import { timeOrEmpty } from '../present.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { listWelfareTasks, lockWelfareTask, updateWelfareTask, type WelfareTaskRow } from './repo.js';

function presentTask(w: WelfareTaskRow): AdminWelfareTask {
  return {
    tenantId: w.tenant_id,
    code: w.code,
    title: w.title,
    description: w.description,
    rewardKind: w.reward_kind,
    couponTemplateId: w.coupon_template_id,
    couponTitle: w.coupon_title ?? '',
    copyField: w.copy_field,
    copyNumber: w.copy_number,
    sort: w.sort,
    enabled: w.enabled,
    claims: Number(w.claims),
    updateTime: timeOrEmpty(w.updated_at),
  };
}

/** The welfare centre's tasks (福利中心, migration 0026) and what each rewards: listed and edited, audited before/after. */
export function registerAdminWelfare(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.welfareTasks,
    handler: async ({ app, op, query }) => (await listWelfareTasks(app.db, tenantScope(op, query.tenantId))).map(presentTask),
  });

  // A claim already made keeps what it gave; the new reward applies to claims from now on.
  defineAdminRoute(fastify, app, {
    call: adminMoneyCalls.saveWelfareTask,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const tenant = tenantScope(op, body.tenantId);
      if (!tenant) throw badRequest('请选择任务所属的租户（tenantId）');
      const before = await lockWelfareTask(db, tenant, body.code);
      if (!before) throw notFound('福利任务');
      const coupon = body.rewardKind === 'coupon';
      if (coupon) {
        const t = await findTemplate(db, tenant, body.couponTemplateId!);
        if (!t) throw badRequest('奖励优惠券不属于该租户');
      }
      const v = {
        title: body.title,
        description: body.description,
        reward_kind: body.rewardKind,
        coupon_template_id: coupon ? body.couponTemplateId : null,
        copy_field: coupon ? null : body.copyField,
        copy_number: coupon ? 0 : body.copyNumber,
        sort: body.sort,
        enabled: body.enabled,
      };
      await updateWelfareTask(db, tenant, body.code, v);
      const { updated_at: _u, tenant_id: _t, code: _c, ...was } = before;
      await writeAudit(db, { operatorId: op.id, tenantId: tenant, action: 'welfare.update', targetType: 'welfare_task', targetId: `${tenant}:${body.code}`, before: was, after: v, ip });
      return presentTask((await listWelfareTasks(db, tenant)).find((w) => w.code === body.code)!);
    },
  });
}
