/**
 * The data bank (issue 14, 资料库): documents of an owner — the user in the personal role, its enterprise in the
 * enterprise role — each a stored file with its type and fields. An upload is a `draft` (its fields proposed from its
 * text) until the user confirms them (`saved`). Dates are `YYYY-MM-DD` text; `notified_expiry` is the expiry the
 * 30-day notice was sent for (a new expiry sends a new one).
 */
export const up = /* sql */ `
CREATE TABLE data_documents (
  id              text PRIMARY KEY,
  tenant_id       text NOT NULL REFERENCES tenants(id),
  owner_type      text NOT NULL CHECK (owner_type IN ('user', 'enterprise')),
  owner_id        text NOT NULL,
  created_by      text NOT NULL REFERENCES users(id),
  state           text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'saved')),
  type            text NOT NULL DEFAULT '其他',
  name            text NOT NULL,
  number          text,
  credit_code     text,
  issuer          text,
  valid_from      text CHECK (valid_from ~ '^\\d{4}-\\d\\d-\\d\\d$'),
  expiry          text CHECK (expiry ~ '^\\d{4}-\\d\\d-\\d\\d$'),
  person          text,
  client          text,
  year            integer,
  amount_fen      bigint,
  tags            jsonb NOT NULL DEFAULT '[]',
  file_name       text NOT NULL,
  file_kind       text NOT NULL CHECK (file_kind IN ('pdf', 'docx', 'png', 'jpeg')),
  size            bigint NOT NULL,
  storage_key     text NOT NULL,
  proposal        jsonb,
  read_error      text,
  chars           integer NOT NULL DEFAULT 0,
  notified_expiry text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_documents_owner ON data_documents (tenant_id, owner_type, owner_id, state, created_at DESC, id DESC);
CREATE INDEX data_documents_expiry ON data_documents (expiry) WHERE state = 'saved' AND expiry IS NOT NULL;
`;
