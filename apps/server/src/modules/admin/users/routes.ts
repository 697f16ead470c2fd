import type { FastifyInstance } from 'fastify';
import { adminCalls, type AdminUserDetail } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/connection.js';
import { presentPage } from '../../../db/paging.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { grantByOperator, type Holder, type Trx } from '../../entitlements/index.js';
import { writeAudit } from '../audit/repo.js';
import { defineAdminRoute, tenantScope, type OperatorAuth } from '../route.js';
import { presentAdminUser, presentEntitlements, presentLedger } from './present.js';
import { enterpriseMembers, findEnterprise, findScopedUser, ledgerOf, revokeUserSessions, searchUsers, setUserStatus } from './repo.js';

const FIELD_NAMES = { vip: 'VIP 天数', common: '普通版标书份数', flagship: '旗舰版标书份数' } as const;

/** A user of the operator's scope with its entitlements, its enterprise (members) and its ledger. */
async function userDetail(db: Database, op: OperatorAuth, userId: string): Promise<AdminUserDetail> {
  const u = await findScopedUser(db, tenantScope(op), userId);
  if (!u) throw notFound('用户');
  const ent = u.enterprise_id ? await findEnterprise(db, u.tenant_id, u.enterprise_id) : undefined;
  const members = ent ? await enterpriseMembers(db, u.tenant_id, ent.id) : [];
  return {
    user: presentAdminUser(u),
    enterprise: ent
      ? {
          id: ent.id,
          name: ent.name,
          entitlements: presentEntitlements(ent),
          members: members.map((m) => ({ id: m.id, phone: m.phone ?? '', nickName: m.nick_name, isAdmin: m.id === ent.admin_user_id })),
        }
      : null,
    ledger: (await ledgerOf(db, u.tenant_id, u.id, u.enterprise_id)).map(presentLedger),
  };
}

export function registerAdminUsers(fastify: FastifyInstance, app: AppContext): void {
  defineAdminRoute(fastify, app, {
    call: adminCalls.users,
    handler: async ({ app, op, query }) =>
      presentPage(await searchUsers(app.db, { tenantId: tenantScope(op, query.tenantId), keyword: query.keyword }, query), presentAdminUser),
  });

  defineAdminRoute(fastify, app, {
    call: adminCalls.user,
    handler: ({ app, op, query }) => userDetail(app.db, op, query.id),
  });

  // The grant, its ledger row and its audit row commit together.
  defineAdminRoute(fastify, app, {
    call: adminCalls.grant,
    transaction: true,
    handler: async ({ db, op, body, ip }) => {
      const u = await findScopedUser(db, tenantScope(op), body.userId, true);
      if (!u) throw notFound('用户');
      if (body.toEnterprise && !u.enterprise_id) throw badRequest('该用户还没有企业，无法赠送给企业');
      const holder: Holder = body.toEnterprise ? { type: 'enterprise', id: u.enterprise_id! } : { type: 'user', id: u.id };
      const change = await grantByOperator(db as Trx, {
        tenantId: u.tenant_id,
        holder,
        field: body.field,
        amount: body.amount,
        reason: `operator_grant: ${body.reason}`,
        ref: `operator:${op.id}`,
      });
      const detail = await userDetail(db, op, u.id);
      const before = body.toEnterprise ? null : presentEntitlements(u);
      await writeAudit(db, {
        operatorId: op.id,
        tenantId: u.tenant_id,
        action: 'user.grant',
        targetType: holder.type,
        targetId: holder.id,
        before: { holder, entitlements: before, vipExpiry: change.vipBefore },
        after: {
          holder,
          grant: `${FIELD_NAMES[body.field]} +${body.amount}`,
          entitlements: body.toEnterprise ? detail.enterprise!.entitlements : detail.user.personal,
        },
        reason: body.reason,
        ip,
      });
      return detail;
    },
  });

  // Disabling ends the account's sessions in the same transaction (its tokens stop working at once: a token is checked
  // against its session on every call) and closes its realtime connections after the commit.
  defineAdminRoute(fastify, app, {
    call: adminCalls.setUserStatus,
    handler: async ({ app, op, body, ip }) => {
      const result = await app.db.transaction().execute(async (trx) => {
        const u = await findScopedUser(trx, tenantScope(op), body.userId, true);
        if (!u) throw notFound('用户');
        await setUserStatus(trx, u.id, body.status);
        const ended = body.status === 2 ? await revokeUserSessions(trx, u.id) : 0;
        await writeAudit(trx, {
          operatorId: op.id,
          tenantId: u.tenant_id,
          action: 'user.status',
          targetType: 'user',
          targetId: u.id,
          before: { status: u.status },
          after: { status: body.status, sessionsEnded: ended },
          reason: body.reason,
          ip,
        });
        return presentAdminUser({ ...u, status: body.status });
      });
      if (body.status === 2) {
        // after the commit: a token check that read the session before it would otherwise be remembered as live
        await app.tokens.ended({ userId: result.id }).catch((err: unknown) => app.log.warn({ err }, 'admin: token cache not told'));
        await app.realtime.closeUser(result.id).catch((err: unknown) => app.log.warn({ err }, 'admin: closeUser failed'));
      }
      return result;
    },
  });
}
