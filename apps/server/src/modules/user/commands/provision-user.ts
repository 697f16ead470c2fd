/**
 * provisionUser — the one find-or-create of an account (there is no separate sign-up: the first login creates it).
 *
 * Used by every way in: the SMS login (token call), WeChat social login (token call, `grant_type=social`), and the pages
 * a phone opens from a login QR (sandbox confirm by phone + SMS, WeChat's `/m/wx-callback`). A user is found by phone
 * or by WeChat openid within the tenant; a new one gets the default nickname, the brand's avatar (WeChat's avatar lives
 * on another origin, which the Content-Security-Policy blocks) and — whichever way in — the inviter named by the
 * invitation code the visitor arrived with. An existing user is returned as is (an invitation code never re-links).
 */
import type { AppContext } from '../../../context.js';
import { createUser, findUserByOpenid, findUserByPhone, type UserRow } from '../repo.js';

export type UserIdentity =
  | { kind: 'phone'; phone: string }
  | { kind: 'wechat'; openid: string; unionid?: string; nickname?: string };

export interface ProvisionUserProps {
  tenantId: string;
  /** how the visitor proved who they are: a verified phone, or a WeChat identity */
  identity: UserIdentity;
  /** LOGIN_SOURCE the account is recorded with when created */
  source: number;
  /** the brand's default avatar, given to a new account */
  avatar: string;
  /** the invitation code the visitor arrived with; links a new account to the user of the tenant it names */
  invitationCode?: string | null;
}

export async function provisionUser(app: Pick<AppContext, 'db'>, p: ProvisionUserProps): Promise<UserRow> {
  const id = p.identity;
  const existing =
    id.kind === 'phone' ? await findUserByPhone(app.db, p.tenantId, id.phone) : await findUserByOpenid(app.db, p.tenantId, id.openid);
  if (existing) return existing;
  // concurrent first logins of one identity: the unique index settles them and createUser returns the winner's row
  return createUser(app.db, {
    tenantId: p.tenantId,
    ...(id.kind === 'phone'
      ? { phone: id.phone, nickName: `用户${id.phone.slice(-4)}` }
      : { openid: id.openid, unionid: id.unionid, nickName: id.nickname || '微信用户' }),
    avatar: p.avatar,
    source: p.source,
    invitationCode: p.invitationCode ?? undefined,
  });
}
