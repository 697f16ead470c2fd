/**
 * claimNewUserCoupons — a new user claims the brand's new-user pack (新人礼包): one coupon of each enabled new-user template.
 *
 * One transaction under the user's row lock: the user must still be new (`isNewUser` 2 and signed up less than 7 days
 * ago, CONVENTIONS.md Values); the claim clears the flag (`is_new_user` 2 → 1, re-checked in the UPDATE, so concurrent
 * claims give one pack) and issues the coupons. Every refusal is a Chinese 400 and changes nothing.
 */
import { COMMERCE_TEXT, FLAGS } from '@btz/shared';
import type { AppContext } from '../../../context.js';
import { badRequest, unauthorized } from '../../../http/errors.js';
import { isNewUser } from '../../user/present.js';
import { claimNewUserGift, issueCoupon, lockUserForGift, newUserTemplates, type UserCouponRow } from '../repo.js';

export interface ClaimNewUserCouponsProps {
  tenantId: string;
  userId: string;
}

export async function claimNewUserCoupons(app: AppContext, p: ClaimNewUserCouponsProps): Promise<UserCouponRow[]> {
  return app.db.transaction().execute(async (trx) => {
    const u = await lockUserForGift(trx, p.tenantId, p.userId);
    if (!u) throw unauthorized();
    // a flag still set past the 7 days is "new users only"; a cleared flag is "already claimed"
    if (!isNewUser(u)) throw badRequest(u.is_new_user === FLAGS.newUser ? COMMERCE_TEXT.newUserOnly : COMMERCE_TEXT.newUserClaimed);
    if (!(await claimNewUserGift(trx, u.id))) throw badRequest(COMMERCE_TEXT.newUserClaimed);
    const issued: UserCouponRow[] = [];
    for (const template of await newUserTemplates(trx, p.tenantId)) {
      issued.push(await issueCoupon(trx, { tenantId: p.tenantId, userId: u.id, template, source: 'new_user' }));
    }
    return issued;
  });
}
