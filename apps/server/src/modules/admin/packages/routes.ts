import type { FastifyInstance } from 'fastify';
import { fenToYuan, PRIVILEGES, yuanToFen, type PrivilegeId } from '@btz/shared';
import { adminCalls, type AdminPackage } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import { writeAudit } from '../audit/repo.js';
import { timeOrEmpty } from '../present.js';
import { defineAdminRoute, tenantScope } from '../route.js';
import { findOption, insertOption, listOptions, updateOption, type OptionRow } from './repo.js';

function presentPackage(o: OptionRow): AdminPackage {
  return {
    id: o.id,
    tenantId: o.tenant_id,
    title: o.title,
    type: o.type,
    unitType: o.unit_type,
    money: fenToYuan(o.money_fen),
    strokeMoney: fenToYuan(o.stroke_money_fen),
    validDay: o.valid_day,
    describes: o.describes,
    cornerMark: o.corner_mark,
    bidType: o.bid_type,
    privilegeValueList: o.privilege_value_list ?? [],
    sort: o.sort,
    enabled: o.enabled,
    updateTime: timeOrEmpty(o.updated_at),
  };
}

/** The fields an edit changed, before and after (the audit row keeps only those). */
function changed(before: AdminPackage, after: AdminPackage): { before: Partial<AdminPackage>; after: Partial<AdminPackage> } {
  const keys = (Object.keys(after) as (keyof AdminPackage)[]).filter((k) => k !== 'updateTime' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

/**
 * Packages (recharge options, spec §3): the operator's tenant's, hidden ones too; create and edit. An order keeps the
 * option as it was when made (`orders.option_snapshot`, the price in `unit_fen`), so an edit applies to new orders only.
 */
export function registerAdminPackages(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminCalls.packages,
    handler: async ({ app, op, query }) => (await listOptions(app.db, tenantScope(op, query.tenantId))).map(presentPackage),
  });

  defineAdminRoute(fastify, app, {
    call: adminCalls.savePackage,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const scope = tenantScope(op, body.tenantId);
      const privileges = body.privilegeValueList as PrivilegeId[];
      const values = {
        title: body.title,
        type: body.type,
        unit_type: body.unitType,
        money_fen: yuanToFen(body.money),
        stroke_money_fen: yuanToFen(body.strokeMoney),
        valid_day: body.unitType === 1 ? body.validDay : 0,
        describes: body.describes,
        corner_mark: body.cornerMark,
        bid_type: body.unitType === 2 ? body.bidType : null,
        privilege_value_list: JSON.stringify(privileges),
        privileges: JSON.stringify((Object.keys(PRIVILEGES) as PrivilegeId[]).map((id) => ({ id, name: PRIVILEGES[id], isChecked: privileges.includes(id) }))),
        sort: body.sort,
        enabled: body.enabled,
        updated_at: new Date(),
      };
      if (body.id) {
        const before = await findOption(db, scope, body.id, true);
        if (!before) throw notFound('套餐');
        const after = await updateOption(db, body.id, values);
        await writeAudit(db, {
          operatorId: op.id,
          tenantId: after.tenant_id,
          action: 'package.update',
          targetType: 'recharge_option',
          targetId: after.id,
          ...changed(presentPackage(before), presentPackage(after)),
          ip,
        });
        return presentPackage(after);
      }
      if (!scope) throw badRequest('请选择套餐所属的租户（tenantId）');
      const row = await insertOption(db, { id: newId(), tenant_id: scope, ...values });
      await writeAudit(db, { operatorId: op.id, tenantId: scope, action: 'package.create', targetType: 'recharge_option', targetId: row.id, after: presentPackage(row), ip });
      return presentPackage(row);
    },
  });
}
