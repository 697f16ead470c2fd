import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskPhone, type InvitedUser, type Page } from '@btz/shared';
import { userCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { formatTime } from '../../lib/time.js';
import { consumeSmsCode, sendSmsCode } from '../verify/sms-codes.js';
import { presentUser } from './present.js';
import { deviceLabel } from '../iprecord/index.js';
import {
  clearWechat,
  ensureEnterprise,
  findUser,
  findUserByPhone,
  findUserWithEnterprise,
  listInvitedUsers,
  liveSessions,
  revokeAllSessions,
  setLoginRole,
  setPhone,
  updateUserFields,
} from './repo.js';

const PHONE_TAKEN = '该手机号已注册其他账号';

/** update-info's fields → columns, where the names differ */
const COLUMN: Record<string, string> = {
  nickName: 'nick_name',
  realName: 'real_name',
  name: 'company_name',
  regionCode: 'region_code',
  bidFileShowFlag: 'bid_file_show_flag',
  projectListShowFlag: 'project_list_show_flag',
};

/** The site origin a user came in on (so invite links keep the brand's host). */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

export async function loadUserInfo(app: AppContext, tenantId: string, userId: string, origin: string) {
  const found = await findUserWithEnterprise(app.db, tenantId, userId);
  if (!found) throw unauthorized();
  return presentUser(found.user, found.enterprise, origin);
}

export function registerUserRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: userCalls.getInfo,
    handler: ({ app, auth, req }) => loadUserInfo(app, auth.tenantId, auth.userId, requestOrigin(req)),
  });

  defineRoute(fastify, app, {
    call: userCalls.updateInfo,
    handler: async ({ app, auth, query, req }) => {
      const set: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(query)) if (v !== undefined) set[COLUMN[k] ?? k] = v as string | number;
      if (Object.keys(set).length === 0) throw badRequest('没有需要修改的内容');
      await updateUserFields(app.db, auth.tenantId, auth.userId, set);
      return loadUserInfo(app, auth.tenantId, auth.userId, requestOrigin(req));
    },
  });

  defineRoute(fastify, app, {
    call: userCalls.switchRole,
    handler: async ({ app, auth, query, req }) => {
      await app.db.transaction().execute(async (trx) => {
        const u = await findUser(trx, auth.tenantId, auth.userId);
        if (!u) throw unauthorized();
        // An enterprise is created for a user the first time it switches to the enterprise role (CONVENTIONS.md).
        if (query.loginRole === 1) await ensureEnterprise(trx, u);
        await setLoginRole(trx, u.id, query.loginRole);
      });
      return loadUserInfo(app, auth.tenantId, auth.userId, requestOrigin(req));
    },
  });

  defineRoute(fastify, app, {
    call: userCalls.inviteUserList,
    handler: async ({ app, auth, query }): Promise<Page<InvitedUser>> => {
      return listInvitedUsers(app.db, auth.tenantId, auth.userId, query, (r) => ({
        id: r.id,
        maskPhone: maskPhone(r.phone),
        nickName: r.nick_name,
        createTime: formatTime(r.created_at),
      }));
    },
  });

  // Change phone: verify the present phone (send-code-present → validate-code → ticket), then the new one
  // (send-code → update-phone). A WeChat-only account has no present phone and skips the first step.
  defineRoute(fastify, app, {
    call: userCalls.sendCodePresent,
    rateLimit: 'sms',
    handler: async ({ app, auth, ip }) => {
      const u = await findUser(app.db, auth.tenantId, auth.userId);
      if (!u?.phone) throw badRequest('当前账号未绑定手机号，可直接绑定新手机号');
      return sendSmsCode(app, { tenantId: auth.tenantId, phone: u.phone, purpose: 'present', ip });
    },
  });

  defineRoute(fastify, app, {
    call: userCalls.validateCode,
    handler: async ({ app, auth, query }) => {
      const u = await findUser(app.db, auth.tenantId, auth.userId);
      if (!u?.phone) throw badRequest('当前账号未绑定手机号');
      await consumeSmsCode(app, { tenantId: auth.tenantId, phone: u.phone, purpose: 'present', ...query });
      // The ticket names the phone it proved, so it cannot move the account a second time once that phone changed.
      return { ticket: app.tokens.signTicket('change-phone', `${auth.userId}:${u.phone}`, 600) };
    },
  });

  defineRoute(fastify, app, {
    call: userCalls.sendCode,
    rateLimit: 'sms',
    handler: async ({ app, auth, query, ip }) => {
      // Whether the number belongs to another account is not told here (anyone logged in could enumerate phones):
      // the code goes out either way, and update-phone refuses once the code proved the caller holds that phone.
      const self = await findUser(app.db, auth.tenantId, auth.userId);
      if (self?.phone === query.phone) throw badRequest('新手机号与当前手机号相同');
      return sendSmsCode(app, { tenantId: auth.tenantId, phone: query.phone, purpose: 'change', ip });
    },
  });

  defineRoute(fastify, app, {
    call: userCalls.updatePhone,
    handler: async ({ app, auth, query, req }) => {
      const u = await findUser(app.db, auth.tenantId, auth.userId);
      if (!u) throw unauthorized();
      if (u.phone && !(query.ticket && app.tokens.verifyTicket(query.ticket, 'change-phone', `${u.id}:${u.phone}`))) {
        throw badRequest('请先验证原手机号');
      }
      await consumeSmsCode(app, { tenantId: auth.tenantId, phone: query.phone, purpose: 'change', key: query.key, code: query.code });
      // only now, to someone who proved they hold the phone, may its registration be told
      const owner = await findUserByPhone(app.db, auth.tenantId, query.phone);
      if (owner && owner.id !== u.id) throw badRequest(PHONE_TAKEN);
      try {
        await setPhone(app.db, u.id, query.phone);
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw badRequest(PHONE_TAKEN);
        throw e;
      }
      return loadUserInfo(app, auth.tenantId, auth.userId, requestOrigin(req));
    },
  });

  defineRoute(fastify, app, {
    call: userCalls.sessions,
    handler: async ({ app, auth }) =>
      (await liveSessions(app.db, auth.tenantId, auth.userId)).map((r) => ({
        id: r.id,
        device: deviceLabel(r.user_agent),
        ip: r.ip,
        createTime: formatTime(r.created_at),
        current: r.id === auth.sessionId,
      })),
  });

  // 退出所有设备: every token of the account stops working at once (each request checks its session row), and the
  // realtime connections opened with them are closed.
  defineRoute(fastify, app, {
    call: userCalls.logoutAll,
    handler: async ({ app, auth }) => {
      const ids = await revokeAllSessions(app.db, auth.tenantId, auth.userId);
      await app.tokens.ended({ userId: auth.userId });
      for (const id of ids) await app.realtime.closeAuthSession(id);
      return { count: ids.length };
    },
  });

  defineRoute(fastify, app, {
    call: userCalls.unbindWechat,
    handler: async ({ app, auth, req }) => {
      const u = await findUser(app.db, auth.tenantId, auth.userId);
      if (!u) throw unauthorized();
      if (!u.wechat_openid) throw badRequest('当前账号未绑定微信');
      if (!u.phone) throw badRequest('请先绑定手机号再解绑微信，否则将无法登录此账号');
      await clearWechat(app.db, auth.tenantId, auth.userId);
      return loadUserInfo(app, auth.tenantId, auth.userId, requestOrigin(req));
    },
  });
}
