import type { QrCodeResult, QrStateResult } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { randomToken } from '../../lib/ids.js';
import { secondsFromNow } from '../../lib/time.js';
import { findUser, type UserRow } from '../user/repo.js';
import { loginResponse } from './login.js';
import { consumeQr, findQr, insertQr } from './repo.js';

/**
 * WeChat QR login (CONVENTIONS.md): the desktop asks for a QR (`tager`), polls its state, and receives its token once
 * the phone confirms. A confirmed QR yields exactly one login: the first poll (or social grant) consumes it.
 */
export async function createQr(
  app: AppContext,
  tenantId: string,
  purpose: 'login' | 'bind',
  bindUserId?: string,
  invitationCode?: string,
): Promise<QrCodeResult> {
  const tager = randomToken(18);
  await insertQr(app.db, {
    tager,
    tenant_id: tenantId,
    purpose,
    bind_user_id: bindUserId ?? null,
    invitation_code: invitationCode || null,
    expires_at: secondsFromNow(app.config.qrLoginTtlS),
  });
  return { tager, qrUrl: app.wechat.qrUrl(tager), expiresIn: app.config.qrLoginTtlS };
}

const isExpired = (q: { expires_at: Date }) => new Date(q.expires_at).getTime() <= Date.now();

/** Desktop poll of a login QR. */
export async function loginQrState(
  app: AppContext,
  tenantId: string,
  tager: string,
  meta: { ip: string; userAgent: string },
): Promise<QrStateResult> {
  const q = await findQr(app.db, tager);
  if (!q || q.tenant_id !== tenantId || q.purpose !== 'login') return { state: 'expired' };
  if (q.state === 'confirmed') {
    const user = await consumeConfirmedQr(app, tenantId, tager);
    if (!user) return { state: 'expired' };
    return { state: 'confirmed', ...(await loginResponse(app, user, 0, meta)) };
  }
  if (isExpired(q)) return { state: 'expired' };
  return { state: q.state };
}

/** Consumes a confirmed, unconsumed login QR and returns its user (null when there is none). */
export async function consumeConfirmedQr(app: AppContext, tenantId: string, tager: string): Promise<UserRow | null> {
  const userId = await consumeQr(app.db, tenantId, tager);
  if (!userId) return null;
  return (await findUser(app.db, tenantId, userId)) ?? null;
}

/** Logged-in poll of a bind QR: only its owner may read it. */
export async function bindQrState(app: AppContext, tenantId: string, userId: string, tager: string): Promise<QrStateResult> {
  const q = await findQr(app.db, tager);
  if (!q || q.tenant_id !== tenantId || q.purpose !== 'bind' || q.bind_user_id !== userId) return { state: 'expired' };
  if (q.state === 'confirmed') return { state: 'confirmed' };
  if (isExpired(q)) return { state: 'expired' };
  return { state: q.state };
}
