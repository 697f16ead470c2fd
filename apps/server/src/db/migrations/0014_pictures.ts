/**
 * The picture library (issue 14, 图片库): pictures of an owner — the user in the personal role, its enterprise in the
 * enterprise role — stored as files (storage keys of the picture and its server-made thumbnail), with the exact hash and
 * the 64-bit dHash that deduplication compares. `picture_extractions` are DOCX/PDF files a user dropped to pick
 * pictures from: the file stays stored (a failed extraction can be retried), the pictures found are listed in `items`.
 */
export const up = /* sql */ `
CREATE TABLE pictures (
  id            text PRIMARY KEY,
  tenant_id     text NOT NULL REFERENCES tenants(id),
  owner_type    text NOT NULL CHECK (owner_type IN ('user', 'enterprise')),
  owner_id      text NOT NULL,
  created_by    text NOT NULL REFERENCES users(id),
  name          text NOT NULL,
  tags          jsonb NOT NULL DEFAULT '[]',
  mime          text NOT NULL,
  size          bigint NOT NULL,
  width         integer NOT NULL,
  height        integer NOT NULL,
  sha256        text NOT NULL,
  dhash         text NOT NULL,
  storage_key   text NOT NULL,
  thumb_key     text NOT NULL,
  source        text NOT NULL DEFAULT 'upload' CHECK (source IN ('upload', 'extract')),
  source_file   text,
  source_page   integer,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, owner_type, owner_id, sha256)
);
CREATE INDEX pictures_owner_created ON pictures (tenant_id, owner_type, owner_id, created_at DESC, id DESC);

CREATE TABLE picture_extractions (
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
  progress      integer NOT NULL DEFAULT 0,
  error         text,
  page_count    integer NOT NULL DEFAULT 0,
  skipped       integer NOT NULL DEFAULT 0,
  items         jsonb NOT NULL DEFAULT '[]',
  job_id        text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX picture_extractions_owner ON picture_extractions (tenant_id, owner_type, owner_id, created_at DESC);
`;
