/**
 * 查重 (issue 15): duplicate checks between bidders. A check belongs to an owner (the user, or its enterprise in the
 * enterprise role); its files (2–10 bids and at most one tender) are listed in `files` with their storage keys; the
 * job `dupcheck` writes `progress` as it goes and commits the report (jsonb, the engine's DupReport) with its risk.
 */
export const up = /* sql */ `
CREATE TABLE dup_checks (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  owner_type    text NOT NULL CHECK (owner_type IN ('user', 'enterprise')),
  owner_id      text NOT NULL,
  user_id       text NOT NULL REFERENCES users(id),
  name          text NOT NULL,
  state         text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'queued', 'running', 'done', 'failed')),
  progress      integer NOT NULL DEFAULT 0,
  error         text,
  files         jsonb NOT NULL DEFAULT '[]',
  next_index    integer NOT NULL DEFAULT 0,
  report        jsonb,
  risk          text CHECK (risk IN ('high', 'medium', 'low', 'none')),
  score         integer,
  job_id        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dup_checks_owner ON dup_checks (tenant_id, owner_type, owner_id, created_at DESC, id DESC);
`;
