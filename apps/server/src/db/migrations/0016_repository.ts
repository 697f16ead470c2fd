/**
 * The repository of past bids (issue 14, 知识库): files an owner (the user, or its enterprise in the enterprise role)
 * uploaded, read as a job into passages (heading path, page, text). `tsv` holds the passage's words as the engine's
 * segmenter found them (written as tsvector input, heading words at weight A), searched through a GIN index;
 * `heading_tsv` the heading's words alone (small: a section's suggestions rank these first, then the few best by `tsv`).
 * `repository_picks` are a bid section's pinned and excluded passages.
 */
export const up = /* sql */ `
CREATE TABLE repository_files (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  owner_type    text NOT NULL CHECK (owner_type IN ('user', 'enterprise')),
  owner_id      text NOT NULL,
  user_id       text NOT NULL REFERENCES users(id),
  file_name     text NOT NULL,
  file_type     text NOT NULL CHECK (file_type IN ('docx', 'pdf')),
  size          bigint NOT NULL,
  storage_key   text NOT NULL,
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  error         text,
  page_count    integer NOT NULL DEFAULT 0,
  passage_count integer NOT NULL DEFAULT 0,
  job_id        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX repository_files_owner ON repository_files (tenant_id, owner_type, owner_id, created_at DESC);

CREATE TABLE repository_passages (
  id            text PRIMARY KEY,
  file_id       text NOT NULL REFERENCES repository_files(id) ON DELETE CASCADE,
  tenant_id     text NOT NULL,
  owner_type    text NOT NULL,
  owner_id      text NOT NULL,
  seq           integer NOT NULL,
  heading       jsonb NOT NULL DEFAULT '[]',
  page          integer NOT NULL,
  text          text NOT NULL,
  tsv           tsvector NOT NULL,
  heading_tsv   tsvector NOT NULL
);
CREATE INDEX repository_passages_file ON repository_passages (file_id, seq);
CREATE INDEX repository_passages_owner ON repository_passages (tenant_id, owner_type, owner_id);
CREATE INDEX repository_passages_tsv ON repository_passages USING GIN (tsv);
CREATE INDEX repository_passages_heading_tsv ON repository_passages USING GIN (heading_tsv);

CREATE TABLE repository_picks (
  bid_id        text NOT NULL REFERENCES bids(id) ON DELETE CASCADE,
  node_id       text NOT NULL,
  passage_id    text NOT NULL REFERENCES repository_passages(id) ON DELETE CASCADE,
  pick          text NOT NULL CHECK (pick IN ('pin', 'exclude')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bid_id, node_id, passage_id)
);
`;
