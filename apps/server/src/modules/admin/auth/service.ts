import { randomBytes } from 'node:crypto';
import type { OperatorSignIn } from '@btz/shared/calls';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { newId } from '../../../lib/ids.js';
import { consumeSmsCode } from '../../verify/sms-codes.js';
import { writeAudit } from '../audit/repo.js';
import { presentOperator } from '../present.js';
import { tenantMap } from '../tenants.js';
import { bindPhone, findOperatorByPhone, findOperatorByTicket, findSuperOperator, insertOperator, insertSession, setTicket, touchSignIn, type OperatorRow } from './repo.js';
import { signOperatorToken, ticketHash } from './tokens.js';

/** SMS codes of operators are kept apart from any tenant's users' (`sms_codes.tenant_id`). */
export const OPERATOR_SMS_TENANT = '_operators';
/** How long a one-time sign-in link stays good: the super-operator's (printed at start) and an invitation's. */
export const TICKET_TTL_MS = 72 * 3600_000;

export const signInLink = (app: AppContext, ticket: string) => `${app.config.publicBaseUrl}/admin/sign-in?ticket=${encodeURIComponent(ticket)}`;

/** A new one-time ticket for an operator whose phone is not bound yet; its link. */
export async function issueTicket(app: AppContext, operatorId: string): Promise<{ link: string; expiresAt: Date }> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await setTicket(app.db, operatorId, ticketHash(ticket), expiresAt);
  return { link: signInLink(app, ticket), expiresAt };
}

/**
 * At start: the platform super-operator exists, and while its phone is not bound, a fresh one-time sign-in link is
 * printed on a line beginning 「[运营]」 (as the console SMS provider prints codes). Each start replaces the previous link.
 */
export async function bootstrapSuperOperator(app: AppContext): Promise<void> {
  await insertOperator(app.db, { id: newId(), tenant_id: null, role: 'super', name: '超级运营员', phone: null, ticket_hash: null, ticket_expires_at: null, invited_by: null });
  const su = await findSuperOperator(app.db);
  if (!su || su.phone) return;
  const { link } = await issueTicket(app, su.id);
  app.log.info(
    { operatorLink: { operatorId: su.id, role: 'super', link } },
    `[运营] 平台超级运营员首次登录链接（一次有效，${TICKET_TTL_MS / 3600_000} 小时内）：${link}`,
  );
}

/**
 * Sign-in with phone + SMS code. With a ticket: the first sign-in of the operator it names — the phone is bound (a phone
 * belongs to one operator) and the ticket is spent. Without: the operator whose phone it is, if active.
 */
export async function signIn(
  app: AppContext,
  input: { phone: string; key: string; code: string; ticket?: string; ip: string; userAgent: string },
): Promise<OperatorSignIn> {
  const now = new Date();
  let op: OperatorRow | undefined;
  if (input.ticket) {
    const hash = ticketHash(input.ticket);
    op = await findOperatorByTicket(app.db, hash, now);
    if (!op || op.status !== 1) throw badRequest('登录链接无效或已过期，请联系平台运营重新获取');
    const other = await findOperatorByPhone(app.db, input.phone);
    if (other) throw badRequest('该手机号已绑定其他运营账号');
    await consumeSmsCode(app, { tenantId: OPERATOR_SMS_TENANT, phone: input.phone, purpose: 'admin', key: input.key, code: input.code });
    const bound = await app.db.transaction().execute(async (trx) => {
      if (!(await bindPhone(trx, op!.id, hash, input.phone, now))) return false;
      await writeAudit(trx, {
        operatorId: op!.id,
        tenantId: op!.tenant_id,
        action: 'operator.bind_phone',
        targetType: 'operator',
        targetId: op!.id,
        before: { phone: null },
        after: { phone: input.phone },
        ip: input.ip,
      });
      return true;
    }).catch((e: unknown) => {
      if ((e as { code?: string }).code === '23505') throw badRequest('该手机号已绑定其他运营账号');
      throw e;
    });
    if (!bound) throw badRequest('登录链接已使用，请用手机号和验证码登录');
    op = { ...op, phone: input.phone, ticket_hash: null, last_sign_in_at: now };
  } else {
    await consumeSmsCode(app, { tenantId: OPERATOR_SMS_TENANT, phone: input.phone, purpose: 'admin', key: input.key, code: input.code });
    op = await findOperatorByPhone(app.db, input.phone);
    if (!op) throw badRequest('该手机号不是运营账号；首次登录请使用平台发给您的登录链接');
    if (op.status !== 1) throw badRequest('运营账号已停用，请联系平台运营');
    await touchSignIn(app.db, op.id, now);
    await writeAudit(app.db, { operatorId: op.id, tenantId: op.tenant_id, action: 'operator.sign_in', targetType: 'operator', targetId: op.id, ip: input.ip });
  }
  const sid = newId();
  const ttlS = app.config.tokenTtlS;
  const exp = Math.floor(now.getTime() / 1000) + ttlS;
  await insertSession(app.db, { id: sid, operatorId: op.id, ip: input.ip, userAgent: input.userAgent, expiresAt: new Date(exp * 1000) });
  return {
    token: signOperatorToken(app.config.tokenSecret!, { sid, oid: op.id, exp }),
    expiresIn: ttlS,
    operator: presentOperator(op, await tenantMap(app.db)),
  };
}
