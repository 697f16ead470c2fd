import { FLAGS, maskPhone, TEAM_RIGHTS, type UserInfo } from '@btz/shared';
import type { Selectable } from 'kysely';
import type { EnterprisesTable } from '../../db/schema.js';
import { formatTime } from '../../lib/time.js';
import type { UserRow } from './repo.js';

const NEW_USER_DAYS = 7;

/** `isNewUser` is 2 until the new-user pack is claimed (stored flag) or 7 days after sign-up (CONVENTIONS.md Values). */
export function isNewUser(u: Pick<UserRow, 'is_new_user' | 'created_at'>, now = Date.now()): boolean {
  return u.is_new_user === FLAGS.newUser && now - new Date(u.created_at).getTime() < NEW_USER_DAYS * 86400_000;
}

/**
 * Shapes `/btz/user/get-info`. Entitlements follow the role: a personal user sees its own VIP and copies, an
 * enterprise user its enterprise's (employees share them, PRODUCT.md §4).
 */
export function presentUser(
  u: UserRow,
  enterprise: Selectable<EnterprisesTable> | undefined,
  origin: string,
  now = Date.now(),
): UserInfo {
  const isAdmin = !!enterprise && enterprise.admin_user_id === u.id;
  const inTeam = isAdmin || (!!enterprise && u.is_employee === 1);
  const useEnterprise = u.login_role !== 0 && inTeam;
  const holder = useEnterprise ? enterprise! : u;
  const vipActive = !!holder.vip_expiry && new Date(holder.vip_expiry).getTime() > now;
  const common = holder.common_bid_number;
  const flagship = holder.flagship_bid_number;
  return {
    id: u.id,
    account: u.phone ?? `wx_${u.id}`,
    source: u.source,
    bidNumber: common + flagship,
    name: enterprise?.name || u.company_name,
    bidFileShowFlag: u.bid_file_show_flag,
    projectListShowFlag: u.project_list_show_flag,
    rights: [...new Set([...(u.rights ?? []), ...teamRights(u, enterprise)])],
    tenantId: u.tenant_id,
    birthday: u.birthday,
    province: u.province,
    city: u.city,
    district: u.district,
    regionCode: u.region_code,
    realName: u.real_name,
    sex: u.sex,
    address: u.address,
    isBindWeChat: u.wechat_openid ? 1 : 0,
    isTeamAdmin: isAdmin ? 1 : 0,
    privilegeList: vipActive ? (holder.privilege_list ?? []) : [],
    vipExpiryTime: formatTime(holder.vip_expiry),
    inviteUrl: `${origin}/${u.invite_code}`,
    createTime: formatTime(u.created_at),
    isNewUser: isNewUser(u, now) ? FLAGS.newUser : FLAGS.notNewUser,
    email: u.email,
    inviteCode: u.invite_code,
    nickName: u.nick_name,
    avatar: u.avatar,
    guide: u.guide,
    commonBidNumber: common,
    flagshipBidNumber: flagship,
    isVip: vipActive ? FLAGS.vip : FLAGS.notVip,
    loginRole: u.login_role,
    team: inTeam ? { id: enterprise!.id, name: enterprise!.name } : null,
    isEmployee: inTeam && !isAdmin ? 1 : 0,
    maskPhone: maskPhone(u.phone),
  };
}

/**
 * What the user's place in its team grants (get-info `rights`): the admin manages the team (invite, remove, hand over)
 * and assigns sections; every member reads the team's bids. (`privilegeList` is the VIP's, which members share.)
 */
export function teamRights(u: Pick<UserRow, 'id' | 'is_employee'>, enterprise: Pick<Selectable<EnterprisesTable>, 'admin_user_id'> | undefined): string[] {
  if (!enterprise) return [];
  if (enterprise.admin_user_id === u.id) return [TEAM_RIGHTS.manage, TEAM_RIGHTS.assign, TEAM_RIGHTS.read];
  return u.is_employee === 1 ? [TEAM_RIGHTS.read] : [];
}
