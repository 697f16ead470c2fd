/**
 * Commerce: recharge options, coupons (templates, user coupons, redeem codes), orders, the entitlement ledger (audit of
 * every VIP/copy change), the raw payment-event log, barrage messages. Money is integer fen everywhere.
 */
export const up = /* sql */ `
CREATE TABLE recharge_options (
  id                    text PRIMARY KEY,
  tenant_id             text NOT NULL REFERENCES tenants(id),
  title                 text NOT NULL,
  type                  smallint NOT NULL CHECK (type IN (1, 2)),
  unit_type             smallint NOT NULL CHECK (unit_type IN (1, 2)),
  money_fen             integer NOT NULL CHECK (money_fen > 0),
  stroke_money_fen      integer NOT NULL DEFAULT 0 CHECK (stroke_money_fen >= 0),
  valid_day             integer NOT NULL DEFAULT 0 CHECK (valid_day >= 0),
  describes             text NOT NULL DEFAULT '',
  corner_mark           text NOT NULL DEFAULT '',
  bid_type              smallint CHECK (bid_type IN (1, 2)),
  privilege_value_list  jsonb NOT NULL DEFAULT '[]',
  privileges            jsonb NOT NULL DEFAULT '[]',
  sort                  integer NOT NULL DEFAULT 0,
  enabled               boolean NOT NULL DEFAULT true,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (unit_type = 1 AND valid_day > 0 OR unit_type = 2 AND bid_type IS NOT NULL)
);
CREATE INDEX recharge_options_tenant ON recharge_options (tenant_id, type, sort);

CREATE TABLE coupon_templates (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  kind          text NOT NULL CHECK (kind IN ('new_user', 'redeem', 'task', 'grant')),
  title         text NOT NULL,
  discount_fen  integer NOT NULL CHECK (discount_fen > 0),
  min_fen       integer NOT NULL DEFAULT 0 CHECK (min_fen >= 0),
  valid_days    integer NOT NULL CHECK (valid_days > 0),
  sort          integer NOT NULL DEFAULT 0,
  enabled       boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupon_templates_tenant ON coupon_templates (tenant_id, kind, sort);

CREATE TABLE user_coupons (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  user_id       text NOT NULL REFERENCES users(id),
  template_id   text REFERENCES coupon_templates(id),
  title         text NOT NULL,
  discount_fen  integer NOT NULL CHECK (discount_fen > 0),
  min_fen       integer NOT NULL DEFAULT 0 CHECK (min_fen >= 0),
  deadline      timestamptz NOT NULL,
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  source        text NOT NULL,
  order_id      text,
  used_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_coupons_owner ON user_coupons (tenant_id, user_id, status, deadline);

CREATE TABLE redeem_codes (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  code          text NOT NULL,
  template_id   text NOT NULL REFERENCES coupon_templates(id),
  max_uses      integer NOT NULL DEFAULT 1 CHECK (max_uses > 0),
  used_count    integer NOT NULL DEFAULT 0 CHECK (used_count >= 0),
  expires_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (used_count <= max_uses)
);
CREATE UNIQUE INDEX redeem_codes_tenant_code ON redeem_codes (tenant_id, code);

CREATE TABLE redeem_code_uses (
  redeem_code_id  text NOT NULL REFERENCES redeem_codes(id),
  user_id         text NOT NULL REFERENCES users(id),
  user_coupon_id  text NOT NULL REFERENCES user_coupons(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (redeem_code_id, user_id)
);

CREATE TABLE orders (
  id                text PRIMARY KEY,
  order_no          text NOT NULL UNIQUE,
  tenant_id         text NOT NULL REFERENCES tenants(id),
  user_id           text NOT NULL REFERENCES users(id),
  enterprise_id     text REFERENCES enterprises(id),
  option_id         text NOT NULL REFERENCES recharge_options(id),
  option_snapshot   jsonb NOT NULL,
  title             text NOT NULL,
  type              smallint NOT NULL,
  unit_type         smallint NOT NULL,
  bid_type          smallint,
  valid_day         integer NOT NULL DEFAULT 0,
  number            integer NOT NULL CHECK (number BETWEEN 1 AND 10000),
  unit_fen          integer NOT NULL CHECK (unit_fen > 0),
  total_fen         integer NOT NULL CHECK (total_fen > 0),
  user_coupon_id    text REFERENCES user_coupons(id),
  discount_fen      integer NOT NULL DEFAULT 0 CHECK (discount_fen >= 0),
  amount_fen        integer NOT NULL CHECK (amount_fen >= 1),
  pay_type          smallint NOT NULL CHECK (pay_type IN (1, 2)),
  provider          text NOT NULL,
  status            smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  code_url          text NOT NULL DEFAULT '',
  provider_txn_id   text UNIQUE,
  close_reason      text,
  expires_at        timestamptz NOT NULL,
  paid_at           timestamptz,
  closed_at         timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_owner ON orders (tenant_id, user_id, created_at DESC);
CREATE INDEX orders_unpaid ON orders (expires_at) WHERE status = 1;

CREATE TABLE entitlement_ledger (
  id                text PRIMARY KEY,
  tenant_id         text NOT NULL REFERENCES tenants(id),
  holder_type       text NOT NULL CHECK (holder_type IN ('user', 'enterprise')),
  holder_id         text NOT NULL,
  actor_user_id     text,
  kind              text NOT NULL CHECK (kind IN ('grant', 'spend', 'refund', 'revoke')),
  field             text NOT NULL CHECK (field IN ('vip', 'common', 'flagship')),
  delta             integer NOT NULL,
  vip_expiry_before timestamptz,
  vip_expiry_after  timestamptz,
  reason            text NOT NULL,
  order_id          text REFERENCES orders(id),
  ref               text,
  refunded_at       timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX entitlement_ledger_holder ON entitlement_ledger (holder_type, holder_id, created_at);
CREATE INDEX entitlement_ledger_order ON entitlement_ledger (order_id) WHERE order_id IS NOT NULL;
-- an order grants once, whatever the number of notifies, polls and confirms
CREATE UNIQUE INDEX entitlement_ledger_order_grant ON entitlement_ledger (order_id) WHERE kind = 'grant';

CREATE TABLE payment_events (
  id            text PRIMARY KEY,
  tenant_id     text,
  order_id      text,
  order_no      text,
  provider      text NOT NULL,
  source        text NOT NULL,
  outcome       text NOT NULL,
  txn_id        text,
  amount_fen    integer,
  detail        text NOT NULL DEFAULT '',
  payload       text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_order ON payment_events (order_no, created_at);

CREATE TABLE barrage_messages (
  id          text PRIMARY KEY,
  tenant_id   text NOT NULL REFERENCES tenants(id),
  content     text NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  enabled     boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX barrage_messages_tenant ON barrage_messages (tenant_id, sort);
`;
