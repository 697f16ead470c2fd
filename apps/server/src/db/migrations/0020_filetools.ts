/**
 * Bid-file tools (issue 15). `file_tool_runs`: one run of 元数据清除 or 文件转换 — the input files and the results as
 * stored files (keys), its state and progress as the job advances (the screens poll it), what clearing removed. Owned
 * like the picture library (the user, or its enterprise in the enterprise role). `ip_records`: the account's own record
 * of sign-ins, uploads and exports with the client IP and device; an export carries the bidder (the enterprise the bid
 * was written for), so the same IP exporting bids of two different bidders can be shown as a warning.
 */
export const up = /* sql */ `
CREATE TABLE file_tool_runs (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  owner_type    text NOT NULL CHECK (owner_type IN ('user', 'enterprise')),
  owner_id      text NOT NULL,
  user_id       text NOT NULL REFERENCES users(id),
  tool          text NOT NULL CHECK (tool IN ('clean', 'docx-pdf', 'pdf-docx', 'doc-docx', 'images-pdf', 'pdf-images')),
  inputs        jsonb NOT NULL DEFAULT '[]',
  outputs       jsonb NOT NULL DEFAULT '[]',
  report        jsonb,
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress      integer NOT NULL DEFAULT 0,
  error         text,
  job_id        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX file_tool_runs_owner ON file_tool_runs (tenant_id, owner_type, owner_id, created_at DESC, id DESC);

CREATE TABLE ip_records (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  user_id       text NOT NULL REFERENCES users(id),
  kind          text NOT NULL CHECK (kind IN ('login', 'upload', 'export')),
  ip            text NOT NULL,
  user_agent    text NOT NULL DEFAULT '',
  device        text NOT NULL DEFAULT '',
  detail        text NOT NULL DEFAULT '',
  bid_id        text,
  bidder        text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ip_records_user ON ip_records (tenant_id, user_id, created_at DESC, id DESC);
CREATE INDEX ip_records_export_ip ON ip_records (tenant_id, ip, kind);
`;
