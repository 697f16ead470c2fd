/**
 * The welfare centre (福利中心, issue 27): the tasks a brand rewards and what each gives (`welfare_tasks`, one row per
 * tenant and task, seeded with defaults, edited by the operator console), the claims (`welfare_claims`: the unique
 * (tenant, user, task) makes every reward a once-only grant however often it is pressed) and the poster shares
 * (`welfare_shares`: the share task is done once the user copied or downloaded the invite).
 *
 * Also removes the generated 最新动态 messages the seed used to write (「135****0217 刚刚开通了年度会员」…): 最新动态 now
 * shows real paid orders only (order repo listRecentPurchases), and a made-up purchase must not stay in the database.
 */
export const up = /* sql */ `
CREATE TABLE welfare_tasks (
  tenant_id           text NOT NULL REFERENCES tenants(id),
  code                text NOT NULL CHECK (code IN ('profile', 'enterprise', 'tender', 'bid_finished', 'invite', 'share')),
  title               text NOT NULL,
  description         text NOT NULL DEFAULT '',
  reward_kind         text NOT NULL CHECK (reward_kind IN ('coupon', 'copies')),
  coupon_template_id  text REFERENCES coupon_templates(id),
  copy_field          text CHECK (copy_field IN ('common', 'flagship')),
  copy_number         integer NOT NULL DEFAULT 0 CHECK (copy_number >= 0),
  sort                integer NOT NULL DEFAULT 0,
  enabled             boolean NOT NULL DEFAULT true,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, code),
  CHECK ((reward_kind = 'coupon' AND coupon_template_id IS NOT NULL)
      OR (reward_kind = 'copies' AND copy_field IS NOT NULL AND copy_number > 0))
);

CREATE TABLE welfare_claims (
  id              text PRIMARY KEY,
  tenant_id       text NOT NULL REFERENCES tenants(id),
  user_id         text NOT NULL REFERENCES users(id),
  task_code       text NOT NULL,
  reward          text NOT NULL,
  user_coupon_id  text REFERENCES user_coupons(id),
  ledger_id       text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id, task_code)
);

DELETE FROM barrage_messages WHERE id LIKE '%-barrage-__';

CREATE TABLE welfare_shares (
  user_id     text PRIMARY KEY REFERENCES users(id),
  tenant_id   text NOT NULL REFERENCES tenants(id),
  shared_at   timestamptz NOT NULL DEFAULT now()
);
`;
