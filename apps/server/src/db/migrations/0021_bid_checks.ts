/**
 * The bid checks of the tools hub (issue 15): a 暗标 check or a 废标 check of one file (uploaded, stored like the other
 * uploads) or of a bid written here (暗标 only: `source = 'bid'`, no file). Rows belong to an owner — the user in the
 * personal role, its enterprise in the enterprise role — like pictures and the knowledge base. `bid_id`: the tender the
 * check reads (its card) or the written bid checked. `result`: the report (BidCheckReport) once done.
 */
export const up = /* sql */ `
CREATE TABLE bid_checks (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  owner_type    text NOT NULL CHECK (owner_type IN ('user', 'enterprise')),
  owner_id      text NOT NULL,
  user_id       text NOT NULL REFERENCES users(id),
  kind          text NOT NULL CHECK (kind IN ('anonymity', 'reject')),
  source        text NOT NULL CHECK (source IN ('upload', 'bid')),
  bid_id        text,
  file_name     text NOT NULL,
  file_type     text CHECK (file_type IN ('docx', 'pdf', 'doc')),
  size          bigint NOT NULL DEFAULT 0,
  storage_key   text,
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress      integer NOT NULL DEFAULT 0,
  error         text,
  result        jsonb,
  job_id        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bid_checks_owner ON bid_checks (tenant_id, owner_type, owner_id, created_at DESC, id DESC);
`;
