/**
 * A bid's export as a job (issue 26 item 3): one row per export the user started — the bid, the format, the job and its
 * state and progress as it advances, the file once done (a stored object, key and size) or the Chinese reason it failed.
 * The call that starts an export answers at once; the file is downloaded from the row. Deleting the bid deletes its
 * exports (their stored objects are released by the code that deletes).
 */
export const up = /* sql */ `
CREATE TABLE bid_exports (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  user_id       text NOT NULL REFERENCES users(id),
  bid_id        text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  format        text NOT NULL CHECK (format IN ('docx', 'pdf')),
  file_name     text NOT NULL,
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  progress      integer NOT NULL DEFAULT 0,
  error         text,
  job_id        text,
  file_key      text,
  file_size     bigint,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
CREATE INDEX bid_exports_bid ON bid_exports (tenant_id, user_id, bid_id, created_at DESC);
`;
