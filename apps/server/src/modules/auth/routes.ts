import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOGIN_SOURCE, PHONE_PATTERN, TEXT, type TokenFailure } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { issueMessage } from '../../http/validation.js';
import type { TenantInfo } from '../../http/tenant.js';
import { provisionUser } from '../user/commands/provision-user.js';
import { findUser } from '../user/repo.js';
import { createCaptcha } from './captcha.js';
import { exchangeWechatCode, loginResponse } from './login.js';
import { consumeSmsCode, sendSmsCode } from './sms-codes.js';
import { bindQrState, consumeConfirmedQr, createQr, loginQrState } from './qr-login.js';
import { bearerToken } from '../../auth/tokens.js';

const phone = z.string({ error: '请输入手机号' }).regex(PHONE_PATTERN, { error: '格式不正确，请输入 11 位中国大陆手机号' });

const tokenQuery = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('sms_code'),
    username: phone,
    tenantId: z.string().optional(),
    source: z.coerce.number().int().optional(),
    invitation_code: z.string().max(32).optional(),
  }),
  z.object({
    grant_type: z.literal('social'),
    code: z.string({ error: '缺少微信授权码' }).min(1).max(512),
    tenantId: z.string().optional(),
    source: z.coerce.number().int().optional(),
    invitation_code: z.string().max(32).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(2048),
    tenantId: z.string().optional(),
  }),
]);
const TOKEN_LABELS = { username: '手机号', code: '微信授权码', grant_type: '登录方式', refresh_token: '刷新令牌' };

export function registerAuthRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    path: '/btz-skip/send-code',
    auth: false,
    query: z.object({ phone, captchaId: z.string().max(64).optional(), captchaCode: z.string().max(16).optional() }),
    labels: { phone: '手机号', captchaCode: '图形验证码' },
    rateLimit: 'sms',
    handler: ({ app, tenant, query, ip }) =>
      sendSmsCode(app, { ...query, tenantId: tenant.id, purpose: 'login', ip }),
  });

  defineRoute(fastify, app, {
    path: '/btz-skip/captcha',
    auth: false,
    rateLimit: 'sms',
    handler: ({ app, ip }) => createCaptcha(app, ip),
  });

  // The token endpoint answers the BladeX shape, not the envelope: `{ access_token, … }` or
  // `{ success: false, error_description }` on HTTP 200 (CONVENTIONS.md Transport) — a refused flood too.
  defineRoute(fastify, app, {
    path: '/blade-auth/oauth/token',
    auth: false,
    raw: true,
    rateLimit: {
      family: 'token',
      // the account a login is for: the phone it names, or the user of the refresh token it spends
      subject: (req) => {
        const p = tokenParams(req.query, req.body);
        if (p.grant_type === 'refresh_token' && typeof p.refresh_token === 'string') {
          const uid = app.tokens.decode(p.refresh_token, 'refresh')?.uid;
          return uid ? `u:${uid}` : null;
        }
        return typeof p.username === 'string' && p.username ? `phone:${p.username.slice(0, 32)}` : null;
      },
      refuse: (s) => tokenFailure(TEXT.tooFrequent(s), 400),
    },
    handler: async ({ req, query, body }) => tokenEndpoint(app, req, tokenParams(query, body)),
  });

  defineRoute(fastify, app, {
    path: '/blade-auth/oauth/logout',
    auth: false,
    handler: async ({ app, req }) => {
      // Logging out with a token that is already invalid is still a success: the client clears its state either way.
      const token = bearerToken(req.headers['blade-auth']);
      const p = token ? app.tokens.decode(token) : null;
      if (p) {
        await app.tokens.revoke(p.sid);
        await app.realtime.closeAuthSession(p.sid);
      }
      return null;
    },
  });
}

const tokenFailure = (description: string, code = 400): TokenFailure => ({
  success: false,
  error_code: code,
  error_description: description,
});

/** The token call's parameters: the query string and a form / JSON body, empty values dropped. */
function tokenParams(query: unknown, body: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({ ...(query && typeof query === 'object' ? query : {}), ...(body && typeof body === 'object' ? body : {}) }).filter(
      ([, v]) => v !== '' && v !== undefined,
    ),
  );
}

