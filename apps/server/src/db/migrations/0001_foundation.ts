/** Foundation: tenants, users, enterprises, login sessions, SMS codes, captchas, QR logins, route rules. */
export const up = /* sql */ `
CREATE TABLE tenants (
  id          text PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  branding    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE host_tenants (
  host        text PRIMARY KEY,
  tenant_id   text NOT NULL REFERENCES tenants(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE enterprises (
  id                   text PRIMARY KEY,
  tenant_id            text NOT NULL REFERENCES tenants(id),
  name                 text NOT NULL DEFAULT '',
  admin_user_id        text NOT NULL,
  vip_expiry           timestamptz,
  privilege_list       jsonb NOT NULL DEFAULT '[]',
  common_bid_number    integer NOT NULL DEFAULT 0 CHECK (common_bid_number >= 0),
  flagship_bid_number  integer NOT NULL DEFAULT 0 CHECK (flagship_bid_number >= 0),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enterprises_tenant ON enterprises (tenant_id);

CREATE TABLE users (
  id                      text PRIMARY KEY,
  tenant_id               text NOT NULL REFERENCES tenants(id),
  phone                   text,
  wechat_openid           text,
  wechat_unionid          text,
  nick_name               text NOT NULL DEFAULT '',
  real_name               text NOT NULL DEFAULT '',
  company_name            text NOT NULL DEFAULT '',
  avatar                  text NOT NULL DEFAULT '',
  sex                     smallint NOT NULL DEFAULT 0,
  birthday                text NOT NULL DEFAULT '',
  email                   text NOT NULL DEFAULT '',
  province                text NOT NULL DEFAULT '',
  city                    text NOT NULL DEFAULT '',
  district                text NOT NULL DEFAULT '',
  region_code             text NOT NULL DEFAULT '',
  address                 text NOT NULL DEFAULT '',
  bid_file_show_flag      smallint NOT NULL DEFAULT 1,
  project_list_show_flag  smallint NOT NULL DEFAULT 1,
  guide                   smallint NOT NULL DEFAULT 0,
  login_role              smallint NOT NULL DEFAULT 0,
  source                  smallint NOT NULL DEFAULT 1,
  invite_code             text NOT NULL,
  inviter_id              text REFERENCES users(id),
  is_new_user             smallint NOT NULL DEFAULT 2,
  vip_expiry              timestamptz,
  privilege_list          jsonb NOT NULL DEFAULT '[]',
  rights                  jsonb NOT NULL DEFAULT '[]',
  common_bid_number       integer NOT NULL DEFAULT 0 CHECK (common_bid_number >= 0),
  flagship_bid_number     integer NOT NULL DEFAULT 0 CHECK (flagship_bid_number >= 0),
  enterprise_id           text REFERENCES enterprises(id),
  is_team_admin           smallint NOT NULL DEFAULT 0,
  is_employee             smallint NOT NULL DEFAULT 0,
  role                    text NOT NULL DEFAULT 'user',
  status                  smallint NOT NULL DEFAULT 1,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_tenant_phone ON users (tenant_id, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX users_tenant_openid ON users (tenant_id, wechat_openid) WHERE wechat_openid IS NOT NULL;
CREATE UNIQUE INDEX users_tenant_invite ON users (tenant_id, invite_code);
CREATE INDEX users_inviter ON users (inviter_id) WHERE inviter_id IS NOT NULL;

CREATE TABLE auth_sessions (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users(id),
  tenant_id   text NOT NULL,
  source      smallint NOT NULL,
  ip          text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

CREATE TABLE sms_codes (
  key         text PRIMARY KEY,
  tenant_id   text NOT NULL,
  phone       text NOT NULL,
  purpose     text NOT NULL,
  code_hash   text NOT NULL,
  ip          text NOT NULL DEFAULT '',
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX sms_codes_phone ON sms_codes (tenant_id, phone, created_at);
CREATE INDEX sms_codes_ip ON sms_codes (ip, created_at);

CREATE TABLE captchas (
  id          text PRIMARY KEY,
  answer_hash text NOT NULL,
  ip          text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE TABLE qr_logins (
  tager        text PRIMARY KEY,
  tenant_id    text NOT NULL,
  purpose      text NOT NULL,
  state        text NOT NULL DEFAULT 'waiting',
  user_id      text REFERENCES users(id),
  bind_user_id text REFERENCES users(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz
);

CREATE TABLE route_rules (
  path            text NOT NULL,
  tenant_id       text NOT NULL DEFAULT '',
  redirect        text,
  absolute        boolean NOT NULL DEFAULT false,
  app_middleware  jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (path, tenant_id)
);
`;
