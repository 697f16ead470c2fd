import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_SOURCE, TEXT, type TokenFailure } from '@btz/shared';
import { TOKEN_LABELS, authCalls, tokenParamsSchema } from '@btz/shared/calls';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { issueMessage } from '../../http/validation.js';
import type { TenantInfo } from '../../http/tenant.js';
import { provisionUser } from '../user/commands/provision-user.js';
import { findUser } from '../user/repo.js';
import { createCaptcha } from '../verify/captcha.js';
import { exchangeWechatCode, loginResponse } from './login.js';
import { consumeSmsCode, sendSmsCode } from '../verify/sms-codes.js';
import { bindQrState, consumeConfirmedQr, createQr, loginQrState } from './qr-login.js';
import { bearerToken } from '../../auth/tokens.js';

export function registerAuthRoutes(fastify: FastifyInstance, app: AppContext): void {
  defineRoute(fastify, app, {
    call: authCalls.sendCode,
    rateLimit: 'sms',
    handler: ({ app, tenant, query, ip }) =>
      sendSmsCode(app, { ...query, tenantId: tenant.id, purpose: 'login', ip }),
  });

  defineRoute(fastify, app, {
    call: authCalls.captcha,
    rateLimit: 'sms',
    handler: ({ app, ip }) => createCaptcha(app, ip),
  });

  // The token endpoint answers the BladeX shape, not the envelope: `{ access_token, … }` or
  // `{ success: false, error_description }` on HTTP 200 (CONVENTIONS.md Transport) — a refused flood too.
  defineRoute(fastify, app, {
    call: authCalls.token,
    raw: true,
    validate: false,
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
    call: authCalls.logout,
    handler: async ({ app, req }) => {
      // Logging out with a token that is already invalid is still a success: the client clears its state either way.
      const token = bearerToken(req.headers['blade-auth']);
      const p = token ? app.tokens.decode(token) : null;
      // a token of another tenant (sent to another brand's host) ends nothing, as the refresh refuses it
      if (p && p.tid === req.tenant.id) {
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
  const parsed = tokenParamsSchema.safeParse(params);
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
      return await loginResponse(app, user, user.source, meta, false);
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
    call: authCalls.qrCode,
    rateLimit: 'sms',
    handler: ({ app, tenant, query }) => createQr(app, tenant.id, 'login', undefined, query.invitation_code),
  });
  defineRoute(fastify, app, {
    call: authCalls.qrCodeState,
    handler: ({ app, tenant, query, req, ip }) =>
      loginQrState(app, tenant.id, query.tager, { ip, userAgent: String(req.headers['user-agent'] ?? '') }),
  });
  // Binding WeChat to the logged-in account: our own call creates the QR, the spec's call polls it.
  defineRoute(fastify, app, {
    call: authCalls.bindQrCode,
    handler: ({ app, tenant, auth }) => createQr(app, tenant.id, 'bind', auth.userId),
  });
  defineRoute(fastify, app, {
    call: authCalls.bindQrCodeState,
    handler: ({ app, tenant, auth, query }) => bindQrState(app, tenant.id, auth.userId, query.tager),
  });
}