async function tokenEndpoint(app: AppContext, req: FastifyRequest, params: Record<string, unknown>) {
  const failure = tokenFailure;
  const parsed = tokenQuery.safeParse(params);
  if (!parsed.success) return failure(issueMessage(parsed.error.issues[0]!, TOKEN_LABELS, params));
  const q = parsed.data;
  const tenant = req.tenant;
  const tenantHeader = req.headers['tenant-id'];
  if ((q.tenantId && q.tenantId !== tenant.id) || (tenantHeader && tenantHeader !== tenant.id)) {
    return failure('租户与访问域名不一致，请刷新页面后重试');
  }
  const meta = { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
  try {
    if (q.grant_type === 'refresh_token') {
      const r = await app.tokens.consumeRefresh(q.refresh_token, tenant.id);
      if (!r) return failure('登录已过期，请重新登录', 401);
      const user = await findUser(app.db, tenant.id, r.userId);
      if (!user) return failure('账号不存在', 401);
      return await loginResponse(app, user, user.source, meta);
    }
    if (q.grant_type === 'social') {
      const user = await socialLogin(app, tenant, q.code, q.invitation_code);
      return await loginResponse(app, user, LOGIN_SOURCE.wechat, meta);
    }
    const key = String(req.headers['captcha-key'] ?? '');
    const code = String(req.headers['captcha-code'] ?? '');
    if (!key) return failure('请先获取短信验证码');
    if (!code) return failure('请输入短信验证码');
    await consumeSmsCode(app, { tenantId: tenant.id, phone: q.username, purpose: 'login', key, code });
    const user = await provisionUser(app, {
      tenantId: tenant.id,
      identity: { kind: 'phone', phone: q.username },
      source: LOGIN_SOURCE.phone,
      avatar: tenant.branding.avatar,
      invitationCode: q.invitation_code,
    });
    return await loginResponse(app, user, LOGIN_SOURCE.phone, meta);
  } catch (e) {
    if (e instanceof AppError) return failure(e.message, e.code);
    throw e;
  }
}

/** `grant_type=social`: the sandbox's code is a confirmed QR login; the open platform's is WeChat's own code. */
async function socialLogin(app: AppContext, tenant: TenantInfo, code: string, invitationCode?: string) {
  const fromQr = await consumeConfirmedQr(app, tenant.id, code);
  if (fromQr) return fromQr;
  const identity = await exchangeWechatCode(app, code);
  if (!identity) throw badRequest('微信授权已失效，请重新扫码');
  return provisionUser(app, {
    tenantId: tenant.id,
    identity: { kind: 'wechat', openid: identity.openid, unionid: identity.unionid, nickname: identity.nickname },
    source: LOGIN_SOURCE.wechat,
    avatar: tenant.branding.avatar,
    invitationCode,
  });
}

export function registerQrRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    path: '/btz-skip/qr-code',
    auth: false,
    rateLimit: 'sms',
    // the desktop's invitation code rides on the QR: the account a phone creates by confirming it is credited with it
    query: z.object({ invitation_code: z.string().max(32).optional().catch(undefined) }),
    handler: ({ app, tenant, query }) => createQr(app, tenant.id, 'login', undefined, query.invitation_code),
  });
  defineRoute(fastify, app, {
    path: '/btz-skip/qr-code-state',
    auth: false,
    query: z.object({ tager: z.string({ error: '缺少二维码标识' }).min(8).max(64) }),
    labels: { tager: '二维码标识' },
    handler: ({ app, tenant, query, req, ip }) =>
      loginQrState(app, tenant.id, query.tager, { ip, userAgent: String(req.headers['user-agent'] ?? '') }),
  });
  // Binding WeChat to the logged-in account: our own call creates the QR, the spec's call polls it.
  defineRoute(fastify, app, {
    path: '/btz/user/qr-code',
    auth: true,
    handler: ({ app, tenant, auth }) => createQr(app, tenant.id, 'bind', auth.userId),
  });
  defineRoute(fastify, app, {
    path: '/btz/user/qr-code-state',
    auth: true,
    query: z.object({ tager: z.string({ error: '缺少二维码标识' }).min(8).max(64) }),
    labels: { tager: '二维码标识' },
    handler: ({ app, tenant, auth, query }) => bindQrState(app, tenant.id, auth.userId, query.tager),
  });
}
