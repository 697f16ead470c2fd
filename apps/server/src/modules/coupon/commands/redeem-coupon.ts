/**
 * redeemCoupon — a user turns a redeem code (兑换码) into a coupon of the code's template.
 *
 * One transaction under the code's row lock: the code must exist for the brand and be unexpired, this user must not
 * have used it, its uses must not be exhausted and its template must be enabled. The use is recorded (primary key
 * code + user: two concurrent redeems by one user leave one) and counted (`used_count < max_uses` re-checked in the
 * UPDATE). Every refusal is a Chinese 400 and changes nothing.
 */
import { COMMERCE_TEXT } from '@btz/shared';
import type { AppContext } from '../../../context.js';
import { badRequest } from '../../../http/errors.js';
import { findEnabledTemplate, hasRedeemed, issueCoupon, lockRedeemCode, recordRedeem, type UserCouponRow } from '../repo.js';

export interface RedeemCouponProps {
  tenantId: string;
  userId: string;
  /** the code as typed; matched case-insensitively (codes are stored upper-case) */
  code: string;
}

class RedeemRefused extends Error {}

export async function redeemCoupon(app: AppContext, p: RedeemCouponProps): Promise<UserCouponRow> {
  const code = p.code.toUpperCase();
  try {
    return await app.db.transaction().execute(async (trx) => {
      const rc = await lockRedeemCode(trx, p.tenantId, code);
      if (!rc || (rc.expires_at && new Date(rc.expires_at).getTime() <= Date.now())) throw new RedeemRefused(COMMERCE_TEXT.redeemUnknown);
      if (await hasRedeemed(trx, rc.id, p.userId)) throw new RedeemRefused(COMMERCE_TEXT.redeemTwice);
      if (rc.used_count >= rc.max_uses) throw new RedeemRefused(COMMERCE_TEXT.redeemExhausted);
      const template = await findEnabledTemplate(trx, p.tenantId, rc.template_id);
      if (!template) throw new RedeemRefused(COMMERCE_TEXT.redeemUnknown);
      const c = await issueCoupon(trx, { tenantId: p.tenantId, userId: p.userId, template, source: 'redeem' });
      if (!(await recordRedeem(trx, rc, p.userId, c.id))) throw new RedeemRefused(COMMERCE_TEXT.redeemExhausted);
      return c;
    });
  } catch (e) {
    if (e instanceof RedeemRefused) throw badRequest(e.message);
    // two concurrent redeems of one code by one user: the primary key keeps the second out
    if ((e as { code?: string }).code === '23505') throw badRequest(COMMERCE_TEXT.redeemTwice);
    throw e;
  }
}
