import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN, maskPhone, type InvitedUser, type Page } from '@btz/shared';
import { userCalls } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { ownImagePath } from '../../http/validation.js';
import { formatTime } from '../../lib/time.js';
import { consumeSmsCode, sendSmsCode } from '../auth/sms-codes.js';
import { ensureEnterprise } from './enterprise.js';
import { presentUser } from './present.js';
import { findEnterpriseOf, findUser, findUserByPhone, listInvitedUsers, setLoginRole, setPhone, updateUserFields } from './repo.js';

/** `2021-02-30` has the right shape but is no day of the calendar. */
function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const PHONE_TAKEN = '该手机号已注册其他账号';

const flag = z.coerce.number().int().min(0).max(1);
const updateInfo = z
  .object({
    nickName: z.string().trim().min(1).max(30),
    realName: z.string().trim().max(30),
    name: z.string().trim().max(100),
    avatar: ownImagePath(),
    sex: z.coerce.number().int().min(0).max(2),
    birthday: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '格式应为 YYYY-MM-DD' })
      .refine(isCalendarDate, { error: '不是有效的日期' }),
    email: z.string().trim().max(100).regex(EMAIL_PATTERN, { error: '邮箱格式不正确' }),
    province: z.string().trim().max(30),
    city: z.string().trim().max(30),
    district: z.string().trim().max(30),
    regionCode: z.string().trim().regex(/^\d{0,12}$/, { error: '应为数字行政区划代码' }),
    address: z.string().trim().max(200),
    bidFileShowFlag: flag,
    projectListShowFlag: flag,
    guide: flag,
  })
  .partial()
  .strict();
const UPDATE_LABELS: Record<string, string> = {
  nickName: '昵称',
  realName: '真实姓名',
  name: '公司名称',
  avatar: '头像',
  sex: '性别',
  birthday: '生日',
  email: '邮箱',
  province: '省份',
  city: '城市',
  district: '区县',
  regionCode: '行政区划代码',
  address: '地址',
  bidFileShowFlag: '标书文件显示',
  projectListShowFlag: '项目列表显示',
  guide: '新手引导',
};
const COLUMN: Record<string, string> = {
  nickName: 'nick_name',
  realName: 'real_name',
  name: 'company_name',
  regionCode: 'region_code',
  bidFileShowFlag: 'bid_file_show_flag',
  projectListShowFlag: 'project_list_show_flag',
};

const phone = z.string({ error: '请输入手机号' }).regex(PHONE_PATTERN, { error: '格式不正确，请输入 11 位中国大陆手机号' });
const paging = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

/** The site origin a user came in on (so invite links keep the brand's host). */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

export async function loadUserInfo(app: AppContext, tenantId: string, userId: string, origin: string) {
  const u = await findUser(app.db, tenantId, userId);
  if (!u) throw unauthorized();
  const ent = u.enterprise_id
    ? await findEnterpriseOf(app.db, tenantId, u.enterprise_id)
    : undefined;
  return presentUser(u, ent, origin);
}

export function registerUserRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: userCalls.getInfo,
    handler: ({ app, auth, req }) => loadUserInfo(app, auth.tenantId, auth.userId, requestOrigin(req)),
  });

  defineRoute(fastify, app, {
    path: '/btz/user/update-info',
    auth: true,
    query: updateInfo,
    labels: UPDATE_LABELS,
    handler: async ({ app, auth, query, req }) => {
      const set: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(query)) if (v !== undefined) set[COLUMN[k] ?? k] = v as string | number;
      if (Object.keys(set).length === 0) throw badRequest('没有需要修改的内容');
      await updateUserFields(app.db, auth.tenantId, auth.userId, set);
      return loadUserInfo(app, auth.tenantId, auth.userId, requestOrigin(req));
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/user/switch-role',
    auth: true,
    query: z.object({ loginRole: z.coerce.number().int().min(0).max(1) }),
    labels: { loginRole: '登录身份' },
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
    path: '/btz/user/invite-user-list',
    auth: true,
    query: paging,
    labels: { current: '页码', size: '每页条数' },
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
    path: '/btz/user/send-code-present',
    auth: true,
    rateLimit: 'sms',
    handler: async ({ app, auth, ip }) => {
      const u = await findUser(app.db, auth.tenantId, auth.userId);
      if (!u?.phone) throw badRequest('当前账号未绑定手机号，可直接绑定新手机号');
      return sendSmsCode(app, { tenantId: auth.tenantId, phone: u.phone, purpose: 'present', ip });
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/user/validate-code',
    auth: true,
    query: z.object({ key: z.string().min(1).max(64), code: z.string().min(1).max(8) }),
    labels: { key: '验证码标识', code: '短信验证码' },
    handler: async ({ app, auth, query }) => {
      const u = await findUser(app.db, auth.tenantId, auth.userId);
      if (!u?.phone) throw badRequest('当前账号未绑定手机号');
      await consumeSmsCode(app, { tenantId: auth.tenantId, phone: u.phone, purpose: 'present', ...query });
      // The ticket names the phone it proved, so it cannot move the account a second time once that phone changed.
      return { ticket: app.tokens.signTicket('change-phone', `${auth.userId}:${u.phone}`, 600) };
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/user/send-code',
    auth: true,
    rateLimit: 'sms',
    query: z.object({ phone }),
    labels: { phone: '新手机号' },
    handler: async ({ app, auth, query, ip }) => {
      // Whether the number belongs to another account is not told here (anyone logged in could enumerate phones):
      // the code goes out either way, and update-phone refuses once the code proved the caller holds that phone.
      const self = await findUser(app.db, auth.tenantId, auth.userId);
      if (self?.phone === query.phone) throw badRequest('新手机号与当前手机号相同');
      return sendSmsCode(app, { tenantId: auth.tenantId, phone: query.phone, purpose: 'change', ip });
    },
  });

  defineRoute(fastify, app, {
    path: '/btz/user/update-phone',
    auth: true,
    query: z.object({ phone, key: z.string().min(1).max(64), code: z.string().min(1).max(8), ticket: z.string().max(512).optional() }),
    labels: { phone: '新手机号', key: '验证码标识', code: '短信验证码', ticket: '原手机号验证凭证' },
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
}
