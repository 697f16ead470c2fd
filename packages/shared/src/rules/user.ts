import { FLAGS } from '../constants.js';
import { TEXT } from '../texts.js';

/** Spec §6 membership label. */
export function membershipLabel(user: { isVip?: number; loginRole?: number } | null | undefined): string {
  if (user?.isVip === FLAGS.vip) return user.loginRole === 0 ? TEXT.personalVipUser : TEXT.enterpriseVipUser;
  return TEXT.ordinaryUser;
}

/** Spec §2: /workbench/profile takes query index 3 for a VIP user, otherwise 2. */
export function profileIndex(user: { isVip?: number } | null | undefined): 2 | 3 {
  return user?.isVip === FLAGS.vip ? 3 : 2;
}
