/**
 * A coupon campaign's window (issue 28, console 优惠券): when an operator's campaign (kind grant) or a coupon of the
 * new-user pack (new_user) may be issued — `starts_at` inclusive, `ends_at` exclusive, either open (null). Outside it the
 * console refuses to grant the coupon and the new-user pack leaves it out. Coupons already issued keep their deadline.
 * (0033 is left to issue 27's branch, which may take it.)
 */
export const up = /* sql */ `
ALTER TABLE coupon_templates ADD COLUMN starts_at timestamptz;
ALTER TABLE coupon_templates ADD COLUMN ends_at timestamptz;
ALTER TABLE coupon_templates ADD CONSTRAINT coupon_templates_window CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at);
`;
