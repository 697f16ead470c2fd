/**
 * Full-text writing (issue 6): one row per leaf section of a bid's outline with the editor JSON, its plain text and a
 * revision for conflict-safe saves; the job that wrote the current content (`job_id`) makes a re-run after a crash a
 * no-op, so every section is written exactly once. On bids: the current writing run, the entitlement spend (refunded when
 * a cancelled run wrote nothing), page settings for export, and when the bid was finished (read-only for good).
 */
export const up = /* sql */ `
CREATE TABLE bid_sections (
  bid_id        text NOT NULL REFERENCES bids(id),
  node_id       text NOT NULL,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  state         text NOT NULL DEFAULT 'empty'
                  CHECK (state IN ('empty', 'queued', 'writing', 'written', 'edited', 'failed', 'cancelled')),
  doc           jsonb,
  text          text NOT NULL DEFAULT '',
  chars         integer NOT NULL DEFAULT 0,
  target_chars  integer NOT NULL DEFAULT 0,
  revision      integer NOT NULL DEFAULT 0,
  run_id        text,
  job_id        text,
  error         text,
  written_at    timestamptz,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bid_id, node_id)
);

ALTER TABLE bids
  ADD COLUMN write_run_id     text,
  ADD COLUMN spend_ledger_id  text,
  ADD COLUMN page_settings    jsonb,
  ADD COLUMN invent_facts     boolean NOT NULL DEFAULT false,
  ADD COLUMN finished_at      timestamptz;
`;
