import type { TokenResponse } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import type { UserRow } from '../user/repo.js';
import { recordIp } from '../iprecord/index.js';

/** How a sign-in was made, for the IP record (LOGIN_SOURCE). */
const LOGIN_WAYS: Record<number, string> = { 1: '短信验证码登录', 0: '微信扫码登录' };

export const ACCOUNT_DISABLED = '账号已停用，请联系客服';

/**
 * Opens a session for a user and shapes the token endpoint's answer (spec §7, read as-is by the client). Every grant
 * (SMS, refresh, social, the QR poll) comes through here, so a disabled account gets no token from any of them.
 */
export async function loginResponse(
  app: AppContext,
  user: UserRow,
  source: number,
  req: { ip: string; userAgent: string },
  /** a sign-in (recorded in the IP record), not a refresh of the session */
  signIn = true,
): Promise<TokenResponse> {
  if (user.status !== 1) throw badRequest(ACCOUNT_DISABLED);
  const t = await app.tokens.issue({ userId: user.id, tenantId: user.tenant_id, source, ip: req.ip, userAgent: req.userAgent });
  if (signIn) await recordIp(app, req, { tenantId: user.tenant_id, userId: user.id }, { kind: 'login', detail: LOGIN_WAYS[source] ?? '登录' });
  return {
    access_token: t.accessToken,
    token_type: 'bearer',
    refresh_token: t.refreshToken,
    expires_in: t.expiresIn,
    scope: 'all',
    tenant_id: user.tenant_id,
    user_id: user.id,
    account: user.phone ?? `wx_${user.id}`,
    user_name: user.phone ?? '',
    nick_name: user.nick_name,
    avatar: user.avatar,
    role_name: user.role,
    login_role: user.login_role,
    jti: t.sessionId,
    success: true,
  };
}

/**
 * WeChat's code exchange. WeChat unreachable (network error, timeout) counts as a refused code: the visitor gets the
 * Chinese "scan again" answer instead of a server error; the cause goes to the log.
 */
export async function exchangeWechatCode(app: AppContext, code: string) {
  try {
    return await app.wechat.exchangeCode(code);
  } catch (err) {
    app.log.warn({ err }, 'WeChat code exchange failed');
    return null;
  }
}
