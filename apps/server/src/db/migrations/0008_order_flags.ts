/**
 * Orders an operator must look at: `flag` names why (NULL = nothing to see). Today one value:
 * - `coupon_reused`: money arrived for an order whose coupon another paid order had already used (a QR paid at the
 *   provider after its order was replaced). The money was honoured and the entitlement granted, the coupon was not
 *   used a second time; the discount this order still carried is for the operator to settle.
 *
 * A coupon's `order_id` now also holds the open order that reserved it (status 1 = reserved, 2 = used by that order):
 * pay-order takes the reservation under a row lock (modules/order/routes.ts), applyPayment settles it.
 */
export const up = /* sql */ `
ALTER TABLE orders ADD COLUMN flag text;
CREATE INDEX orders_flagged ON orders (tenant_id, created_at DESC) WHERE flag IS NOT NULL;
`;
