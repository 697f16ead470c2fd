/**
 * Bids (PRODUCT.md §4 Bid project) with their tender files and the page text read from them, and the generic durable
 * `jobs` table (ARCHITECTURE.md example 7): rows claimed with FOR UPDATE SKIP LOCKED by workers in any server process.
 */
export const up = /* sql */ `
CREATE TABLE bids (
  id                  text PRIMARY KEY,
  tenant_id           text NOT NULL REFERENCES tenants(id),
  user_id             text NOT NULL REFERENCES users(id),
  enterprise_id       text,
  name                text NOT NULL,
  bid_type            smallint NOT NULL CHECK (bid_type IN (1, 2)),
  status              text NOT NULL DEFAULT 'draft'
                        CHECK (status IN ('draft', 'parsed', 'outlined', 'writing', 'written', 'finished')),
  lot                 text,
  card                jsonb,
  outline             jsonb,
  outline_edited      boolean NOT NULL DEFAULT false,
  coverage            jsonb,
  writer              text NOT NULL DEFAULT 'offline' CHECK (writer IN ('offline', 'llm')),
  parse_state         text NOT NULL DEFAULT 'queued' CHECK (parse_state IN ('queued', 'running', 'done', 'failed')),
  parse_progress      integer NOT NULL DEFAULT 0 CHECK (parse_progress BETWEEN 0 AND 100),
  parse_stage         text NOT NULL DEFAULT '',
  parse_error         text,
  parse_job_id        text,
  tokens_prompt       bigint NOT NULL DEFAULT 0,
  tokens_completion   bigint NOT NULL DEFAULT 0,
  tokens_cached       bigint NOT NULL DEFAULT 0,
  deleted_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bids_owner ON bids (tenant_id, user_id, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE bid_files (
  id           text PRIMARY KEY,
  bid_id       text NOT NULL REFERENCES bids(id),
  tenant_id    text NOT NULL REFERENCES tenants(id),
  name         text NOT NULL,
  role         text NOT NULL CHECK (role IN ('main', 'amendment', 'boq')),
  ord          integer NOT NULL,
  type         text NOT NULL CHECK (type IN ('pdf', 'docx', 'doc', 'txt')),
  size         bigint NOT NULL,
  sha256       text NOT NULL,
  storage_key  text NOT NULL,
  page_count   integer NOT NULL DEFAULT 0,
  ocr_pages    integer NOT NULL DEFAULT 0,
  chapters     jsonb NOT NULL DEFAULT '[]',
  state        text NOT NULL DEFAULT 'uploaded' CHECK (state IN ('uploaded', 'parsing', 'parsed', 'failed')),
  error        text,
  deleted_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bid_id, ord)
);
CREATE INDEX bid_files_bid ON bid_files (bid_id, ord);

-- The text of each page, one row a page: a card's page link reads one row, not the whole document.
CREATE TABLE bid_file_pages (
  file_id  text NOT NULL REFERENCES bid_files(id),
  page     integer NOT NULL CHECK (page >= 1),
  text     text NOT NULL,
  ocr      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (file_id, page)
);

CREATE TABLE jobs (
  id            text PRIMARY KEY,
  kind          text NOT NULL,
  tenant_id     text,
  user_id       text,
  ref_id        text,
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  attempts      integer NOT NULL DEFAULT 0,
  max_attempts  integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
  run_after     timestamptz NOT NULL DEFAULT now(),
  locked_by     text,
  locked_at     timestamptz,
  heartbeat_at  timestamptz,
  payload       jsonb NOT NULL DEFAULT '{}',
  result        jsonb,
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- claiming: the oldest due queued job of a kind
CREATE INDEX jobs_claim ON jobs (kind, run_after, created_at) WHERE state = 'queued';
-- recovery: running jobs by heartbeat
CREATE INDEX jobs_running ON jobs (heartbeat_at) WHERE state = 'running';
CREATE INDEX jobs_ref ON jobs (kind, ref_id, created_at DESC);
`;
