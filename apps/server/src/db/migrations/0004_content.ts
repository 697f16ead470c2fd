/**
 * Public-site content per tenant (PRODUCT.md §4 Content): industry news, FAQ questions, activities, the merchant
 * directory, static pages (`/home/{code}.html`), plus what visitors send: feedback and business-cooperation
 * appointments. Bodies are plain text, paragraphs separated by a blank line (rendered escaped, never as HTML).
 */
export const up = /* sql */ `
CREATE TABLE news (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  title         text NOT NULL,
  summary       text NOT NULL DEFAULT '',
  body          text NOT NULL DEFAULT '',
  cover         text NOT NULL DEFAULT '',
  category      text NOT NULL DEFAULT '',
  tags          jsonb NOT NULL DEFAULT '[]',
  published_at  timestamptz NOT NULL DEFAULT now(),
  views         integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  enabled       boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_tenant ON news (tenant_id, enabled, published_at DESC);

CREATE TABLE questions (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  question      text NOT NULL,
  answer        text NOT NULL,
  category      text NOT NULL DEFAULT '',
  sort          integer NOT NULL DEFAULT 0,
  views         integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  enabled       boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX questions_tenant ON questions (tenant_id, enabled, sort);

CREATE TABLE activities (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  title         text NOT NULL,
  summary       text NOT NULL DEFAULT '',
  body          text NOT NULL DEFAULT '',
  cover         text NOT NULL DEFAULT '',
  starts_at     timestamptz NOT NULL,
  ends_at       timestamptz NOT NULL,
  sort          integer NOT NULL DEFAULT 0,
  enabled       boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at >= starts_at)
);
CREATE INDEX activities_tenant ON activities (tenant_id, enabled, starts_at DESC);

CREATE TABLE merchants (
  id             text PRIMARY KEY,
  tenant_id      text NOT NULL REFERENCES tenants(id),
  name           text NOT NULL,
  region         text NOT NULL DEFAULT '',
  industry       text NOT NULL DEFAULT '',
  services       jsonb NOT NULL DEFAULT '[]',
  intro          text NOT NULL DEFAULT '',
  contact_name   text NOT NULL DEFAULT '',
  contact_phone  text NOT NULL DEFAULT '',
  contact_email  text NOT NULL DEFAULT '',
  logo           text NOT NULL DEFAULT '',
  rating_x10     smallint NOT NULL DEFAULT 45 CHECK (rating_x10 BETWEEN 0 AND 50),
  sort           integer NOT NULL DEFAULT 0,
  enabled        boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX merchants_tenant ON merchants (tenant_id, enabled, sort);

CREATE TABLE pages (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  code          text NOT NULL,
  title         text NOT NULL,
  summary       text NOT NULL DEFAULT '',
  body          text NOT NULL DEFAULT '',
  enabled       boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX pages_tenant_code ON pages (tenant_id, code);

CREATE TABLE feedback (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  user_id       text REFERENCES users(id),
  type          smallint NOT NULL,
  content       text NOT NULL,
  contact       text NOT NULL DEFAULT '',
  images        jsonb NOT NULL DEFAULT '[]',
  status        smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  reply         text NOT NULL DEFAULT '',
  replied_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_owner ON feedback (tenant_id, user_id, created_at DESC);

CREATE TABLE collab_appointments (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  company       text NOT NULL,
  contact_name  text NOT NULL,
  phone         text NOT NULL,
  city          text NOT NULL DEFAULT '',
  need          text NOT NULL DEFAULT '',
  remark        text NOT NULL DEFAULT '',
  ip            text NOT NULL DEFAULT '',
  status        smallint NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collab_appointments_tenant ON collab_appointments (tenant_id, created_at DESC);
CREATE INDEX collab_appointments_ip ON collab_appointments (ip, created_at);
`;
