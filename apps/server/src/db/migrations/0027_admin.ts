/**
 * The operator console (issue 28): operators (a platform super-operator, `tenant_id` NULL, and operators of one tenant),
 * their sign-in sessions, the audit log every console action writes, and an order's refund.
 *
 * - An operator is created with a one-time sign-in ticket (only its hash is kept); the first sign-in through it binds the
 *   operator's phone, later sign-ins use phone + SMS code. A phone belongs to one operator.
 * - `admin_audit`: who (operator), what (action, target), the tenant it concerned, before/after, reason, when.
 * - Refunds: `refund_no` is our refund request number, kept from the first attempt so a retry asks the provider for the
 *   same refund (WeChat `out_refund_no`, Alipay `out_request_no`: the provider refunds once per number); `refund_state`
 *   'pending' while the provider has not answered, 'done' with status 4. One 'revoke' ledger row per order at most.
 */
export const up = /* sql */ `
CREATE TABLE operators (
  id                 text PRIMARY KEY,
  tenant_id          text REFERENCES tenants(id),
  role               text NOT NULL CHECK (role IN ('super', 'operator')),
  name               text NOT NULL DEFAULT '',
  phone              text,
  status             smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  ticket_hash        text,
  ticket_expires_at  timestamptz,
  invited_by         text REFERENCES operators(id),
  last_sign_in_at    timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'super') = (tenant_id IS NULL))
);
CREATE UNIQUE INDEX operators_phone ON operators (phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX operators_ticket ON operators (ticket_hash) WHERE ticket_hash IS NOT NULL;
CREATE UNIQUE INDEX operators_one_super ON operators (role) WHERE role = 'super';
CREATE INDEX operators_tenant ON operators (tenant_id);

CREATE TABLE operator_sessions (
  id           text PRIMARY KEY,
  operator_id  text NOT NULL REFERENCES operators(id),
  ip           text NOT NULL DEFAULT '',
  user_agent   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

CREATE TABLE admin_audit (
  id           text PRIMARY KEY,
  operator_id  text NOT NULL REFERENCES operators(id),
  tenant_id    text,
  action       text NOT NULL,
  target_type  text NOT NULL,
  target_id    text NOT NULL DEFAULT '',
  before       jsonb,
  after        jsonb,
  reason       text NOT NULL DEFAULT '',
  ip           text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_tenant ON admin_audit (tenant_id, created_at DESC);
CREATE INDEX admin_audit_created ON admin_audit (created_at DESC);

ALTER TABLE orders ADD COLUMN refund_no text UNIQUE;
ALTER TABLE orders ADD COLUMN refund_state text CHECK (refund_state IN ('pending', 'done'));
ALTER TABLE orders ADD COLUMN refund_reason text;
ALTER TABLE orders ADD COLUMN refunded_at timestamptz;
CREATE UNIQUE INDEX entitlement_ledger_order_revoke ON entitlement_ledger (order_id) WHERE kind = 'revoke';
`;
